import NotificationBody
import NotificationBodyFixtures

extension SnapshotEntry {
  /// The entry of `input`: its body at each of its limits.
  ///
  /// - Complexity: One `NotificationBody.make` per limit.
  package init(_ input: SnapshotInput) {
    var bodies: [Int: String] = [:]
    for units in input.limits {
      bodies[units] = NotificationBody.make(
        from: input.message, limit: NotificationBody.Limit(utf16Units: units))
    }
    self.init(id: input.id, input: input.message, bodies: bodies)
  }
}

extension Snapshot {
  /// The snapshot of `inputs` as the library makes their bodies now.
  ///
  /// - Parameter inputs: Inputs with distinct ids.
  /// - Complexity: One `NotificationBody.make` per input and limit, on all
  ///   cores.
  package init(making inputs: [SnapshotInput]) {
    self.init(entries: inputs.concurrentMap(SnapshotEntry.init))
  }
}
