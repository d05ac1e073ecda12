import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Command {
  /// `notification-body serve`: the library speaking the line protocol of
  /// docs/against-protocol.md, so `diff --against` can run it like any other
  /// platform's port.
  ///
  /// It reads the process's own standard input a line at a time, not the
  /// console's, because each answer must go out before the next request
  /// comes in: `Console` can only read all of standard input at once.
  enum Serve: Subcommand {
    static let help = Help(
      name: "serve",
      abstract: "Answer JSON body requests on standard input.",
      discussion: """
        Reads lines like {"input": "Hello **world**", "limit": 256} from standard input \
        until it ends and answers each, in order and at once, with one line like \
        {"body": "Hello world"} on standard output. "limit" may be left out (256); when \
        given it must be a whole number of at least 256. A line that is not such a \
        request, or is longer than 524288 bytes (512 KiB, its bytes skipped), is answered \
        with {"error": "…"} and serving goes on. The protocol is in \
        docs/against-protocol.md; `diff --against` speaks it.

        Exits 0 when standard input ends, 1 when it cannot be read or an answer cannot \
        be written to standard output (serving stops there), 64 for bad arguments.
        """)

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      // A line is kept up to the protocol's largest; the bytes of a longer
      // one are only counted, so memory is bounded whatever its length.
      var line: [UInt8] = []
      var length = 0
      var pending = false
      var number = 0
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          throw .failure("standard input: cannot be read (\(SystemError.reason(errno)))")
        }
        if count == 0 { break }
        var start = 0
        while start < count {
          let end = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
          length += end - start
          pending = true
          if length <= AgainstProtocol.largestRequestLine {
            line += chunk[start..<end]
          } else {
            line = []
          }
          guard end < count else { break }
          number += 1
          console.print(
            answer(to: length <= AgainstProtocol.largestRequestLine ? line : nil, number: number))
          // No one is left to read the answers: stop, and main() says why.
          if console.outputFailed { return ExitStatus.failure }
          line.removeAll(keepingCapacity: true)
          (length, pending, start) = (0, false, end + 1)
        }
      }
      if pending {
        console.print(
          answer(to: length <= AgainstProtocol.largestRequestLine ? line : nil, number: number + 1))
      }
      return ExitStatus.success
    }

    /// The answer to one request line, without its line break.
    ///
    /// - Parameters:
    ///   - line: The request as read, without its `"\n"`; nil for a line
    ///     longer than `AgainstProtocol.largestRequestLine`.
    ///   - number: Its line number, from 1, for an error's message.
    /// - Returns: `{"body": …}`, or `{"error": …}` naming the line.
    static func answer(to line: [UInt8]?, number: Int) -> String {
      let answer: [UInt8]
      do throws(AgainstProtocol.Problem) {
        guard let line else {
          throw AgainstProtocol.Problem(
            "is longer than \(AgainstProtocol.largestRequestLine) bytes")
        }
        let request = try AgainstProtocol.request(in: line)
        answer = AgainstProtocol.bodyLine(
          NotificationBody.make(from: request.input, limit: request.limit))
      } catch {
        answer = AgainstProtocol.errorLine("line \(number) \(error)")
      }
      return String(decoding: answer.dropLast(), as: UTF8.self)
    }
  }
}
