/// Inline content: what separates tokens, and code spans (R4), bold and
/// strike markers (R7) and the inline Markdown that stays (R8).
extension MessageGenerator.Writer {
  /// `count` tokens with separators between them. `depth` counts the link
  /// labels and spans around them, so nesting stays bounded.
  mutating func inline(count: Int, depth: Int) {
    for index in 0..<count {
      if index > 0 { separator() }
      token(depth: depth)
    }
  }

  /// Mostly one space; sometimes nothing, runs of spaces and tabs, or other
  /// white space, which is text (R9).
  mutating func separator() {
    switch below(100) {
    case 0..<76: add(" ")
    case 76..<85: break
    case 85..<91: add(" ", times: int(2...6))
    case 91..<95: add(pick(["\t", " \t", "\t\t", " \t "]))
    case 95..<98: add("\u{A0}")
    default: add(pick(["\u{3000}", "\u{2003}", "\u{202F}", "\u{200B}"]))
    }
  }

  private mutating func token(depth: Int) {
    if calm && percent(80) {
      word()
      return
    }
    switch below(100) {
    case 0..<30: word()
    case 30..<36: emoji()
    case 36..<44: codeSpan(depth: depth)
    case 44..<54: depth < 3 ? link(depth: depth) : word()
    case 54..<61: bareURL()
    case 61..<70: depth < 4 ? marked(depth: depth) : word()
    case 70..<74: add(percent(60) ? "*" : "~", times: markerLength())
    case 74..<80: add(pick(Self.staysAsTyped))
    case 80..<84: add(pick(Self.punctuation))
    case 84..<89: oddity()
    case 89..<94: add(pick(Self.syntaxBits))
    case 94..<97: add(pick(Self.numbersAndMentions))
    default: lineBreak()
    }
  }

  // MARK: Code spans (R4)

  /// A run of 1–4 backticks, content with spaces, other runs, syntax, line
  /// breaks or a blank line, then a run of the same length, of another, or
  /// none.
  private mutating func codeSpan(depth: Int) {
    let length: Int
    switch below(100) {
    case 0..<55: length = 1
    case 55..<80: length = 2
    case 80..<92: length = 3
    default: length = 4
    }
    add("`", times: length)
    if percent(10) {
      add(pick([" ", "  ", " \t "]))  // All spaces: kept whole.
    } else {
      if percent(25) { add(" ") }
      for index in 0..<small(1...4) {
        if index > 0 && percent(60) { add(" ") }
        switch below(100) {
        case 0..<50: add(pick(Self.codeContent))
        case 50..<60: word()
        case 60..<70: add("`", times: length == 1 ? 2 : length - 1)  // A run of another length.
        case 70..<80: lineBreak()  // Spans a line break.
        case 80..<85:
          // Crosses a blank line: no span can.
          lineBreak()
          if percent(40) { whitespaceOnly() }
          lineBreak()
        default: if depth < 3 { token(depth: depth + 1) } else { word() }
        }
      }
      if percent(25) { add(" ") }
    }
    switch below(100) {
    case 0..<72: add("`", times: length)
    case 72..<80: add("`", times: length + 1)
    case 80..<88: add("`", times: length - 1)
    default: break
    }
  }

  // MARK: Bold and strike markers (R7)

  /// A run length of 1–7, 2 most often.
  private mutating func markerLength() -> Int {
    switch below(100) {
    case 0..<16: 1
    case 16..<58: 2
    case 58..<70: 3
    case 70..<80: 4
    case 80..<87: 5
    case 87..<94: 6
    default: 7
    }
  }

  /// Runs of `*` or `~` around text: paired, of different lengths, only
  /// on one side, around spaces or punctuation, nested or mixed.
  private mutating func marked(depth: Int) {
    let marker = percent(60) ? "*" : "~"
    let length = markerLength()
    switch below(100) {
    case 0..<40:
      add(marker, times: length)
      markedContent(depth: depth)
      add(marker, times: length)
    case 40..<50:
      add(marker, times: length)
      markedContent(depth: depth)
      add(marker, times: markerLength())
    case 50..<60:
      add(marker, times: length)
      markedContent(depth: depth)
    case 60..<68:
      markedContent(depth: depth)
      add(marker, times: length)
    case 68..<78:
      add(marker, times: length)
      add(pick([" ", "  ", "\t"]))
      markedContent(depth: depth)
      add(pick([" ", "  ", ""]))
      add(marker, times: length)
    case 78..<86:
      add(marker, times: length)
      add(pick([".", "!", "?", ",", "(", ")", "-", "…", " ", "'s"]))
      add(marker, times: length)
    case 86..<94:
      let other = marker == "*" ? "~" : "*"
      add(marker, times: length)
      add(other, times: markerLength())
      markedContent(depth: depth)
      add(other, times: markerLength())
      add(marker, times: length)
    default:
      add(pick(["*~*~", "~*~*", "**~", "~~*", "*~~*", "~**~", "*_*", "_**_", "**__**"]))
      markedContent(depth: depth)
    }
  }

  private mutating func markedContent(depth: Int) {
    switch below(100) {
    case 0..<60: word()
    case 60..<80: inline(count: int(2...3), depth: depth + 1)
    default: token(depth: depth + 1)
    }
  }

  static let codeContent = [
    "x", "a b", "a  b", "**not bold**", "~~no~~", "[a](b)", "https://x.io", "\\", "a\\", "*",
    "<b>", "é", "😀", "`", "let x = [1]", "]", "](", "_a_", "  ", "~~~", "```",
  ]

  /// Inline Markdown and text that R8 keeps as typed.
  private static let staysAsTyped = [
    "snake_case_name", "__init__", "_a_", "*a*", "a * b", "a _ b", "\\*not\\*", "\\`", "\\[a](b)",
    "C:\\Users\\x", "\\", "\\\\", "<b>hi</b>", "<br>", "<!-- x -->", "&amp;", "&#42;", "&lt;",
    "&nbsp;", "<https://x.io/**a**>", "<a href=\"x\">", ":smile:", "@here", "#channel", "a|b",
    "2*3*4", "x__y__z", "~a~", "_~a~_", "^sup^", "==mark==", "$x$", "a->b", "<>",
  ]

  static let punctuation = [
    ".", ",", "!", "?", "…", ":", ";", "-", "—", "'", "\"", "!!", "?!", "...", "«", "»", "¿",
    "。", "、", "؟", "(", ")", "’", "„",
  ]

  /// Syntax characters on their own.
  private static let syntaxBits = [
    "[", "]", "](", "(", ")", "![", "`", "<", ">", "\\", "[]", "()", "[](", "![](", "!", "]]",
    "[[", "((", "))", "](<", ">)",
  ]

  private static let numbersAndMentions = [
    "42", "3.14", "1,000", "-1", "0x1F", "@alice", "#42", "v1.2.3", "12:30", "50%", "$5",
    "١٢٣", "४२", "①",
  ]
}
