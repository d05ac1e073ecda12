import Foundation
import NotificationBody
import NotificationBodyHarness
import Testing

@testable import NotificationBodyFindings

/// A fuzzer that traps on matches-reference for every input.
private let trapsOnMatchesReference = """
  echo "FuzzTarget.swift:87: Fatal error: invariant matches-reference: broken"
  echo "==1== ERROR: libFuzzer: deadly signal"
  exit 77
  """

/// A library that keeps `**` as typed (an R7 bug), the library elsewhere.
private let keepsMarkers = LibraryProbe.comparing(
  Implementation(name: "keeps markers") { message, limit in
    message.contains("**")
      ? String(message.prefix(limit.utf16Units))
      : NotificationBody.make(from: message, limit: limit)
  })

// A pull request's run promotes nothing: the fixture file and the saved
// failures stay as they were, and the cause says how to promote it, with
// both its inputs and what a regression range probes.
@Test func aPullRequestsRunPromotesNothing() throws {
  let workspace = try FaultWorkspace(fuzzer: trapsOnMatchesReference)
  try workspace.artifact(.differential, "crash-1", [0x00] + Array("a **b** c".utf8))
  let root = workspace.root
  let before = try Data(contentsOf: URL(fileURLWithPath: root + "/fixtures.json"))
  var settings = TriageRun.Settings(
    artifacts: root + "/artifacts", fuzzers: root + "/fuzzers", fuzzerOptions: ["-timeout=2"],
    failCases: root + "/FailCases", fixtures: root + "/fixtures.json")
  (settings.minimizeSeconds, settings.replaySeconds) = (5, 20)
  settings.pullRequest = true
  var run = try TriageRun(settings: settings, library: keepsMarkers)
  try run.process(.differential) { _ in }
  let causes = run.promoteByCause { _ in }

  let cause = try #require(causes.first)
  #expect(cause.status == .new)
  #expect(cause.detail?.contains("Fuzz/fuzz promote") == true, "\(cause.detail ?? "")")
  #expect(cause.original == root + "/artifacts/FuzzDifferential/crash-1")
  #expect(cause.minimized?.hasSuffix("crash-1.min") == true)
  // The smallest input's bytes: the default limit, then "**".
  #expect(cause.input == "002a2a")
  #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/fixtures.json")) == before)
  #expect(!FileManager.default.fileExists(atPath: root + "/FailCases"))
  let searched = try #require(run.searchable(causes).first)
  #expect(searched.target == .differential)
  #expect(searched.invariant == "matches-reference")
  #expect(searched.input == cause.minimized)
  #expect(searched.shownHere)
}

// The report of a pull request's run passes with a cause main has too,
// and says so in its result line and its table; a new cause fails it with
// the commit that brought it.
@Test func aCauseOnMainTooIsListedAndDoesNotFailTheRun() {
  let onMain = TriageCause(
    cause: "body R6", rule: "R6", summary: "a period", invariant: "matches-reference",
    artifacts: 2, targets: ["FuzzDifferential"], from: "FuzzDifferential/crash-1", status: .new,
    detail: nil, growth: nil, original: "Fuzz/artifacts/FuzzDifferential/crash-1",
    minimized: "Fuzz/artifacts/minimized/FuzzDifferential/crash-1.min", input: "002e",
    regression: RegressionRange(
      verdict: .older, base: "b0", commits: 2, libraryChanges: 1, probes: []),
    onBase: true)
  let finding = TriageFinding(
    target: "FuzzDifferential", artifact: "Fuzz/artifacts/FuzzDifferential/crash-1",
    kind: "crash", size: 9, invariant: "matches-reference", trap: "", status: .new)
  let session = TriageSession()
  var report = TriageReport(
    date: "2026-12-05", commit: "abc", toolchain: "Swift", sessions: [session], newFindings: 0,
    result: "nothing new",
    targets: [.init(name: "FuzzDifferential", session: session, findings: [finding])],
    causes: [onMain])
  report.mode = .pullRequest
  report.rangeBase = "origin/main"
  let passing = report.markdown
  #expect(passing.contains("# Fuzz report: pull request against origin/main"))
  #expect(passing.contains("**Result: nothing new. 1 cause is on main too (listed below)"))
  #expect(passing.contains("| on main too |"))
  #expect(passing.contains("original `Fuzz/artifacts/FuzzDifferential/crash-1`"))

  var brought = onMain
  brought.cause = "body R7"
  brought.onBase = false
  brought.regression = RegressionRange(
    verdict: .found, commit: String(repeating: "c", count: 40), subject: "A parser change",
    parent: String(repeating: "p", count: 40), base: "b0", commits: 2, libraryChanges: 2,
    probes: [])
  report.causes = [onMain, brought]
  report.newFindings = 1
  report.result = "new findings"
  let failing = report.markdown
  #expect(failing.contains("**Result: 1 new cause that the base does not have: the run fails."))
  #expect(failing.contains("| `cccccccccccc` A parser change |"))
  #expect(failing.contains("regression range: brought by cccccccccccc (A parser change)"))
}

// The last nightly's causes are rechecked on this revision: fixed where
// the library now keeps the invariant, open where it still breaks it, and
// not checked where only a fuzzer build can tell.
@Test func theLastNightsCausesAreRecheckedHere() throws {
  let directory = try TemporaryDirectory()
  let cause = TriageCause(
    cause: "body R7", rule: "R7", summary: "markers kept", invariant: "matches-reference",
    artifacts: 1, targets: ["FuzzDifferential"], from: "FuzzDifferential/crash-1", status: .new,
    detail: nil, growth: nil, input: "002a2a")
  var timeout = cause
  timeout.cause = "timeout"
  timeout.invariant = "timeout"
  let report = TriageReport(
    date: "2026-12-04", commit: "night1", toolchain: "Swift", sessions: [], newFindings: 2,
    result: "new findings", targets: [], causes: [cause, timeout])
  let path = try directory.file("last.json", report.json)

  let fixed = PreviousCause.recheck(path, library: .live)
  #expect(fixed.map(\.status) == [.fixed, .unchecked], "\(fixed)")
  #expect(fixed.first?.night == "night1")
  let open = PreviousCause.recheck(path, library: keepsMarkers)
  #expect(open.first?.status == .open)

  var shown = report
  shown.lastRun = fixed
  #expect(
    shown.markdown.contains(
      "| body R7 | FuzzDifferential/crash-1 | night1 | fixed on this revision |"))
  // A file that is no report is said so, not skipped.
  let broken = try directory.file("broken.json", Array("{".utf8))
  #expect(PreviousCause.recheck(broken, library: .live).first?.status == .unchecked)
}
