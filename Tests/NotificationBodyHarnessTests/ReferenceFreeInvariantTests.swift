import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// `FuzzLibrary`'s checks, `Invariants.check` without the reference: each
/// of them must still be able to fail, a deliberately broken implementation
/// tripping it while the library passes the same input, and the invariants
/// that need the reference are never reported.
@Suite struct ReferenceFreeInvariantTests {
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
        guard limit == .default, body.hasSuffix("…"), body.count > 2 else { return body }
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

  static func check(
    _ input: String, limit: NotificationBody.Limit, implementation: Implementation = .library
  ) -> [InvariantFailure] {
    Invariants.check(
      input, limit: limit, implementation: implementation, usingReference: false)
  }

  @Test(arguments: cases)
  func aBrokenImplementationTripsTheCheck(_ testCase: Case) {
    let failures = Self.check(
      testCase.input, limit: testCase.limit, implementation: testCase.implementation)
    #expect(
      failures.contains { $0.invariant == testCase.invariant },
      "expected \(testCase.invariant) among \(failures)")
  }

  @Test(arguments: cases)
  func theLibraryPassesTheSameInput(_ testCase: Case) {
    #expect(Self.check(testCase.input, limit: testCase.limit) == [])
  }

  @Test func everyCheckHasAFiringCase() {
    let checked: Set<Invariant> = [
      .withinLimit, .wholeCharacters, .ellipsisExactly, .nothingNew, .plainTextPasses,
      .windowHolds,
    ]
    #expect(Set(Self.cases.map(\.invariant)) == checked)
  }

  @Test func theReferencesInvariantsAreNotChecked() {
    let dropsCode = broken { _, _ in "" }
    let input = "Run `make` and ~~b~~"
    #expect(
      Invariants.check(input, implementation: dropsCode).map(\.invariant).contains(.codeSurvives))
    #expect(Self.check(input, limit: .default, implementation: dropsCode) == [])
    let keepsMarkup = broken { input, _ in input }
    #expect(Self.check(input, limit: .default, implementation: keepsMarkup) == [])
  }

  @Test func theFuzzTargetPassesTheLibrary() {
    #expect(FuzzTarget.library.problem(with: [0x00] + Array("**a** [b](c)".utf8)) == nil)
    #expect(FuzzTarget.library.problem(with: [0x07] + Array(Self.long.utf8)) == nil)
  }
}
