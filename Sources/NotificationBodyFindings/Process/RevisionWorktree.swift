import Foundation
import NotificationBodyProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A git revision checked out in a worktree of its own under a temporary
/// folder, where its `notification-body` is built: the baseline of `gate
/// --baseline`, or the tree a regression range builds each revision's
/// library in (`checkOutLibrary(of:)`).
///
///     let worktree = try RevisionWorktree(revision: "origin/main", purpose: "gate") { print($0) }
///     defer { worktree.remove() }
///     let binary = try worktree.build { print($0) }
///
/// `remove()` takes the worktree away again (`git worktree remove --force`,
/// `git worktree prune`, then the temporary folder), stopping a build that is
/// still running; it is safe to call more than once and from any thread, so
/// a signal handler can call it too.
package final class RevisionWorktree: @unchecked Sendable {
  /// The revision as the user named it.
  package let revision: String
  /// The commit it names, in full.
  package let commit: String
  /// The repository's root: the worktree of the current directory.
  package let repository: String
  /// The temporary folder that holds the worktree and scratch files.
  package let folder: String
  /// What the worktree is for, "gate" or "range": its progress lines'
  /// prefix and its temporary folder's name.
  package let purpose: String
  /// Where the revision is checked out.
  package var path: String { folder + "/worktree" }

  private let lock = NSLock()
  /// The build running now, to stop when the run is interrupted.
  private var build: Process?
  private var removed = false

  /// Checks `revision` out in a new worktree of the current directory's
  /// repository.
  ///
  /// - Parameters:
  ///   - revision: Anything `git rev-parse` reads as a commit.
  ///   - purpose: "gate" or "range", for progress lines and the folder's name.
  ///   - progress: Receives a line for each step.
  /// - Throws: `FindingsError.failure` when the current directory is not in
  ///   a git repository, `revision` names no commit, or the worktree cannot
  ///   be added; nothing is left behind then.
  package init(
    revision: String, purpose: String, progress: (String) -> Void
  ) throws(FindingsError) {
    self.revision = revision
    self.purpose = purpose
    let root = runToEnd(["git", "rev-parse", "--show-toplevel"])
    guard root.status == 0 else {
      throw .failure(
        "\(FileManager.default.currentDirectoryPath): not in a git repository; "
          + "\(purpose) builds a revision of the current directory's repository")
    }
    repository = root.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let resolved = runToEnd(
      [
        "git", "-C", repository, "rev-parse", "--verify", "--quiet", "--end-of-options",
        revision + "^{commit}",
      ])
    guard resolved.status == 0 else {
      throw .failure("'\(revision)': names no commit of \(repository)")
    }
    commit = resolved.output.trimmingCharacters(in: .whitespacesAndNewlines)
    folder = try kept { try makeTemporaryFolder("notification-body-" + purpose) }
    // A worktree left by a run that was killed outright is only pruned.
    _ = runToEnd(["git", "-C", repository, "worktree", "prune"])
    progress("\(purpose): checking out \(revision) (\(commit.prefix(12))) in \(path)")
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

  /// Replaces the worktree's library, `Sources/NotificationBody`, with
  /// `commit`'s, leaving everything else as it is: the harness that judges
  /// the library stays the worktree's own.
  ///
  /// - Throws: `FindingsError.failure` when git cannot check the folder out.
  package func checkOutLibrary(of commit: String) throws(FindingsError) {
    let library = path + "/" + Self.libraryFolder
    try? FileManager.default.removeItem(atPath: library)
    let checkout = runToEnd(["git", "-C", path, "checkout", commit, "--", Self.libraryFolder])
    guard checkout.status == 0 else {
      throw .failure(
        "git checkout \(commit.prefix(12)) -- \(Self.libraryFolder) in \(path): failed: "
          + Self.tail(checkout.output))
    }
  }

  /// The library's folder, whose tree names a revision's library.
  package static let libraryFolder = "Sources/NotificationBody"

  /// Builds the worktree's `notification-body` product in release mode.
  ///
  /// - Parameters:
  ///   - workMeter: Whether the library is built with the work meter
  ///     (`NOTIFICATION_BODY_WORK_METER=1`), so the build can check
  ///     linear-work; never otherwise, whatever the caller's environment.
  ///   - progress: Receives each line of the build's output.
  /// - Returns: The built binary's path.
  /// - Throws: `FindingsError.failure` with the end of the build's output
  ///   when it fails, or when the worktree was removed meanwhile.
  package func build(
    workMeter: Bool = false, progress: (String) -> Void
  ) throws(FindingsError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "build", "-c", "release", "--product", "notification-body", "--package-path", path,
    ]
    // A plain release build, whatever the caller's environment asks of
    // this package's own builds: its counts are compared with this build's.
    var environment = ProcessInfo.processInfo.environment.filter {
      !["NOTIFICATION_BODY_WORK_METER", "NOTIFICATION_BODY_TEST_TARGETS"].contains($0.key)
    }
    if workMeter { environment["NOTIFICATION_BODY_WORK_METER"] = "1" }
    process.environment = environment
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
        progress("\(purpose): build: " + text)
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
  package func remove() {
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
