import Testing

/// Arguments that ask for help, and the sections it must hold, in order.
struct HelpCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var sections: [String]
  var mentions: [String]

  var testDescription: String { arguments.joined(separator: " ") }

  static let topLevel = [
    "OVERVIEW:", "USAGE: notification-body <subcommand>", "OPTIONS:", "SUBCOMMANDS:",
  ]
  static let render = ["OVERVIEW:", "USAGE: notification-body render", "ARGUMENTS:", "OPTIONS:"]
  static let check = ["OVERVIEW:", "USAGE: notification-body check", "ARGUMENTS:", "OPTIONS:"]
  static let subcommands = ["render ", "check ", "help ", "-h, --help"]

  static let all = [
    HelpCase(arguments: ["--help"], sections: topLevel, mentions: subcommands),
    HelpCase(arguments: ["-h"], sections: topLevel, mentions: subcommands),
    HelpCase(arguments: ["help"], sections: topLevel, mentions: subcommands),
    HelpCase(
      arguments: ["help", "render"], sections: render, mentions: ["--limit <n>", "256", "\"\\n\""]),
    HelpCase(arguments: ["render", "--help"], sections: render, mentions: ["--limit <n>"]),
    HelpCase(arguments: ["render", "--limit", "1", "-h"], sections: render, mentions: ["<file>"]),
    HelpCase(arguments: ["help", "check"], sections: check, mentions: ["N passed, M failed"]),
    HelpCase(arguments: ["check", "-h"], sections: check, mentions: ["<file>"]),
  ]
}

@Test(arguments: HelpCase.all)
func helpGoesToStandardOutput(_ help: HelpCase) async throws {
  let run = try await BuiltTool.run(help.arguments)
  #expect(run.status == 0)
  #expect(run.stderr == "")
  var rest = Substring(run.stdout)
  for section in help.sections {
    let found = try #require(rest.range(of: section), "\(section) missing or out of order")
    rest = rest[found.upperBound...]
  }
  for mention in help.mentions {
    #expect(run.stdout.contains(mention))
  }
}

/// Arguments the command refuses, and the message it must give.
struct UsageCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var message: String
  var usage: String

  var testDescription: String { arguments.isEmpty ? "(none)" : arguments.joined(separator: " ") }

  static let topLevel = "Usage: notification-body <subcommand>"
  static let render = "Usage: notification-body render [--limit <n>] [<file>]"
  static let check = "Usage: notification-body check [--against <command>]..."

  static let all = [
    UsageCase(arguments: [], message: "missing subcommand", usage: topLevel),
    UsageCase(
      arguments: ["frobnicate"], message: "unknown subcommand 'frobnicate'", usage: topLevel),
    UsageCase(arguments: ["--bogus"], message: "unknown option '--bogus'", usage: topLevel),
    UsageCase(arguments: ["help", "frobnicate"], message: "unknown subcommand", usage: topLevel),
    UsageCase(
      arguments: ["render", "--bogus"], message: "unknown option '--bogus'", usage: render),
    UsageCase(
      arguments: ["render", "--limit"], message: "missing value for '--limit'", usage: render),
    UsageCase(arguments: ["render", "--limit", "255"], message: "at least 256", usage: render),
    UsageCase(arguments: ["render", "--limit", "-1"], message: "at least 256", usage: render),
    UsageCase(arguments: ["render", "--limit", "abc"], message: "got 'abc'", usage: render),
    UsageCase(arguments: ["render", "--limit=3e2"], message: "got '3e2'", usage: render),
    UsageCase(arguments: ["render", "--limit=", "300"], message: "got ''", usage: render),
    UsageCase(
      arguments: ["render", "--limit", "300", "--limit", "400"], message: "more than once",
      usage: render),
    UsageCase(
      arguments: ["render", "a.md", "b.md"], message: "unexpected argument 'b.md'", usage: render),
    UsageCase(arguments: ["check"], message: "missing fixture file", usage: check),
  ]
}

@Test(arguments: UsageCase.all)
func badArgumentsExit64WithUsage(_ usage: UsageCase) async throws {
  let run = try await BuiltTool.run(usage.arguments, stdin: Array("plain words".utf8))
  #expect(run.status == 64)
  #expect(run.stdout == "")
  #expect(run.stderr.hasPrefix("Error: "))
  #expect(run.stderr.contains(usage.message))
  #expect(run.stderr.contains("\n\(usage.usage)\n"))
}

/// Every subcommand's usage comes from the options its help lists: each one
/// is in the USAGE lines, which wrap within 80 columns.
@Test(arguments: ["render", "check", "diff", "work", "serve", "promote", "triage", "gate", "seeds"])
func usageShowsEveryOptionWithin80Columns(subcommand: String) async throws {
  let help = try await BuiltTool.run([subcommand, "--help"]).stdout
  let usage = help.split(separator: "\n", omittingEmptySubsequences: false)
    .drop { !$0.hasPrefix("USAGE: ") }.prefix { !$0.isEmpty }
  #expect(usage.first?.hasPrefix("USAGE: notification-body \(subcommand)") == true)
  #expect(usage.allSatisfy { $0.count <= 80 })
  let options = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst()
    .compactMap { $0.hasPrefix("  --") ? $0.dropFirst(2).split(separator: " ").first : nil }
  let shown = usage.joined(separator: " ")
  for option in options {
    #expect(shown.contains("[\(option)") || shown.contains(" \(option) "), "\(option)")
  }
}
