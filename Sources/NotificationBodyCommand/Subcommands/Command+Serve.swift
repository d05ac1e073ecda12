import Foundation
import NotificationBodyFixtures
import NotificationBodyPorts

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
        request, or is longer than \(AgainstProtocol.largestRequestLine) bytes (8 MiB, its bytes \
        skipped), is answered \
        with {"error": "…"} and serving goes on. The protocol is in \
        docs/against-protocol.md; `diff --against` speaks it.

        Exits 0 when standard input ends, 1 when it cannot be read or an answer cannot \
        be written to standard output (serving stops there), 64 for bad arguments.
        """)

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      do {
        try AgainstProtocol.serve(from: STDIN_FILENO) { answer in
          console.print(answer)
          // No one is left to read the answers: stop, and main() says why.
          return !console.outputFailed
        }
      } catch {
        throw .failure("standard input: cannot be read (\(SystemError.reason(error.code)))")
      }
      return console.outputFailed ? ExitStatus.failure : ExitStatus.success
    }
  }
}
