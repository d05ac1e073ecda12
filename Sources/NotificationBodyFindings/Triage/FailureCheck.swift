import NotificationBodyHarness
import NotificationBodyProcess

/// The one answer to "does this build still fail on this input?", wherever
/// it is asked: a finding checked again in this process before it is
/// promoted, `notification-body recheck` (in its exit status), a regression
/// range's probe of another revision's build, a pull request's base, and
/// the replay of a saved failure.
///
///     FailureCheck(.withinLimit, target: .differential, bytes: artifact)
///     // .passes when the library keeps within-limit on the artifact here
package enum FailureCheck: Equatable, Sendable {
  /// The build still fails on the input.
  case fails
  /// It passes.
  case passes
  /// It cannot be told here; why.
  case cannotTell(String)

  /// Checks `invariant` with `Invariants.check` on `bytes` read as
  /// `FuzzInput` reads them, with the reference when `target` uses it.
  ///
  /// `linear-work` needs the work meter, built in only with
  /// `NOTIFICATION_BODY_WORK_METER=1`, and `no-leak` an allocation meter
  /// that hears allocations; without them the answer is `cannotTell`.
  ///
  /// - Complexity: One check of every invariant on the input.
  package init(_ invariant: Invariant, target: FuzzTarget, bytes: [UInt8]) {
    if invariant == .linearWork && !WorkMeter.isLive {
      self = .cannotTell(
        "linear-work is not checked again here: this notification-body has no work meter "
          + "(build it with NOTIFICATION_BODY_WORK_METER=1)")
      return
    }
    if invariant == .noLeak && !AllocationMeter.isLive {
      self = .cannotTell(
        "no-leak is not checked again here: this notification-body hears no allocations")
      return
    }
    let input = FuzzInput(bytes: bytes)
    let failures = Invariants.check(
      input.message, limit: input.limit, checkingCost: invariant.isCost,
      usingReference: target.usesReference)
    self = failures.contains { $0.invariant == invariant } ? .fails : .passes
  }

  /// `recheck`'s exit status for the answer: 0 passes, 1 fails, 2 cannot
  /// tell. Its help says so; a probe reads it back with `init(recheck:log:)`.
  package var exitStatus: Int32 {
    switch self {
    case .passes: 0
    case .fails: 1
    case .cannotTell: 2
    }
  }

  /// The answer of a `recheck` run, from its exit status alone; what it
  /// printed is only the reason when it cannot tell.
  ///
  /// - Parameter log: Where its output went, for a reason to point at.
  package init(recheck ended: ChildEnding, log: String) {
    switch ended.killedAtDeadline || ended.signal != nil ? -1 : ended.status {
    case 0: self = .passes
    case 1: self = .fails
    case 2:
      let last = ended.output.split(separator: "\n").last.map(String.init) ?? ""
      self = .cannotTell(last.isEmpty ? "its recheck could not tell; see \(log)" : last)
    default: self = .cannotTell("its recheck \(ended.ending); see \(log)")
    }
  }

  /// The answer of a libFuzzer binary's replay: it passes when the binary
  /// exits 0, fails when its output says why it did not, and cannot tell
  /// otherwise (a binary built before a fix, killed, or missing a library).
  package init(replay outcome: ChildEnding) {
    if outcome.passed {
      self = .passes
    } else if outcome.hasDiagnosis {
      self = .fails
    } else {
      self = .cannotTell("the fuzzer \(outcome.ending) without saying why")
    }
  }

  /// Several inputs' answer: fails when one fails, else cannot tell when
  /// one cannot, else passes.
  package static func combined(_ answers: [FailureCheck]) -> FailureCheck {
    if answers.contains(.fails) { return .fails }
    return answers.first { if case .cannotTell = $0 { true } else { false } } ?? .passes
  }
}
