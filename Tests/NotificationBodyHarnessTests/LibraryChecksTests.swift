import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// Each of `LibraryChecks`' checks must be able to fail: a deliberately
/// broken implementation trips it, while the library passes the same input.
/// And the checks must never fail the library: generated messages and the
/// byte-level shortcuts are compared with the obvious computations.
@Suite struct LibraryChecksTests {
  static func broken(_ make: @escaping @Sendable (String, NotificationBody.Limit) -> String)
    -> Implementation
  {
    Implementation(name: "broken", make: make)
  }

  static func library(_ input: String, _ limit: NotificationBody.Limit) -> String {
    NotificationBody.make(from: input, limit: limit)
  }

  /// A message longer than the window: R1 leaves its tail out.
  static let long = String(repeating: "abc ", count: 1100) + "tail"

  struct Case: Sendable, CustomTestStringConvertible {
    var invariant: Invariant
    var what: String
    var input: String
    var limit: NotificationBody.Limit = .default
    var implementation: Implementation
    var testDescription: String { "\(invariant.rawValue): \(what)" }
  }

  static let cases: [Case] = [
    Case(
      invariant: .withinLimit, what: "caps at 306 units",
      input: String(repeating: "word ", count: 80),
      implementation: BrokenImplementations.overTheLimit),
    Case(
      invariant: .wholeCharacters, what: "cuts a ZWJ family on a scalar",
      input: String(repeating: "a", count: 250) + "👨‍👩‍👧" + String(repeating: "b", count: 9),
      implementation: BrokenImplementations.cutsOnAScalar),
    Case(
      invariant: .wholeCharacters, what: "keeps one character too few before the cut",
      input: String(repeating: "word ", count: 80),
      implementation: broken { input, limit in
        var body = library(input, limit)
        guard limit == .default, body.hasSuffix("…") else { return body }
        body.removeLast(2)
        return body + "…"
      }),
    Case(
      invariant: .ellipsisExactly, what: "adds \"…\" to every body", input: "short message",
      implementation: broken { library($0, $1) + "…" }),
    Case(
      invariant: .ellipsisExactly, what: "adds \"…\" at the default limit only",
      input: "short message",
      implementation: broken { $1 == .default ? library($0, $1) + "…" : library($0, $1) }),
    Case(
      invariant: .ellipsisExactly, what: "drops the final \"…\" of a cut",
      input: String(repeating: "word ", count: 80),
      implementation: broken { input, limit in
        let body = library(input, limit)
        return body.hasSuffix("…") ? String(body.dropLast()) : body
      }),
    Case(
      invariant: .ellipsisExactly, what: "forgets that R1 left text out", input: long,
      limit: .init(utf16Units: 10_000),
      implementation: broken { input, limit in
        let body = library(input, limit)
        return body.hasSuffix("…") ? String(body.dropLast()) : body
      }),
    Case(
      invariant: .ellipsisExactly, what: "cuts a body of exactly the limit",
      input: String(repeating: "x", count: 256),
      implementation: broken { input, limit in
        input.utf16.count == limit.utf16Units
          ? String(input.dropLast(2)) + "…" : library(input, limit)
      }),
    Case(
      invariant: .nothingNew, what: "escapes a star", input: "a * b",
      implementation: broken { library($0, $1).replacing("*", with: "\\*") }),
    Case(
      invariant: .nothingNew, what: "escapes a star among eight-byte words",
      input: "some words, * and more words after it",
      implementation: broken { library($0, $1).replacing("*", with: "\\*") }),
    Case(
      invariant: .nothingNew, what: "repairs a cut scalar", input: "caf\u{E9} au lait",
      implementation: broken { library($0, $1).replacing("\u{E9}", with: "\u{FFFD}") }),
    Case(
      invariant: .plainTextPasses, what: "upper-cases", input: "hello world",
      implementation: broken { library($0, $1).uppercased() }),
    Case(
      invariant: .windowHolds, what: "reads the end of a long message", input: long,
      implementation: broken { input, limit in
        input.utf16.count > 4096 ? library(String(input.suffix(30)), limit) : library(input, limit)
      }),
    Case(
      invariant: .windowHolds, what: "lets a fence after the window count", input: long,
      implementation: broken { input, limit in
        input.contains("```") ? library("`" + input, limit) : library(input, limit)
      }),
  ]

  @Test(arguments: cases)
  func aBrokenImplementationTripsTheCheck(_ testCase: Case) {
    let failures = LibraryChecks.check(
      testCase.input, limit: testCase.limit, implementation: testCase.implementation)
    #expect(
      failures.contains { $0.invariant == testCase.invariant },
      "expected \(testCase.invariant) among \(failures)")
  }

  @Test(arguments: cases)
  func theLibraryPassesTheSameInput(_ testCase: Case) {
    #expect(LibraryChecks.check(testCase.input, limit: testCase.limit) == [])
  }

  @Test func everyCheckHasAFiringCase() {
    let checked: Set<Invariant> = [
      .withinLimit, .wholeCharacters, .ellipsisExactly, .nothingNew, .plainTextPasses,
      .windowHolds,
    ]
    #expect(Set(Self.cases.map(\.invariant)) == checked)
  }

  @Test func theFuzzTargetPassesTheLibrary() {
    #expect(FuzzTarget.library.problem(with: [0x00] + Array("**a** [b](c)".utf8)) == nil)
    #expect(FuzzTarget.library.problem(with: [0x07] + Array(Self.long.utf8)) == nil)
  }

  // MARK: No false alarms

  @Test func theLibraryPassesOnGeneratedMessages() {
    let seed = HarnessEnvironment.seed(default: PropertyTests.defaultSeed)
    let count = HarnessEnvironment.propertyCount(default: 2_000)
    var generator = MessageGenerator(seed: seed)
    var reported = 0
    for index in 0..<count {
      let message = generator.next()
      let limits: [NotificationBody.Limit] =
        index % 4 == 3 ? [.default, .init(utf16Units: 300), .init(utf16Units: 4096)] : [.default]
      for limit in limits {
        let failures = LibraryChecks.check(message, limit: limit)
        if !failures.isEmpty {
          Issue.record(
            "seed \(seed), message #\(index) at \(limit): \(failures) for \(Escaped.json(message))")
          reported += 1
        }
      }
      if reported >= 3 { break }
    }
  }

  /// Messages around the window's end: wide scalars, flags, marks and line
  /// endings that straddle unit 4096.
  static let edges: [String] = {
    let tails = [
      "👨‍👩‍👧 tail", "🇫🇷🇩🇪", "e\u{301}\u{301}", "\r\n**b**", "\u{600} x", "…", "`code`",
      String(repeating: "\u{301}", count: 40), "क्ष",
    ]
    return (4080...4100).flatMap { length in
      tails.flatMap { tail in
        [
          String(repeating: "a", count: length) + tail,
          String(repeating: "**", count: length / 2) + tail,
        ]
      }
    }
  }()

  @Test func theLibraryPassesAtTheWindowsEdge() {
    for message in Self.edges {
      for limit in [NotificationBody.Limit.default, .init(utf16Units: 4096)] {
        let failures = LibraryChecks.check(message, limit: limit)
        #expect(failures.isEmpty, "\(failures) at \(limit) for \(message.utf16.count) units")
      }
    }
  }

  @Test func theByteLevelFactsAgreeWithStrings() {
    var generator = MessageGenerator(seed: PropertyTests.defaultSeed &+ 1)
    let messages = (0..<1_000).map { _ in generator.next() } + Self.edges
    for message in messages {
      let window = CharacterRules.window(of: message)
      let facts = LibraryChecks.withUTF8(message) {
        LibraryChecks.MessageFacts($0, windowUnits: LibraryChecks.windowUnits)
      }
      #expect(facts.leftTextOut == window.leftTextOut)
      #expect(
        LibraryChecks.withUTF8(message) { LibraryChecks.utf16Count($0) } == message.utf16.count)
      if facts.leftTextOut {
        let scalarEnd = message.utf8.index(message.utf8.startIndex, offsetBy: facts.scalarEnd)
        #expect(message.index(scalarEnd, offsetBy: 0) == window.text.endIndex)
      } else {
        #expect(facts.units == message.utf16.count)
      }
      for limit in [256, 1000, 10_000] {
        let plain = LibraryChecks.withUTF8(message) {
          LibraryChecks.isPlain($0, units: message.utf16.count, limit: limit)
        }
        #expect(
          plain == Invariants.isPlain(message, limit: limit),
          "\(Escaped.json(message)) at \(limit)")
      }
    }
  }

  @Test func theCutCheckAgreesWithCharacterRules() {
    var generator = MessageGenerator(seed: PropertyTests.defaultSeed &+ 2)
    let sources = (0..<1_000).map { _ in generator.next() } + Self.edges
    for source in sources {
      for limit in [256, 300, 1000] where source.utf16.count > limit {
        let right = CharacterRules.capped(source, limit: limit)
        #expect(LibraryChecks.isRightCut(right, of: source, limit: limit))
        // A scalar fewer or a scalar more before "…" is never R12's cut.
        var kept = right
        kept.unicodeScalars.removeLast()
        var shorter = kept
        if !shorter.unicodeScalars.isEmpty { shorter.unicodeScalars.removeLast() }
        let longer = String(
          String.UnicodeScalarView(source.unicodeScalars.prefix(kept.unicodeScalars.count + 1)))
        for wrong in [shorter + "…", longer + "…", kept + " …"]
        where !wrong.hasSameScalars(as: right) {
          #expect(
            !LibraryChecks.isRightCut(wrong, of: source, limit: limit),
            "\(Escaped.json(wrong)) at \(limit)")
        }
      }
    }
  }

  @Test func asciiBitsMarkEveryByteButTheLineBreak() {
    var random = SplitMix64(seed: PropertyTests.defaultSeed)
    for _ in 0..<1_000 {
      let word = random.next() & 0x7F7F_7F7F_7F7F_7F7F
      var low: UInt64 = 0
      var high: UInt64 = 0
      for index in 0..<8 {
        let byte = (word >> (8 * UInt64(index))) & 0xFF
        if byte == 10 { continue }
        if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
      }
      let bits = LibraryChecks.asciiBits(of: word)
      #expect(bits.low == low && bits.high == high, "\(word)")
    }
  }

  @Test func plainTextIsToldApartByteByByte() {
    for (message, plain) in [
      ("hello world", true), ("a\nb\n\nc", true), ("", true), ("a\n\n\nb", false),
      ("a\n \nb", false), ("a  b", false), (" a", false), ("a\n", false), ("a*b", false),
      ("a\tb", false), ("caf\u{E9}", true),
    ] {
      let units = message.utf16.count
      #expect(
        LibraryChecks.withUTF8(message) { LibraryChecks.isPlain($0, units: units, limit: 256) }
          == plain, "\(Escaped.json(message))")
      #expect(Invariants.isPlain(message, limit: 256) == plain, "\(Escaped.json(message))")
    }
  }
}
