import NotificationBody
import NotificationBodyFixtures

extension Command {
  /// `notification-body render [--limit <n>] [<file>]`: prints a message's
  /// notification body.
  enum Render: Subcommand {
    static let help = Help(
      name: "render",
      abstract: "Print the notification body of a message.",
      discussion: """
        Reads the message's bytes from <file> or standard input (invalid UTF-8 becomes \
        U+FFFD; past 64 KiB, what R1 never reads, they are dropped) and writes its body and \
        one line break ("\\n"), which is not part of the body.

        Exits 0 on success, 1 when the message cannot be read, 64 for bad arguments.
        """,
      operands: "[<file>]",
      arguments: [
        Help.Entry(label: "<file>", text: "The message; standard input when absent or \"-\".")
      ],
      options: [
        Option("--limit <n>", "The body's most UTF-16 units, 256 to 2^53 - 1. (default: 256)")
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let limit = try ParsedArguments.limit(arguments.values["--limit"], help: help)
      let bytes: [UInt8]
      if let path = arguments.positionals.first, path != "-" {
        do {
          bytes = try FileBytes.readMessage(atPath: path, digesting: false).bytes
        } catch {
          throw .failure(error.description)
        }
      } else {
        do {
          bytes = try console.readStandardInput(.message)
        } catch {
          throw .failure("standard input: cannot be read (\(error))")
        }
      }
      let message = String(decoding: bytes, as: UTF8.self)
      console.print(NotificationBody.make(from: message, limit: limit))
      return ExitStatus.success
    }
  }
}
