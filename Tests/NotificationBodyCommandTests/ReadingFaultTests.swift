import Foundation
import NotificationBodyFixtures
import Testing

@testable import NotificationBodyCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// How the command reads files that are not plain files: standard input by
// name, a FIFO, a directory, a file whose read fails, an endless device.

/// A fixture file of one case, for `check`.
private let oneCase = """
  {"version": 1, "cases": [{"name": "R7 bold", "input": "**a** b", "expect": "a b"}]}

  """

@Test func renderReadsDevStdin() async throws {
  let run = try await BuiltTool.run(["render", "/dev/stdin"], stdin: Array("Hello **world**".utf8))
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout == "Hello world\n")
}

@Test func renderReadsAFIFO() async throws {
  let directory = try TemporaryDirectory()
  let fifo = directory.url.appendingPathComponent("fifo").path
  try #require(mkfifo(fifo, 0o600) == 0)
  // The writer waits in open(2) until the binary opens the FIFO to read.
  let writer = Task.detached {
    let handle = FileHandle(forWritingAtPath: fifo)
    try handle?.write(contentsOf: Data("Through the **pipe**".utf8))
    try handle?.close()
  }
  let run = try await BuiltTool.run(["render", fifo])
  // A reader of its own, so the writer never waits for one that the binary
  // did not become.
  let reader = open(fifo, O_RDONLY | O_NONBLOCK)
  try await writer.value
  close(reader)
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout == "Through the pipe\n")
}

@Test func checkReadsADashFromStandardInput() async throws {
  let run = try await BuiltTool.run(["check", "-"], stdin: Array(oneCase.utf8))
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout == "1 passed, 0 failed\n")
}

// diff, work and gate read fixture files, snapshots and corpus files
// through the same reader as render and check.
@Test func diffReadsFixturesFromAStream() async throws {
  let run = try await BuiltTool.run(
    ["diff", "--count", "0", "--fixtures", "/dev/stdin"], stdin: Array(oneCase.utf8))
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout.contains("1 fixture case"), "\(run.stdout)")
}

// A folder where a file is meant is a usage error, before anything is read
// (`ParsedArguments.checkPaths`; PathOptionTests walks every such option).
@Test func aSnapshotOrFixtureFileThatIsADirectoryIsNamedPlainly() async throws {
  let directory = try TemporaryDirectory()
  let path = directory.url.path
  for (option, arguments) in [
    ("--fixtures", ["diff", "--count", "0", "--fixtures", path]),
    ("--snapshot", ["gate", "--snapshot", path]),
  ] {
    let run = try await BuiltTool.run(arguments)
    #expect(run.status == 64, "\(arguments)")
    #expect(
      run.stderr.hasPrefix("Error: '\(option)' must be a file; \(path) is a folder"),
      "\(arguments): \(run.stderr)")
  }
}

@Test func aDirectoryIsNamedPlainly() async throws {
  let directory = try TemporaryDirectory()
  for subcommand in ["render", "check"] {
    let run = try await BuiltTool.run([subcommand, directory.url.path])
    #expect(run.status == 1)
    #expect(run.stderr == "Error: \(directory.url.path): is a directory\n", "\(subcommand)")
  }
}

// /proc/self/mem opens for the process itself, and reading it at offset 0
// fails with EIO, even for root: the reason is strerror's.
@Test func aReadThatFailsGivesTheReason() async throws {
  for subcommand in ["render", "check"] {
    let run = try await BuiltTool.run([subcommand, "/proc/self/mem"])
    #expect(run.status == 1)
    #expect(
      run.stderr == "Error: /proc/self/mem: cannot be read (Input/output error)\n", "\(subcommand)")
  }
}

@Test func anEndlessStreamStopsAtTheLimit() throws {
  let descriptor = open("/dev/zero", O_RDONLY)
  try #require(descriptor >= 0)
  defer { close(descriptor) }
  switch FileBytes.readAll(from: descriptor, limit: 200_000) {
  case .success(let bytes):
    Issue.record("read \(bytes.count) bytes of /dev/zero")
  case .failure(let error):
    #expect(error.description == "File too large: more than 200000 bytes")
  }
}
