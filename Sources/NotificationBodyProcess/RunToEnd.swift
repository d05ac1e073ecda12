import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

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
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let output = Pipe()
  let errors = separateErrors ? Pipe() : output
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  do {
    try process.run()
  } catch {
    return (-1, "", "\(arguments[0]) cannot be started (\(error))")
  }
  let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
  let errorData =
    separateErrors ? (try? errors.fileHandleForReading.readToEnd()) ?? Data() : Data()
  process.waitUntilExit()
  let status = process.terminationReason == .exit ? process.terminationStatus : -1
  return (
    status, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
  )
}

/// `text` quoted for `/bin/sh`.
package func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
