import NotificationBodyFixtures

extension Snapshot {
  /// What recording the bodies of new inputs did.
  package enum Recording: Sendable, Equatable {
    /// Nothing was new; the snapshot holds this many inputs.
    case upToDate(Int)
    /// This many new inputs' bodies were added, and nothing else changed.
    case added(Int)
    /// Nothing was written: this many known inputs' bodies changed, or
    /// inputs are gone, which needs a person.
    case refused(Int)

    /// A line for a person, naming the snapshot.
    package func line(_ path: String) -> String {
      switch self {
      case .upToDate(let count): "gate: \(path) is up to date (\(count) inputs)"
      case .added(let count):
        "gate: wrote \(path): added the bodies of \(count) new input(s), changed nothing "
          + "else; commit it with the inputs."
      case .refused(let pending):
        "\(path): \(pending) change(s) besides added inputs; --accept-added accepts "
          + "only new inputs, so nothing was written. Review the report, then run "
          + "'\(acceptCommand)' if every change is intended."
      }
    }
  }

  /// Adds to the snapshot at `path` the bodies of the inputs `inputs` has
  /// and it has not, and nothing else: what fuzzing's new corpus inputs and
  /// fixture cases need, so `swift test` keeps passing after them. Refused,
  /// writing nothing, when a known input's body changed or an input is gone.
  ///
  /// - Parameters:
  ///   - inputs: Every input of the corpus and the fixture file now.
  ///   - old: The snapshot as it is; read from `path` when nil.
  ///   - path: The snapshot file.
  /// - Throws: `SnapshotError` when the snapshot cannot be read or written.
  package static func recordAdded(
    _ inputs: [SnapshotInput], to old: Snapshot? = nil, path: String
  ) throws(SnapshotError) -> Recording {
    var read = old
    if read == nil { read = try load(path: path) }
    guard let old = read else { return .upToDate(0) }
    let current = Snapshot(making: inputs)
    let comparison = SnapshotComparison(old: old, new: current)
    let pending =
      comparison.count(.changed) + comparison.count(.inputChanged) + comparison.count(.removed)
    guard pending == 0 else { return .refused(pending) }
    let known = Set(old.entries.map(\.id))
    let added = current.entries.filter { !known.contains($0.id) }
    guard !added.isEmpty else { return .upToDate(old.entries.count) }
    do {
      try writeAtomically(
        Array(Snapshot(entries: old.entries + added).fileContents.utf8), toPath: path)
    } catch {
      throw SnapshotError(description: "\(error)")
    }
    return .added(added.count)
  }
}
