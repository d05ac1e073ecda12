/// Why a step of triage or promotion stopped: a message naming the file or
/// the fuzzer and what was wrong, which the command prints after "Error: ".
package enum FindingsError: Error, Sendable {
  case failure(String)

  /// The message.
  package var message: String {
    switch self {
    case .failure(let message): message
    }
  }
}
