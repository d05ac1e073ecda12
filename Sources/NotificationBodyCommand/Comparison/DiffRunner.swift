import NotificationBody
import NotificationBodyReference
import NotificationBodySnapshot

/// One distinct mismatch: the smallest input the shrinker reached, what each
/// side makes of it, and the first input that shrank to it.
struct DiffFinding: Sendable {
  /// The first mismatching input that shrank to `input`.
  var source: InputSource
  /// That input's length in UTF-16 units, before shrinking.
  var originalUnits: Int
  /// The shrunk input.
  var input: String
  var limit: NotificationBody.Limit
  /// The library's body for `input`.
  var library: String
  /// The other side's body for `input`.
  var other: String
  /// The reference's body for `input`: what a fixture case must expect.
  var reference: String
  /// How many of the shrunk mismatches shrank to `input`.
  var occurrences: Int
  /// The other side's second answer for `input`, when it does not
  /// reproduce the mismatch (`Mismatch.answeredAgain`).
  var answeredAgain: String? = nil
}

/// What a `diff` run found.
struct DiffOutcome: Sendable {
  /// How the report names the other side: `reference` or the quoted command.
  var otherName: String
  /// The `--against` command; nil when the other side is the reference.
  var command: String?
  var seed: UInt64
  var count: Int
  var limit: NotificationBody.Limit
  var recheckLimit: NotificationBody.Limit
  var counts: ComparedInputs.Counts
  /// Inputs on which the two sides differ.
  var mismatches: Int
  /// How many of those were shrunk: the first `Comparison.shrinkCap`.
  var shrunk: Int
  /// The shrunk mismatches, one per distinct shrunk input, in input order.
  var findings: [DiffFinding]
  var elapsed: Duration
}

/// `diff`'s use of the comparison engine: every input checked, the first
/// `Comparison.shrinkCap` mismatches shrunk, one finding per distinct
/// shrunk input.
enum DiffRunner {
  /// Checks every input and shrinks the first mismatches.
  ///
  /// - Parameters:
  ///   - inputs: The run's inputs; consumed.
  ///   - other: What the library is compared with.
  ///   - progress: Receives a progress line now and then in a long run.
  /// - Returns: The counts and the distinct shrunk mismatches.
  /// - Throws: `CommandError.failure` when an external implementation fails.
  static func run(
    _ inputs: inout ComparedInputs, against other: OtherSide, progress: (String) -> Void
  ) throws(CommandError) -> DiffOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    let (count, first) = try Comparison.run(
      &inputs, against: other, keep: Comparison.shrinkCap
    ) {
      progress(
        "diff: \($0.checked)/\($0.total) inputs, \($0.mismatches) mismatches, \($0.perSecond)/s")
    }
    if !first.isEmpty, clock.now - start >= .seconds(2) {
      progress("diff: shrinking \(first.count) mismatches")
    }
    let shrunk = try Comparison.shrink(first, against: other)
    var findings: [DiffFinding] = []
    var seen: [Mismatch.Key: Int] = [:]
    for (mismatch, small) in zip(first, shrunk) {
      if let index = seen[small.key] {
        findings[index].occurrences += 1
        continue
      }
      seen[small.key] = findings.count
      let reference: String
      if case .reference = other {
        reference = small.other
      } else {
        reference = NotificationBodyReference.make(
          from: small.input.message, limit: small.input.limit.utf16Units)
      }
      findings.append(
        DiffFinding(
          source: mismatch.input.source, originalUnits: mismatch.input.message.utf16.count,
          input: small.input.message, limit: small.input.limit, library: small.library,
          other: small.other, reference: reference, occurrences: 1,
          answeredAgain: small.answeredAgain))
    }
    return DiffOutcome(
      otherName: other.command.map { "'\($0)'" } ?? "reference", command: other.command,
      seed: inputs.seed, count: inputs.counts.generated, limit: inputs.limit,
      recheckLimit: inputs.recheckLimit, counts: inputs.counts, mismatches: count,
      shrunk: first.count, findings: findings, elapsed: clock.now - start)
  }
}
