/// Why the gate could not read its inputs or its snapshot, naming the file.
package struct SnapshotError: Error, Sendable, CustomStringConvertible {
  /// "path: problem", in the shape of `FixtureError`.
  package var description: String

  package init(description: String) {
    self.description = description
  }
}
