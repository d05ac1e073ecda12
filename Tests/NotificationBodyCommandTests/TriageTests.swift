import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyFindings
@testable import NotificationBodyProcess

/// A fixture file in the shared format, with one case triage must recognize.
private let fixtures = """
  {
    "version": 1,
    "cases": [
      {"name": "R8 plain", "input": "plain words", "expect": "plain words"}
    ]
  }

  """

/// A stand-in for a libFuzzer binary: an input holding "passes" passes;
/// one holding "trapped" traps on within-limit, as `FuzzTarget.run` traps;
/// any other fails with an AddressSanitizer report; `-minimize_crash=1`
/// writes `minimized` to `-exact_artifact_path`, as libFuzzer writes its
/// smallest crashing input.
private let fakeFuzzer = """
  #!/bin/sh
  for argument; do
    case $argument in
      -exact_artifact_path=*) printf '\\000minimized' > "${argument#-exact_artifact_path=}" ;;
    esac
    input=$argument
  done
  if grep -q passes "$input"; then echo "INFO: passes"; exit 0; fi
  if grep -q trapped "$input"; then
    echo "FuzzTarget.swift:87: Fatal error: invariant within-limit: 257 units"
    echo "==1== ERROR: libFuzzer: deadly signal"
    exit 77
  fi
  echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1"
  echo "SUMMARY: AddressSanitizer: heap-buffer-overflow (/fuzzer+0x1) in f"
  exit 1

  """

/// A folder laid out as `Fuzz/fuzz nightly` leaves it: artifacts, the fake
/// binaries, a fixture file and a fail-cases folder.
private struct TriageWorkspace: ~Copyable {
  let directory: TemporaryDirectory
  var root: String { directory.url.path }

  init() throws {
    let directory = try TemporaryDirectory()
    let fuzzers = directory.url.appendingPathComponent("fuzzers").path
    try FileManager.default.createDirectory(atPath: fuzzers, withIntermediateDirectories: true)
    for target in FuzzTarget.allCases {
      let path = "\(fuzzers)/\(target.rawValue)"
      try Data(fakeFuzzer.utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    _ = try directory.file("fixtures.json", Array(fixtures.utf8))
    self.directory = directory
  }

  /// Saves `bytes` as the artifact `name` of `target`.
  func artifact(_ target: FuzzTarget, _ name: String, _ bytes: [UInt8]) throws {
    let folder = "\(root)/artifacts/\(target.rawValue)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
  }

  /// Runs `triage` in process on this workspace.
  func triage() -> (status: Int32, stdout: String, stderr: String) {
    var stdout = ""
    var stderr = ""
    let status = Command.run(
      [
        "triage", "--artifacts", "\(root)/artifacts", "--fuzzers", "\(root)/fuzzers",
        "--fixtures", "\(root)/fixtures.json", "--fail-cases", "\(root)/FailCases",
        "--report", "\(root)/report", "--fuzzer-option=-timeout=2",
      ], stdin: { [] }, stdout: &stdout, stderr: &stderr)
    return (status, stdout, stderr)
  }

  func text(_ relativePath: String) throws -> String {
    String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relativePath)")), as: UTF8.self
    )
  }

  /// The findings of `report.json`, by artifact name.
  func findings() throws -> [String: [String: Any]] {
    try triageFindings(inReportAt: root + "/report.json")
  }
}

@Test func triagePromotesNewDeduplicatesKnownAndSkipsPassing() throws {
  let workspace = try TriageWorkspace()
  let minimized: [UInt8] = [0x00] + Array("minimized".utf8)
  // Two artifacts that minimize to the same bytes, one already a fixture
  // case's input, one that passes when replayed.
  try workspace.artifact(.differential, "crash-a", [0x00] + Array("first overflow".utf8))
  try workspace.artifact(.differential, "crash-b", [0x00] + Array("second, longer overflow".utf8))
  try workspace.artifact(.differential, "crash-c", [0x00] + Array("plain words".utf8))
  try workspace.artifact(.differential, "timeout-d", [0x00] + Array("passes".utf8))

  let run = workspace.triage()
  #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
  let findings = try workspace.findings()
  let first = try #require(findings["crash-a"])
  #expect(first["status"] as? String == "new")
  #expect(first["invariant"] as? String == "asan-heap-buffer-overflow")
  #expect(first["trap"] as? String == "SUMMARY: AddressSanitizer: heap-buffer-overflow")
  #expect(first["promoted"] as? Bool == true)
  #expect(first["minimized_size"] as? Int == minimized.count)
  #expect(first["sha1"] as? String == InputDigest.hex(of: minimized))
  #expect(first["message"] as? String == "minimized")
  #expect(findings["crash-b"]?["status"] as? String == "duplicate")
  #expect(
    (findings["crash-b"]?["detail"] as? String)?.hasPrefix(
      "same cause as FuzzDifferential/crash-a: asan-heap-buffer-overflow") == true)
  #expect(findings["crash-c"]?["status"] as? String == "known")
  #expect(findings["crash-c"]?["detail"] as? String == "already the fixture case \"R8 plain\"")
  #expect(findings["timeout-d"]?["status"] as? String == "not reproduced")

  // Promoted as promote does: the minimized bytes saved, the case appended.
  let saved = "FailCases/FuzzDifferential/\(InputDigest.hex(of: minimized))"
  #expect(try Array(workspace.text(saved).utf8) == minimized)
  let name =
    "R? fuzz FuzzDifferential: asan-heap-buffer-overflow "
    + InputDigest.hex(of: minimized).prefix(8)
  #expect(try workspace.text("fixtures.json").contains(#""name": "\#(name)""#))
  let markdown = try workspace.text("report.md")
  #expect(markdown.contains("**Result: 1 new finding.**"))
  #expect(markdown.contains("### FuzzDifferential: asan-heap-buffer-overflow (new)"))
  #expect(markdown.contains("- Promoted to \(workspace.root)/\(saved)"))

  // A second run, with no session to name its artifacts, takes them all
  // again: what it promoted is known now, and nothing is new.
  let again = workspace.triage()
  #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
  let known = try workspace.findings()
  #expect(known["crash-a"]?["status"] as? String == "known")
  #expect(known.values.allSatisfy { $0["status"] as? String != "new" })
  #expect(try workspace.text("report.md").contains("**Result: nothing new.**"))
}

/// An invariant's trap is named by its trap line. The library keeps every
/// invariant on this input in process, so the fuzzer's word is not taken:
/// nothing is promoted (TriageFaultTests has more).
@Test func triageNamesAnInvariantTrapFromTheFuzzersOutput() throws {
  let workspace = try TriageWorkspace()
  let bytes: [UInt8] = [0x00] + Array("trapped words".utf8)
  try workspace.artifact(.differential, "crash-t", bytes)
  let run = workspace.triage()
  #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
  let finding = try #require(try workspace.findings()["crash-t"])
  #expect(finding["invariant"] as? String == "within-limit")
  #expect(finding["trap"] as? String == "invariant within-limit: 257 units")
  #expect(finding["status"] as? String == "holds in process")
  #expect(!FileManager.default.fileExists(atPath: "\(workspace.root)/FailCases"))
}

@Test func triageCapsMinimizingPerInvariant() throws {
  let workspace = try TriageWorkspace()
  for index in 0..<5 {
    try workspace.artifact(
      .differential, "crash-\(index)", [0x00] + Array("overflow \(index)".utf8))
  }
  let run = workspace.triage()
  let statuses = try workspace.findings().values.compactMap { $0["status"] as? String }
  #expect(run.status == 1)
  #expect(statuses.filter { $0 == "skipped" }.count == 2)
  #expect(statuses.filter { $0 == "new" }.count == 1)
  #expect(statuses.filter { $0 == "duplicate" }.count == 2)
}

@Test func triageReportsAFuzzerThatFailedWithoutAnArtifact() throws {
  let workspace = try TriageWorkspace()
  let sessions = "\(workspace.root)/artifacts/sessions"
  try FileManager.default.createDirectory(atPath: sessions, withIntermediateDirectories: true)
  let session = #"""
    {"seconds_requested": 20, "jobs": 2, "executions": 10, "cov": 5, "exit_code": 1,
     "new_artifacts": [], "log": "x.log"}
    """#
  try Data(session.utf8).write(to: URL(fileURLWithPath: "\(sessions)/FuzzDifferential.json"))
  let run = workspace.triage()
  #expect(run.status == 1)
  #expect(run.stderr.contains("Error: FuzzDifferential exited 1 without an artifact; see x.log"))
  #expect(try workspace.text("report.md").contains("**Result: fuzzer error.**"))
  #expect(try workspace.text("report.md").contains("| FuzzDifferential | - | 10 | - | 5 |"))
  // The budget is the sessions' own; the commit and toolchain are looked up.
  #expect(try workspace.text("report.md").contains("; 20 s split across 2 targets, 2 jobs each."))
  #expect(try workspace.text("report.md").contains(", Swift version "))
  // The JSON holds the session's counters in the target's object, not its log.
  let data = try Data(contentsOf: URL(fileURLWithPath: "\(workspace.root)/report.json"))
  let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let target = try #require((report["targets"] as? [[String: Any]])?.first)
  #expect(target["name"] as? String == "FuzzDifferential")
  #expect(target["executions"] as? Int == 10)
  #expect(target["exit_code"] as? Int == 1)
  #expect(target["log"] == nil && target["new_artifacts"] == nil)
}

@Test func triageRefusesBadNumbers() {
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["triage", "--max-per-invariant", "0"], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 64)
  #expect(stderr.hasPrefix("Error: '--max-per-invariant' must be a whole number of at least 1"))
}

@Test func triageNamesAMissingFixtureFile() throws {
  let directory = try TemporaryDirectory()
  var stdout = ""
  var stderr = ""
  let missing = directory.missingFile("fixtures.json")
  let status = Command.run(
    ["triage", "--fixtures", missing], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 1)
  #expect(stderr.hasPrefix("Error: \(missing): no such file"))
}

/// libFuzzer output and the name triage gives it.
struct FuzzerOutput: Sendable, CustomTestStringConvertible {
  var output: String
  var name: String
  var line: String
  var invariantTrap = false
  var testDescription: String { name }

  static let all = [
    FuzzerOutput(
      output:
        "==9==ERROR: AddressSanitizer: stack-overflow\nSUMMARY: AddressSanitizer: stack-overflow x",
      name: "asan-stack-overflow", line: "SUMMARY: AddressSanitizer: stack-overflow"),
    FuzzerOutput(
      output:
        "ALARM: working on the last Unit for 2 seconds\n==9== ERROR: libFuzzer: timeout after 2 seconds",
      name: "timeout", line: "ERROR: libFuzzer: timeout"),
    FuzzerOutput(
      output: "==9== ERROR: libFuzzer: out-of-memory (used: 4097Mb; exceeds: 4096Mb)",
      name: "oom", line: "ERROR: libFuzzer: out-of-memory"),
    FuzzerOutput(
      output: "NotificationBody/Cap.swift:9: Fatal error: Index out of range\n"
        + "==9== ERROR: libFuzzer: deadly signal",
      name: "fatal-error", line: "Fatal error: Index out of range"),
    FuzzerOutput(
      output: "FuzzTarget.swift:42: Fatal error: "
        + InvariantFailure(.withinLimit, "257 units").trapMessage
        + "\n==9== ERROR: libFuzzer: deadly signal",
      name: "fatal-error", line: "Fatal error: invariant within-limit: 257 units",
      invariantTrap: true),
    FuzzerOutput(output: "", name: "crash", line: ""),
  ]
}

@Test(arguments: FuzzerOutput.all)
func fuzzerOutputIsNamed(_ example: FuzzerOutput) {
  let outcome = TriageFuzzer.Outcome(status: 1, output: example.output)
  let diagnosis = outcome.diagnosis(fallback: "crash")
  #expect(diagnosis.name == example.name)
  #expect(diagnosis.line == example.line)
  #expect(
    outcome.invariantFailure
      == (example.invariantTrap ? InvariantFailure(.withinLimit, "257 units") : nil))
}

@Test func trapMessageNamesTheInvariantAndIsBounded() {
  let failure = InvariantFailure(.nothingNew, String(repeating: "x", count: 3_000))
  #expect(failure.trapMessage.hasPrefix("invariant nothing-new: xxx"))
  #expect(failure.trapMessage.count == InvariantFailure.maxTrapLength)
}

/// With a session, only the artifacts it left are processed: those of an
/// earlier session stay as they were.
@Test func triageTakesTheArtifactsOfTheSession() throws {
  let workspace = try TriageWorkspace()
  try workspace.artifact(.library, "crash-old", [0x00] + Array("old overflow".utf8))
  try workspace.artifact(.library, "crash-new", [0x00] + Array("new overflow".utf8))
  let sessions = "\(workspace.root)/artifacts/sessions"
  try FileManager.default.createDirectory(atPath: sessions, withIntermediateDirectories: true)
  let session = #"{"exit_code": 0, "new_artifacts": ["x/FuzzLibrary/crash-new"]}"#
  try Data(session.utf8).write(to: URL(fileURLWithPath: "\(sessions)/FuzzLibrary.json"))
  _ = workspace.triage()
  let findings = try workspace.findings()
  #expect(findings.keys.sorted() == ["crash-new"])
  #expect(findings["crash-new"]?["status"] as? String == "new")
}

@Test func triageHelpHasTheHouseSections() async throws {
  let run = try await BuiltTool.run(["help", "triage"])
  #expect(run.status == 0)
  var rest = Substring(run.stdout)
  for section in ["OVERVIEW:", "USAGE: notification-body triage", "OPTIONS:"] {
    let found = try #require(rest.range(of: section), "\(section) missing or out of order")
    rest = rest[found.upperBound...]
  }
  for option in ["--artifacts <folder>", "--fuzzer-option <flag>", "--max-per-invariant <n>"] {
    #expect(run.stdout.contains(option))
  }
}

@Test func triageNamesAMissingFuzzerBinary() throws {
  let workspace = try TriageWorkspace()
  try workspace.artifact(.differential, "crash-1", [0x00, 0x61])
  try FileManager.default.removeItem(atPath: "\(workspace.root)/fuzzers/FuzzDifferential")
  let run = workspace.triage()
  #expect(run.status == 1)
  #expect(
    run.stderr.hasPrefix("Error: \(workspace.root)/fuzzers/FuzzDifferential: no libFuzzer binary"))
  #expect(!FileManager.default.fileExists(atPath: "\(workspace.root)/FailCases"))
}

// triage's duplicate check is promote's own: the candidate's input and limit
// against the fixture file, its bytes against the saved failures, both read
// when the promotion starts.
@Test func candidateIsKnownByItsInputAndLimitOrItsBytes() throws {
  let directory = try TemporaryDirectory()
  let fixturesPath = try directory.file("fixtures.json", Array(fixtures.utf8))
  let failCases = directory.url.appendingPathComponent("FailCases").path
  var promotion = try Promotion(fixtures: fixturesPath, failCases: failCases)
  let plain = Promotion.Candidate(target: .differential, bytes: [0x00] + Array("plain words".utf8))
  #expect(promotion.existing(plain) == "already the fixture case \"R8 plain\"")
  // Bits 0-2: the raised limit 1000, where no case has the input.
  let raised = Promotion.Candidate(target: .differential, bytes: [0x03] + Array("plain words".utf8))
  #expect(promotion.existing(raised) == nil)

  let bytes: [UInt8] = [0x00] + Array("saved words".utf8)
  let saved = Promotion.Candidate(target: .differential, bytes: bytes)
  #expect(promotion.existing(saved) == nil)
  let folder = failCases + "/FuzzDifferential"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  try Data(bytes).write(to: URL(fileURLWithPath: folder + "/crash-1"))
  promotion = try Promotion(fixtures: fixturesPath, failCases: failCases)
  #expect(promotion.existing(saved) == "already saved as \(folder)/crash-1")
  // The same bytes saved for the other target do not count.
  let other = Promotion.Candidate(target: .library, bytes: bytes)
  #expect(promotion.existing(other) == nil)

  // A case written is known at once, by its input and by its bytes.
  let fresh = Promotion.Candidate(target: .library, bytes: [0x00] + Array("new words".utf8))
  #expect(promotion.existing(fresh) == nil)
  _ = try promotion.write(fresh, name: "R8 new words", source: "test")
  #expect(promotion.existing(fresh) == "already the fixture case \"R8 new words\"")
  let again = try Promotion(fixtures: fixturesPath, failCases: failCases)
  #expect(again.existing(fresh) == "already the fixture case \"R8 new words\"")
}
