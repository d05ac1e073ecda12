import NotificationBody
import NotificationBodyFindings
import NotificationBodyHarness
import Testing

/// Each invariant must be able to fail: a deliberately broken implementation
/// trips it, while the library passes the same input.
@Suite struct InvariantTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var invariant: Invariant
    var input: String
    var implementation: Implementation
    var testDescription: String { invariant.rawValue }
  }

  static let cases: [Case] = [
    Case(
      invariant: .withinLimit, input: String(repeating: "word ", count: 80),
      implementation: BrokenImplementations.overTheLimit),
    Case(
      invariant: .wholeCharacters,
      input: String(repeating: "a", count: 250) + "👨‍👩‍👧" + String(repeating: "b", count: 9),
      implementation: BrokenImplementations.cutsOnAScalar),
    Case(
      invariant: .ellipsisExactly, input: "short message",
      implementation: broken { library($0, $1) + "…" }),
    Case(
      invariant: .codeSurvives, input: "Run:\n```sh\nmake test\n```\nthen push",
      implementation: broken { library($0.replacing("make", with: ""), $1) }),
    Case(
      invariant: .noMarkupResidue, input: "Hello **world**, see [docs](https://x.io)",
      implementation: broken { input, _ in input }),
    Case(
      invariant: .noMarkupResidue, input: "see [docs](x) now",
      implementation: broken { library($0.replacing("](", with: "]]("), $1) }),
    Case(
      invariant: .nothingNew, input: "a * b",
      implementation: broken { library($0, $1).replacing("*", with: "\\*") }),
    Case(
      invariant: .plainTextPasses, input: "hello world",
      implementation: broken { library($0, $1).uppercased() }),
    Case(
      invariant: .windowHolds, input: String(repeating: "abc ", count: 1100) + "tail",
      // Reads the end of a long message instead of its window.
      implementation: broken { input, limit in
        input.utf16.count > 4096 ? library(String(input.suffix(30)), limit) : library(input, limit)
      }),
    Case(
      invariant: .matchesReference, input: "a ~~b~~ c",
      implementation: broken { library($0.replacing("~~", with: "~ ~"), $1) }),
    Case(
      invariant: .noLeak, input: "see [docs](x) now",
      implementation: BrokenImplementations.leaksOnLinks),
  ]

  @Test(arguments: cases)
  func aBrokenImplementationTripsTheInvariant(_ testCase: Case) {
    let failures = Invariants.check(testCase.input, implementation: testCase.implementation)
    #expect(
      failures.contains { $0.invariant == testCase.invariant },
      "expected \(testCase.invariant) among \(failures)")
  }

  @Test(arguments: cases)
  func theLibraryPassesTheSameInput(_ testCase: Case) {
    #expect(Invariants.check(testCase.input) == [])
  }

  /// `.linearWork` fires only with the work meter built in, so its case is
  /// `WorkMeterTests.aQuadraticImplementationBreaksLinearWork`, which the
  /// metered run of `.ci/run` runs.
  @Test func everyInvariantHasAFiringCase() {
    #expect(Set(Self.cases.map(\.invariant)) == Set(Invariant.allCases).subtracting([.linearWork]))
  }

  @Test func aReportShrinksTheInputAndOffersAFixtureCase() {
    let implementation = broken { library($0.replacing("~~", with: "~ ~"), $1) }
    let input = "Some words first, then ~~struck~~ and more words after it."
    let failure = Invariants.check(input, implementation: implementation)
      .first { $0.invariant == .matchesReference }!
    let report = FailureReport(
      failure, input: input, limit: .default, origin: "test", implementation: implementation)
    #expect(report.shrunkInput == "~~")
    #expect(report.referenceBody == "")
    #expect(report.fixtureLine.contains(#""input": "~~", "expect": """#))
  }

  /// A budget of no evaluations reports the failing input as it came, with
  /// the failure it broke: what the planted-bug runner's property layer asks
  /// for (`NOTIFICATION_BODY_SHRINK_EVALUATIONS=0`).
  @Test func aReportWithNoShrinkingBudgetKeepsTheInput() {
    let implementation = broken { library($0.replacing("~~", with: "~ ~"), $1) }
    let input = "Some words first, then ~~struck~~ and more words after it."
    let failure = Invariants.check(input, implementation: implementation)
      .first { $0.invariant == .matchesReference }!
    let report = FailureReport(
      failure, input: input, limit: .default, origin: "test", implementation: implementation,
      maxEvaluations: 0)
    #expect(report.shrunkInput == input)
    #expect(report.failure.invariant == .matchesReference)
  }

  @Test(
    arguments: [
      ("0", 0), ("3000", 3000), ("-1", nil), ("", nil), ("1e3", nil), ("0x10", nil), (" 5", nil),
    ] as [(String, Int?)])
  func shrinkingBudgetsParseAsWholeNumbersFromZero(text: String, expected: Int?) {
    #expect(HarnessEnvironment.shrinkEvaluations(parsing: text) == expected)
  }
}
