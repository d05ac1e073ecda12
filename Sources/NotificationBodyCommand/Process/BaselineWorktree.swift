import Foundation
import NotificationBodyFindings
import NotificationBodyProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A git revision checked out in a worktree of its own under a temporary
/// folder, where its `notification-body` is built, for `gate --baseline`.
///
///     let worktree = try BaselineWorktree(revision: "origin/main", progress: { print($0) })
///     defer { worktree.remove() }
///     let binary = try worktree.build(progress: { print($0) })
///
/// `remove()` takes the worktree away again (`git worktree remove --force`,
/// `git worktree prune`, then the temporary folder), stopping a build that is
/// still running; it is safe to call more than once and from any thread, so
/// a signal handler can call it too.
final class BaselineWorktree: @unchecked Sendable {
  /// The revision as the user named it.
  let revision: String
  /// The commit it names, in full.
  let commit: String
  /// The repository's root: the worktree of the current directory.
  let repository: String
  /// The temporary folder that holds the worktree and scratch files.
  let folder: String
  /// Where the revision is checked out.
  var path: String { folder + "/worktree" }

  private let lock = NSLock()
  /// The build running now, to stop when the run is interrupted.
  private var build: Process?
  private var removed = false

  /// Checks `revision` out in a new worktree of the current directory's
  /// repository.
  ///
  /// - Parameters:
  ///   - revision: Anything `git rev-parse` reads as a commit.
  ///   - progress: Receives a line for each step.
  /// - Throws: `CommandError.failure` when the current directory is not in
  ///   a git repository, `revision` names no commit, or the worktree cannot
  ///   be added; nothing is left behind then.
  init(revision: String, progress: (String) -> Void) throws(CommandError) {
    self.revision = revision
    let root = runToEnd(["git", "rev-parse", "--show-toplevel"])
    guard root.status == 0 else {
      throw .failure(
        "\(FileManager.default.currentDirectoryPath): not in a git repository; "
          + "`--baseline` compares with a revision of the current directory's repository")
    }
    repository = root.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let resolved = runToEnd(
      [
        "git", "-C", repository, "rev-parse", "--verify", "--quiet", "--end-of-options",
        revision + "^{commit}",
      ])
    guard resolved.status == 0 else {
      throw .failure("--baseline '\(revision)': names no commit of \(repository)")
    }
    commit = resolved.output.trimmingCharacters(in: .whitespacesAndNewlines)
    folder = try step { try makeTemporaryFolder("notification-body-gate") }
    // A worktree left by a run that was killed outright is only pruned.
    _ = runToEnd(["git", "-C", repository, "worktree", "prune"])
    progress("gate: checking out \(revision) (\(commit.prefix(12))) in \(path)")
    let added = runToEnd(
      ["git", "-C", repository, "worktree", "add", "--detach", "--quiet", path, commit])
    guard added.status == 0 else {
      remove()
      throw .failure(
        "git worktree add \(path) \(commit.prefix(12)): failed: " + Self.tail(added.output))
    }
  }

  deinit {
    remove()
  }

  /// Builds the worktree's `notification-body` product in release mode.
  ///
  /// - Parameter progress: Receives each line of the build's output.
  /// - Returns: The built binary's path.
  /// - Throws: `CommandError.failure` with the end of the build's output
  ///   when it fails, or when the worktree was removed meanwhile.
  func build(progress: (String) -> Void) throws(CommandError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "build", "-c", "release", "--product", "notification-body", "--package-path", path,
    ]
    // A plain release build, whatever the caller's environment asks of
    // this package's own builds: its counts are compared with this build's.
    process.environment = ProcessInfo.processInfo.environment.filter {
      !["NOTIFICATION_BODY_WORK_METER", "NOTIFICATION_BODY_TEST_TARGETS"].contains($0.key)
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let started: String? = lock.withLock {
      guard !removed else { return "the worktree was removed before the build" }
      do {
        try process.run()
      } catch {
        return "swift build cannot be started (\(error))"
      }
      build = process
      return nil
    }
    if let started { throw .failure("\(path): \(started)") }
    var lines = LineBuffer()
    var last: [String] = []
    while true {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      lines.append(data)
      while let line = lines.popLine() {
        let text = String(decoding: line, as: UTF8.self)
        last = Array((last + [text]).suffix(20))
        progress("gate: build: " + text)
      }
    }
    process.waitUntilExit()
    let interrupted = lock.withLock {
      build = nil
      return removed
    }
    if interrupted {
      // Only the signal handler removes the worktree during the build: give
      // it the moment it needs to end the process as the signal would.
      usleep(1_000_000)
      throw .failure("\(path): removed during the build")
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw .failure(
        "swift build of \(revision) (\(commit.prefix(12))) in \(path) failed; the end of its "
          + "output:\n" + last.map { "  | " + $0 }.joined(separator: "\n"))
    }
    let binary = path + "/.build/release/notification-body"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw .failure("\(binary): not built by swift build")
    }
    return binary
  }

  /// Stops a running build, removes the worktree and prunes it, and
  /// deletes the temporary folder. Does nothing after the first call.
  func remove() {
    lock.lock()
    defer { lock.unlock() }
    guard !removed else { return }
    removed = true
    if let build, build.isRunning, build.processIdentifier > 0 {
      Self.stop(build)
    }
    _ = runToEnd(["git", "-C", repository, "worktree", "remove", "--force", path])
    _ = runToEnd(["git", "-C", repository, "worktree", "prune"])
    // A compiler that was still ending may have written a file meanwhile.
    for _ in 0..<5 {
      guard (try? FileManager.default.removeItem(atPath: folder)) == nil,
        FileManager.default.fileExists(atPath: folder)
      else { break }
      usleep(200_000)
    }
  }

  /// Stops a build and the compilers it started, by process group, as
  /// every child of the command is ended (`ChildProcessGroups`): SIGINT to
  /// the build's group, as from a terminal, so SwiftPM cancels the
  /// compilers it started (each a group of its own); then SIGKILL to the
  /// group of whatever is left.
  private static func stop(_ build: Process) {
    let group = -build.processIdentifier
    kill(group, SIGINT)
    let deadline = Date().addingTimeInterval(10)
    while build.isRunning && Date() < deadline { usleep(20_000) }
    kill(group, SIGKILL)
    build.waitUntilExit()
  }

  /// The last lines of a command's output, for a message.
  private static func tail(_ output: String) -> String {
    output.split(separator: "\n").suffix(5).joined(separator: "\n")
  }
}
