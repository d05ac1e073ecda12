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

// How the command writes files when the path is not a plain file in a
// writable folder: a symbolic link, a device, a directory, a read-only file,
// a file it cannot finish writing, and a standard output that is full.

/// A fixture file of two cases, for `promote` to append to.
private let twoCases = """
  {
    "$comment": "Two cases for the writing tests.",
    "version": 1,
    "cases": [
      {"name": "R8 plain", "input": "plain words", "expect": "plain words"},
      {"name": "R7 bold", "input": "**a** b", "expect": "a b"}
    ]
  }

  """

/// An artifact for `promote`: options byte 0, then a message.
private let artifact: [UInt8] = [0] + Array("Hello **world**".utf8)

/// The permission bits of the file at `path`, its links followed.
private func mode(_ path: String) throws -> mode_t {
  var info = stat()
  try #require(stat(path, &info) == 0, "\(path): \(String(cString: strerror(errno)))")
  return info.st_mode & 0o7777
}

/// Whether `path` itself is a symbolic link.
private func isLink(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}

/// The process's umask, read without changing it (Linux's /proc).
private func currentUmask() throws -> mode_t {
  let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
  return try #require(
    mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
}

/// The names in `folder` that start with a dot: temporary files left behind.
private func hiddenNames(in folder: String) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
}

// MARK: Symbolic links

@Test func promoteWritesThroughASymbolicLinkAndKeepsTheMode() async throws {
  let directory = try TemporaryDirectory()
  let real = try directory.file("real.json", Array(twoCases.utf8))
  try #require(chmod(real, 0o640) == 0)
  let folder = directory.url.appendingPathComponent("fx").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let link = folder + "/notification-body.json"
  try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real.json")
  let artifactPath = try directory.file("artifact.bin", artifact)
  let failCases = directory.url.appendingPathComponent("fc").path

  let run = try await BuiltTool.run([
    "promote", "--target", "FuzzLibrary", "--fixtures", link, "--fail-cases", failCases,
    artifactPath,
  ])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(isLink(link), "the link was replaced by a file")
  let written = try String(contentsOfFile: real, encoding: .utf8)
  #expect(written.contains(#""input": "Hello **world**", "expect": "Hello world""#))
  #expect(try mode(real) == 0o640)
  #expect(try hiddenNames(in: folder).isEmpty)
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
}

@Test func gateAcceptWritesThroughASymbolicLink() async throws {
  let directory = try TemporaryDirectory()
  let corpus = directory.url.appendingPathComponent("corpus/FuzzInvariants").path
  try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
  try Data([0] + Array("Hello **world**".utf8)).write(to: URL(fileURLWithPath: corpus + "/m0"))
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  let real = try directory.file("real-bodies.json", Array("{}\n".utf8))
  try #require(chmod(real, 0o600) == 0)
  let link = directory.url.appendingPathComponent("bodies.json").path
  try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real-bodies.json")

  let run = try await BuiltTool.run([
    "gate", "--accept", "--snapshot", link, "--corpus", directory.url.path + "/corpus",
    "--fixtures", fixtures,
  ])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(isLink(link), "the link was replaced by a file")
  #expect(try String(contentsOfFile: real, encoding: .utf8).contains("Hello world"))
  #expect(try mode(real) == 0o600)
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
}

@Test func aLinkToNothingMakesItsTarget() throws {
  let directory = try TemporaryDirectory()
  let link = directory.url.appendingPathComponent("link.txt").path
  try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "made.txt")
  try writeAtomically(Array("made\n".utf8), toPath: link)
  #expect(isLink(link))
  let made = directory.url.appendingPathComponent("made.txt").path
  #expect(try String(contentsOfFile: made, encoding: .utf8) == "made\n")
  // A new file's mode, not the link's 0777.
  #expect(try mode(made) == 0o666 & ~currentUmask())
}

// MARK: Modes

@Test func aNewFileGetsTheUmasksMode() async throws {
  let directory = try TemporaryDirectory()
  let path = directory.url.appendingPathComponent("new.txt").path
  try writeAtomically(Array("new\n".utf8), toPath: path)
  #expect(try mode(path) == 0o666 & ~currentUmask())

  // And the files promote makes, under a umask of 027: the saved failure
  // 0640, its folders 0750.
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  let artifactPath = try directory.file("artifact.bin", artifact)
  let failCases = directory.url.appendingPathComponent("fc").path
  let run = try await FaultTool.run(
    [
      "promote", "--target", "FuzzLibrary", "--fixtures", fixtures, "--fail-cases", failCases,
      artifactPath,
    ], umask: "027")
  #expect(run.status == 0, "\(run.stderr)")
  let saved = try #require(FileManager.default.subpaths(atPath: failCases + "/FuzzLibrary")?.first)
  #expect(try mode(failCases + "/FuzzLibrary/" + saved) == 0o640)
  #expect(try mode(failCases + "/FuzzLibrary") == 0o750)
}

@Test func anExistingFileKeepsItsMode() throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file("kept.sh", Array("old\n".utf8))
  try #require(chmod(path, 0o750) == 0)
  try writeAtomically(Array("new\n".utf8), toPath: path)
  #expect(try mode(path) == 0o750)
  #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
}

// MARK: What is not a regular file

// The devices are made in a folder of the test's own (as root, mknod(2)
// works), so a writer that renames over them replaces only those copies:
// never the system's /dev/null and /dev/full.
@Test func aDeviceIsWrittenIntoNeverReplaced() throws {
  let directory = try TemporaryDirectory()
  func device(_ name: String, minor: UInt32) -> String {
    let path = directory.url.appendingPathComponent(name).path
    // Linux's dev_t: major 1 in bits 8-19, the minor in bits 0-7.
    if mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 { return path }
    // Without the right to make a device this process cannot rename over
    // /dev's either.
    return "/dev/" + name
  }
  let null = device("null", minor: 3)
  let full = device("full", minor: 7)
  try writeAtomically(Array("gone\n".utf8), toPath: null)
  do {
    try writeAtomically(Array("lost\n".utf8), toPath: full)
    Issue.record("writing \(full) succeeded")
  } catch {
    #expect(error.description == "\(full): cannot be written (No space left on device)")
  }
  for device in [null, full] {
    var info = stat()
    #expect(stat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(device)")
  }
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
}

@Test func aFIFOIsWrittenIntoNeverReplaced() throws {
  let directory = try TemporaryDirectory()
  let fifo = directory.url.appendingPathComponent("fifo").path
  try #require(mkfifo(fifo, 0o600) == 0)
  // A reader first, or opening the FIFO to write waits forever; it does
  // not wait itself, so a writer that replaced the FIFO cannot hang it.
  let reader = open(fifo, O_RDONLY | O_NONBLOCK)
  try #require(reader >= 0)
  defer { close(reader) }
  try writeAtomically(Array("through the pipe\n".utf8), toPath: fifo)
  var buffer = [UInt8](repeating: 0, count: 64)
  let count = read(reader, &buffer, buffer.count)
  #expect(count > 0 && String(decoding: buffer[..<count], as: UTF8.self) == "through the pipe\n")
  var info = stat()
  #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
}

@Test func aDirectoryIsAnError() throws {
  let directory = try TemporaryDirectory()
  do {
    try writeAtomically(Array("x".utf8), toPath: directory.url.path)
    Issue.record("writing a directory succeeded")
  } catch {
    #expect(error.description == "\(directory.url.path): is a directory; nothing was written")
  }
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
}

// MARK: Failed writes leave nothing behind

@Test func aReadOnlyFixtureFileIsRefusedAndNothingIsLeft() async throws {
  let directory = try TemporaryDirectory()
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  try #require(chmod(fixtures, 0o444) == 0)
  let artifactPath = try directory.file("artifact.bin", artifact)
  let failCases = directory.url.appendingPathComponent("fc").path

  for _ in 0..<2 {
    let run = try await BuiltTool.run([
      "promote", "--target", "FuzzLibrary", "--fixtures", fixtures, "--fail-cases", failCases,
      artifactPath,
    ])
    #expect(run.status == 1)
    #expect(run.stderr == "Error: \(fixtures): is read-only; nothing was written\n")
  }
  #expect(try String(contentsOfFile: fixtures, encoding: .utf8) == twoCases)
  #expect(try mode(fixtures) == 0o444)
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
  // The saved failure made before the case failed is removed again.
  #expect((FileManager.default.subpaths(atPath: failCases + "/FuzzLibrary") ?? []).isEmpty)
}

@Test func aReadOnlySnapshotIsRefusedAndNothingIsLeft() async throws {
  let directory = try TemporaryDirectory()
  let corpus = directory.url.appendingPathComponent("corpus/FuzzInvariants").path
  try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
  try Data([0] + Array("Hello".utf8)).write(to: URL(fileURLWithPath: corpus + "/m0"))
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  let snapshot = try directory.file("bodies.json", Array("{}\n".utf8))
  try #require(chmod(snapshot, 0o444) == 0)
  for _ in 0..<2 {
    let run = try await BuiltTool.run([
      "gate", "--accept", "--snapshot", snapshot, "--corpus", directory.url.path + "/corpus",
      "--fixtures", fixtures,
    ])
    #expect(run.status == 1)
    #expect(run.stderr == "Error: \(snapshot): is read-only; nothing was written\n")
  }
  #expect(try String(contentsOfFile: snapshot, encoding: .utf8) == "{}\n")
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
}

// A write that fails part way (a file-size limit of 512 bytes, SIGXFSZ
// ignored, so write(2) fails with EFBIG even for root) leaves the fixture
// file as it was, no temporary file, and no saved failure.
@Test func aWriteThatFailsPartWayLeavesNothing() async throws {
  let directory = try TemporaryDirectory()
  let padding = String(repeating: "x", count: 600)
  let contents = twoCases.replacingOccurrences(
    of: "Two cases for the writing tests.", with: padding)
  let fixtures = try directory.file("fixtures.json", Array(contents.utf8))
  let artifactPath = try directory.file("artifact.bin", artifact)
  let failCases = directory.url.appendingPathComponent("fc").path
  let run = try await FaultTool.run(
    [
      "promote", "--target", "FuzzLibrary", "--fixtures", fixtures, "--fail-cases", failCases,
      artifactPath,
    ], fileSizeBlocks: 1)
  #expect(run.status == 1)
  #expect(
    run.stderr == "Error: \(fixtures): cannot be written (File too large); nothing was written\n")
  #expect(try String(contentsOfFile: fixtures, encoding: .utf8) == contents)
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
  #expect((FileManager.default.subpaths(atPath: failCases + "/FuzzLibrary") ?? []).isEmpty)
}

// MARK: Standard output

/// A run of a subcommand that writes to standard output; "FIXTURES" in
/// its arguments stands for a fixture file's path.
private struct StandardOutputCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var stdin: String = ""
  var testDescription: String { arguments.joined(separator: " ") }
}

private let fullOutputCases: [StandardOutputCase] = [
  .init(arguments: ["render"], stdin: "Hello **world**"),
  .init(arguments: ["check", "FIXTURES"]),
  .init(arguments: ["serve"], stdin: "{\"input\": \"a\"}\n{\"input\": \"b\"}\n"),
  .init(arguments: ["diff", "--count", "3"]),
  .init(arguments: ["help"]),
  .init(arguments: ["help", "render"]),
  .init(arguments: ["render", "--help"]),
  .init(arguments: ["seeds", "--names", "--fixtures", "FIXTURES"]),
]

@Test(arguments: fullOutputCases)
private func aFullStandardOutputIsAnError(_ test: StandardOutputCase) async throws {
  let directory = try TemporaryDirectory()
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  let arguments = test.arguments.map { $0 == "FIXTURES" ? fixtures : $0 }
  let run = try await FaultTool.run(arguments, stdin: Array(test.stdin.utf8), stdout: "/dev/full")
  #expect(run.status == 1)
  #expect(
    run.stderr.hasSuffix("Error: standard output: No space left on device\n"), "\(run.stderr)")
}

@Test func pointsGoToStandardOutputForADash() throws {
  // `work` needs the work meter, so the in-process run stops before the
  // points unless this build has it; the option itself is checked here.
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["work", "--count", "1", "--points", "-"], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  if stderr.contains("no work meter") {
    #expect(status == 1)
  } else {
    #expect(status == 0 || status == 1)
    let first = try #require(stdout.split(separator: "\n").first)
    #expect(first.split(separator: "\t").count == 4, "\(first)")
  }
}

@Test func aDashIsRefusedWhereTwoFilesOrAReadAreMeant() async throws {
  // In a folder of its own, with small inputs, so a build that took "-" as
  // a file name would leave its files there and not in the package.
  let directory = try TemporaryDirectory()
  let fixtures = try directory.file("fixtures.json", Array(twoCases.utf8))
  let gate = try await FaultTool.run(
    [
      "gate", "--accept", "--snapshot", "-", "--corpus", directory.url.path, "--fixtures",
      fixtures,
    ], in: directory.url)
  #expect(gate.status == 64)
  #expect(
    gate.stderr.hasPrefix("Error: '--snapshot' must be a file, not standard input or output ('-')"))
  let triage = try await FaultTool.run(
    [
      "triage", "--report", "-", "--artifacts", directory.url.path + "/artifacts",
      "--fuzzers", directory.url.path + "/fuzzers", "--fixtures", fixtures,
    ], in: directory.url)
  #expect(triage.status == 64)
  #expect(
    triage.stderr.hasPrefix("Error: '--report' must be a file, not standard input or output ('-')"))
  #expect(try hiddenNames(in: directory.url.path).isEmpty)
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
      "fixtures.json"
    ])
}

/// The built binary run with its standard output sent to a file of the
/// test's choosing, or under a file-size limit.
enum FaultTool {
  /// Runs `notification-body` with `arguments`.
  ///
  /// - Parameters:
  ///   - stdin: All of its standard input (less than 16 KiB).
  ///   - stdout: A path to open as its standard output; a pipe, read back,
  ///     when nil.
  ///   - fileSizeBlocks: When given, runs it under `sh -c 'ulimit -f N'`
  ///     with SIGXFSZ ignored, so a write past N × 512 bytes fails with EFBIG.
  ///   - umask: When given, the umask it runs with, set by `sh -c 'umask'`.
  ///   - folder: Its working folder; this process's when nil.
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], stdout: String? = nil,
    fileSizeBlocks: Int? = nil, umask: String? = nil, in folder: URL? = nil
  ) async throws -> BuiltTool.Run {
    precondition(stdin.count < 16_384, "stdin must fit in the pipe's buffer")
    let binary = try BuiltTool.location.get()
    let process = Process()
    process.currentDirectoryURL = folder
    var setup: [String] = []
    if let fileSizeBlocks { setup += ["trap '' XFSZ", "ulimit -f \(fileSizeBlocks)"] }
    if let umask { setup.append("umask \(umask)") }
    if setup.isEmpty {
      process.executableURL = binary
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", (setup + ["exec \"$0\" \"$@\""]).joined(separator: "; "), binary.path]
        + arguments
    }
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=off"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    let outputFile = try stdout.map {
      try #require(FileHandle(forWritingAtPath: $0), "\($0) cannot be opened")
    }
    process.standardOutput = outputFile ?? output
    process.standardError = errors
    try input.fileHandleForWriting.write(contentsOf: stdin)
    try input.fileHandleForWriting.close()
    try process.run()
    // The pipe's writing end went to no child: closed, its reader ends.
    if outputFile != nil { try output.fileHandleForWriting.close() }
    async let outputText = output.fileHandleForReading.readToEnd()
    async let errorText = errors.fileHandleForReading.readToEnd()
    let (outputData, errorData) = try await (outputText, errorText)
    process.waitUntilExit()
    try outputFile?.close()
    guard process.terminationReason == .exit else {
      throw BuiltTool.Failure(
        description: "notification-body \(arguments) ended by signal \(process.terminationStatus)")
    }
    return BuiltTool.Run(
      status: process.terminationStatus,
      stdout: String(decoding: outputData ?? Data(), as: UTF8.self),
      stderr: String(decoding: errorData ?? Data(), as: UTF8.self))
  }
}
