import NotificationBody
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyFindings

/// A message and the shape `CostShape(of:)` must find in it.
struct ShapeCase: Sendable, CustomTestStringConvertible {
  var why: String
  var message: String
  var shape: CostShape

  var testDescription: String { why }

  init(
    _ why: String, _ message: String, _ prefix: String, _ unit: String, _ count: Int,
    _ suffix: String
  ) {
    self.why = why
    self.message = message
    shape = CostShape(prefix: prefix, unit: unit, count: count, suffix: suffix)
  }

  /// 65 scalars, none twice: longer than any unit looked for.
  static let sixtyFiveScalars = String(
    String.UnicodeScalarView((0..<65).map { Unicode.Scalar(0x4E00 + $0)! }))

  static let all = [
    ShapeCase(
      "code span lines", "`" + String(repeating: "\na", count: 60) + "\n`",
      "`", "\na", 60, "\n`"),
    ShapeCase("one scalar", "aaaa", "", "a", 4, ""),
    ShapeCase("a run of brackets", String(repeating: "[", count: 100) + "a", "", "[", 100, "a"),
    ShapeCase("a unit with a suffix", "abcabcabcX", "", "abc", 3, "X"),
    ShapeCase("the shortest unit of equal coverage", "abababab", "", "ab", 4, ""),
    ShapeCase(
      "coverage before a short unit", "aab" + "xyzw" + "xyzw" + "xyzw", "aab", "xyzw", 3, ""),
    ShapeCase("the earliest of equal repeats", "aaXbb", "", "a", 2, "Xbb"),
    ShapeCase("an emoji with a skin tone, two scalars", "👍🏽👍🏽👍🏽!", "", "👍🏽", 3, "!"),
    ShapeCase(
      "a ZWJ family, five scalars", "> " + String(repeating: "👨‍👩‍👧", count: 3), "> ",
      "👨‍👩‍👧", 3, ""),
    ShapeCase(
      "a letter and its combining mark", "[" + String(repeating: "e\u{301}", count: 4) + "]", "[",
      "e\u{301}", 4, "]"),
    ShapeCase("no repeat", "xyz", "", "xyz", 1, ""),
    ShapeCase("empty", "", "", "", 1, ""),
    ShapeCase(
      "a repeat of a unit longer than 64 scalars", sixtyFiveScalars + sixtyFiveScalars, "",
      sixtyFiveScalars + sixtyFiveScalars, 1, ""),
  ]
}

@Suite struct CostShapeTests {
  @Test(arguments: ShapeCase.all)
  func findsTheRepeatThatCoversMost(_ shapeCase: ShapeCase) {
    let shape = CostShape(of: shapeCase.message)
    // Scalar by scalar: String's == would take canonically equal parts as equal.
    let parts = [shape.prefix, shape.unit, shape.suffix].map { Array($0.unicodeScalars) }
    let expected = [shapeCase.shape.prefix, shapeCase.shape.unit, shapeCase.shape.suffix]
      .map { Array($0.unicodeScalars) }
    #expect(parts == expected, "\(shape)")
    #expect(shape.count == shapeCase.shape.count)
    #expect(
      shape.message(count: shape.count).unicodeScalars.elementsEqual(
        shapeCase.message.unicodeScalars))
  }

  @Test func growsAndShrinksAlongTheUnit() {
    let shape = CostShape(of: "`\na\na\n`")
    #expect(shape.message(count: 4) == "`\na\na\na\na\n`")
    #expect(shape.message(count: 0) == "`\n`")
  }

  @Test func describesThePartsWithTheirInvisibleScalarsShown() {
    let shape = CostShape(of: "`" + String(repeating: "\na", count: 60) + "\n`")
    #expect(shape.description == #""`" + "\na" × k + "\n`""#)
    #expect(CostShape(of: "a\u{200B}a\u{200B}").description == #""a\u{200B}" × k"#)
  }
}

@Suite struct CostGrowthTests {
  /// "ab" × k: its count of units is the message's length over 2.
  static let shape = CostShape(prefix: "", unit: "ab", count: 10_000, suffix: "")

  @Test func quadraticWorkHasExponentTwoAndLinearOne() {
    let quadratic = CostGrowth(of: Self.shape, limit: .default) { ($0.count / 2) * ($0.count / 2) }
    #expect(quadratic.exponent == 2.0)
    let linear = CostGrowth(of: Self.shape, limit: .default) { 7 * $0.count }
    #expect(linear.exponent.map { abs($0 - 1.0) < 0.001 } == true, "\(linear.exponent ?? -1)")
    let none = CostGrowth(of: Self.shape, limit: .default) { _ in 0 }
    #expect(none.exponent == nil)
  }

  @Test func theLargestMessageFitsInTheWindow() {
    #expect(CostGrowth.largestCount(of: Self.shape) == 512)
    let framed = CostShape(prefix: "`", unit: "\na", count: 10_000, suffix: "\n`")
    let k = CostGrowth.largestCount(of: framed)
    #expect(framed.message(count: 4 * k).utf16.count <= 4096)
    #expect(framed.message(count: 4 * (k + 1)).utf16.count > 4096)
    // A short finding is grown as far as the window allows.
    #expect(CostGrowth.largestCount(of: CostShape(of: String(repeating: "[", count: 60))) == 1024)
  }

  /// A fence of k backticks over k lines, as a cost that recounts the
  /// fence on every line sees it.
  static let fenceAndLines =
    String(repeating: "`", count: 40) + String(repeating: "\na", count: 30) + "\n"

  @Test func everyRepeatIsSeenAndGrownTogether() {
    let shape = CostShape.repeats(of: Self.fenceAndLines)
    #expect(
      shape.segments == [.repeated("`", count: 40), .repeated("\na", count: 30), .text("\n")])
    #expect(shape.description == #""`" × k + "\na" × k + "\n""#)
    #expect(shape.message(count: 2) == "``\na\na\n")
    #expect(shape.units == (fixed: 1, perCount: 3))
    // The main repeat alone keeps the other as it is.
    let main = CostShape(of: Self.fenceAndLines)
    #expect(main.prefix == String(repeating: "`", count: 40))
    #expect(main.unit == "\na")
    #expect(main.suffix == "\n")
    // Fewer than three of anything is text.
    #expect(CostShape.repeats(of: "aab").segments == [.repeated("a", count: 2), .text("b")])
  }

  /// Work that is the product of two repeats grows as k^1 along either
  /// and as k^2 along both: `fastest` reads it along both.
  @Test func aProductOfTwoRepeatsIsReadAlongBoth() {
    let product = { (message: String) in
      message.filter { $0 == "`" }.count * message.filter { $0 == "a" }.count + 100
    }
    let growth = CostGrowth.fastest(of: Self.fenceAndLines, limit: .default, work: product)
    #expect(growth.shape.description == #""`" × k + "\na" × k + "\n""#, "\(growth)")
    #expect(growth.exponent.map { abs($0 - 2) < 0.05 } == true, "\(growth)")
    // A cost of one repeat is read along that repeat alone.
    let lines = { (message: String) in
      let count = message.filter { $0 == "a" }.count
      return count * count
    }
    let alone = CostGrowth.fastest(of: Self.fenceAndLines, limit: .default, work: lines)
    #expect(alone.shape == CostShape(of: Self.fenceAndLines), "\(alone)")
  }

  /// Work that stops growing once 300 units are written, as a library's
  /// does when the body is full: read below that, it is quadratic.
  @Test func workThatStopsGrowingIsReadWhereItGrows() {
    let growth = CostGrowth(of: Self.shape, limit: .default) {
      let units = min($0.count / 2, 150)
      return units * units + 1_000
    }
    #expect(growth.counts == [32, 64, 128], "\(growth)")
    #expect(growth.exponent.map { $0 > 1.5 } == true, "\(growth)")
    // A linear work is read at the largest k, where its fixed part weighs least.
    let linear = CostGrowth(of: Self.shape, limit: .default) { 7 * $0.count + 1_000 }
    #expect(linear.counts == [512, 1024, 2048], "\(linear)")
  }

  @Test func saysHowWorkGrowsInOneSentence() {
    let growth = CostGrowth(of: Self.shape, limit: .default) { ($0.count / 2) * ($0.count / 2) }
    #expect(
      growth.description
        == #"work grows as k^2.0 on "ab" × k (k = 512, 1024, 2048: 262,144, 1,048,576, 4,194,304 units of work)"#
    )
    #expect(
      growth.sentence(hotFunction: "LinkTail.end(in:from:to:) (R5)").hasSuffix(
        ", in LinkTail.end(in:from:to:) (R5)"))
    let none = CostGrowth(of: Self.shape, limit: .default) { _ in 0 }
    #expect(none.description.hasPrefix("work was not measured on "))
  }

  @Test(arguments: [(2.0, "2.0"), (1.26, "1.3"), (0.04, "0.0"), (-0.25, "-0.3"), (10.0, "10.0")])
  func exponentsHaveOneDecimal(_ value: Double, _ text: String) {
    #expect(CostGrowth.oneDecimal(value) == text)
  }

  @Test(arguments: [
    (0, "0"), (999, "999"), (1_000, "1,000"), (46_800, "46,800"), (-1_234_567, "-1,234,567"),
  ])
  func worksHaveThousandsSeparated(_ value: Int, _ text: String) {
    #expect(Displayed.grouped(value) == text)
  }

  /// The library is linear: its work on a long run of a syntax scalar
  /// grows as k^1, with room for the fixed part.
  @Test(.enabled(if: WorkMeter.isLive), arguments: ["[", "`a", "**a", "\na"])
  func theLibraryGrowsLinearly(_ unit: String) throws {
    let growth = CostGrowth(
      of: CostShape(of: String(repeating: unit, count: 2_000)), limit: .init(utf16Units: 10_000))
    print(growth)
    let exponent = try #require(growth.exponent)
    #expect(exponent > 0.8 && exponent < 1.2, "\(growth)")
  }
}
