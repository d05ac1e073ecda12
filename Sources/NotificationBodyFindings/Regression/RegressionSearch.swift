import Foundation
import NotificationBodyHarness
import NotificationBodyProcess
import NotificationBodySnapshot

/// The regression range of each cause a run found: which commit's library
/// first shows it, among the commits since a base.
///
///     let search = RegressionSearch(settings: .init(base: "origin/main"), logs: "Fuzz/artifacts/logs")
///     let ranges = search.run(causes) { print($0) }
///     ranges["body R5"]?.commit  // the first bad commit, in full
///
/// Each library state (`RegressionRange.States`) is built at most once, for
/// every cause: a worktree of HEAD, whose harness judges every revision,
/// gets the state's `Sources/NotificationBody` and is built in release with
/// the work meter (so linear-work can be checked), and the binary is kept
/// aside; then its `recheck` is asked about each cause's smallest input, at
/// its limit and with its invariant. A state whose library does not build
/// with this harness is skipped and said so. The newest state is not built
/// when a cause is shown in this process already and the working tree's
/// library is HEAD's.
///
/// The search runs on one thread; only `remove()` may be called from
/// another (a signal's cleanup), and the worktree it removes is behind a lock.
package final class RegressionSearch: @unchecked Sendable {
  /// Which commits to search.
  package struct Settings: Sendable {
    /// The range's base, assumed not to have a cause; when it is not an
    /// ancestor of HEAD, where HEAD branched from it (`git merge-base`).
    /// Nil for `commits` commits back from HEAD.
    package var base: String?
    /// How many commits back from HEAD the range reaches without `base`.
    package var commits: Int
    /// How long one probe may run before it is killed.
    package var probeSeconds: Int

    package init(base: String? = nil, commits: Int = 16, probeSeconds: Int = 60) {
      self.base = base
      self.commits = commits
      self.probeSeconds = probeSeconds
    }
  }

  /// One cause to search for.
  package struct Cause: Sendable {
    package var key: String
    package var target: FuzzTarget
    /// The invariant its input breaks, as the fuzzer named it.
    package var invariant: String
    /// Its smallest input, a fuzzer input file.
    package var input: String
    /// Whether this process's library showed it (a confirmed recheck).
    package var shownHere: Bool
  }

  /// What the search cost.
  package struct Cost: Codable, Sendable, Equatable {
    /// Release builds started, and how many failed.
    package var builds = 0
    package var failedBuilds = 0
    /// Probes run, each one `recheck` of one input.
    package var probes = 0
    package var seconds = 0.0
  }

  package let settings: Settings
  private let logs: String
  private let children: ChildProcessGroups
  /// The worktree the states are built in, made at the first build.
  private var worktree: RevisionWorktree? {
    get { lock.withLock { shared } }
    set { lock.withLock { shared = newValue } }
  }
  private var shared: RevisionWorktree?
  private let lock = NSLock()
  /// Each state's built binary, or why it has none, by its first commit.
  private var built: [String: Result<String, FindingsError>] = [:]
  private(set) package var cost = Cost()

  /// - Parameters:
  ///   - logs: Where each probe's output goes.
  ///   - children: Where probes are recorded while they run.
  package init(settings: Settings, logs: String, children: ChildProcessGroups) {
    self.settings = settings
    self.logs = logs
    self.children = children
  }

  deinit {
    worktree?.remove()
  }

  /// Removes the worktree and its builds; also safe from a signal's cleanup.
  package func remove() {
    worktree?.remove()
  }

  /// Searches the range for each of `causes`.
  ///
  /// - Returns: Each cause's range, by its key.
  /// - Throws: `FindingsError.failure` when the range cannot be listed:
  ///   no git repository, or a base that names no commit.
  package func run(
    _ causes: [Cause], progress: (String) -> Void
  ) throws(FindingsError) -> [String: RegressionRange] {
    let clock = ContinuousClock()
    let start = clock.now
    defer { cost.seconds = Displayed.seconds(clock.now - start) }
    let states = try listStates()
    let libraryClean = Self.git(["diff", "--quiet", "HEAD", "--", RevisionWorktree.libraryFolder])
    progress(
      "==> regression range: \(states.rangeCommits) commit\(states.rangeCommits == 1 ? "" : "s") "
        + "since \(states.commits[0].prefix(12)), \(states.commits.count - 1) of them changing "
        + "the library; \(causes.count) cause\(causes.count == 1 ? "" : "s") to place")
    var ranges: [String: RegressionRange] = [:]
    for cause in causes {
      if let why = Self.unsearchable(cause.invariant) {
        ranges[cause.key] = RegressionRange(
          verdict: .notSearched, base: states.commits[0], commits: states.rangeCommits,
          libraryChanges: states.commits.count - 1, probes: [], reason: why)
        continue
      }
      let newest = states.commits.count - 1
      let range = RegressionRange.search(states, subject: Self.subject) { index in
        if index == newest, cause.shownHere, libraryClean.status == 0 { return .fails }
        return probe(cause, at: states.commits[index], progress: progress)
      }
      progress("==> cause \(cause.key): " + range.line)
      ranges[cause.key] = range
    }
    return ranges
  }

  /// Why a cause with `invariant` cannot be probed in a build, or nil.
  static func unsearchable(_ invariant: String) -> String? {
    guard let known = Invariant(rawValue: invariant) else {
      return "\(invariant) is no invariant a build's `recheck` can check: only a fuzzer build "
        + "replays it"
    }
    return known == .noLeak ? "no-leak needs the fuzzer build's allocation meter" : nil
  }

  /// The library states from the base to HEAD.
  private func listStates() throws(FindingsError) -> RegressionRange.States {
    guard Self.git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]).status == 0 else {
      throw .failure(
        "\(FileManager.default.currentDirectoryPath): not in a git repository with a commit; "
          + "a regression range searches its history")
    }
    let base: String
    if let named = settings.base {
      let resolved = Self.git(["merge-base", "HEAD", named])
      guard resolved.status == 0 else {
        throw .failure("'\(named)': names no commit that HEAD shares history with")
      }
      base = resolved.output
    } else {
      let count = Int(Self.git(["rev-list", "--first-parent", "--count", "HEAD"]).output) ?? 1
      base = Self.git(["rev-parse", "HEAD~\(min(settings.commits, count - 1))"]).output
    }
    let lines = Self.git(["rev-list", "--first-parent", "--reverse", "--parents", base + "..HEAD"])
      .output.split(separator: "\n")
    var commits = [base]
    var parents = [""]
    var tree = Self.libraryTree(of: base)
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      guard let commit = words.first else { continue }
      let next = Self.libraryTree(of: commit)
      guard next != tree else { continue }
      tree = next
      commits.append(commit)
      parents.append(words.count > 1 ? words[1] : "")
    }
    return RegressionRange.States(commits: commits, parents: parents, rangeCommits: lines.count)
  }

  /// The cause's answer with `commit`'s library: its build's `recheck`,
  /// read from its exit status.
  private func probe(
    _ cause: Cause, at commit: String, progress: (String) -> Void
  ) -> FailureCheck {
    let binary: String
    switch build(commit, progress: progress) {
    case .success(let path): binary = path
    case .failure(let error): return .cannotTell(error.message)
    }
    cost.probes += 1
    let log = logs + "/range-\(commit.prefix(12))-\(cause.target.rawValue).log"
    let ended = children.run(
      ChildCommand(
        binary,
        [
          "recheck", "--target", cause.target.rawValue, "--invariant", cause.invariant, cause.input,
        ],
        output: .log(log)),
      deadline: .seconds(settings.probeSeconds))
    return FailureCheck(recheck: ended, log: log)
  }

  /// `commit`'s library built with HEAD's harness, once: the binary's path.
  private func build(
    _ commit: String, progress: (String) -> Void
  ) -> Result<String, FindingsError> {
    if let known = built[commit] { return known }
    let result = Result { () throws(FindingsError) -> String in
      let worktree: RevisionWorktree
      do throws(RevisionWorktree.Failure) {
        if let existing = self.worktree {
          worktree = existing
        } else {
          worktree = try RevisionWorktree(revision: "HEAD", purpose: "range", progress: progress)
          self.worktree = worktree
        }
        try worktree.checkOutLibrary(of: commit)
      } catch {
        throw .failure(error.description)
      }
      cost.builds += 1
      progress(
        "==> range: building the library of \(commit.prefix(12)) (\(Self.subject(commit))) "
          + "with HEAD's harness, release with the work meter (build \(cost.builds))")
      let binary: String
      do throws(RevisionWorktree.Failure) {
        // SwiftPM's step lines only ("[12/40] Compiling …"): a line each
        // few seconds while the build runs, its errors in the message.
        binary = try worktree.build(workMeter: true) { line in
          if line.hasPrefix("[") { progress("range: build: " + line) }
        }
      } catch {
        cost.failedBuilds += 1
        progress("==> range: \(commit.prefix(12)) does not build; skipped, never counted clean")
        throw .failure("its library does not build with HEAD's harness: \(error)")
      }
      let kept = worktree.folder + "/notification-body-\(commit.prefix(12))"
      try? FileManager.default.removeItem(atPath: kept)
      do {
        try FileManager.default.copyItem(atPath: binary, toPath: kept)
      } catch {
        throw .failure("\(kept): cannot be written (\(error))")
      }
      return kept
    }
    built[commit] = result
    return result
  }

  /// The tree of `commit`'s library folder; empty when it has none.
  private static func libraryTree(of commit: String) -> String {
    git(["rev-parse", "--verify", "--quiet", commit + ":" + RevisionWorktree.libraryFolder]).output
  }

  /// `commit`'s subject line.
  static func subject(_ commit: String) -> String {
    git(["log", "-1", "--format=%s", commit]).output
  }

  /// `git` with `arguments`: its status and its output, trimmed.
  private static func git(_ arguments: [String]) -> (status: Int32, output: String) {
    let run = runToEnd(["git"] + arguments, separateErrors: true)
    return (run.status, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

extension RegressionRange {
  /// The answer in a line: "brought by 1a2b3c4d5e6f (Cap: …); its parent
  /// 0f9e8d7c6b5a does not show it".
  package var line: String {
    switch verdict {
    case .found:
      "brought by \((commit ?? "").prefix(12)) (\(subject ?? "")); its parent "
        + "\((parent ?? "").prefix(12)) does not show it (\(probes.count) probe\(probes.count == 1 ? "" : "s"))"
    case .older:
      "older than the range: the base \(base.prefix(12)) shows it already"
    case .notShown, .notSearched:
      "\(verdict.rawValue): \(reason ?? "")"
    case .ambiguous:
      "one of \((candidates ?? []).map { String($0.prefix(12)) }.joined(separator: ", ")): "
        + (reason ?? "")
    }
  }
}
