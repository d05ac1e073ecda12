import Foundation
import Testing

@testable import NotificationBodyCommand

/// One path option of one subcommand, as its help declares it.
struct PathOptionCase: Sendable, CustomTestStringConvertible {
  var subcommand: String
  var option: String
  var use: Option.PathUse

  var testDescription: String { "\(subcommand) \(option)" }

  /// Every path option of every subcommand: the walk finds a new one itself.
  static let all: [PathOptionCase] = Command.subcommands.flatMap { subcommand in
    subcommand.help.options.compactMap { option in
      option.path.map {
        PathOptionCase(subcommand: subcommand.help.name ?? "", option: option.names[0], use: $0)
      }
    }
  }
}

@Test func everySubcommandThatReadsOrWritesFilesDeclaresItsPathOptions() {
  let named = Set(PathOptionCase.all.map(\.subcommand))
  #expect(
    named.isSuperset(of: ["diff", "work", "gate", "cost", "promote", "triage", "seeds", "replay"]),
    "\(named)")
}

// Every path option goes through one check before anything runs: an empty
// path, a folder where a file is meant (a file where a folder is), and `-`
// where no stream is meant are usage errors that name the option.
@Test(arguments: PathOptionCase.all)
func aPathOptionRefusesWhatCannotBeItsPath(_ path: PathOptionCase) throws {
  let folder = try TemporaryDirectory()
  let file = try folder.file("a-file", [0x61])
  var refused: [(value: String, message: String)] = [("", "'\(path.option)' needs a path; got ''")]
  if path.use == .folder {
    refused.append((file, "'\(path.option)' must be a folder; \(file) is a file"))
    refused.append(("-", "'\(path.option)' must be a folder, not standard input or output ('-')"))
  } else {
    refused.append(
      (folder.url.path, "'\(path.option)' must be a file; \(folder.url.path) is a folder"))
    if path.use != .output {
      refused.append(("-", "'\(path.option)' must be a file, not standard input or output ('-')"))
    }
  }
  for (value, message) in refused {
    var stdout = ""
    var stderr = ""
    let status = Command.run(
      [path.subcommand, path.option, value], stdin: { [] }, stdout: &stdout, stderr: &stderr)
    #expect(status == 64, "\(path) '\(value)': \(stderr)")
    #expect(stderr.hasPrefix("Error: " + message), "\(path) '\(value)': \(stderr)")
    #expect(stdout == "")
  }
}

/// Each subcommand with the operands its help allows, and one more.
struct OperandCase: Sendable, CustomTestStringConvertible {
  var subcommand: String
  var allowed: Int

  var testDescription: String { "\(subcommand): at most \(allowed)" }

  /// Every subcommand whose operands are bounded (`Help.mostOperands`).
  static let all: [OperandCase] = Command.subcommands.compactMap { subcommand in
    let most = subcommand.help.mostOperands
    guard most < Int.max else { return nil }
    return OperandCase(subcommand: subcommand.help.name ?? "", allowed: most)
  }
}

// One check, before anything runs, refuses an operand the help does not
// show, in every subcommand (seeds once took any and ignored them).
@Test(arguments: OperandCase.all)
func anOperandTheHelpDoesNotShowIsRefused(_ operands: OperandCase) {
  let given = (0...operands.allowed).map { "operand-\($0)" }
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    [operands.subcommand] + given, stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 64, "\(operands): \(stderr)")
  #expect(
    stderr.hasPrefix("Error: unexpected argument '\(given.last!)'\n"), "\(operands): \(stderr)")
  #expect(stdout == "")
}

@Test func everyBoundedSubcommandIsWalked() {
  let walked = Set(OperandCase.all.map(\.subcommand))
  #expect(
    walked.isSuperset(of: ["render", "promote", "seeds", "triage", "replay", "cost", "gate"]))
  #expect(!walked.contains("check"))
}
