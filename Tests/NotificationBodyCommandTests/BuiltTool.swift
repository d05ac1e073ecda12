import Foundation
import Testing

/// The built `notification-body` binary, run as a subprocess.
///
/// The test target depends on the executable target, so `swift test` builds
/// the binary into the same products directory as the test bundle:
/// `.build/<triple>/debug/` holds both `notification-body` and
/// `NotificationBodyPackageTests.xctest`.
enum BuiltTool {
  /// What one run of the binary did.
  struct Run: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The binary was not found, or ended by a signal instead of an exit.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The directories the binary may be in, most likely first.
  static var productDirectories: [URL] {
    // Linux: the test bundle is an executable in the products directory, and
    // `Bundle.main` is the directory it is in.
    var directories = [Bundle.main.bundleURL]
    // macOS: `Bundle.main` is Xcode's test agent; the loaded `.xctest` bundle
    // sits in the products directory.
    directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
      .map { $0.deletingLastPathComponent() }
    if let executable = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    return directories
  }

  /// Where the binary is, found once.
  static let location: Result<URL, Failure> = {
    let directories = productDirectories
    for directory in directories {
      let candidate = directory.appendingPathComponent("notification-body")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return .success(candidate)
      }
    }
    return .failure(
      Failure(
        description: """
          notification-body was not found next to the test bundle; looked in \
          \(directories.map(\.path)). Build it with `swift build` (`swift test` \
          builds it too, since this test target depends on it).
          """))
  }()

  /// Runs the binary and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after its name.
  ///   - stdin: All of its standard input, written before the binary starts:
  ///     into a pipe when it fits the pipe's buffer, else into a file.
  ///   - environment: Variables set for it on top of this process's own.
  /// - Returns: Its exit status and what it wrote, decoded as UTF-8.
  /// - Throws: `Failure` when the binary is missing or ends by a signal.
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], environment extra: [String: String] = [:]
  ) async throws -> Run {
    let process = Process()
    process.executableURL = try location.get()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=off"  // a crash ends fast
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    // Written and closed before the start, so a binary that never reads its
    // input can't make this process write to a closed pipe.
    let folder = try TemporaryDirectory()
    if stdin.count < 16_384 {
      let input = Pipe()
      process.standardInput = input
      try input.fileHandleForWriting.write(contentsOf: stdin)
      try input.fileHandleForWriting.close()
    } else {
      let path = folder.url.appendingPathComponent("stdin").path
      try Data(stdin).write(to: URL(fileURLWithPath: path))
      process.standardInput = FileHandle(forReadingAtPath: path)
    }
    try process.run()
    async let stdout = readAll(output.fileHandleForReading)
    async let stderr = readAll(errors.fileHandleForReading)
    let (outputText, errorText) = try await (stdout, stderr)
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
      throw Failure(
        description: """
          notification-body \(arguments) ended by signal \(process.terminationStatus); \
          stderr: \(errorText)
          """)
    }
    return Run(status: process.terminationStatus, stdout: outputText, stderr: errorText)
  }

  private static func readAll(_ handle: FileHandle) async throws -> String {
    String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }
}

/// A directory of its own under the system's temporary directory, removed
/// when the test is done.
struct TemporaryDirectory: ~Copyable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("NotificationBodyCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to a file `name` in the directory and returns its path.
  func file(_ name: String, _ contents: some Sequence<UInt8>) throws -> String {
    let fileURL = url.appendingPathComponent(name)
    try Data(contents).write(to: fileURL)
    return fileURL.path
  }

  /// A path in the directory where no file is.
  func missingFile(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}
