/// The help of the command or of one subcommand, and its usage reminder.
///
/// Sections come in swift-argument-parser's order: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS; empty ones are left out, and every help
/// lists `-h, --help`.
struct Help: Sendable {
  /// A labelled line of the ARGUMENTS or SUBCOMMANDS section.
  struct Entry: Sendable {
    var label: String
    var text: String
  }

  /// The subcommand's name; nil for the top level.
  var name: String?
  /// One sentence: what it does.
  var abstract: String
  /// Paragraphs separated by blank lines; wrapped when shown.
  var discussion = ""
  /// What follows the options in the usage, e.g. `"[<file>]"` or
  /// `"<file> ..."`.
  var operands = ""
  var arguments: [Entry] = []
  var options: [Option] = []
  var subcommands: [Entry] = []
  /// A last line, e.g. where to find more help.
  var footer = ""

  /// The most operands `operands` allows: none when it is empty, any number
  /// when it ends in `...`, else one.
  var mostOperands: Int {
    operands.isEmpty ? 0 : operands.hasSuffix("...") ? Int.max : 1
  }

  /// The width help is wrapped to.
  private static let width = 80
  /// The column where an entry's text starts.
  private static let textColumn = 26

  /// `notification-body render`, or just `notification-body`.
  var commandLine: String {
    ([Command.name] + (name.map { [$0] } ?? [])).joined(separator: " ")
  }

  /// The usage after the command's name, from the options it declares and
  /// `operands`: the subcommand's name, each option as `Option.usage`, the
  /// operands (`render [--limit <n>] [<file>]`).
  private var usageWords: [String] {
    [name].compactMap { $0 } + options.map(\.usage) + (operands.isEmpty ? [] : [operands])
  }

  /// `usage` after `lead` (`"USAGE: notification-body "`), wrapped at
  /// `width` between options, the lines after the first indented to its
  /// first option.
  private func usageLines(after lead: String) -> [String] {
    let words = usageWords
    let indent = String(repeating: " ", count: lead.count + (words.first?.count ?? 0) + 1)
    var lines = [lead + (words.first ?? "")]
    for word in words.dropFirst() {
      if lines[lines.count - 1].count + 1 + word.count > Help.width {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// The usage lines printed after a usage error.
  var usageReminder: String {
    (usageLines(after: "Usage: \(Command.name) ")
      + ["  See '\(commandLine) --help' for more information."]).joined(separator: "\n")
  }

  /// The whole help, ending without a line break.
  var text: String {
    var lines = Help.wrap("OVERVIEW: " + abstract, indent: 0)
    for paragraph in discussion.split(separator: "\n\n") {
      lines += [""] + Help.wrap(String(paragraph), indent: 0)
    }
    lines += [""] + usageLines(after: "USAGE: \(Command.name) ")
    let helpOption = Option(names: ["-h", "--help"], text: "Show help information.")
    let sections: [(String, [Entry])] = [
      ("ARGUMENTS", arguments),
      ("OPTIONS", (options + [helpOption]).map { Entry(label: $0.label, text: $0.text) }),
      ("SUBCOMMANDS", subcommands),
    ]
    for (title, entries) in sections where !entries.isEmpty {
      lines += ["", "\(title):"] + entries.flatMap(Help.lines(of:))
    }
    if !footer.isEmpty {
      lines += [""] + Help.wrap(footer, indent: 2)
    }
    return lines.joined(separator: "\n")
  }

  /// An entry as a label in the left column and its text wrapped beside it.
  private static func lines(of entry: Entry) -> [String] {
    let label = "  " + entry.label
    var text = wrap(entry.text, indent: textColumn)
    if label.count + 2 <= textColumn {
      text[0] = label.padding(to: textColumn) + text[0].dropFirst(textColumn)
      return text
    }
    return [label] + text
  }

  /// `text` split into lines of at most `width` characters where its words
  /// allow, each indented by `indent` spaces.
  private static func wrap(_ text: String, indent: Int) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = margin
    for word in text.split(separator: " ") {
      if line.count > indent && line.count + 1 + word.count > width {
        lines.append(line)
        line = margin
      }
      line += (line.count > indent ? " " : "") + word
    }
    return lines + [line]
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
