import NotificationBodyHarness
import NotificationBodyText

/// What `notification-body triage` found about one artifact, as a line of
/// `fuzz-report.json`'s `findings`.
package struct TriageFinding: Codable, Sendable, Equatable {
  /// What became of the artifact.
  package enum Status: String, Codable, Sendable {
    /// It passes when replayed.
    case notReproduced = "not reproduced"
    /// Its input already is a fixture case or a saved failure.
    case known
    /// Enough artifacts of its invariant were minimized in this run.
    case skipped
    /// Its minimized bytes break the same invariant as an earlier artifact's.
    case duplicate
    /// None of the above: it was promoted, or tried to be.
    case new
    /// The replay failed without saying why (no sanitizer report, libFuzzer
    /// error or trap), or ran past its deadline: nothing was promoted.
    case fuzzerError = "fuzzer error"
    /// The fuzzer trapped on an invariant that the library keeps on the
    /// input in this process: nothing was promoted.
    case holdsInProcess = "holds in process"
  }

  package var target: String
  /// Its path.
  package var artifact: String
  /// What libFuzzer saved it as: `crash`, `timeout`, `oom`, `slow-unit` or `leak`.
  package var kind: String
  package var size: Int
  /// The broken invariant's name, or what went wrong instead (`asan-…`,
  /// `timeout`, `oom`, `fatal-error`, the kind).
  package var invariant: String
  /// The trap message or the line that names the failure; empty when none.
  package var trap: String
  package var status: Status
  /// Why the status, or where it was promoted to.
  package var detail: String?
  /// The SHA-1 of the bytes the status is about.
  package var sha1: String?
  /// The message's limit, in UTF-16 units.
  package var limit: Int?
  /// "UTF-8" or "UTF-16LE", as the first byte says.
  package var encoding: String?
  /// The message, as a fixture case would hold it.
  package var message: String?
  /// `message` as a JSON string literal with invisible characters escaped.
  package var messageEscaped: String?
  /// Where the minimized bytes are.
  package var minimized: String?
  package var minimizedSize: Int?
  /// The invariant the artifact broke before minimizing, when minimizing
  /// found another.
  package var originalInvariant: String?
  /// Whether promoting worked; only for a new finding.
  package var promoted: Bool?
  /// Where its input was saved as a failure, when promoted.
  package var saved: String?
  /// Whether the promotion saved the input as a failure only, with no
  /// fixture case (a cost finding, or one whose body is the reference's).
  package var savedOnly: Bool?
  /// Why the invariant could not be checked again in process, when it
  /// could not: the finding stands on the fuzzer's word alone.
  package var unconfirmed: String?
  /// Its cause's key (`FindingCause`): artifacts with one cause are one
  /// finding, promoted once.
  package var cause: String?
  /// The contract's rule of its cause, "R5", when known.
  package var rule: String?
  /// What differs, or how the work grows and where, in one line.
  package var summary: String?

  /// Records `candidate` as the input the finding is about.
  package mutating func describe(_ candidate: Promotion.Candidate) {
    sha1 = candidate.hash
    limit = candidate.bodyLimit.utf16Units
    encoding = FuzzInput.Encoding(of: candidate.bytes).rawValue
    message = candidate.input
    messageEscaped = Escaped.json(candidate.input)
  }
}
