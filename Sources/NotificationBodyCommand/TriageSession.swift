/// One fuzzing session as `Fuzz/fuzz` records it in
/// `Fuzz/artifacts/sessions/<target>.json`; only what the report shows.
struct TriageSession: Codable, Sendable, Equatable {
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

  enum CodingKeys: String, CodingKey {
    case seconds, executions, cov, ft, log
    case execsPerSecond = "execs_per_second"
    case corpusBefore = "corpus_before"
    case corpusAfter = "corpus_after"
    case exitCode = "exit_code"
    case newArtifacts = "new_artifacts"
  }

  /// Whether the fuzzer failed without leaving an artifact to show why.
  var failedWithoutArtifact: Bool {
    (exitCode ?? 0) != 0 && (newArtifacts ?? []).isEmpty
  }
}
