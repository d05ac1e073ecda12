/// Blocks and what separates them: paragraphs, fenced code (R3), Markdown
/// that stays as typed (R8), line breaks of every kind (R2) and blank lines
/// (R10).
extension MessageGenerator.Writer {
  /// One block, on lines of its own.
  mutating func block() {
    switch below(100) {
    case 0..<48: paragraph()
    case 48..<62: fencedBlock()
    case 62..<67: oneLineBlock()
    case 67..<79: markdownLine()
    case 79..<83: table()
    case 83..<86: htmlBlock()
    case 86..<92: whitespaceLines()
    default: emojiLine()
    }
  }

  /// Mostly one or two line breaks; sometimes a blank line of spaces and
  /// tabs, a long run of breaks, or none (the next block joins the line).
  mutating func blockSeparator() {
    switch below(100) {
    case 0..<50: lineBreak()
    case 50..<78:
      lineBreak()
      lineBreak()
    case 78..<88:
      lineBreak()
      whitespaceOnly()
      lineBreak()
    case 88..<95:
      for _ in 0..<int(3...8) { lineBreak() }
    default: add(pick([" ", "", "\t"]))
    }
  }

  /// `"\n"`, `"\r\n"` or a lone `"\r"` (R2).
  mutating func lineBreak() {
    switch below(20) {
    case 0..<13: add("\n")
    case 13..<17: add("\r\n")
    default: add("\r")
    }
  }

  /// Spaces and tabs only (a blank line), or a no-break space (which is
  /// not blank).
  mutating func whitespaceOnly() {
    if percent(8) {
      add(pick(["\u{A0}", " \u{A0} ", "\u{3000}"]))
      return
    }
    for _ in 0..<int(1...4) { add(pick([" ", "\t", "  ", " \t"])) }
  }

  private mutating func whitespaceLines() {
    for index in 0..<int(1...4) {
      if index > 0 { lineBreak() }
      whitespaceOnly()
    }
  }

  /// One to four lines of inline content: one paragraph.
  private mutating func paragraph() {
    let lines = percent(60) ? 1 : int(2...4)
    for index in 0..<lines {
      if index > 0 { lineBreak() }
      if percent(10) { add(pick([" ", "  ", "   ", "    ", "\t", " \t"])) }
      inline(count: small(1...12), depth: 0)
      if percent(6) { add(pick([" ", "  ", "\t", " \t "])) }
    }
  }

  private mutating func emojiLine() {
    for index in 0..<int(1...6) {
      if index > 0 && percent(50) { separator() }
      if percent(75) { emoji() } else { oddity() }
    }
  }

  // MARK: Fenced code (R3)

  /// A fence of 3–6 backticks or tildes, indented 0–4 spaces (4 is no
  /// fence), with or without an info string, code lines, and a closing
  /// fence that is right, too short, too long, followed by text, after
  /// code, of the other character, or missing.
  private mutating func fencedBlock() {
    let character = percent(65) ? "`" : "~"
    let fence = String(repeating: character, count: small(3...6))
    let length = fence.utf16.count
    add(indentation())
    add(fence)
    if percent(55) { add(pick(Self.infoStrings)) }
    let lines = small(0...6)
    for _ in 0..<lines {
      lineBreak()
      codeLine(fence: fence)
    }
    switch below(100) {
    case 0..<50:
      // A closing fence on its own line, maybe indented, longer, followed
      // by spaces or tabs.
      lineBreak()
      add(" ", times: small(0...5))
      add(character, times: length + small(0...3))
      if percent(20) { add(pick([" ", "  ", "\t", " \t "])) }
    case 50..<60:
      // Closing run after code on the last line: "bar```".
      lineBreak()
      codeLine(fence: fence)
      add(character, times: length + small(0...2))
    case 60..<72:
      // A run that doesn't close (too short, text after it, other
      // character), then maybe one that does.
      lineBreak()
      add(" ", times: small(0...2))
      switch below(3) {
      case 0: add(character, times: max(1, length - int(1...2)))
      case 1: add(fence + pick([" x", "a", " ```", " `", "\t~"]))
      default: add(character == "`" ? "~~~" : "```")
      }
      if percent(60) {
        lineBreak()
        add(fence)
      }
    case 72..<84:
      break  // Unclosed: code runs to the end of the window.
    default:
      lineBreak()
      add(fence)
    }
  }

  /// `"```just ci```"` and its near misses: a closing run too short (then
  /// the rest is an info string), longer, or followed by text.
  private mutating func oneLineBlock() {
    let character = percent(70) ? "`" : "~"
    let length = small(3...6)
    add(" ", times: small(0...3))
    add(character, times: length)
    if percent(70) {
      add(pick(["just ci", "npm install", " a ", "x", "**b**", "`c`", "a``b", "~~s~~", "é", "🇫🇷"]))
    } else {
      inline(count: int(1...3), depth: 2)
    }
    switch below(100) {
    case 0..<60: add(character, times: length)
    case 60..<75: add(character, times: length + int(1...3))
    case 75..<88: add(character, times: length - int(1...2))
    default: add(String(repeating: character, count: length) + pick([" x", "y", " `"]))
    }
    if percent(15) { add(pick([" ", "\t", "  \t"])) }
  }

  /// One line of code: text that would be syntax outside a block.
  mutating func codeLine(fence: String) {
    switch below(100) {
    case 0..<55: add(pick(Self.codeLines))
    case 55..<62:
      // A run of the fence's character with text after it: still code.
      add(fence + pick([" not closed", "x", " ```"]))
    case 62..<67: add(String(fence.dropLast()))
    case 67..<72: whitespaceOnly()
    case 72..<76: break
    default: inline(count: small(1...6), depth: 1)
    }
  }

  private mutating func indentation() -> String {
    switch below(100) {
    case 0..<75: ""
    case 75..<85: " "
    case 85..<90: "  "
    case 90..<95: "   "
    case 95..<98: "    "
    default: "\t"
    }
  }

  // MARK: Markdown that stays (R8)

  /// A quote, list item, heading, thematic break, setext heading or
  /// reference definition, with inline content.
  private mutating func markdownLine() {
    switch below(100) {
    case 0..<25:
      add(">", times: small(1...3))
      if percent(80) { add(" ") }
      inline(count: small(1...8), depth: 0)
    case 25..<52:
      add(pick(Self.listMarkers))
      inline(count: small(1...8), depth: 0)
    case 52..<72:
      add("#", times: small(1...7))
      if percent(85) { add(" ") }
      inline(count: small(1...6), depth: 0)
      if percent(15) { add(" ##") }
    case 72..<84:
      add(pick(["---", "***", "* * *", "___", "- - -", "***bold***", "~~~~~~~~", "=== "]))
    case 84..<92:
      inline(count: small(1...4), depth: 0)
      lineBreak()
      add(pick(["===", "---", "==", "- -"]))
    default:
      add(pick(["[a]: https://x.io \"T\"", "[b]: <x y>", "[^1]: note", "[a]:\n/url"]))
    }
  }

  /// A GitHub table: header, delimiter row, a few rows of inline content.
  private mutating func table() {
    let columns = int(2...4)
    add(percent(80) ? "| " : "")
    for column in 0..<columns {
      if column > 0 { add(" | ") }
      inline(count: small(1...2), depth: 1)
    }
    add(" |")
    lineBreak()
    for _ in 0..<columns { add(pick(["|---", "|:--", "|--:", "|:-:", "| - "])) }
    add("|")
    for _ in 0..<small(1...3) {
      lineBreak()
      add("|")
      for _ in 0..<columns {
        add(" ")
        inline(count: small(1...3), depth: 1)
        add(" |")
      }
    }
  }

  private mutating func htmlBlock() {
    switch below(3) {
    case 0:
      add(pick(["<div>", "<details>", "<p align=\"center\">", "<table><tr><td>"]))
      lineBreak()
      inline(count: small(1...6), depth: 0)
      lineBreak()
      add(pick(["</div>", "</details>", "</p>", "</td></tr></table>"]))
    case 1:
      add("<!--")
      lineBreak()
      inline(count: small(1...4), depth: 0)
      add(" -->")
    default:
      add(pick(["<br>", "<br/>", "<img src=\"a.png\" alt=\"**x**\">", "<script>a**b</script>"]))
    }
  }

  private static let infoStrings = [
    "swift", "python", " js", "sh ", "\tjson", "c++ {.numberLines}", "js `x`", "a```b", "~~~",
    "```", "`", "~ tilde", "**bold**", "[a](b)", "😀", "  ", "ruby startline=3 $%@#$",
    "https://x.io", "diff\t", "x ` y",
  ]

  static let codeLines = [
    "let x = 1", "print(\"**hi**\")", "a  b   c", "\t\tindented", "    four spaces", "```",
    "~~~", "`", "``", "**bold**", "~~strike~~", "[link](https://x.io)", "![img](i.png)",
    "https://x.io/**a**", "`code`", "# not a heading", "> not a quote", "  - item", "x```y",
    "ends with ``", "a ~~~ b", "$ npm install", "}", "", "if a && b { return }", "a_b_c",
    "<div>", "\\", "  trailing  ", "tab\tin\tline", "cafe\u{301}", "😀 emoji", "\u{A0}nbsp",
    "SELECT * FROM t;", "2 ** 3", "~/path", "(((", "]](", "x = [a](b)", "http://X.IO)",
  ]

  private static let listMarkers = [
    "- ", "* ", "+ ", "1. ", "2) ", "- [ ] ", "- [x] ", "  - ", "\t* ", "10. ", "-", "*", "1.",
    "* * ", "- > ",
  ]
}
