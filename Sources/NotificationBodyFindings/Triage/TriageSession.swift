/// One fuzzing session as `Fuzz/fuzz` records it in
/// `Fuzz/artifacts/sessions/<target>.json`; only what the report shows.
package struct TriageSession: Codable, Sendable, Equatable {
  /// The seconds and jobs it was given: the report's budget.
  package var secondsRequested: Int?
  package var jobs: Int?
  package var seconds: Int?
  package var executions: Int?
  package var execsPerSecond: Int?
  package var cov: Int?
  package var ft: Int?
  package var corpusBefore: Int?
  package var corpusAfter: Int?
  package var exitCode: Int?
  package var newArtifacts: [String]?
  package var log: String?

  /// Whether the fuzzer failed without leaving an artifact to show why.
  package var failedWithoutArtifact: Bool {
    (exitCode ?? 0) != 0 && (newArtifacts ?? []).isEmpty
  }
}
