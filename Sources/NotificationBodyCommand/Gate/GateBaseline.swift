import Foundation
import NotificationBody
import NotificationBodyReference
import NotificationBodySnapshot

/// `gate --baseline <rev>`: compares this build's library with the one at
/// another revision, built in a temporary worktree and asked through its
/// `serve`, over the corpus, the fixture inputs and generated messages, and
/// shrinks each kind of change to a small input with its body before and
/// after. The comparison is `diff`'s engine with the baseline as the other
/// side; what is the gate's own is grouping the mismatches by kind of change.
enum GateBaseline {
  /// How many messages are generated when `--count` is not given.
  static let defaultCount = 20_000
  /// How long the baseline's `serve` may take to answer one input, its
  /// start included.
  static let timeout: Duration = .seconds(30)
  /// How the report names the way the baseline was asked.
  static let method = "its `serve`"

  /// One kind of change: the inputs whose bodies changed the same way (by
  /// `BodyEdit` signature), the smallest of them shrunk.
  struct Finding: Sendable {
    var signatures: [String]
    /// The inputs, smallest first.
    var mismatches: [Mismatch]
    /// The smallest input shrunk, and the bodies of that; nil when the
    /// shrink cap was reached before this finding.
    var shrunk: Mismatch?
    /// The reference's body of the shrunk input.
    var reference: String?
  }

  /// What a comparison found.
  struct Outcome: Sendable {
    var revision: String
    var commit: String
    var seed: UInt64
    var counts: ComparedInputs.Counts
    var findings: [Finding]
    var elapsed: Duration

    var mismatches: Int { findings.reduce(0) { $0 + $1.mismatches.count } }
  }

  /// Builds `revision` and compares it with this build's library.
  ///
  /// - Parameters:
  ///   - revision: A commit of the current directory's repository.
  ///   - seed: The generator's seed.
  ///   - count: How many messages to generate.
  ///   - inputs: The corpus and fixture inputs, each compared at its limits.
  ///   - progress: Receives progress lines.
  /// - Returns: The kinds of change found.
  /// - Throws: `CommandError.failure` when the revision cannot be checked
  ///   out, built or run, or is too old to have `serve`. The worktree is
  ///   removed on every way out, SIGINT and SIGTERM included.
  static func run(
    revision: String, seed: UInt64, count: Int, inputs: [SnapshotInput],
    progress: (String) -> Void
  ) throws(CommandError) -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    let worktree = try BaselineWorktree(revision: revision, progress: progress)
    let watch = InterruptWatch { number in
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
    progress("gate: building notification-body at \(revision) (release); this takes minutes")
    let built = clock.now
    let binary = try worktree.build(progress: progress)
    guard runToEnd([binary, "help", "serve"]).status == 0 else {
      throw .failure(
        "--baseline '\(revision)' is too old: its notification-body has no `serve` (added in "
          + "87eb038), so its bodies cannot be asked for")
    }
    let baseline = try ExternalImplementation(
      command: shellQuoted(binary) + " serve", timeout: timeout, name: "the baseline's serve")
    defer { baseline.stop() }
    progress(
      "gate: built in \(seconds(clock.now - built)); comparing through \(method), seed \(seed)")

    var compared = ComparedInputs(
      seed: seed, count: count, limit: .default, files: inputs.flatMap(\.atEachLimit),
      filesFirst: true)
    let (_, mismatches) = try Comparison.run(&compared, against: .external(baseline)) {
      progress(
        "gate: compared \($0.checked)/\($0.total) inputs, \($0.mismatches) differ, "
          + "\($0.perSecond)/s")
    }

    var findings = group(mismatches)
    let shrinking = min(findings.count, Comparison.shrinkCap)
    if shrinking > 0 {
      progress("gate: shrinking \(shrinking) kind\(shrinking == 1 ? "" : "s") of change")
    }
    let shrunk = try Comparison.shrink(
      findings.prefix(shrinking).map { $0.mismatches[0] }, against: .external(baseline))
    for (index, small) in shrunk.enumerated() {
      findings[index].shrunk = small
      findings[index].reference = NotificationBodyReference.make(
        from: small.input.message, limit: small.input.limit.utf16Units)
    }
    return Outcome(
      revision: revision, commit: worktree.commit, seed: seed, counts: compared.counts,
      findings: merged(findings), elapsed: clock.now - start)
  }

  /// The mismatches grouped by the signature of their change, the groups
  /// with the most inputs first, each group's inputs smallest first.
  private static func group(_ mismatches: [Mismatch]) -> [Finding] {
    EditSignature.grouped(mismatches) {
      BodyEdit(from: $0.before, to: $0.after).signature.kind.description
    }.map { kind, members in
      Finding(
        signatures: [kind],
        mismatches: members.sorted {
          $0.input.message.utf16.count < $1.input.message.utf16.count
        })
    }
  }

  /// The findings, those that shrank to the same input and limit as an
  /// earlier one folded into it.
  private static func merged(_ findings: [Finding]) -> [Finding] {
    var result: [Finding] = []
    var seen: [Mismatch.Key: Int] = [:]
    for finding in findings {
      guard let shrunk = finding.shrunk else {
        result.append(finding)
        continue
      }
      if let index = seen[shrunk.key] {
        result[index].signatures += finding.signatures
        result[index].mismatches += finding.mismatches
        continue
      }
      seen[shrunk.key] = result.count
      result.append(finding)
    }
    return result
  }

  /// `12.3 s`.
  static func seconds(_ duration: Duration) -> String {
    String(format: "%.1f s", Displayed.seconds(duration))
  }
}

extension Mismatch {
  /// The baseline's body, in `gate --baseline`.
  var before: String { other }
  /// This build's body, in `gate --baseline`.
  var after: String { library }
}
