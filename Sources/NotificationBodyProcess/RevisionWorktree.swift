import Foundation

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

  /// Why a worktree could not be made or built: a message naming the
  /// revision or the folder.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  private let lock = NSLock()
  /// The build running now, which `remove()` stops.
  private let builds = ChildProcessGroups()
  private var removed = false

  /// Checks `revision` out in a new worktree of the current directory's
  /// repository.
  ///
  /// - Parameters:
  ///   - revision: Anything `git rev-parse` reads as a commit.
  ///   - purpose: "gate" or "range", for progress lines and the folder's name.
  ///   - progress: Receives a line for each step.
  /// - Throws: `Failure` when the current directory is not in
  ///   a git repository, `revision` names no commit, or the worktree cannot
  ///   be added; nothing is left behind then.
  package init(
    revision: String, purpose: String, progress: (String) -> Void
  ) throws(Failure) {
    self.revision = revision
    self.purpose = purpose
    let root = runToEnd(["git", "rev-parse", "--show-toplevel"])
    guard root.status == 0 else {
      throw Failure(
        description:
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
      throw Failure(description: "'\(revision)': names no commit of \(repository)")
    }
    commit = resolved.output.trimmingCharacters(in: .whitespacesAndNewlines)
    do {
      folder = try makeTemporaryFolder("notification-body-" + purpose)
    } catch {
      throw Failure(description: error.description)
    }
    // A worktree left by a run that was killed outright is only pruned.
    _ = runToEnd(["git", "-C", repository, "worktree", "prune"])
    progress("\(purpose): checking out \(revision) (\(commit.prefix(12))) in \(path)")
    let added = runToEnd(
      ["git", "-C", repository, "worktree", "add", "--detach", "--quiet", path, commit])
    guard added.status == 0 else {
      remove()
      throw Failure(
        description:
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
  /// - Throws: `Failure` when git cannot check the folder out.
  package func checkOutLibrary(of commit: String) throws(Failure) {
    let library = path + "/" + Self.libraryFolder
    try? FileManager.default.removeItem(atPath: library)
    let checkout = runToEnd(["git", "-C", path, "checkout", commit, "--", Self.libraryFolder])
    guard checkout.status == 0 else {
      throw Failure(
        description:
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
  /// - Throws: `Failure` with the end of the build's output
  ///   when it fails, or when the worktree was removed meanwhile.
  package func build(
    workMeter: Bool = false, progress: (String) -> Void
  ) throws(Failure) -> String {
    // A plain release build, whatever the caller's environment asks of
    // this package's own builds: its counts are compared with this build's.
    var environment = ProcessInfo.processInfo.environment.filter {
      !["NOTIFICATION_BODY_WORK_METER", "NOTIFICATION_BODY_TEST_TARGETS"].contains($0.key)
    }
    if workMeter { environment["NOTIFICATION_BODY_WORK_METER"] = "1" }
    if lock.withLock({ removed }) {
      throw Failure(description: "\(path): the worktree was removed before the build")
    }
    var last: [String] = []
    var build = ChildCommand(
      "swift", ["build", "-c", "release", "--product", "notification-body", "--package-path", path])
    build.environment = environment
    let ended = builds.run(build) { line in
      last = Array((last + [line]).suffix(20))
      progress("\(self.purpose): build: " + line)
    }
    if lock.withLock({ removed }) {
      // Only the signal handler removes the worktree during the build: give
      // it the moment it needs to end the process as the signal would.
      usleep(1_000_000)
      throw Failure(description: "\(path): removed during the build")
    }
    guard ended.status == 0 else {
      throw Failure(
        description: "swift build of \(revision) (\(commit.prefix(12))) in \(path) "
          + (ended.startFailure.map { "could not start (\($0))" } ?? "failed")
          + "; the end of its output:\n" + last.map { "  | " + $0 }.joined(separator: "\n"))
    }
    let binary = path + "/.build/release/notification-body"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw Failure(description: "\(binary): not built by swift build")
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
    // SIGINT first, as from a terminal: SwiftPM then cancels the compilers
    // it started, each a group of its own.
    builds.killAll(interruptingFor: .seconds(10))
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

  /// The last lines of a command's output, for a message.
  private static func tail(_ output: String) -> String {
    output.split(separator: "\n").suffix(5).joined(separator: "\n")
  }
}
