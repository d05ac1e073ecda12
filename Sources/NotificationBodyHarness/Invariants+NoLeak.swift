import NotificationBody

extension Invariants {
  /// 10. No leak: every block one call of `implementation` allocates is
  /// freed by the time it returns, its result included once dropped.
  ///
  ///     Invariants.leak(of: .library, on: "[a](b) `c`", limit: .default)  // nil
  ///
  /// A Notification Service Extension runs under a small memory limit, and
  /// a call that leaks leaks on every notification. The first call of a
  /// path may fill the runtime's one-time caches (type metadata made on
  /// first use), which are never freed; so a call that leaves blocks behind
  /// is made again, and only a call that leaves blocks behind twice leaks.
  ///
  /// - Returns: The failure, or `nil` when nothing leaked or when this
  ///   binary hears no allocations (`AllocationMeter.isLive`).
  package static func leak(
    of implementation: Implementation, on message: String, limit: NotificationBody.Limit
  ) -> InvariantFailure? {
    guard AllocationMeter.isLive else { return nil }
    let first = AllocationMeter.measure { makeAndDrop(implementation, message, limit) }
    guard first.liveBlocks > 0 else { return nil }
    let again = AllocationMeter.measure { makeAndDrop(implementation, message, limit) }
    guard again.liveBlocks > 0 else { return nil }
    return InvariantFailure(
      .noLeak,
      "\(implementation.name) leaves \(again.liveBlocks) of the \(again.allocations) blocks it "
        + "allocated (\(again.liveBytes) bytes) unfreed after a call, on every call")
  }

  /// Makes a body and drops it before returning, so the caller's reading
  /// ends after its release.
  @inline(never)
  private static func makeAndDrop(
    _ implementation: Implementation, _ message: String, _ limit: NotificationBody.Limit
  ) {
    _ = implementation.make(message, limit)
  }
}
