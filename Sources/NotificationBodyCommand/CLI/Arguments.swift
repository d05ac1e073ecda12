import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An option a subcommand accepts, as its help shows it.
struct Option: Sendable {
  /// Its spellings, e.g. `["--limit"]`; the first is the key in
  /// `ParsedArguments.values`.
  var names: [String]
  /// The placeholder of its value, e.g. `"<n>"`; nil for a flag.
  var valueName: String?
  /// What it does, for help.
  var text: String
  /// Whether it may be given more than once; its values are then in
  /// `ParsedArguments.repeatedValues`, in order.
  var repeatable = false
  /// Whether the subcommand needs it; usage then shows it without brackets.
  var required = false
  /// What its value names, when it is a path: checked before the subcommand
  /// runs (`ParsedArguments.checkPaths(for:)`).
  var path: PathUse?

  /// What a path option's value names, and so what it may not be.
  enum PathUse: Sendable {
    /// A file that is read: not empty, not a folder, not `-`.
    case file
    /// A folder that is read: not empty, not a file.
    case folder
    /// A file that is written, or `-` for standard output: not empty, not a folder.
    case output
    /// A file or a path's start that is written and read back (a snapshot,
    /// a report's two files): not empty, not a folder, not `-`.
    case kept
  }

  /// How help lists it: `"--limit <n>"`.
  var label: String {
    names.joined(separator: ", ") + (valueName.map { " \($0)" } ?? "")
  }

  /// Its first name with its value's placeholder: `"--target <target>"`.
  var spelled: String { names[0] + (valueName.map { " \($0)" } ?? "") }

  /// How usage shows it: `"[--limit <n>]"`, `"[--corpus <folder>]..."`,
  /// `"--target <target>"`.
  var usage: String {
    (required ? spelled : "[\(spelled)]") + (repeatable ? "..." : "")
  }
}

extension Option {
  /// An option as usage spells it: `Option("--limit <n>", "The most units.")`.
  init(
    _ spelled: String, _ text: String, repeatable: Bool = false, required: Bool = false,
    path: PathUse? = nil
  ) {
    let words = spelled.split(separator: " ", maxSplits: 1).map(String.init)
    self.init(
      names: [words[0]], valueName: words.count > 1 ? words[1] : nil, text: text,
      repeatable: repeatable, required: required, path: path)
  }
}

/// A subcommand's arguments, read against the options its help declares.
///
///     try ParsedArguments(["--limit=300", "a.md"], for: Command.Render.help)
///     // values ["--limit": "300"], positionals ["a.md"]
///
/// `-h` or `--help` anywhere before `--` asks for help and wins over any other
/// problem. An option's value follows it (`--limit 300`) or is attached
/// (`--limit=300`); the next argument is taken as the value even when it
/// starts with `-`. `-` alone and everything after `--` are positional.
struct ParsedArguments: Sendable {
  /// Each value option given, by its first name.
  var values: [String: String] = [:]
  /// Every value of each repeatable option given, in order, by its first name.
  var repeatedValues: [String: [String]] = [:]
  /// Each flag given, by its first name.
  var flags: Set<String> = []
  /// The other arguments, in order.
  var positionals: [String] = []
  /// Whether `-h` or `--help` was given.
  var wantsHelp = false

  /// Reads `arguments` against `help.options`.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the subcommand's name.
  ///   - help: The subcommand's help; its options are the ones accepted.
  /// - Throws: `CommandError.usage` for an unknown option, a missing or
  ///   unexpected value, or an option given twice.
  init(_ arguments: some Collection<String>, for help: Help) throws(CommandError) {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: { $0 == "-h" || $0 == "--help" }) {
      wantsHelp = true
      return
    }
    var remaining = arguments.makeIterator()
    while let argument = remaining.next() {
      if argument == "--" {
        while let positional = remaining.next() { positionals.append(positional) }
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = argument.hasPrefix("--") ? String(parts[0]) : argument
      let attached = argument.hasPrefix("--") && parts.count == 2 ? String(parts[1]) : nil
      guard let option = help.options.first(where: { $0.names.contains(name) }) else {
        throw .usage("unknown option '\(argument)'", help: help)
      }
      let key = option.names[0]
      guard option.valueName != nil else {
        guard attached == nil else {
          throw .usage("'\(name)' takes no value", help: help)
        }
        flags.insert(key)
        continue
      }
      guard let value = attached ?? remaining.next() else {
        throw .usage("missing value for '\(name)'", help: help)
      }
      if option.repeatable {
        repeatedValues[key, default: []].append(value)
        continue
      }
      guard values.updateValue(value, forKey: key) == nil else {
        throw .usage("'\(name)' given more than once", help: help)
      }
    }
  }
}

extension ParsedArguments {
  /// Refuses, before anything runs, what the help declares impossible: more
  /// operands than `help.mostOperands`, a path that cannot be what its
  /// option names (`checkPaths(for:)`), and a required option left out.
  ///
  /// - Throws: `CommandError.usage` naming the argument or the option.
  func check(for help: Help) throws(CommandError) {
    if let extra = positionals.dropFirst(help.mostOperands).first {
      throw .usage("unexpected argument '\(extra)'", help: help)
    }
    try checkPaths(for: help)
    for option in help.options where option.required && values[option.names[0]] == nil {
      throw .usage("missing '\(option.spelled)'", help: help)
    }
  }

  /// Refuses, before anything runs, a path option's value that cannot name
  /// what the option reads or writes (`Option.PathUse`): an empty one; `-`
  /// where no stream is meant; a folder where a file is meant, or a file
  /// where a folder is. A path that does not exist yet is the subcommand's
  /// to report.
  ///
  /// - Throws: `CommandError.usage` naming the option and the path.
  func checkPaths(for help: Help) throws(CommandError) {
    for option in help.options {
      guard let use = option.path else { continue }
      let key = option.names[0]
      for value in repeatedValues[key] ?? values[key].map({ [$0] }) ?? [] {
        let kind = use == .folder ? "folder" : "file"
        if value.isEmpty { throw .usage("'\(key)' needs a path; got ''", help: help) }
        if value == "-", use != .output {
          throw .usage("'\(key)' must be a \(kind), not standard input or output ('-')", help: help)
        }
        var info = stat()
        guard value != "-", stat(value, &info) == 0 else { continue }
        if (info.st_mode & S_IFMT == S_IFDIR) != (use == .folder) {
          let found = use == .folder ? "a file" : "a folder"
          throw .usage("'\(key)' must be a \(kind); \(value) is \(found)", help: help)
        }
      }
    }
  }

  /// How a message names `JSONFormat.largestExactInteger`.
  private static let largestShown = "\(JSONFormat.largestExactInteger) (2^53 - 1)"

  /// The limit a `--limit` value asks for (the default when absent),
  /// refusing what the library would clamp rather than clamping it, and
  /// anything past `JSONFormat.largestExactInteger`.
  static func limit(_ value: String?, help: Help) throws(CommandError) -> NotificationBody.Limit {
    guard let value else { return .default }
    let floor = NotificationBody.Limit.default.utf16Units
    guard let units = Int(value), units >= floor, units <= JSONFormat.largestExactInteger else {
      throw .usage(
        "'--limit' must be a whole number of at least \(floor), the contract's floor,"
          + " and at most \(largestShown); got '\(value)'",
        help: help)
    }
    return NotificationBody.Limit(utf16Units: units)
  }

  /// The seed a `--seed` value asks for, decimal or `0x` hex; when absent,
  /// NOTIFICATION_BODY_SEED or the generated-input default.
  ///
  /// - Throws: `CommandError.usage` for a `--seed`, or a
  ///   NOTIFICATION_BODY_SEED, that is not a seed.
  static func seed(_ value: String?, help: Help) throws(CommandError) -> UInt64 {
    guard let value else {
      do {
        return try HarnessEnvironment.seed(default: Command.Diff.defaultSeed)
      } catch {
        throw .usage(error.description, help: help)
      }
    }
    guard let seed = HarnessEnvironment.seed(parsing: value) else {
      throw .usage("'--seed' \(HarnessEnvironment.seedShape); got '\(value)'", help: help)
    }
    return seed
  }

  /// A whole-number option's value, at least 1; `fallback` when absent.
  func number(_ option: String, default fallback: Int, help: Help) throws(CommandError) -> Int {
    guard let text = values[option] else { return fallback }
    guard let value = Int(text), value >= 1 else {
      throw .usage("'\(option)' must be a whole number of at least 1; got '\(text)'", help: help)
    }
    return value
  }

  /// The count a `--count` value asks for, `fallback` when absent; at most
  /// `JSONFormat.largestExactInteger`.
  static func count(_ value: String?, default fallback: Int, help: Help) throws(CommandError)
    -> Int
  {
    guard let value else { return fallback }
    guard let count = Int(value), count >= 0, count <= JSONFormat.largestExactInteger else {
      throw .usage(
        "'--count' must be a whole number of at least 0 and at most \(largestShown);"
          + " got '\(value)'",
        help: help)
    }
    return count
  }
}
