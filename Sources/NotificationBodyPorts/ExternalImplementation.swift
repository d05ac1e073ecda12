import Foundation
import NotificationBody
import NotificationBodyProcess
import NotificationBodySnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another platform's implementation of the contract, run once as a child
/// process that speaks docs/against-protocol.md: a request line in on its
/// standard input, an answer line out on its standard output.
///
///     let port = try ExternalImplementation(
///       command: "python3 port.py", timeout: .seconds(5), children: children)
///     defer { port.stop() }
///     let body = try port.body(for: "Hello **world**", limit: .default)
///
/// Everything happens on the caller's thread with `poll(2)`: the request is
/// written, the answer read and the child's standard error drained together,
/// against one deadline, so a child that stops reading, stops answering or
/// floods standard error can't block the run. The child is its own process
/// group (Foundation's `Process` spawns it so), and `stop()` kills that whole
/// group, so nothing the command started outlives the run; a signal's
/// cleanup does the same through `children` (`InterruptWatch`).
package final class ExternalImplementation {
  /// Why the child gave no body, in words that follow its command.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, so a shrink can keep the same one.
    package enum Kind: String, Sendable {
      /// It exited, or closed its standard output, without answering.
      case ended
      /// It gave no answer within the timeout.
      case timedOut = "timed out"
      /// It answered `{"error": …}`.
      case refused
      /// It answered something that is not a body.
      case malformed
    }

    package var kind = Kind.malformed
    package var description: String
  }

  /// The shell command, as given.
  package let command: String
  /// How messages name it: `--against '<command>'`, or what the caller says.
  package let name: String
  /// How long one answer may take, writing the request included.
  package let timeout: Duration
  /// The run's child processes, the shell among them while it runs.
  private let children: ChildProcessGroups

  private var child: TalkingChild
  private var process: Process { child.process }
  private var requests: Pipe { child.input }
  private var answers: Pipe { child.output }
  private var errors: Pipe { child.errors }
  private var answerLines = LineBuffer()
  /// The end of what the child wrote to standard error.
  private var errorTail: [UInt8] = []
  private var answersEnded = false
  private var errorsEnded = false
  /// Whether there is a child to stop: it started and was not stopped yet.
  private var running = false
  /// Where reads land before they are handed on.
  private var chunk = [UInt8](repeating: 0, count: 65_536)

  /// The most bytes of standard error kept for a message.
  private static let errorTailBytes = 4096

  /// Starts `command` with `/bin/sh -c`.
  ///
  /// - Parameters:
  ///   - command: A shell command that speaks the protocol.
  ///   - timeout: How long each answer may take.
  ///   - name: How messages name it; nil for `--against '<command>'`.
  ///   - children: Where the shell is recorded until `stop()`, for a
  ///     signal's cleanup.
  /// - Throws: `Failure` when the shell cannot be started.
  package init(
    command: String, timeout: Duration, name: String? = nil, children: ChildProcessGroups
  ) throws(Failure) {
    self.command = command
    self.name = name ?? "--against '\(command)'"
    self.timeout = timeout
    self.children = children
    child = try Self.start(command, name: self.name, children: children)
    running = true
    // Set only now, so the child starts with the default action: a write to
    // a child that has gone must come back as EPIPE here, not end this
    // process.
    signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    stop()
  }

  private static func start(
    _ command: String, name: String, children: ChildProcessGroups
  ) throws(Failure) -> TalkingChild {
    let child: TalkingChild
    do {
      child = try children.startTalking(ChildCommand("/bin/sh", ["-c", command]))
    } catch {
      throw Failure(kind: .ended, description: "\(name): /bin/sh cannot be started (\(error))")
    }
    let descriptor = child.input.fileHandleForWriting.fileDescriptor
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return child
  }

  /// Stops the child at once and starts the command again, with nothing
  /// of the old child's kept: after a failure, the next request then
  /// meets a fresh process.
  ///
  /// - Returns: Why the shell cannot be started; nil when it started.
  @discardableResult
  package func restart() -> Failure? {
    stop(grace: .zero)
    do {
      child = try Self.start(command, name: name, children: children)
    } catch {
      return error
    }
    running = true
    answerLines = LineBuffer()
    errorTail = []
    answersEnded = false
    errorsEnded = false
    return nil
  }

  /// The child's body for `message` at `limit`.
  ///
  /// - Parameters:
  ///   - message: The input.
  ///   - limit: Its limit.
  /// - Returns: The `"body"` of the child's answer.
  /// - Throws: `Failure` when the child has ended, does not answer within
  ///   `timeout`, or answers with something that is not a body. The child
  ///   is still running after a failure; `stop()` ends it.
  package func body(for message: String, limit: NotificationBody.Limit) throws(Failure) -> String {
    let request = AgainstProtocol.requestLine(input: message, limit: limit)
    let deadline = ContinuousClock.now + timeout
    var written = 0
    while true {
      if let line = answerLines.popLine() {
        guard written == request.count else {
          throw Failure(description: "answered before it had read the whole request")
        }
        guard answerLines.isEmpty else {
          throw Failure(description: "answered with more than one line")
        }
        do {
          return try AgainstProtocol.body(in: line)
        } catch {
          if let refusal = error.refusal {
            throw Failure(
              kind: .refused, description: "answered with an error: \(Displayed.shortened(refusal))"
            )
          }
          throw Failure(description: "answered with a line that \(error): \(shown(line))")
        }
      }
      if answersEnded {
        throw Failure(kind: .ended, description: ended())
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else {
        throw Failure(
          kind: .timedOut,
          description: "did not answer within \(Self.shown(timeout)); it was stopped")
      }
      var descriptors = [
        pollfd(fd: answers.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
      ]
      if !errorsEnded {
        descriptors.append(
          pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0))
      }
      if written < request.count {
        descriptors.append(
          pollfd(
            fd: requests.fileHandleForWriting.fileDescriptor, events: Int16(POLLOUT), revents: 0))
      }
      let milliseconds =
        remaining.components.seconds * 1000
        + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
      let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(milliseconds, 60_000)))
      if ready < 0 && errno != EINTR {
        throw Failure(description: "could not be waited for (\(String(cString: strerror(errno))))")
      }
      for descriptor in descriptors where descriptor.revents != 0 {
        switch descriptor.fd {
        case answers.fileHandleForReading.fileDescriptor:
          answersEnded = !readAvailable(from: descriptor.fd) { answerLines.append($0) }
        case errors.fileHandleForReading.fileDescriptor:
          errorsEnded = !readAvailable(from: descriptor.fd) { keepErrors($0) }
        default:
          let count = request[written...].withUnsafeBytes {
            write(descriptor.fd, $0.baseAddress, $0.count)
          }
          if count > 0 {
            written += count
          } else if count < 0 && errno != EAGAIN && errno != EINTR {
            // It closed its standard input; its standard output ends next.
            written = request.count
          }
        }
      }
    }
  }

  /// Ends the child and waits for it: closes its standard input so a
  /// well-behaved child exits, gives it a moment, then kills its process
  /// group. Safe to call more than once.
  ///
  /// - Parameter grace: How long the child may take to exit by itself.
  package func stop(grace: Duration = .milliseconds(500)) {
    // Never without a child: kill(-0, …) would signal this process's own group.
    guard running, process.processIdentifier > 0 else { return }
    running = false
    try? requests.fileHandleForWriting.close()
    // The whole group: a shell's own children too, even after the shell has
    // gone.
    children.end(process, grace: grace)
    try? answers.fileHandleForReading.close()
    try? errors.fileHandleForReading.close()
  }

  /// Reads what a readable descriptor holds.
  ///
  /// - Returns: False when the stream has ended.
  private func readAvailable(
    from descriptor: Int32, into receive: (ArraySlice<UInt8>) -> Void
  ) -> Bool {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      receive(chunk[..<count])
      return true
    }
    return count < 0 && (errno == EINTR || errno == EAGAIN)
  }

  private func keepErrors(_ bytes: ArraySlice<UInt8>) {
    errorTail.append(contentsOf: bytes)
    if errorTail.count > Self.errorTailBytes {
      errorTail.removeFirst(errorTail.count - Self.errorTailBytes)
    }
  }

  /// How the child ended, once its standard output has: its exit status
  /// and the end of its standard error.
  private func ended() -> String {
    // Its standard error ends when it exits; collect what is left.
    let deadline = ContinuousClock.now + .seconds(1)
    let descriptor = errors.fileHandleForReading.fileDescriptor
    while !errorsEnded && ContinuousClock.now < deadline {
      var waiting = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      if poll(&waiting, 1, 100) > 0 {
        errorsEnded = !readAvailable(from: descriptor) { keepErrors($0) }
      }
    }
    waitForExit(within: .seconds(1))
    var words: String
    if process.isRunning {
      words = "closed its standard output without answering"
    } else if process.terminationReason == .uncaughtSignal {
      words = "was killed by signal \(process.terminationStatus) without answering"
    } else {
      words = "exited with status \(process.terminationStatus) without answering"
    }
    let tail = String(decoding: errorTail, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: true).suffix(10)
    if tail.isEmpty {
      words += " (its standard error was empty)"
    } else {
      words +=
        "; the end of its standard error:\n" + tail.map { "  | " + $0 }.joined(separator: "\n")
    }
    return words
  }

  private func waitForExit(within grace: Duration) {
    let deadline = ContinuousClock.now + grace
    while process.isRunning && ContinuousClock.now < deadline {
      usleep(5_000)
    }
  }

  /// A line of the child's, quoted and shortened for a message.
  private func shown(_ line: some Collection<UInt8>) -> String {
    let text = String(decoding: line, as: UTF8.self)
    return Displayed.shortened(text)
  }

  /// `5 s`, `0.5 s`.
  private static func shown(_ duration: Duration) -> String {
    let seconds = Displayed.seconds(duration)
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}
