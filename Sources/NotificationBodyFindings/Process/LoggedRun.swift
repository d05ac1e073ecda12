import Foundation
import NotificationBodyFixtures
import NotificationBodyProcess

/// One run of a program, its output going to a log, for at most a deadline;
/// then its process group is killed and the log read back. What a replay,
/// a minimization and a regression range's probe each run as.
///
///     let ended = LoggedRun(binary, ["recheck", input], log: log, deadline: .seconds(60),
///                           children: children)
///     ended.status  // -1 when a signal ended it or it could not start
package struct LoggedRun: Sendable {
  /// The exit status; -1 when it could not be started or a signal ended it.
  package var status: Int32
  /// Standard output and standard error, interleaved.
  package var output: String
  /// The signal that ended it, when one did.
  package var signal: Int32?
  /// Whether it ran past its deadline and was killed.
  package var killedAtDeadline: Bool

  /// Runs `path` with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: Its environment; this process's when nil.
  ///   - children: Where its process is recorded while it runs, so that
  ///     SIGINT and SIGTERM end it (`InterruptWatch`).
  package init(
    _ path: String, _ arguments: [String], log: String, deadline: Duration,
    environment: [String: String]? = nil, children: ChildProcessGroups
  ) {
    signal = nil
    killedAtDeadline = false
    // A new log gets 0666 less the umask, as every file the command makes.
    let descriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      status = -1
      output = "\(log): cannot be written (\(SystemError.reason(errno)))"
      return
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    if let environment { process.environment = environment }
    do {
      try children.start(process)
    } catch {
      status = -1
      output = "\(path) cannot be started (\(error))"
      return
    }
    let end = ContinuousClock.now + deadline
    var finished = ChildProcessGroups.hasExited(process)
    while !finished && ContinuousClock.now < end {
      usleep(10_000)
      finished = ChildProcessGroups.hasExited(process)
    }
    // Ends it at the deadline, and anything it left in its group either way.
    children.end(process)
    let exited = process.terminationReason == .exit
    status = exited ? process.terminationStatus : -1
    signal = exited ? nil : process.terminationStatus
    killedAtDeadline = !finished
    output =
      FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }
}
