/// Why a step of triage, promotion or a comparison with a port stopped: a
/// message naming the file, the fuzzer or the port and what was wrong, which
/// the command prints after "Error: ".
package enum FindingsError: Error, Sendable {
  case failure(String)

  /// The message.
  package var message: String {
    switch self {
    case .failure(let message): message
    }
  }
}
