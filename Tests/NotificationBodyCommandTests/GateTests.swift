import Foundation
import Testing

/// A corpus, a fixture file and a snapshot in a temporary folder, for
/// `gate` to read and write.
private struct GateWorkspace: ~Copyable {
  let directory: TemporaryDirectory
  var corpus: String { directory.url.appendingPathComponent("corpus").path }
  var fixtures: String { directory.url.appendingPathComponent("fixtures.json").path }
  var snapshot: String { directory.url.appendingPathComponent("bodies.json").path }

  /// The corpus's messages, each saved with the default limit; the first
  /// also with a raised one, and the second in both targets' folders.
  static let messages = [
    "Hello **world** and ~~this~~", "a  b\n\n\n\nc", "Run:\n```sh\nmake test\n```\nthen push",
    "See [the docs](https://x.io/docs) and ![logo](l.png)",
    String(repeating: "x", count: 254) + "\u{600} yyyyyyyyyy",
  ]

  init() throws {
    let directory = try TemporaryDirectory()
    let corpus = directory.url.appendingPathComponent("corpus").path
    func add(_ bytes: [UInt8], to folder: String, as name: String) throws {
      try FileManager.default.createDirectory(
        atPath: corpus + "/" + folder, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: "\(corpus)/\(folder)/\(name)"))
    }
    for (index, message) in Self.messages.enumerated() {
      try add([0] + Array(message.utf8), to: "FuzzInvariants", as: "m\(index)")
    }
    // Options byte 1: the first raised limit, 300.
    try add([1] + Array(Self.messages[0].utf8), to: "FuzzInvariants", as: "raised")
    try add([0] + Array(Self.messages[1].utf8), to: "FuzzDifferential", as: "m1")
    try Data(
      """
      {"version": 1, "cases": [
        {"name": "R7 bold", "input": "**a** b", "expect": "a b"},
        {"name": "R12 raised", "input": "a   b", "expect": "a b", "limit": 300}
      ]}

      """.utf8
    ).write(to: directory.url.appendingPathComponent("fixtures.json"))
    self.directory = directory
  }

  /// Saves a corpus file.
  func add(_ bytes: [UInt8], to folder: String, as name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: "\(corpus)/\(folder)/\(name)"))
  }

  /// Runs `gate` with this workspace's files.
  func gate(_ arguments: String...) async throws -> BuiltTool.Run {
    try await BuiltTool.run(
      ["gate"] + arguments + ["--snapshot", snapshot, "--corpus", corpus, "--fixtures", fixtures])
  }

  /// The snapshot's lines now.
  func snapshotLines() throws -> [String] {
    try String(contentsOfFile: snapshot, encoding: .utf8).components(separatedBy: "\n")
  }

  /// Rewrites the snapshot's lines.
  func writeSnapshot(_ lines: [String]) throws {
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: snapshot))
  }
}

/// The report's group headings.
private func headings(_ report: String) -> [Substring] {
  report.split(separator: "\n").filter {
    ["CHANGED ", "INPUT CHANGED ", "ADDED ", "REMOVED "].contains(where: $0.hasPrefix)
  }
}

@Test func gateAcceptWritesASnapshotThatThenPasses() async throws {
  let workspace = try GateWorkspace()
  let accepted = try await workspace.gate("--accept")
  #expect(accepted.status == 0)
  #expect(accepted.stdout.hasPrefix("gate: wrote \(workspace.snapshot): 8 inputs; accepted "))
  #expect(accepted.stderr == "")
  let entries = try workspace.snapshotLines().filter { $0.hasPrefix("    {\"id\": ") }
  // Six distinct corpus files (m1's bytes are in both folders) and two cases.
  #expect(entries.count == 8)
  #expect(entries.filter { $0.contains("\"id\": \"corpus:") }.count == 6)
  #expect(
    entries.contains {
      $0.contains(
        #""input": "Hello **world** and ~~this~~", "body": "Hello world and this", "body300": "#)
    })
  let checked = try await workspace.gate()
  #expect(checked.status == 0)
  #expect(
    checked.stdout
      == "gate: no change: all 8 inputs (6 corpus files, 2 fixture cases) match \(workspace.snapshot)\n"
  )
  let again = try await workspace.gate("--accept")
  #expect(again.stdout == "gate: \(workspace.snapshot) is up to date (8 inputs)\n")
}

@Test func gateReportsExactlyTheOneEntryChangedInTheSnapshot() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  var lines = try workspace.snapshotLines()
  let index = try #require(lines.firstIndex { $0.contains(#""input": "a  b\n\n\n\nc""#) })
  let id = String(lines[index].split(separator: "\"")[3])
  lines[index] = lines[index].replacingOccurrences(
    of: #""body": "a b\n\nc""#, with: #""body": "a  b\n\nc""#)
  try workspace.writeSnapshot(lines)

  let run = try await workspace.gate()
  #expect(run.status == 1)
  #expect(headings(run.stdout) == [#"CHANGED 1 input: removes " ""#])
  #expect(
    run.stdout.hasPrefix(
      """
      CHANGED 1 input: removes " "
        \(id)  (\(workspace.corpus)/FuzzDifferential/m1)
          input:          "a  b\\n\\n\\n\\nc" (9 UTF-16 units)
          body was:       "a  b\\n\\nc" (7 UTF-16 units)
          body now:       "a b\\n\\nc" (6 UTF-16 units)
          body edit:      "a [- -]b\\n\\nc"

      gate: 1 input changed in 1 kind of change, 0 added, 0 removed; 7 of 8 inputs
      """))
  #expect(run.stdout.contains("run `notification-body gate --accept --snapshot '"))

  _ = try await workspace.gate("--accept")
  #expect(try await workspace.gate().status == 0)
}

@Test func gateReportsAnAddedCorpusFile() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  try workspace.add([0] + Array("a new **input**".utf8), to: "FuzzDifferential", as: "new")

  let run = try await workspace.gate()
  #expect(run.status == 1)
  #expect(headings(run.stdout) == ["ADDED 1 input: not in the snapshot"])
  #expect(run.stdout.contains("\n  corpus:"))
  #expect(run.stdout.contains(#"    body, body1000: "a new input" (11 UTF-16 units)"#))
  #expect(run.stdout.contains("gate: 0 inputs changed in 0 kinds of change, 1 added, 0 removed;"))

  let accepted = try await workspace.gate("--accept")
  #expect(
    accepted.stdout.contains("accepted 0 changed, 0 holding another input, 1 added, 0 removed"))
  #expect(try await workspace.gate().status == 0)
}

@Test func gateAcceptAddedRecordsOnlyNewInputs() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  try workspace.add([0] + Array("a new **input**".utf8), to: "FuzzDifferential", as: "new")

  let run = try await workspace.gate("--accept-added")
  #expect(run.status == 0)
  #expect(run.stdout.contains("added the bodies of 1 new input(s), changed nothing else"))
  #expect(try await workspace.gate().status == 0)
}

@Test func gateAcceptAddedRefusesWhenABodyChanged() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  try workspace.add([0] + Array("a new **input**".utf8), to: "FuzzDifferential", as: "new")
  var lines = try workspace.snapshotLines()
  let index = try #require(lines.firstIndex { $0.contains(#""input": "a  b\n\n\n\nc""#) })
  lines[index] = lines[index].replacingOccurrences(
    of: #""body": "a b\n\nc""#, with: #""body": "a  b\n\nc""#)
  try workspace.writeSnapshot(lines)
  let before = try workspace.snapshotLines()

  let run = try await workspace.gate("--accept-added")
  #expect(run.status == 1)
  #expect(run.stderr.contains("1 change(s) besides added inputs"))
  #expect(try workspace.snapshotLines() == before)
}

@Test func gateReportsARemovedCorpusFile() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  try FileManager.default.removeItem(atPath: workspace.corpus + "/FuzzInvariants/m2")
  // m1 is in both folders: removing one copy removes no input.
  try FileManager.default.removeItem(atPath: workspace.corpus + "/FuzzInvariants/m1")

  let run = try await workspace.gate()
  #expect(run.status == 1)
  #expect(
    headings(run.stdout) == ["REMOVED 1 input: in the snapshot, gone from the corpus and fixtures"])
  #expect(run.stdout.contains(#"    input:          "Run:\n```sh\nmake test\n```\nthen push""#))
  #expect(run.stdout.contains("  (no longer in the corpus or fixtures)"))
  #expect(run.stdout.contains("gate: 0 inputs changed in 0 kinds of change, 0 added, 1 removed;"))

  _ = try await workspace.gate("--accept")
  #expect(try await workspace.gate().status == 0)
}

@Test func gateShowsEveryInputOfAGroupWithAll() async throws {
  let workspace = try GateWorkspace()
  _ = try await workspace.gate("--accept")
  // The snapshot as a library that left every `**` in place made it.
  let lines = try workspace.snapshotLines().map {
    $0.replacingOccurrences(
      of: #""body": "Hello world and this""#, with: #""body": "Hello **world** and this""#
    )
    .replacingOccurrences(of: #""body": "a b""#, with: #""body": "**a** b""#)
  }
  try workspace.writeSnapshot(lines)
  let run = try await workspace.gate()
  #expect(run.status == 1)
  // Both corpus files of the first message, the fixture case with `**`, and
  // the one whose body is "a b" too.
  #expect(headings(run.stdout) == [#"CHANGED 4 inputs: removes "*""#])
  #expect(run.stdout.contains("\n  also:\n    fixture:R7 bold  \"**a** b\"\n    corpus:"))
  let all = try await workspace.gate("--all")
  #expect(all.status == 1)
  #expect(!all.stdout.contains("also:"))
  #expect(all.stdout.components(separatedBy: "\n    input:   ").count == 5)
}

/// Arguments `gate` refuses, and the start of its message.
struct GateUsageCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var message: String

  var testDescription: String { arguments.joined(separator: " ") }

  static let all = [
    GateUsageCase(arguments: ["--seed", "1"], message: "'--seed' is for '--baseline' only"),
    GateUsageCase(arguments: ["--count", "5"], message: "'--count' is for '--baseline' only"),
    GateUsageCase(
      arguments: ["--baseline", "HEAD", "--accept"],
      message: "'--accept' is for the snapshot, not '--baseline'"),
    GateUsageCase(
      arguments: ["--baseline", "HEAD", "--snapshot", "s.json"],
      message: "'--snapshot' is for the snapshot, not '--baseline'"),
    GateUsageCase(arguments: ["--baseline"], message: "missing value for '--baseline'"),
    GateUsageCase(
      arguments: ["--baseline", "HEAD", "--count", "-1"], message: "'--count' must be a whole"),
    GateUsageCase(
      arguments: ["--accept", "--all"],
      message: "'--accept', '--accept-added' and '--all' exclude each other"),
    GateUsageCase(
      arguments: ["--accept-added", "--accept"],
      message: "'--accept', '--accept-added' and '--all' exclude each other"),
    GateUsageCase(arguments: ["extra"], message: "unexpected argument 'extra'"),
    GateUsageCase(arguments: ["--no-cost"], message: "'--no-cost' is for '--baseline' only"),
    GateUsageCase(
      arguments: ["--markdown", "t.md"], message: "'--markdown' is for '--baseline' only"),
    GateUsageCase(
      arguments: ["--baseline", "HEAD", "--no-cost", "--markdown", "t.md"],
      message: "'--markdown' and '--no-cost' exclude each other"),
    // `swift test`'s command is a debug build: its instruction counts are
    // not comparable with a release build's, so it must say --no-cost.
    GateUsageCase(
      arguments: ["--baseline", "HEAD"],
      message: "this notification-body is a debug build, so its instruction counts are not"),
  ]
}

@Test(arguments: GateUsageCase.all)
func gateRefusesBadArguments(_ usage: GateUsageCase) async throws {
  let run = try await BuiltTool.run(["gate"] + usage.arguments)
  #expect(run.status == 64)
  #expect(run.stdout == "")
  #expect(run.stderr.hasPrefix("Error: \(usage.message)"))
  #expect(run.stderr.contains("Usage: notification-body gate [--accept] [--accept-added] [--all]"))
}

@Test func gateNamesAMissingSnapshotOrCorpus() async throws {
  let workspace = try GateWorkspace()
  let noSnapshot = try await workspace.gate()
  #expect(noSnapshot.status == 1)
  #expect(
    noSnapshot.stderr
      == "Error: \(workspace.snapshot): no such file; write it with `notification-body gate --accept`\n"
  )
  let noCorpus = try await BuiltTool.run(
    [
      "gate", "--corpus", workspace.directory.missingFile("no-corpus"), "--fixtures",
      workspace.fixtures,
    ])
  #expect(noCorpus.status == 1)
  #expect(noCorpus.stderr.hasSuffix("corpus: no such corpus folder\n"))
}

@Test func gateBaselineNamesARevisionThatIsNoCommit() async throws {
  let workspace = try GateWorkspace()
  let run = try await BuiltTool.run(
    [
      "gate", "--baseline", "no-such-revision-\(UUID().uuidString)", "--count", "0", "--no-cost",
      "--corpus", workspace.corpus, "--fixtures", workspace.fixtures,
    ])
  #expect(run.status == 1)
  #expect(run.stderr.contains("names no commit of "))
}

// A baseline whose build fails leaves no worktree and no temporary folder.
// (A baseline that builds takes minutes: docs/gate.md tells how it was
// tried by hand.)
@Test func gateBaselineRemovesItsWorktreeWhenTheBuildFails() async throws {
  let workspace = try GateWorkspace()
  let repository = workspace.directory.url.appendingPathComponent("repository").path
  try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
  for arguments in [
    ["init", "--quiet"],
    [
      "-c", "user.name=gate", "-c", "user.email=gate@example.com", "commit", "--quiet",
      "--allow-empty", "--message", "no package here",
    ],
  ] {
    #expect(try await run("/usr/bin/git", arguments, in: repository).status == 0)
  }
  let gate = try await run(
    BuiltTool.location.get().path,
    [
      "gate", "--baseline", "HEAD", "--count", "0", "--no-cost", "--corpus", workspace.corpus,
      "--fixtures", workspace.fixtures,
    ],
    in: repository)
  #expect(gate.status == 1)
  #expect(gate.stderr.contains("Error: swift build of HEAD ("))
  let line = try #require(
    gate.stderr.split(separator: "\n").first { $0.hasPrefix("gate: checking out HEAD") })
  let worktree = "/" + String(line[try #require(line.range(of: " in /")).upperBound...])
  #expect(!FileManager.default.fileExists(atPath: worktree))
  #expect(!FileManager.default.fileExists(atPath: (worktree as NSString).deletingLastPathComponent))
  let worktrees = try await run("/usr/bin/git", ["worktree", "list"], in: repository)
  #expect(worktrees.stdout.split(separator: "\n").count == 1)
}

/// Runs a program in a folder and waits for it.
private func run(_ program: String, _ arguments: [String], in directory: String) async throws
  -> BuiltTool.Run
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  try process.run()
  async let stdout = output.fileHandleForReading.readToEnd()
  async let stderr = errors.fileHandleForReading.readToEnd()
  let (out, err) = try await (stdout, stderr)
  process.waitUntilExit()
  return BuiltTool.Run(
    status: process.terminationStatus, stdout: String(decoding: out ?? Data(), as: UTF8.self),
    stderr: String(decoding: err ?? Data(), as: UTF8.self))
}
