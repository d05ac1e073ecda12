/// Pathological messages, the pieces set across a length edge, and the
/// endings that must come last in a message.
extension MessageGenerator.Writer {
  /// Long runs of one hostile token, or of a few in a pattern, that make a
  /// careless scanner quadratic or deeply recursive.
  mutating func writePathological() {
    let target: Int
    switch below(10) {
    case 0..<3: target = int(100...2000)
    case 3..<6: target = int(4090...4100)
    default: target = int(5000...20_000)
    }
    reserve(target)
    switch below(100) {
    case 0..<40:
      if percent(20) { prose(until: int(1...30)) }
      let token = hostileToken()
      add(token, times: (target - units) / token.utf16.count + 1)
    case 40..<50:
      // A short backtick run and a long one in one paragraph, then short
      // paragraphs to the end, all inside the window: what a paragraph
      // forgets of the runs before it must cost no more than the paragraph.
      add(pick(["a`b", "`a` ", "x ``y"]))
      add("`", times: min(target, 4000) / int(2...4))
      while units < target { add(pick(["a\n\n", "b c\n\n", "\n\n", "`\n\n"])) }
    case 50..<60:
      let pair = hostileToken() + hostileToken()
      add(pair, times: (target - units) / pair.utf16.count + 1)
    case 60..<70:
      // Unmatched backtick runs of every length: "` `` ``` ````…".
      var length = 1
      while units < target {
        add("`", times: length)
        add(pick([" ", "a", "\n", " x "]))
        length = length % 64 + 1
      }
    case 70..<80:
      // Nested brackets, closed or not: "[[[…a…]]]", "![![…](](…".
      let opener = pick(["[", "![", "[a ", "[`"])
      let closer = pick(["]", "](", "](a)", "]("])
      // Balanced, then padded; or one pair too many, cut short.
      let depth = (target - 12) / (opener.utf16.count + closer.utf16.count) + below(2) * 4
      add(opener, times: depth)
      add(pick(["a", "`", "https://x.io", ""]))
      add(closer, times: depth)
    case 80..<90:
      // Parentheses around a destination, far deeper than 32.
      let depth = (target - 8) / 2
      add(pick(["[a](", "![a](", "[a](x", "("]))
      add("(", times: depth)
      add(pick(["b", "", "`", " "]))
      add(")", times: depth + int(-1...1))
    default:
      // Runs between stretches of ordinary Markdown.
      blocks(until: int(1...200))
      let token = hostileToken()
      add(token, times: (target - units) / (2 * token.utf16.count) + 1)
      blocks(until: units + int(50...400))
      add(token, times: max(0, target - units) / token.utf16.count + 1)
    }
    fit(to: target)
  }

  /// A token that is syntax on its own; backticks, `[`, `](`, `**`, `(`
  /// and line breaks most often.
  private mutating func hostileToken() -> String {
    percent(60) ? pick(Vocabulary.commonSyntax) : pick(Vocabulary.syntax)
  }

  /// A character of several units, or syntax of several scalars, to set
  /// across an edge: R1 and R12 must leave out a character whole.
  mutating func straddler() {
    switch below(100) {
    case 0..<14:
      add("e")
      for _ in 0..<int(1...6) { add(pick(Vocabulary.combiningMarks)) }
    case 14..<22:
      // Marks only: the letter before them is their base.
      for _ in 0..<int(2...5) { add(pick(Vocabulary.combiningMarks)) }
    case 22..<30:
      regionalIndicators(count: 2)
    case 30..<68:
      add(pick(Vocabulary.straddlers))
    case 68..<85:
      // Edge scalars of UTF-8, Prepend, ZWJ, flags, keycaps, viramas.
      add(pick(Vocabulary.characters))
    default:
      add(pick(["**", "~~", "```", "](", "![", "``", "\r\n", "\t\t", "  ", " \n", "~~~"]))
    }
  }

  /// What only the end of a message can be: an unclosed fence (whose
  /// rest is code when nothing but white space follows it), trailing line
  /// breaks and white space, a marker or link left open.
  mutating func ending() {
    switch below(100) {
    case 0..<40:
      lineBreak()
      add(" ", times: small(0...4))
      add(percent(70) ? "`" : "~", times: small(3...6))
      add(pick(["npm install", "just ci", "", " swift", "make test ", "a`b", "sh\tx", "\u{A0}"]))
      add(pick(["", "", "\n", "\n\n", "\r\n", "\r", " \n\t\n", "\n  ", "\r\n\r\n\r\n"]))
    case 40..<58:
      for _ in 0..<int(1...5) { lineBreak() }
    case 58..<72:
      add(pick([" ", "  ", "\t", " \t ", "\u{A0}", "\u{3000}", " \n \n\t"]))
    case 72..<87:
      add(pick([" **", "**", "`", " ```", "[", "](", "~~", "![", "\\", " *", "~", "__", "``"]))
    default:
      add(pick(["[a](b", "[a](<b", "[a](b \"t", "[a](", "[a", "[a](b\n\n", "[a](b 't'"]))
    }
  }

  /// A fenced block whose code lines run from before unit 4096 to after
  /// `end`, closed or not.
  mutating func bigFencedBlock(until end: Int) {
    let fence = String(repeating: percent(70) ? "`" : "~", count: small(3...6))
    add(fence)
    add(pick(["", "swift", "log"]))
    while units < end {
      lineBreak()
      codeLine(fence: fence)
    }
    if percent(70) {
      lineBreak()
      add(fence)
    }
  }

  /// A code span whose content holds line breaks and runs to after
  /// `end`, closed or not.
  mutating func bigCodeSpan(until end: Int) {
    let ticks = String(repeating: "`", count: small(1...3))
    add(ticks)
    while units < end {
      add(pick(Self.codeContent))
      add(pick([" ", "\n", "  ", "\t"]))
    }
    if percent(70) { add(ticks) }
  }
}
