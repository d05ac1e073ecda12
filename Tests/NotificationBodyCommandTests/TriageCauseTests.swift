import Foundation
import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyFindings

/// A fuzzer that traps on `invariant` for every input, as `FuzzTarget.run`
/// traps.
private func trapping(_ invariant: String) -> String {
  """
  echo "FuzzTarget.swift:87: Fatal error: invariant \(invariant): broken"
  echo "==1== ERROR: libFuzzer: deadly signal"
  exit 77
  """
}

/// A library that keeps `**` and `~~` as typed (an R7 bug), and is the
/// library elsewhere; every target's check with it reports matches-reference.
private let keepsMarkers: LibraryProbe = {
  let implementation = Implementation(name: "keeps markers") { message, limit in
    message.contains("**")
      ? String(message.prefix(limit.utf16Units))
      : NotificationBody.make(from: message, limit: limit)
  }
  return .comparing(implementation)
}()

/// A library whose work is over the bound on every message with a `(`.
private let quadraticOnParentheses = LibraryProbe(
  problem: { _, bytes in
    FuzzInput(bytes: bytes).message.contains("(")
      ? InvariantFailure(.linearWork, "work over the bound") : nil
  }, implementation: .library)

/// Runs triage in process over every target, with `library` in the
/// library's place.
private func triage(
  _ workspace: borrowing FaultWorkspace, library: LibraryProbe,
  cost: @escaping @Sendable (String, NotificationBody.Limit) -> CostCause.Report? = { _, _ in nil }
) throws -> (run: TriageRun, causes: [TriageCause], output: String) {
  let root = workspace.root
  var settings = TriageRun.Settings(
    artifacts: root + "/artifacts", fuzzers: root + "/fuzzers", fuzzerOptions: ["-timeout=2"],
    failCases: root + "/FailCases", fixtures: root + "/fixtures.json")
  (settings.minimizeSeconds, settings.replaySeconds) = (5, 20)
  var run = try TriageRun(settings: settings, library: library, cost: cost)
  var output = ""
  for target in FuzzTarget.allCases {
    try run.process(target) { output += $0 + "\n" }
  }
  let causes = run.promoteByCause { output += $0 + "\n" }
  return (run, causes, output)
}

// One bug found by every target, at two limits, is one cause when its
// inputs shrink to one message: one case of the contract, from the smallest.
@Test func oneBodyBugFoundByEveryTargetIsOneCase() throws {
  let workspace = try FaultWorkspace(fuzzer: trapping("matches-reference"))
  // 0x07: limit 4096; 0x00: the default.
  try workspace.artifact(.differential, "crash-1", [0x07] + Array("some words **bold** here".utf8))
  try workspace.artifact(.differential, "crash-2", [0x00] + Array("x **y**".utf8))
  try workspace.artifact(.library, "crash-3", [0x00] + Array("a **b** c".utf8))
  let (run, causes, output) = try triage(workspace, library: keepsMarkers)

  #expect(causes.count == 1, "\(output)")
  let cause = try #require(causes.first)
  // Named by the rule that drops what the library kept.
  #expect(cause.cause == "body R7")
  #expect(cause.artifacts == 3)
  #expect(cause.targets == ["FuzzDifferential", "FuzzLibrary"])
  #expect(run.findings.filter { $0.status == .new }.count == 1)
  #expect(run.findings.filter { $0.status == .duplicate }.count == 2)
  let promoted = try #require(run.findings.first { $0.status == .new })
  // Shrunk to the marker pair, at the default limit.
  #expect(promoted.limit == 256)
  #expect(promoted.message == "**")

  let fixtures = String(
    decoding: try Data(contentsOf: URL(fileURLWithPath: workspace.root + "/fixtures.json")),
    as: UTF8.self)
  let names = fixtures.split(separator: "\n").filter { $0.contains(" fuzz ") }
  #expect(names.count == 1, "\(fixtures)")
  #expect(names.first?.contains(#""R7 fuzz "#) == true, "\(fixtures)")
  // The saved input has its cause beside it, for the test that replays it.
  let about = try String(
    contentsOfFile: workspace.root + "/FailCases/\(promoted.target)/\(promoted.sha1 ?? "").txt",
    encoding: .utf8)
  #expect(
    about.hasPrefix(
      #"R7: matches-reference: at scalar 0 the library's body has "**", the reference's nothing"#),
    "\(about)")
}

// A cost bug is grouped by where its work goes, and pinned as a saved
// failure with its growth beside it: no case of the contract.
@Test func aCostBugIsOneSavedFailureWithItsGrowthBesideIt() throws {
  let workspace = try FaultWorkspace(fuzzer: trapping("linear-work"))
  try workspace.artifact(.differential, "crash-1", [0x00] + Array("[a](b(c(d(e)))) and more".utf8))
  try workspace.artifact(.differential, "crash-2", [0x00] + Array("((((".utf8))
  try workspace.artifact(.library, "crash-3", [0x00] + Array("x(y".utf8))
  let report = CostCause.Report(
    function: "LinkTail.end(in:from:to:)", rule: "R5",
    sentence: "work grows as k^2.0 on \"(\" × k, in LinkTail.end(in:from:to:) (R5)", exponent: 2)
  let (run, causes, output) = try triage(
    workspace, library: quadraticOnParentheses, cost: { _, _ in report })

  #expect(causes.count == 1, "\(output)")
  #expect(causes.first?.cause == "linear-work LinkTail.end(in:from:to:)")
  #expect(causes.first?.artifacts == 3)
  #expect(causes.first?.growth?.exponent == 2)
  let promoted = try #require(run.findings.first { $0.status == .new })
  #expect(promoted.savedOnly == true)
  #expect(promoted.message == "(")
  let fixtures = String(
    decoding: try Data(contentsOf: URL(fileURLWithPath: workspace.root + "/fixtures.json")),
    as: UTF8.self)
  #expect(!fixtures.contains("fuzz"))
  let about = try String(
    contentsOfFile: workspace.root + "/FailCases/\(promoted.target)/\(promoted.sha1 ?? "").txt",
    encoding: .utf8)
  #expect(about == "linear-work: " + report.sentence + "\n")
}

// Two causes stay two: a body bug and a cost bug in one night.
@Test func twoCausesAreTwoFindings() throws {
  let workspace = try FaultWorkspace(fuzzer: trapping("matches-reference"))
  try workspace.artifact(.differential, "crash-1", [0x00] + Array("x **y**".utf8))
  try workspace.artifact(.differential, "crash-2", [0x00] + Array("x ~~y~~ `z`".utf8))
  let splitsCode = LibraryProbe(
    problem: { _, bytes in
      let message = FuzzInput(bytes: bytes).message
      return message.contains("**") || message.contains("`")
        ? InvariantFailure(.matchesReference, "differs") : nil
    },
    implementation: Implementation(name: "two bugs") { message, limit in
      if message.contains("**") { return message }
      if message.contains("`") { return message.replacingOccurrences(of: "`", with: "") + "!" }
      return NotificationBody.make(from: message, limit: limit)
    })
  let (_, causes, output) = try triage(workspace, library: splitsCode)
  #expect(causes.map(\.artifacts) == [1, 1], "\(output)")
  #expect(causes.allSatisfy { $0.status == .new })
  #expect(Set(causes.map(\.cause)) == ["body R4", "body R7"])
}

// A finding shrunk to keep breaking code-survives keeps the backticks that
// invariant needs; its rule is read once the bodies alone are kept apart.
@Test func aFindingOfAnotherInvariantIsNamedByTheBugsRule() {
  let crlfTwice = LibraryProbe.comparing(
    Implementation(name: "\\r\\n twice") { message, limit in
      NotificationBody.make(
        from: message.replacingOccurrences(of: "\r\n", with: "\n\n"), limit: limit)
    })
  // Read as it stands, the first difference is the code span the blank line broke.
  #expect(
    RuleAttribution.rule(
      whereBody: crlfTwice.implementation.make("`a\r\na`", .default), differsFrom: "`a\r\na`",
      limit: 256) == .r4)
  #expect(
    FindingCause.rule(
      of: "`a\r\na`", limit: .default, invariant: .codeSurvives, library: crlfTwice) == .r2)
  #expect(
    FindingCause.rule(
      of: "`a\r\na`", limit: .default, invariant: .matchesReference, library: crlfTwice) == .r4)
}

// window-holds compares with a body made with other text after the window:
// when the input's own bodies agree, the finding is R1's all the same.
@Test func aWindowHoldsFindingWhoseBodiesAgreeIsR1s() {
  let library = LibraryProbe.comparing(.library)
  #expect(
    FindingCause.rule(of: "a", limit: .default, invariant: .windowHolds, library: library) == .r1)
  #expect(
    FindingCause.rule(of: "a", limit: .default, invariant: .withinLimit, library: library) == nil)
}

// Of one cause's members, the one promoted is the smallest that pins a body:
// a smaller member whose bodies agree at its limit (here they part only
// before R12) would leave the bug out of the contract.
@Test func theMemberPromotedIsTheSmallestThatPinsABody() throws {
  // The fuzzer traps as the input's own check does.
  let workspace = try FaultWorkspace(
    fuzzer: """
      for argument in "$@"; do case "$argument" in -*) ;; *) input="$argument" ;; esac; done
      invariant=matches-reference
      if grep -q z "$input" 2>/dev/null; then invariant=ellipsis-exactly; fi
      echo "FuzzTarget.swift:87: Fatal error: invariant $invariant: broken"
      echo "==1== ERROR: libFuzzer: deadly signal"
      exit 77
      """)
  try workspace.artifact(.differential, "crash-1", [0x00] + Array("z**".utf8))
  try workspace.artifact(.differential, "crash-2", [0x00] + Array("yyyy **".utf8))
  let keeps = LibraryProbe(
    problem: { _, bytes in
      let message = FuzzInput(bytes: bytes).message
      guard message.contains("**") else { return nil }
      if message.contains("yy") { return InvariantFailure(.matchesReference, "keeps **") }
      return message.contains("z") ? InvariantFailure(.ellipsisExactly, "uncapped keeps **") : nil
    },
    implementation: Implementation(name: "keeps ** uncapped") { message, limit in
      let keeps =
        message.contains("**") && (message.contains("yy") || limit.utf16Units == .max)
      return keeps ? message : NotificationBody.make(from: message, limit: limit)
    })
  let (run, causes, output) = try triage(workspace, library: keeps)
  #expect(causes.map(\.cause) == ["body R7"], "\(output)")
  let promoted = try #require(run.findings.first { $0.status == .new })
  #expect(promoted.target == "FuzzDifferential", "\(output)")
  #expect(promoted.savedOnly != true)
  #expect(run.findings.filter { $0.status == .duplicate }.map(\.target) == ["FuzzDifferential"])
}

// A timeout is a cost finding: saved as a failure for the metered replay,
// never a case of the contract, whose body it would not pin.
@Test func aTimeoutIsSavedAsACostFailureWithNoCase() throws {
  let workspace = try FaultWorkspace(
    fuzzer: """
      echo "ALARM: working on the last Unit for 2 seconds"
      echo "==9== ERROR: libFuzzer: timeout after 2 seconds"
      exit 70
      """)
  try workspace.artifact(.differential, "timeout-1", [0x00] + Array("slow".utf8))
  let (run, causes, output) = try triage(workspace, library: .comparing(.library))
  #expect(causes.count == 1, "\(output)")
  let promoted = try #require(run.findings.first { $0.status == .new }, "\(output)")
  #expect(promoted.savedOnly == true, "\(output)")
  #expect(promoted.detail?.contains("a timeout is a cost finding") == true, "\(output)")
  let fixtures = String(
    decoding: try Data(contentsOf: URL(fileURLWithPath: workspace.root + "/fixtures.json")),
    as: UTF8.self)
  #expect(!fixtures.contains("fuzz"), "\(fixtures)")
}
