import NotificationBody
import NotificationBodyFindings
import NotificationBodyReference
import NotificationBodySnapshot

/// One cause of mismatches: the smallest input the shrinker reached from
/// the cause's smallest input, what each side makes of it, and how many
/// inputs showed the cause.
package struct DiffFinding: Sendable {
  /// The input that shrank to `input`.
  package var source: InputSource
  /// That input's length in UTF-16 units, before shrinking.
  var originalUnits: Int
  /// The shrunk input, as the other side was sent it.
  package var input: String
  package var limit: NotificationBody.Limit
  /// The library's body for `input`.
  package var library: String
  /// The other side's body for `input`; empty for a failure.
  package var other: String
  /// The reference's body for `input`: what a fixture case must expect.
  package var reference: String
  /// What the finding is known by.
  package var cause: MismatchCause?
  /// How many inputs showed the cause, at one limit or more.
  package var occurrences: Int
  /// The other side's second answer for `input`, when it does not
  /// reproduce the mismatch (`Mismatch.answeredAgain`).
  var answeredAgain: String? = nil
  /// What the port did instead of answering, for a port that failed.
  package var failure: ExternalImplementation.Failure? = nil
  /// Whether `input` holds lone surrogates, each as its stand-in
  /// (`LoneSurrogates`): the fixture line writes each as its `\u` escape,
  /// the library's and reference's bodies read it as U+FFFD.
  package var loneSurrogates = false
}

/// What a `diff` run found.
package struct DiffOutcome: Sendable {
  /// How the report names the other side: `reference` or the quoted command.
  var otherName: String
  /// The `--against` command; nil when the other side is the reference.
  package var command: String?
  package var seed: UInt64
  package var count: Int
  package var limit: NotificationBody.Limit
  package var recheckLimit: NotificationBody.Limit
  package var counts: ComparedInputs.Counts
  /// Input and limit pairs on which the two sides differ.
  package var mismatches: Int
  /// Inputs on which they differ, at one limit or more.
  package var differingInputs: Int
  /// How many mismatches were grouped by cause: the first `groupedCap`.
  package var grouped: Int
  /// One finding per cause, the port's failure first, then in input order.
  package var findings: [DiffFinding]
  /// What stopped the run before every input: the port's failure, naming
  /// the input it failed on as it was generated or read.
  package var stoppedBy: String?
  package var stopped: Bool { stoppedBy != nil }
  /// How many input and limit pairs were compared.
  package var checked: Int
  package var elapsed: Duration
}

/// `diff`'s use of the comparison engine: every input checked, the first
/// `groupedCap` mismatches grouped by cause (`MismatchCause`), the
/// smallest input of each of the first `Comparison.shrinkCap` causes
/// shrunk, and causes that shrink to the same one merged; an input the
/// port gives no body for stops the run and is shrunk too.
package enum DiffRunner {
  /// The most mismatches grouped by cause; the rest are only counted.
  static let groupedCap = 2000

  /// Checks every input, groups the mismatches and shrinks each group.
  ///
  /// - Parameters:
  ///   - inputs: The run's inputs; consumed.
  ///   - other: What the library is compared with.
  ///   - progress: Receives a progress line now and then in a long run.
  /// - Returns: The counts and one finding per cause.
  /// - Throws: `FindingsError.failure` when an external implementation cannot
  ///   be started again.
  package static func run(
    _ inputs: inout ComparedInputs, against other: OtherSide, progress: (String) -> Void
  ) throws(FindingsError) -> DiffOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    let found = Comparison.run(&inputs, against: other, keep: groupedCap) {
      progress(
        "diff: \($0.checked)/\($0.total) inputs, \($0.mismatches) mismatches, \($0.perSecond)/s")
    }
    let external = other.command != nil
    var groups: [MismatchCause: [Mismatch]] = [:]
    var order: [MismatchCause] = []
    for mismatch in found.kept {
      let cause = cause(
        of: mismatch, reference: reference(of: mismatch, external: external), withRule: false)
      if groups[cause] == nil { order.append(cause) }
      groups[cause, default: []].append(mismatch)
    }
    var findings: [DiffFinding] = []
    if let stop = found.stoppedBy, case .external(let port) = other {
      if clock.now - start >= .seconds(2) {
        progress("diff: \(port.name) gave no body for \(stop.input.source): shrinking it")
      }
      findings.append(finding(for: try Comparison.shrink(stop, against: port)))
    }
    let shrinking = order.prefix(Comparison.shrinkCap).map { groups[$0]! }
    if !shrinking.isEmpty, clock.now - start >= .seconds(2) {
      progress(
        "diff: shrinking the smallest input of each of "
          + Displayed.counting(shrinking.count, "cause"))
    }
    findings += try shrunkFindings(of: shrinking, against: other)
    return DiffOutcome(
      otherName: otherName(other), command: other.command,
      seed: inputs.seed, count: inputs.counts.generated, limit: inputs.limit,
      recheckLimit: inputs.recheckLimit, counts: inputs.counts, mismatches: found.count,
      differingInputs: found.inputs, grouped: found.kept.count, findings: findings,
      stoppedBy: found.stoppedBy.map { stop in
        other.command.map { stop.error(naming: "--against '\($0)'").message } ?? ""
      }, checked: found.checked, elapsed: clock.now - start)
  }

  /// The smallest input of each group shrunk, groups whose inputs shrink
  /// to the same cause merged: one finding per cause.
  private static func shrunkFindings(
    of groups: [[Mismatch]], against other: OtherSide
  ) throws(FindingsError) -> [DiffFinding] {
    let external = other.command != nil
    let smallest = groups.map { members in
      members.min { $0.input.message.utf16.count < $1.input.message.utf16.count }!
    }
    let shrunk = try Comparison.shrink(smallest, against: other)
    var findings: [DiffFinding] = []
    var merged: [MismatchCause: Int] = [:]
    for (members, (original, small)) in zip(groups, zip(smallest, shrunk)) {
      let inputs = Set(members.map(\.input.source.description)).count
      let reference = reference(of: small, external: external)
      let cause = cause(of: small, reference: reference, withRule: true)
      if let index = merged[cause] {
        findings[index].occurrences += inputs
        continue
      }
      merged[cause] = findings.count
      findings.append(
        DiffFinding(
          source: original.input.source, originalUnits: original.input.sent.utf16.count,
          input: small.input.sent, limit: small.input.limit, library: small.library,
          other: small.other,
          reference: reference ?? small.other,
          cause: cause, occurrences: inputs, answeredAgain: small.answeredAgain,
          loneSurrogates: small.input.withLoneSurrogates != nil))
    }
    return findings
  }

  /// `reference`, `'<command>'` for `--against`, or the name the caller
  /// gave the process.
  private static func otherName(_ other: OtherSide) -> String {
    guard case .external(let external) = other else { return "reference" }
    return external.name.hasPrefix("--against ") ? "'\(external.command)'" : external.name
  }

  /// The reference's body of `mismatch`'s input when the other side is a
  /// port; nil when the other side is the reference itself.
  private static func reference(of mismatch: Mismatch, external: Bool) -> String? {
    let input = mismatch.input
    return external
      ? NotificationBodyReference.make(from: input.message, limit: input.limit.utf16Units) : nil
  }

  private static func cause(of mismatch: Mismatch, reference: String?, withRule: Bool)
    -> MismatchCause
  {
    let input = mismatch.input
    return MismatchCause(
      input: input.message, limit: input.limit, library: mismatch.library, other: mismatch.other,
      reference: reference, withRule: withRule)
  }

  /// The finding of a port's failure, shrunk.
  private static func finding(for failure: PortFailure) -> DiffFinding {
    let input = failure.input
    let original = failure.original ?? input
    return DiffFinding(
      source: original.source, originalUnits: original.sent.utf16.count, input: input.sent,
      limit: input.limit, library: NotificationBody.make(from: input.message, limit: input.limit),
      other: "",
      reference: NotificationBodyReference.make(from: input.message, limit: input.limit.utf16Units),
      occurrences: 1, failure: failure.failure, loneSurrogates: input.withLoneSurrogates != nil)
  }
}
