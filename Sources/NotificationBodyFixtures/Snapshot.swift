import NotificationBody

/// One input's line of the snapshot: its id, its message and its body at
/// each of its limits.
package struct SnapshotEntry: Sendable {
  /// `corpus:<sha1>` or `fixture:<case name>`, as `SnapshotInput.id`.
  package var id: String
  package var input: String
  /// The body at each limit, in UTF-16 units.
  package var bodies: [Int: String]

  package init(id: String, input: String, bodies: [Int: String]) {
    self.id = id
    self.input = input
    self.bodies = bodies
  }

  /// The key of the body at `limit` in the file: `body` at the default
  /// limit, `body1000` at 1000 units.
  package static func key(forLimit limit: Int) -> String {
    limit == NotificationBody.Limit.default.utf16Units ? "body" : "body\(limit)"
  }

  /// The limit a file key names, or nil when it names none.
  package static func limit(forKey key: String) -> Int? {
    guard key.hasPrefix("body") else { return nil }
    let digits = key.dropFirst(4)
    if digits.isEmpty { return NotificationBody.Limit.default.utf16Units }
    guard digits.first != "0", digits.allSatisfy(\.isASCII), let limit = Int(digits),
      limit > NotificationBody.Limit.default.utf16Units
    else { return nil }
    return limit
  }
}

/// Every input's bodies, one entry per input, sorted by id: what
/// `test-fixtures/corpus-bodies.json` holds, read and written here as every
/// kept file is (`NotificationBodySnapshot` makes and compares them).
///
///     let inputs = try SnapshotInput.load(corpus: "corpus", fixtures: nil)
///     let snapshot = Snapshot(making: inputs)
///     try Data(snapshot.fileContents.utf8).write(to: url)
package struct Snapshot: Sendable {
  /// The limit every input's body is made at beside the default (and its
  /// own): `"body1000"` in the file.
  package static let secondLimit = 1000

  /// The entries, sorted by the UTF-8 of their ids, which are distinct.
  package private(set) var entries: [SnapshotEntry]

  /// A snapshot of `entries`, put in order.
  ///
  /// - Precondition: No two entries have the same id.
  package init(entries: [SnapshotEntry]) {
    self.entries = entries.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

}
