import Foundation
import NotificationBodyHarness
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyFindings
@testable import NotificationBodyProcess

/// The findings of the triage report `report.json` at `path`, by artifact
/// name.
func triageFindings(inReportAt path: String) throws -> [String: [String: Any]] {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let targets = try #require(report["targets"] as? [[String: Any]])
  let all = targets.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
  return Dictionary(
    uniqueKeysWithValues: all.map {
      (String(($0["artifact"] as? String ?? "").split(separator: "/").last ?? ""), $0)
    })
}

/// A folder for `triage` whose every fuzzer is one shell script, with a
/// fixture file, artifacts and sessions.
struct FaultWorkspace: ~Copyable {
  let directory: TemporaryDirectory
  var root: String { directory.url.path }

  /// - Parameter script: The fake fuzzer's body after `#!/bin/sh`; `$DIR`
  ///   in it is the workspace's folder.
  init(fuzzer script: String) throws {
    let directory = try TemporaryDirectory()
    let root = directory.url.path
    let fuzzers = root + "/fuzzers"
    try FileManager.default.createDirectory(atPath: fuzzers, withIntermediateDirectories: true)
    let text = "#!/bin/sh\nDIR='\(root)'\n" + script + "\n"
    for target in FuzzTarget.allCases {
      let path = "\(fuzzers)/\(target.rawValue)"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let fixtures = """
      {
        "version": 1,
        "cases": [
          {"name": "R8 plain", "input": "plain words", "expect": "plain words"}
        ]
      }

      """
    _ = try directory.file("fixtures.json", Array(fixtures.utf8))
    try FileManager.default.createDirectory(
      atPath: root + "/artifacts", withIntermediateDirectories: true)
    self.directory = directory
  }

  /// Saves `bytes` as the artifact `name` of `target`.
  func artifact(_ target: FuzzTarget, _ name: String, _ bytes: [UInt8]) throws {
    let folder = "\(root)/artifacts/\(target.rawValue)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
  }

  /// Writes `target`'s session record.
  func session(_ target: FuzzTarget, _ json: String) throws {
    let folder = "\(root)/artifacts/sessions"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(json.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(target.rawValue).json"))
  }

  /// `triage`'s arguments for this workspace, then `extra`.
  func arguments(_ extra: [String] = []) -> [String] {
    [
      "triage", "--artifacts", "\(root)/artifacts", "--fuzzers", "\(root)/fuzzers",
      "--fixtures", "\(root)/fixtures.json", "--fail-cases", "\(root)/FailCases",
      "--report", "\(root)/report",
    ] + extra
  }

  /// Runs `triage` in process.
  func triage(_ extra: [String] = []) -> (status: Int32, stdout: String, stderr: String) {
    var stdout = ""
    var stderr = ""
    let status = Command.run(arguments(extra), stdin: { [] }, stdout: &stdout, stderr: &stderr)
    return (status, stdout, stderr)
  }

  func text(_ relativePath: String) throws -> String {
    String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relativePath)")),
      as: UTF8.self)
  }

  /// The findings of `report.json`, by artifact name.
  func findings() throws -> [String: [String: Any]] {
    try triageFindings(inReportAt: root + "/report.json")
  }

  /// Whether anything was promoted: a saved failure, or a case appended.
  var promotedAnything: Bool {
    FileManager.default.fileExists(atPath: root + "/FailCases")
      || ((try? text("fixtures.json"))?.contains("R? fuzz") ?? false)
  }
}

/// What a fake fuzzer of a stale build does: it fails on every input, as a
/// binary built before a fix, missing a shared library or killed for its
/// memory would, and says nothing about why.
private let onlyExitsOne = """
  echo "INFO: Seed: 1"
  exit 1
  """

/// A fuzzer that traps on `invariant` for every input.
private func trapping(on invariant: String) -> String {
  """
  echo "FuzzTarget.swift:87: Fatal error: invariant \(invariant): seen on this input"
  echo "==1== ERROR: libFuzzer: deadly signal"
  exit 77
  """
}

@Test func triageNamesAMissingArtifactsFolder() throws {
  let workspace = try FaultWorkspace(fuzzer: "exit 0")
  let missing = workspace.directory.missingFile("no-such-dir")
  func triage(artifacts: String) -> (status: Int32, stderr: String) {
    var stdout = ""
    var stderr = ""
    let arguments = [
      "triage", "--artifacts", artifacts, "--fixtures", "\(workspace.root)/fixtures.json",
      "--report", "\(workspace.root)/report",
    ]
    return (Command.run(arguments, stdin: { [] }, stdout: &stdout, stderr: &stderr), stderr)
  }
  let run = triage(artifacts: missing)
  #expect(run.status == 1)
  #expect(run.stderr == "Error: \(missing): no such folder\n")
  #expect(!FileManager.default.fileExists(atPath: workspace.root + "/report.md"))

  let file = try workspace.directory.file("a-file", [0x61])
  let notFolder = triage(artifacts: file)
  // A file where a folder is meant is refused as every path option's is.
  #expect(notFolder.status == 64)
  #expect(notFolder.stderr.hasPrefix("Error: '--artifacts' must be a folder; \(file) is a file\n"))
}

@Test func triageNamesAListedArtifactThatIsMissing() throws {
  let workspace = try FaultWorkspace(fuzzer: "exit 0")
  try workspace.artifact(.library, "crash-there", [0x00, 0x61])
  try workspace.session(
    .library,
    #"{"exit_code": 0, "new_artifacts": ["x/FuzzLibrary/crash-there", "x/FuzzLibrary/crash-gone"]}"#
  )
  let run = workspace.triage()
  #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
  #expect(
    run.stderr.contains(
      "Error: \(workspace.root)/artifacts/sessions/FuzzLibrary.json lists crash-gone, but "
        + "\(workspace.root)/artifacts/FuzzLibrary/crash-gone: no such file"))
  // The one that is there is processed all the same.
  #expect(try workspace.findings()["crash-there"]?["status"] as? String == "not reproduced")
  #expect(!run.stdout.contains(": nothing new"))
}

/// A fuzzer that only exits 1 names no crash: nothing is promoted.
@Test func triagePromotesNothingFromAFuzzerThatOnlyExits() throws {
  let workspace = try FaultWorkspace(fuzzer: onlyExitsOne)
  try workspace.artifact(.library, "crash-a", [0x00] + Array("first".utf8))
  try workspace.artifact(.library, "crash-b", [0x00] + Array("second".utf8))
  let run = workspace.triage()
  #expect(run.status == 1)
  let findings = try workspace.findings()
  for name in ["crash-a", "crash-b"] {
    let finding = try #require(findings[name])
    #expect(finding["status"] as? String == "fuzzer error")
    #expect(finding["promoted"] == nil)
    let log = "\(workspace.root)/artifacts/logs/replay-FuzzLibrary-\(name).log"
    #expect(
      run.stderr.contains(
        "Error: FuzzLibrary/\(name): the fuzzer exited 1 with no diagnosis: rebuild it "
          + "(stale build, missing library, OOM kill?); see \(log)"))
  }
  let promoted = workspace.promotedAnything
  #expect(!promoted)
  #expect(try workspace.text("report.md").contains("**Result: fuzzer error.**"))
}

/// A trap on an invariant the library keeps here is a stale build's.
@Test func triageChecksANamedInvariantInProcessBeforePromoting() throws {
  let workspace = try FaultWorkspace(fuzzer: trapping(on: "within-limit"))
  try workspace.artifact(.differential, "crash-w", [0x00] + Array("short words".utf8))
  let run = workspace.triage()
  #expect(run.status == 1)
  let finding = try #require(try workspace.findings()["crash-w"])
  #expect(finding["status"] as? String == "holds in process")
  #expect(finding["invariant"] as? String == "within-limit")
  let path = "\(workspace.root)/artifacts/FuzzDifferential/crash-w"
  #expect(
    run.stderr.contains(
      "Error: FuzzDifferential/crash-w: FuzzDifferential reported within-limit on \(path), "
        + "but it holds in process: is the fuzzer build stale?"))
  let promoted = workspace.promotedAnything
  #expect(!promoted)
}

/// linear-work is checked in process only with the work meter built in;
/// without it the finding is kept and marked unconfirmed.
@Test func triageKeepsACostFindingItCannotCheckAsUnconfirmed() throws {
  let workspace = try FaultWorkspace(fuzzer: trapping(on: "linear-work"))
  try workspace.artifact(.differential, "crash-l", [0x00] + Array("costly words".utf8))
  let run = workspace.triage()
  let finding = try #require(try workspace.findings()["crash-l"])
  #expect(run.status == 1)
  if WorkMeter.isLive {
    // The library keeps linear-work on these few bytes.
    #expect(finding["status"] as? String == "holds in process")
  } else {
    #expect(finding["status"] as? String == "new")
    #expect(finding["promoted"] as? Bool == true, "\(finding["detail"] ?? "")")
    let note = try #require(finding["unconfirmed"] as? String)
    #expect(note.hasPrefix("linear-work is not checked again here: this notification-body has"))
    #expect(try workspace.text("report.md").contains("- Unconfirmed: linear-work is not checked"))
    // A cost finding is a saved failure only: no case of the contract.
    #expect(finding["saved_only"] as? Bool == true)
    let detail = try #require(finding["detail"] as? String)
    #expect(detail.hasPrefix("saved as a cost failure: "), "\(detail)")
    #expect(detail.hasSuffix("; no contract case, since a cost finding changes no body"))
    #expect(try workspace.text("report.md").contains("- Saved as a cost failure: "))
  }
}

/// Bare `triage` gives every replay a libFuzzer timeout of its own.
@Test func triageReplaysWithATimeoutWhenNoneIsGiven() throws {
  let workspace = try FaultWorkspace(fuzzer: #"echo "$@" >> "$DIR/arguments"; exit 0"#)
  try workspace.artifact(.library, "crash-p", [0x00, 0x61])
  _ = workspace.triage()
  #expect(try workspace.text("arguments").hasPrefix("-timeout=10 "))

  try FileManager.default.removeItem(atPath: workspace.root + "/arguments")
  _ = workspace.triage(["--fuzzer-option=-timeout=2"])
  let given = try workspace.text("arguments")
  #expect(given.hasPrefix("-timeout=2 ") && !given.contains("-timeout=10"))
}

@Test func triageRefusesABadReplayDeadline() {
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["triage", "--replay-seconds", "0"], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 64)
  #expect(stderr.hasPrefix("Error: '--replay-seconds' must be a whole number of at least 1"))
}

/// The fuzzer's own outcome decides whether it says why it failed.
@Test func aFailedReplayHasADiagnosisOnlyWhenItsOutputNamesOne() {
  let diagnosed = FuzzerOutput.all.filter { !$0.output.isEmpty }
  for example in diagnosed {
    #expect(TriageFuzzer.Outcome(status: 1, output: example.output).hasDiagnosis, "\(example)")
  }
  let deadly = "==9== ERROR: libFuzzer: deadly signal\nSUMMARY: libFuzzer: deadly signal"
  #expect(TriageFuzzer.Outcome(status: 77, output: deadly).hasDiagnosis)
  let silent = [
    "", "INFO: Seed: 1\n",
    "FuzzLibrary: error while loading shared libraries: libswiftCore.so: cannot open shared "
      + "object file",
  ]
  for output in silent {
    #expect(!TriageFuzzer.Outcome(status: 1, output: output).hasDiagnosis)
  }
  let killed = TriageFuzzer.Outcome(status: -1, output: "", signal: 9)
  #expect(!killed.hasDiagnosis && killed.ending == "was killed by signal 9")
}
