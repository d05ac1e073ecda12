import Foundation

/// Runs a command found on `PATH` to its end.
///
/// - Parameters:
///   - arguments: The command and its arguments.
///   - separateErrors: Whether standard error is kept apart, in `errors`;
///     else it goes to `output` with standard output. Kept apart, it is read
///     after standard output ends, so it must fit in a pipe's buffer.
/// - Returns: Its exit status (-1 when it could not be started or ended by
///   a signal), its standard output and its standard error.
package func runToEnd(_ arguments: [String], separateErrors: Bool = false) -> (
  status: Int32, output: String, errors: String
) {
  let ended = ChildProcessGroups().run(
    ChildCommand(
      arguments[0], Array(arguments.dropFirst()), output: separateErrors ? .keptApart : .kept))
  if let failure = ended.startFailure {
    return (-1, "", "\(arguments[0]) cannot be started (\(failure))")
  }
  return (ended.status, ended.output, ended.errors)
}

/// `text` quoted for `/bin/sh`.
package func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
