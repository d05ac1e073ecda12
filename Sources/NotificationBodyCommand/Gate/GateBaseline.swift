import Foundation
import NotificationBodyCost
import NotificationBodyFixtures
import NotificationBodyPorts
import NotificationBodyProcess
import NotificationBodySnapshot

/// `gate --baseline <rev>`: a worktree of another revision, its build, and
/// `diff --against` its `serve`, over the corpus, the fixture inputs and
/// generated messages. The report is the snapshot gate's: each kind of
/// change with its smallest input, the bodies it was (the baseline) and is
/// now (this build), and that input shrunk.
enum GateBaseline {
  /// How many messages are generated when `--count` is not given.
  static let defaultCount = 20_000
  /// How long the baseline's `serve` may take to answer one input, its
  /// start included.
  static let timeout: Duration = .seconds(30)

  /// Builds `revision` and compares it with this build's library.
  ///
  /// - Parameters:
  ///   - revision: A commit of the current directory's repository.
  ///   - seed: The generator's seed.
  ///   - count: How many messages to generate.
  ///   - inputs: The corpus and fixture inputs, each compared at its limits.
  ///   - listed: How many inputs of each kind of change to name; nil for all.
  ///   - countingCost: Whether to compare the two builds' instruction
  ///     counts too.
  ///   - thisBuild: The release build of this revision whose instructions
  ///     are counted: this process's own by default.
  ///   - progress: Receives progress lines.
  /// - Returns: The report, whether any body changed or a cost class grew
  ///   past the tolerance, and the cost comparison as a Markdown table.
  /// - Throws: `CommandError.failure` when the revision cannot be checked
  ///   out, built or run, or is too old to have `serve`. The worktree is
  ///   removed, and the baseline's `serve` killed, on every way out, SIGINT
  ///   and SIGTERM included.
  static func run(
    revision: String, seed: UInt64, count: Int, inputs: [SnapshotInput], listed: Int?,
    countingCost: Bool, thisBuild: String = ReleaseBuild.ownExecutable,
    progress: (String) -> Void
  ) throws(CommandError) -> (report: String, changed: Bool, markdown: String?) {
    let clock = ContinuousClock()
    let start = clock.now
    let worktree = try step {
      try RevisionWorktree(revision: revision, purpose: "gate", progress: progress)
    }
    let children = ChildProcessGroups()
    let watch = InterruptWatch(killing: children) { number in
      let name = number == SIGINT ? "SIGINT" : "SIGTERM"
      try? FileHandle.standardError.write(
        contentsOf: Data("gate: \(name): removing the worktree \(worktree.path)\n".utf8))
      worktree.remove()
    }
    defer {
      progress("gate: removing the worktree \(worktree.path)")
      worktree.remove()
      watch.cancel()
    }
    let binary = try build(worktree, progress: progress)
    let bodies = try compareBodies(
      binary: binary, inputs: inputs, seed: seed, count: count, children: children,
      progress: progress)
    var costLines: [String] = []
    var slower = false
    var markdown: String?
    if countingCost {
      let counting = clock.now
      let comparison = try compareCost(
        baseline: binary, thisBuild: thisBuild, revision: revision, inputs: inputs,
        children: children, progress: progress)
      progress("gate: counted both builds' instructions in \(seconds(clock.now - counting))")
      costLines = [comparison.report(before: revision, after: "this build")]
      slower = comparison.failed
      markdown = comparison.markdown(before: revision, after: "this build")
    }
    let groups = bodies.groups
    let changed = groups.count(.changed)
    var lines = groups.isEmpty ? [] : [groups.report(listing: listed, notes: bodies.notes)]
    if groups.groups.count > Comparison.shrinkCap {
      lines.append("(only the first \(Comparison.shrinkCap) kinds of change are shrunk)")
    }
    lines += summary(
      of: bodies.counts, changed: changed, kinds: groups.groups.count, revision: revision,
      commit: worktree.commit, seed: seed, took: clock.now - start)
    return ((costLines + lines).joined(separator: "\n"), changed > 0 || slower, markdown)
  }

  /// Builds the worktree's revision, and checks that it has `serve`.
  private static func build(
    _ worktree: RevisionWorktree, progress: (String) -> Void
  ) throws(CommandError) -> String {
    progress(
      "gate: building notification-body at \(worktree.revision) (release); this takes minutes")
    let clock = ContinuousClock()
    let built = clock.now
    let binary = try step { try worktree.build(progress: progress) }
    guard runToEnd([binary, "help", "serve"]).status == 0 else {
      throw .failure(
        "--baseline '\(worktree.revision)' is too old: its notification-body has no `serve` "
          + "(added in 87eb038), so its bodies cannot be asked for")
    }
    progress("gate: built in \(seconds(clock.now - built))")
    return binary
  }

  /// This build's bodies against the baseline's `serve`'s, over the inputs
  /// and `count` generated messages: each kind of change, its smallest input
  /// shrunk, and how many inputs of each kind were compared.
  private static func compareBodies(
    binary: String, inputs: [SnapshotInput], seed: UInt64, count: Int,
    children: ChildProcessGroups, progress: (String) -> Void
  ) throws(CommandError) -> (
    groups: SnapshotComparison, notes: [Int: [String]], counts: ComparedInputs.Counts
  ) {
    let baseline = try step {
      try ExternalImplementation(
        command: shellQuoted(binary) + " serve", timeout: timeout, name: "the baseline's serve",
        children: children)
    }
    defer { baseline.stop() }
    progress("gate: comparing through its `serve`, seed \(seed)")
    var compared = ComparedInputs(
      seed: seed, count: count, limit: .default, files: inputs.flatMap(\.atEachLimit),
      filesFirst: true)
    let found = Comparison.run(&compared, against: .external(baseline)) {
      progress(
        "gate: compared \($0.checked)/\($0.total) inputs, \($0.mismatches) differ, "
          + "\($0.perSecond)/s")
    }
    if let stop = found.stoppedBy { throw .failure(stop.error(naming: baseline.name).message) }
    let mismatches = found.kept
    let groups = Comparison.grouped(mismatches)
    let shrinking = min(groups.groups.count, Comparison.shrinkCap)
    if shrinking > 0 {
      progress("gate: shrinking \(shrinking) kind\(shrinking == 1 ? "" : "s") of change")
    }
    let notes = try step {
      try Comparison.shrunkLines(of: groups, from: mismatches, against: .external(baseline))
    }
    return (groups, notes, compared.counts)
  }

  /// The report's last two lines: what was compared, and the verdict.
  private static func summary(
    of counts: ComparedInputs.Counts, changed: Int, kinds: Int, revision: String,
    commit: String, seed: UInt64, took: Duration
  ) -> [String] {
    let limits = "\(Snapshot.secondLimit)"
    let verdict =
      changed == 0
      ? "no change"
      : "\(Displayed.counting(changed, "input")) changed in "
        + Displayed.counting(kinds, "kind of change", plural: "kinds of change")
    return [
      "gate: \(revision) (\(commit.prefix(12))) against this build: \(counts.total) "
        + "inputs compared (\(counts.corpus) corpus files and \(counts.fixtures) fixture cases "
        + "at 256, \(limits) and their own limit: \(counts.files); \(counts.generated) "
        + "generated at 256, \(counts.raised) of them again at \(limits))",
      "gate: \(verdict); was = \(revision), asked through its `serve`; now = this build; "
        + "seed \(seed); \(seconds(took))",
    ]
  }

  /// Counts both builds on the cost classes, the baseline's first, this
  /// build's from its own executable.
  private static func compareCost(
    baseline: String, thisBuild: String, revision: String, inputs: [SnapshotInput],
    children: ChildProcessGroups, progress: (String) -> Void
  ) throws(CommandError) -> CostComparison {
    let corpus = inputs.filter {
      if case .corpus = $0.origin { true } else { false }
    }
    let classes = CostClass.all(corpus: corpus)
    progress("gate: counting instructions of \(revision)'s build under callgrind")
    let before = try step {
      try CostCount.measure(
        binary: baseline, classes: classes, children: children, progress: progress)
    }
    progress("gate: counting instructions of this build under callgrind")
    let after = try step {
      try CostCount.measure(
        binary: thisBuild, classes: classes, children: children, progress: progress)
    }
    return CostComparison(before: before, after: after)
  }

  /// `12.3 s`.
  static func seconds(_ duration: Duration) -> String {
    String(format: "%.1f s", Displayed.seconds(duration))
  }
}
