import NotificationBodyFixtures
import NotificationBodyHarness

/// What this process finds of an invariant a fuzzer trapped on, checked
/// again here before the finding is promoted: a fuzzer built before a fix
/// still traps on inputs the library now passes.
///
///     InvariantRecheck(.withinLimit, target: .differential, bytes: artifact)
///     // .holds when the library keeps within-limit on the artifact here
package enum InvariantRecheck: Equatable, Sendable {
  /// The library breaks the invariant here too.
  case confirmed
  /// The library keeps it here.
  case holds
  /// It cannot be checked in this process; the reason.
  case unconfirmed(String)

  /// Checks `invariant` with `Invariants.check` on `bytes` read as
  /// `FuzzInput` reads them, with the reference when `target` uses it.
  ///
  /// `linear-work` needs the work meter, built in only with
  /// `NOTIFICATION_BODY_WORK_METER=1`, and `no-leak` an allocation meter
  /// that hears allocations; without them the finding is `unconfirmed`.
  ///
  /// - Complexity: One check of every invariant on the input.
  package init(_ invariant: Invariant, target: FuzzTarget, bytes: [UInt8]) {
    if invariant == .linearWork && !WorkMeter.isLive {
      self = .unconfirmed(
        "linear-work is not checked again here: this notification-body has no work meter "
          + "(build it with NOTIFICATION_BODY_WORK_METER=1)")
      return
    }
    if invariant == .noLeak && !AllocationMeter.isLive {
      self = .unconfirmed(
        "no-leak is not checked again here: this notification-body hears no allocations")
      return
    }
    let input = FuzzInput(bytes: bytes)
    let failures = Invariants.check(
      input.message, limit: input.limit, checkingCost: invariant.isCost,
      usingReference: target.usesReference)
    self = failures.contains { $0.invariant == invariant } ? .confirmed : .holds
  }
}
