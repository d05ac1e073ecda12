import Foundation
import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot

/// `gate --baseline <rev>`: compares this build's library with the one at
/// another revision, built in a temporary worktree, over the corpus, the
/// fixture inputs and generated messages, and shrinks each kind of change to
/// a small input with its body before and after.
enum GateBaseline {
  /// How many messages are generated when `--count` is not given.
  static let defaultCount = 20_000
  /// How many inputs go to the baseline at once.
  private static let batchSize = 256
  /// How often progress is told.
  private static let progressInterval: Duration = .seconds(2)

  /// An input on which the two libraries differ.
  struct Mismatch: Sendable {
    var input: DiffInput
    /// The baseline's body.
    var before: String
    /// This build's body.
    var after: String
  }

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
    var method: String
    var seed: UInt64
    var fixedInputs: Int
    var corpusFiles: Int
    var fixtureCases: Int
    var generated: DiffInputs.Counts
    var compared: Int
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
  ///   out, built or run. The worktree is removed on every way out,
  ///   SIGINT and SIGTERM included.
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
    let scratch = worktree.folder + "/inputs"
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let baseline = try BaselineBinary.start(binary: binary, scratch: scratch, revision: revision)
    defer { baseline.stop() }
    progress(
      "gate: built in \(seconds(clock.now - built)); comparing through \(baseline.method), "
        + "seed \(seed)")

    let fixed = inputs.flatMap { input in
      input.limits.map {
        DiffInput(
          source: source(of: input), message: input.message,
          limit: NotificationBody.Limit(utf16Units: $0))
      }
    }
    var generated = try DiffInputs(
      seed: seed, count: count, limit: .default, corpora: [], fixtureFiles: [])
    let total = fixed.count + generated.counts.total
    var compared = 0
    var mismatches: [Mismatch] = []
    let comparing = clock.now
    var lastTold = comparing
    var next = 0
    while true {
      var batch: [DiffInput]
      if next < fixed.count {
        batch = Array(fixed[next..<min(fixed.count, next + batchSize)])
        next += batch.count
      } else {
        batch = generated.nextBatch(size: batchSize)
      }
      if batch.isEmpty { break }
      let before = try baseline.bodies(for: batch)
      let after = batch.concurrentMap { NotificationBody.make(from: $0.message, limit: $0.limit) }
      for index in batch.indices where !Snapshot.same(before[index], after[index]) {
        mismatches.append(Mismatch(input: batch[index], before: before[index], after: after[index]))
      }
      compared += batch.count
      if clock.now - lastTold >= progressInterval {
        lastTold = clock.now
        let rate = Double(compared) / max(DiffRunner.seconds(clock.now - comparing), 0.001)
        progress(
          "gate: compared \(compared)/\(total) inputs, \(mismatches.count) differ, "
            + "\(Int(rate.rounded()))/s")
      }
    }

    var findings = group(mismatches)
    if !findings.isEmpty {
      let shrinking = min(findings.count, DiffRunner.shrinkCap)
      progress("gate: shrinking \(shrinking) kind\(shrinking == 1 ? "" : "s") of change")
    }
    for index in findings.indices.prefix(DiffRunner.shrinkCap) {
      findings[index].shrunk = try shrink(findings[index].mismatches[0], baseline: baseline)
      if let shrunk = findings[index].shrunk {
        findings[index].reference = NotificationBodyReference.make(
          from: shrunk.input.message, limit: shrunk.input.limit)
      }
    }
    return Outcome(
      revision: revision, commit: worktree.commit, method: baseline.method, seed: seed,
      fixedInputs: fixed.count, corpusFiles: inputs.count { $0.id.hasPrefix("corpus:") },
      fixtureCases: inputs.count { !$0.id.hasPrefix("corpus:") }, generated: generated.counts,
      compared: compared, findings: merged(findings), elapsed: clock.now - start)
  }

  /// Where a snapshot input came from, as `diff` names sources.
  private static func source(of input: SnapshotInput) -> DiffInput.Source {
    switch input.origin {
    case .corpus(let path): .corpus(path: path)
    case .fixture(let path, let index, let name): .fixture(path: path, index: index, name: name)
    }
  }

  /// The mismatches grouped by the signature of their change, the groups
  /// with the most inputs first, each group's inputs smallest first.
  private static func group(_ mismatches: [Mismatch]) -> [Finding] {
    var groups: [String: [Mismatch]] = [:]
    for mismatch in mismatches {
      groups[
        BodyEdit(from: mismatch.before, to: mismatch.after).signature.kind.description, default: []
      ].append(
        mismatch)
    }
    return groups.map { signature, members in
      Finding(
        signatures: [signature],
        mismatches: members.sorted {
          $0.input.message.utf16.count < $1.input.message.utf16.count
        })
    }.sorted {
      $0.mismatches.count != $1.mismatches.count
        ? $0.mismatches.count > $1.mismatches.count
        : $0.signatures[0].utf8.lexicographicallyPrecedes($1.signatures[0].utf8)
    }
  }

  /// `mismatch`'s input shrunk to a small one on which the two libraries
  /// still differ, with both bodies of it.
  private static func shrink(_ mismatch: Mismatch, baseline: BaselineBinary) throws(CommandError)
    -> Mismatch
  {
    let limit = mismatch.input.limit
    var failure: CommandError?
    func before(_ message: String) throws(CommandError) -> String {
      let input = DiffInput(source: mismatch.input.source, message: message, limit: limit)
      return try baseline.bodies(for: [input])[0]
    }
    let small = Shrinker.shrink(
      mismatch.input.message, maxEvaluations: DiffRunner.shrinkEvaluations
    ) { candidate in
      guard failure == nil else { return false }
      do throws(CommandError) {
        return !Snapshot.same(
          try before(candidate), NotificationBody.make(from: candidate, limit: limit))
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    var shrunk = mismatch
    shrunk.input.message = small
    shrunk.before = try before(small)
    shrunk.after = NotificationBody.make(from: small, limit: limit)
    return shrunk
  }

  /// The findings, those that shrank to the same input and limit as an
  /// earlier one folded into it.
  private static func merged(_ findings: [Finding]) -> [Finding] {
    struct Key: Hashable {
      var utf8: [UInt8]
      var limit: Int
    }
    var result: [Finding] = []
    var seen: [Key: Int] = [:]
    for finding in findings {
      guard let shrunk = finding.shrunk else {
        result.append(finding)
        continue
      }
      let key = Key(utf8: Array(shrunk.input.message.utf8), limit: shrunk.input.limit.utf16Units)
      if let index = seen[key] {
        result[index].signatures += finding.signatures
        result[index].mismatches += finding.mismatches
        continue
      }
      seen[key] = result.count
      result.append(finding)
    }
    return result
  }

  /// `12.3 s`.
  static func seconds(_ duration: Duration) -> String {
    String(format: "%.1f s", DiffRunner.seconds(duration))
  }
}
