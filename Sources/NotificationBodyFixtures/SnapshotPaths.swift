/// Where the gate finds its inputs and its snapshot by default, relative to
/// the repository's root: the one place to change when a folder moves.
package enum SnapshotPaths {
  /// The fuzz corpus, read recursively: one fuzzer input a file, as
  /// `FuzzInput(bytes:)` reads it, in a folder per fuzz target.
  package static let corpus = "corpus"
  /// The shared contract fixtures, whose case inputs the snapshot holds too.
  package static let fixtures = FixtureFile.contractPath
  /// The snapshot of every input's bodies that `notification-body gate --accept`
  /// writes and `swift test` checks.
  package static let snapshot = "test-fixtures/corpus-bodies.json"
}
