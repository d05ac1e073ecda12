import Foundation
import NotificationBodyCommand
import NotificationBodyFindings
import NotificationBodyProcess
import Testing

/// The repository's root: the nearest folder above this file that holds
/// `Package.swift`.
private let repositoryRoot: String = {
  var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while url.path != "/"
    && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
  {
    url.deleteLastPathComponent()
  }
  return url.path
}()

/// `text` quoted for `/bin/sh`.
private func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// Whether standard error holds nothing but progress lines, which a run
/// slowed down by the tests around it may print.
private func onlyProgress(_ stderr: String) -> Bool {
  stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("diff: ") }
}

/// The built binary's `serve`, as a command for `--against`.
private func serveCommand() throws -> String {
  try shellQuoted(BuiltTool.location.get().path) + " serve"
}

/// The example port of docs/examples, as a command for `--against`.
private let naivePortCommand =
  "python3 " + shellQuoted(repositoryRoot + "/docs/examples/naive_port.py")

@Test func diffAgainstServeFindsNoMismatch() async throws {
  let run = try await BuiltTool.run(["diff", "--count", "300", "--against", serveCommand()])
  #expect(run.status == 0)
  #expect(run.stdout.contains("300 generated, 38 of them again at limit 1000"))
  #expect(run.stdout.contains("0 mismatches on 0 inputs, 0 causes after shrinking"))
  #expect(onlyProgress(run.stderr))
}

@Test func diffAgainstTheNaivePortReportsShrunkMismatches() async throws {
  let run = try await BuiltTool.run(["diff", "--count", "300", "--against", naivePortCommand])
  #expect(run.status == 1)
  #expect(run.stdout.hasPrefix("MISMATCH generated #"))
  #expect(run.stdout.contains("\n  external:  \""))
  #expect(run.stdout.contains("\n  reference: \""))
  // Named by the rule where the port's body parts from the reference's.
  let name = #"\n  fixture:   \{"name": "R\d+ found by diff: generated #"#
  #expect(run.stdout.range(of: name, options: .regularExpression) != nil, "\(run.stdout)")
  // One finding per cause, each saying where the bodies first differ.
  let causes = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  cause:     ") }
  #expect(!causes.isEmpty && Set(causes).count == causes.count, "\(causes)")
  #expect(
    run.stdout.split(separator: "\n").filter { $0.hasPrefix("  differs:   at scalar ") }.count
      == causes.count)
  let summary = #"\n\d+ mismatches on \d+ inputs, \d+ causes? after shrinking\n"#
  #expect(run.stdout.range(of: summary, options: .regularExpression) != nil)
  #expect(onlyProgress(run.stderr))
}

@Test func diffReportsTheSameFindingsForTheSameSeed() async throws {
  let arguments = ["diff", "--count", "100", "--seed", "0x2A", "--against", naivePortCommand]
  let first = try await BuiltTool.run(arguments)
  let second = try await BuiltTool.run(arguments)
  // All but the last line, which holds the time taken.
  let findings = { (run: BuiltTool.Run) in run.stdout.split(separator: "\n").dropLast() }
  #expect(first.status == 1)
  #expect(findings(first) == findings(second))
  #expect(first.stdout.contains("seed 42, "))
}

@Test func diffChecksGeneratedMessagesAtTheirLimitAndARaisedOne() async throws {
  let run = try await BuiltTool.run(["diff", "--count", "200", "--limit", "600"])
  #expect(run.status == 0)
  #expect(
    run.stdout.hasPrefix(
      """
      library vs reference: 225 inputs (200 generated, 25 of them again at limit 1200, \
      0 corpus files, 0 fixture cases)
      0 mismatches on 0 inputs, 0 causes after shrinking
      seed 
      """))
  #expect(onlyProgress(run.stderr))
}

@Test func diffChecksTheContractFixtures() async throws {
  let path = repositoryRoot + "/test-fixtures/notification-body.json"
  let run = try await BuiltTool.run(["diff", "--count", "0", "--fixtures", path])
  #expect(run.status == 0)
  #expect(run.stdout.contains("(0 generated, 0 of them again at limit 1000, 0 corpus files, "))
  #expect(
    run.stdout.contains(" fixture cases)\n0 mismatches on 0 inputs, 0 causes after shrinking\n"))
}

@Test func diffReadsEveryFileOfACorpusFolder() async throws {
  let directory = try TemporaryDirectory()
  try FileManager.default.createDirectory(
    at: directory.url.appendingPathComponent("nested"), withIntermediateDirectories: true)
  _ = try directory.file("plain", [0] + Array("Hello **world**".utf8))
  _ = try directory.file("nested/raised", [3] + Array("a  b\r\nc".utf8))  // limit 1000
  _ = try directory.file("empty", [])
  let run = try await BuiltTool.run(["diff", "--count", "0", "--corpus", directory.url.path])
  #expect(run.status == 0)
  #expect(run.stdout.hasPrefix("library vs reference: 3 inputs ("))
  #expect(run.stdout.contains(", 3 corpus files, "))
}

// `diff` reads a corpus as the gate does: the same bytes in two targets'
// folders are one input, and names that start with "." are not inputs.
@Test func diffReadsTheCorpusAsTheGateDoes() async throws {
  let directory = try TemporaryDirectory()
  let corpus = directory.url.appendingPathComponent("corpus").path
  for folder in ["FuzzInvariants", "FuzzDifferential", ".hidden"] {
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("corpus/" + folder),
      withIntermediateDirectories: true)
  }
  let message = [0] + Array("Hello **world**".utf8)
  _ = try directory.file("corpus/FuzzInvariants/same", message)
  _ = try directory.file("corpus/FuzzDifferential/same", message)
  _ = try directory.file("corpus/FuzzDifferential/other", [0] + Array("a  b".utf8))
  _ = try directory.file("corpus/FuzzDifferential/.state", [0] + Array("not an input".utf8))
  _ = try directory.file("corpus/.hidden/input", [0] + Array("not an input either".utf8))
  let run = try await BuiltTool.run(["diff", "--count", "0", "--corpus", corpus])
  #expect(run.status == 0)
  #expect(run.stdout.hasPrefix("library vs reference: 2 inputs ("))
  #expect(run.stdout.contains(", 2 corpus files, "))
  let gate = try await BuiltTool.run(
    [
      "gate", "--accept", "--corpus", corpus, "--fixtures",
      directory.file(
        "fixtures.json",
        Array(#"{"version": 1, "cases": [{"name": "R1 x", "input": "x", "expect": "x"}]}"#.utf8)),
      "--snapshot", directory.missingFile("snapshot.json"),
    ])
  #expect(gate.status == 0)
  #expect(gate.stdout.contains("gate: wrote "))
  #expect(gate.stdout.contains(": 3 inputs;"))
}

@Test func diffPrintsOneJSONObjectForCI() async throws {
  let run = try await BuiltTool.run([
    "diff", "--count", "20", "--seed", "7", "--json", "--against", naivePortCommand,
  ])
  #expect(run.status == 1)
  #expect(run.stdout.hasSuffix("}\n") && run.stdout.filter { $0 == "\n" }.count == 1)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  #expect(object["seed"] as? Int == 7)
  #expect(object["count"] as? Int == 20)
  #expect(object["inputs"] as? Int == 23)
  let mismatches = try #require(object["mismatches"] as? Int)
  let causes = try #require(object["causes"] as? Int)
  #expect(mismatches > 0 && causes > 0 && causes <= mismatches)
  #expect(object["elapsed_seconds"] is Double)
  #expect(object["stopped"] as? Bool == false)
  let findings = try #require(object["findings"] as? [[String: Any]])
  #expect(findings.count == causes)
  for finding in findings {
    for key in ["source", "input", "library", "other", "fixture", "cause", "rule", "differs"] {
      #expect(finding[key] is String, "\(key) missing from \(finding)")
    }
    #expect(finding["library"] as? String != finding["other"] as? String)
  }
}

/// A command `--against` can't use, and what the error must say.
struct BrokenPort: Sendable, CustomTestStringConvertible {
  var command: String
  var timeout: String = "5"
  var message: String

  var testDescription: String { command }

  static let all = [
    BrokenPort(command: "exit 3", message: "exited with status 3 without answering"),
    BrokenPort(
      command: "echo 'no such port' >&2; exit 2",
      message:
        "exited with status 2 without answering; the end of its standard error:\n  | no such port"),
    BrokenPort(
      command: "while read line; do echo not-json; done",
      message: "answered with a line that is not JSON: \"not-json\""),
    BrokenPort(
      command: #"while read line; do echo '{"text": "a"}'; done"#,
      message: #"answered with a line that has no "body": "{\"text\": \"a\"}""#),
    BrokenPort(
      command: #"while read line; do echo '{"error": "not yet"}'; done"#,
      message: #"answered with an error: "not yet""#),
    BrokenPort(command: "sleep 30", timeout: "1", message: "did not answer within 1 s"),
    // Floods standard error without answering: still a timeout, not a hang.
    BrokenPort(
      command: "while :; do echo noise >&2; done", timeout: "1",
      message: "did not answer within 1 s"),
  ]
}

/// A port that gives no body stops the run: the report has the input it
/// failed on, shrunk (a port that fails on everything fails on ""), and
/// the error names the input as it was generated.
@Test(arguments: BrokenPort.all)
func diffStopsABrokenPortAndNamesTheInput(_ port: BrokenPort) async throws {
  // No clock here: for a port that hangs, the message itself ("did not
  // answer within 1 s", not "exited") shows the timeout stopped it.
  let run = try await BuiltTool.run([
    "diff", "--count", "5", "--seed", "1", "--against", port.command, "--timeout", port.timeout,
  ])
  #expect(run.status == 1)
  #expect(run.stdout.hasPrefix("FAILURE generated #0 (seed 1), limit 256, shrunk from "))
  #expect(run.stdout.contains("\n  input:     \"\" (0 UTF-16 units)\n  port:      "))
  #expect(run.stdout.contains(port.message))
  #expect(run.stdout.contains("\nstopped at generated #0 (seed 1), after 0 of 6 inputs: "))
  #expect(
    run.stderr.hasPrefix("Error: --against '\(port.command)', given generated #0 (seed 1) \""))
  #expect(run.stderr.contains(port.message))
}

/// A port that fails on some inputs only: the failure shrinks to the
/// characters it needs, and the JSON report keeps the input whole.
@Test func diffShrinksAPortsFailureToWhatCausesIt() async throws {
  let port =
    #"while read -r line; do case "$line" in *'`'*'~'*) exit 4;; esac; "#
    + #"echo '{"body":""}'; done"#
  let run = try await BuiltTool.run([
    "diff", "--count", "200", "--seed", "3", "--json", "--against", port,
  ])
  #expect(run.status == 1)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  #expect(object["stopped"] as? Bool == true)
  #expect((object["error"] as? String)?.contains("exited with status 4") == true)
  let findings = try #require(object["findings"] as? [[String: Any]])
  let failure = try #require(findings.first)
  #expect(failure["failure_kind"] as? String == "ended")
  #expect(failure["input"] as? String == "`~", "\(failure)")
  #expect((failure["fixture"] as? String)?.contains("where the port exited") == true)
}

@Test func diffNamesAMissingCorpusFolder() async throws {
  let directory = try TemporaryDirectory()
  let missing = directory.missingFile("corpus")
  let run = try await BuiltTool.run(["diff", "--count", "0", "--corpus", missing])
  #expect(run.status == 1)
  #expect(run.stdout == "")
  #expect(run.stderr == "Error: \(missing): no such corpus folder\n")
}

@Test func diffNamesABadFixtureFile() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file("broken.json", #"{"version": 1, "cases": []}"#.utf8)
  let run = try await BuiltTool.run(["diff", "--count", "0", "--fixtures", path])
  #expect(run.status == 1)
  #expect(run.stderr == "Error: \(path): \"cases\": holds no cases\n")
}

@Test(arguments: [
  (["--limit", "255"], "'--limit' must be a whole number of at least 256"),
  (["--limit", "x"], "got 'x'"),
  (["--count", "-1"], "'--count' must be a whole number of at least 0"),
  (["--seed", "0xZZ"], "'--seed' must be a whole number"),
  (["--timeout", "0", "--against", "cat"], "'--timeout' must be a number of seconds above 0"),
  (["--timeout", "1"], "'--timeout' is for '--against' only"),
  (["--against", " "], "'--against' needs a command"),
  (["extra"], "unexpected argument 'extra'"),
])
func diffRefusesBadArguments(_ arguments: [String], _ message: String) async throws {
  let run = try await BuiltTool.run(["diff"] + arguments)
  #expect(run.status == 64)
  #expect(run.stdout == "")
  #expect(run.stderr.hasPrefix("Error: "))
  #expect(run.stderr.contains(message))
  #expect(run.stderr.contains("\nUsage: notification-body diff [--seed <s>] "))
}

@Test func diffRunsInProcess() {
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["diff", "--count", "16", "--json"], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 0)
  #expect(stdout.contains(#""inputs":18,"#))
  #expect(stdout.contains(#""mismatches":0,"#))
  #expect(stderr == "")
}

@Test func diffHelpListsEveryOption() async throws {
  let run = try await BuiltTool.run(["help", "diff"])
  #expect(run.status == 0)
  for option in [
    "--seed <s>", "--count <n>", "--corpus <folder>", "--fixtures <file>", "--limit <n>",
    "--json", "--against <command>", "--timeout <seconds>", "docs/against-protocol.md",
  ] {
    #expect(run.stdout.contains(option))
  }
}
