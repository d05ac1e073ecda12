/// One fuzzing session as `Fuzz/fuzz` records it in
/// `Fuzz/artifacts/sessions/<target>.json`; only what the report shows.
struct TriageSession: Codable, Sendable, Equatable {
  /// The seconds and jobs it was given: the report's budget.
  var secondsRequested: Int?
  var jobs: Int?
  var seconds: Int?
  var executions: Int?
  var execsPerSecond: Int?
  var cov: Int?
  var ft: Int?
  var corpusBefore: Int?
  var corpusAfter: Int?
  var exitCode: Int?
  var newArtifacts: [String]?
  var log: String?

  /// Whether the fuzzer failed without leaving an artifact to show why.
  var failedWithoutArtifact: Bool {
    (exitCode ?? 0) != 0 && (newArtifacts ?? []).isEmpty
  }
}
