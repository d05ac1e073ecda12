import Foundation
import NotificationBodyFixtures

/// The `notification-body` command: renders a message's notification body and
/// checks fixture files against the library.
///
///     var out = ""
///     var err = ""
///     Command.run(["render"], stdin: { Array("Hello **world**".utf8) },
///                 stdout: &out, stderr: &err)  // 0; out == "Hello world\n"
///
/// Each subcommand is one `Subcommand` type in its own
/// `Subcommands/Command+Name.swift` file, listed in `subcommands`.
package enum Command {
  /// The name the command is run by, for help and messages.
  package static let name = "notification-body"

  /// The subcommands, in the order the top-level help lists them.
  static var subcommands: [any Subcommand.Type] {
    [
      Render.self, Check.self, Diff.self, Work.self, Serve.self, Promote.self, Triage.self,
      Gate.self, Cost.self, Seeds.self, Replay.self, Recheck.self,
    ]
  }

  /// Runs the command on the process's own arguments and standard streams,
  /// then exits with the status `run` returns; when a write to standard
  /// output failed, it says so on standard error and exits 1 (or the
  /// failing status `run` returned).
  package static func main() -> Never {
    var stdout = DescriptorOutputStream(descriptor: STDOUT_FILENO)
    var stderr = DescriptorOutputStream(descriptor: STDERR_FILENO)
    let status = run(
      Array(CommandLine.arguments.dropFirst()),
      readingStandardInput: { use in
        switch use {
        case .message: try FileBytes.readMessage(from: STDIN_FILENO).get().bytes
        case .json: try FileBytes.readAll(from: STDIN_FILENO, limit: FileBytes.jsonLimit).get()
        }
      },
      stdout: &stdout, stderr: &stderr)
    // Results that never arrived are a failure, even when all else worked.
    if let failure = stdout.failure {
      stderr.write("Error: standard output: \(SystemError.reason(failure))\n")
      exit(status == ExitStatus.success ? ExitStatus.failure : status)
    }
    exit(status)
  }

  /// Runs the command in process.
  ///
  ///     var out = ""
  ///     var err = ""
  ///     Command.run(["frobnicate"], stdin: { [] }, stdout: &out, stderr: &err)
  ///     // 64; err starts with "Error: unknown subcommand 'frobnicate'"
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the command's name.
  ///   - stdin: Reads all of standard input; called only by a subcommand that
  ///     needs it.
  ///   - stdout: Receives results and help.
  ///   - stderr: Receives error messages.
  /// - Returns: The exit status: 0 on success, 1 when something failed at run
  ///   time (a file could not be read, a fixture case failed), 64 for bad
  ///   arguments.
  @discardableResult
  package static func run(
    _ arguments: [String],
    stdin: @escaping () throws -> [UInt8],
    stdout: inout some TextOutputStream,
    stderr: inout some TextOutputStream
  ) -> Int32 {
    run(arguments, readingStandardInput: { _ in try stdin() }, stdout: &stdout, stderr: &stderr)
  }

  /// `run(_:stdin:stdout:stderr:)` with a reader that keeps of standard
  /// input only what the subcommand's use needs.
  static func run(
    _ arguments: [String],
    readingStandardInput stdin: @escaping (StandardInputUse) throws -> [UInt8],
    stdout: inout some TextOutputStream,
    stderr: inout some TextOutputStream
  ) -> Int32 {
    var console = Console(readStandardInput: stdin, output: stdout, errorOutput: stderr)
    defer {
      stdout = console.output
      stderr = console.errorOutput
    }
    do {
      return try dispatch(arguments, console: &console)
    } catch {
      console.printError("Error: \(error.message)")
      switch error {
      case .usage(_, let help):
        console.printError(help.usageReminder)
        return ExitStatus.usage
      case .failure:
        return ExitStatus.failure
      case .badInput:
        return ExitStatus.usage
      }
    }
  }

  /// Finds the subcommand `arguments` name and runs it, or prints help.
  private static func dispatch<Output, ErrorOutput>(
    _ arguments: [String], console: inout Console<Output, ErrorOutput>
  ) throws(CommandError) -> Int32 {
    guard let first = arguments.first else {
      throw .usage("missing subcommand", help: help)
    }
    let rest = arguments.dropFirst()
    switch first {
    case "-h", "--help":
      console.print(help.text)
      return ExitStatus.success
    case "help":
      guard let name = rest.first else {
        console.print(help.text)
        return ExitStatus.success
      }
      guard let subcommand = subcommand(named: name) else {
        throw .usage("unknown subcommand '\(name)'", help: help)
      }
      if let extra = rest.dropFirst().first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
      console.print(subcommand.help.text)
      return ExitStatus.success
    default:
      guard let subcommand = subcommand(named: first) else {
        let kind = first.hasPrefix("-") ? "option" : "subcommand"
        throw .usage("unknown \(kind) '\(first)'", help: help)
      }
      let parsed = try ParsedArguments(rest, for: subcommand.help)
      if parsed.wantsHelp {
        console.print(subcommand.help.text)
        return ExitStatus.success
      }
      try parsed.check(for: subcommand.help)
      return try subcommand.run(parsed, console: &console)
    }
  }

  private static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.help.name == name }
  }

  /// The top-level help.
  static var help: Help {
    Help(
      name: nil,
      abstract: "Make the push-notification body of a chat message's Markdown.",
      discussion: """
        The rules are in docs/contract.md; every platform must pass the cases in \
        test-fixtures/notification-body.json.
        """,
      operands: "<subcommand>",
      subcommands: subcommands.map { Help.Entry(label: $0.help.name ?? "", text: $0.help.abstract) }
        + [Help.Entry(label: "help", text: "Show help for a subcommand.")],
      footer: "See '\(name) help <subcommand>' for detailed help.")
  }
}
