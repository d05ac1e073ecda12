/// Links and images with their tails (R5), and bare URLs (R6).
extension MessageGenerator.Writer {
  /// An inline link or image, a reference link, an autolink, brackets
  /// nested in every way, or a broken link.
  mutating func link(depth: Int) {
    switch below(100) {
    case 0..<58: inlineLink(depth: depth, image: percent(25))
    case 58..<66: add(pick(Self.referenceLinks))
    case 66..<72: add(pick(Self.autolinks))
    case 72..<88: nestedLink(depth: depth)
    default: add(pick(Self.brokenLinks))
    }
  }

  /// `[label](tail` or `![alt](tail`, the label read as inline content.
  private mutating func inlineLink(depth: Int, image: Bool) {
    add(image ? "![" : "[")
    if percent(92) { inline(count: small(1...4), depth: depth + 1) }
    add("]")
    linkTail()
  }

  /// Links in links, images in links, links in images, brackets in labels.
  private mutating func nestedLink(depth: Int) {
    switch below(8) {
    case 0:
      add("[")
      word()
      add(" ")
      inlineLink(depth: depth + 1, image: false)
      add(" ")
      word()
      add("]")
      linkTail()
    case 1:
      add("[")
      inlineLink(depth: depth + 1, image: true)
      add("]")
      linkTail()
    case 2:
      add("![")
      word()
      add(" ")
      inlineLink(depth: depth + 1, image: false)
      add("]")
      linkTail()
    case 3:
      add(pick(["[[", "[a [", "[`]`", "[a]b[", "[!["]))
      word()
      add(pick(["]]", "]", "] ]", "]`]`"]))
      linkTail()
    case 4:
      add("[see ")
      bareURL()
      add("]")
      linkTail()
    case 5:
      add(pick(["[`a](b)`](c)", "[a `]` b](c)", "[**a](b)**](c)", "[a](b)[c](d)", "[a]([b](c))"]))
    case 6:
      add("[", times: int(2...6))
      word()
      add("](a)", times: int(1...6))
    default:
      add("[")
      word()
      add("](")
      inlineLink(depth: depth + 1, image: false)
      add(")")
    }
  }

  /// `(`, then an empty tail, a destination with or without a title, an
  /// angle destination, parentheses nested about 32 deep, or a tail that
  /// is not one.
  private mutating func linkTail() {
    add("(")
    if percent(12) { linkSpace() }
    switch below(100) {
    case 0..<7: add(")")
    case 7..<50:
      destination()
      if percent(35) {
        linkSpace()
        title()
      }
      if percent(15) { linkSpace() }
      add(")")
    case 50..<57:
      add(pick(["<>", "<a b>", "<https://x.io/a b>", "<a)b>", "<a(b>", "<**a**>", "<a\\>b>"]))
      if percent(40) {
        linkSpace()
        title()
      }
      add(")")
    case 57..<65:
      // Parentheses nested around 32 deep: cmark's limit.
      let depth = int(28...36)
      add(pick(["x", "https://x.io/", ""]))
      add("(", times: depth)
      add(pick(["y", "", "`", "**"]))
      add(")", times: depth + int(-1...1))
      add(")")
    default: invalidTail()
    }
  }

  /// White space inside a link tail: spaces, tabs and line breaks.
  private mutating func linkSpace() {
    switch below(10) {
    case 0..<5: add(" ")
    case 5..<7: add(pick(["  ", "\t", " \t"]))
    case 7..<9: lineBreak()
    default:
      add(" ")
      lineBreak()
      add(" ")
    }
  }

  private mutating func destination() {
    switch below(100) {
    case 0..<70: add(pick(Vocabulary.destinations))
    case 70..<85:
      bareURL(preceded: false)
    default:
      add(pick(["a", "x/", "./"]))
      add(pick(["(", ")", "((", "(a)", "(a)(b)", "((a)b)", "\\(", "\\)"]))
      add(pick(["", "b", "c)"]))
    }
  }

  private mutating func title() {
    switch below(100) {
    case 0..<85: add(pick(Vocabulary.titles))
    default:
      // A title across line breaks.
      add(pick(["\"", "'", "("]))
      inline(count: small(1...3), depth: 3)
      lineBreak()
      word()
      add(pick(["\"", "'", ")"]))
    }
  }

  /// A tail that is no link tail: space or control character in the
  /// destination, no `)`, a title without its space, a blank line inside.
  private mutating func invalidTail() {
    switch below(12) {
    case 0: add(pick(["a b)", "https://x.io/a b)", "a\tb)"]))
    case 1: add(pick(["a", "https://x.io", "a \"t\"", "<a>"]))  // No ")".
    case 2:
      add("a")
      add(pick(["\0", "\u{1}", "\u{7}", "\u{1B}", "\u{1F}", "\u{7F}"]))
      add("b)")
    case 3: add(pick(["<a\nb>)", "<a\r\nb>)"]))
    case 4: add(pick(["<a<b>)", "<a", "<a>b)", "<a>>"]))
    case 5: add(pick(["a\"t\")", "<b>\"t\")", "a'b')"]))
    case 6: add(pick(["a \"t)", "a 't)", "a (t", "a \"t\"x)"]))
    case 7: add(pick(["\"t u\")", "'t u')"]))
    case 8: add(pick(["a (b(c))", "a (b(c)", "(a", "((a)"]))
    case 9:
      add("a")
      lineBreak()
      lineBreak()
      add(")")
    case 10: add(pick(["a \"t\" b)", "a \"t\" \"u\")", "a 't' )x"]))
    default: add(pick(["a) b)", ")a)", "a\u{A0}b)", "😀 )"]))
    }
  }

  // MARK: Bare URLs (R6)

  /// `http://` or `https://` in any case, after a character that lets it
  /// start a URL or one that doesn't, holding syntax, with trailing
  /// punctuation and unbalanced `)`, sometimes followed by syntax.
  mutating func bareURL(preceded: Bool = true) {
    if preceded {
      switch below(100) {
      case 0..<45: break  // After the separator before it, if any.
      case 45..<70: add(pick(Self.charactersBeforeURLs))
      case 70..<75: lineBreak()
      default: add(pick(Self.charactersBeforeNoURL))
      }
    }
    add(pick(Vocabulary.urlStarts))
    add(pick(Self.hosts))
    for _ in 0..<small(0...4) { add(pick(Self.urlPieces)) }
    if percent(45) {
      for _ in 0..<small(1...4) { add(pick(["?", "!", ".", ",", ":", "*", "_", "~", ")", "**"])) }
    }
    if preceded && percent(18) {
      add(pick([")", "]", "**", "~~", "_", "*", "`", "](x)", "'", "\"", ">", "…"]))
    }
  }

  /// What a URL may start after (R6), but for space, tab and line break.
  private static let charactersBeforeURLs = [
    "*", "_", "~", "(", "**", "~~", "\t", "_(", "*(", "***", "~(",
  ]

  /// What no URL starts after.
  private static let charactersBeforeNoURL = [
    "a", "<", "[", "\"", "`", "=", ":", "é", "1", "/", ")", "]", "!", "\u{A0}", "'",
  ]

  private static let hosts = [
    "x.io", "example.com", "a.b", "localhost:8080", "[::1]", "xn--e1a.io", "例え.jp",
    "user:pw@host.io", "",
  ]

  private static let urlPieces = [
    "/a", "/a_b", "/**b**", "/~~c~~", "/`d`", "/[e]", "/(f)", "/g)", "/(h", "/_i_", "/~j",
    "?q=1&r=2", "#frag", "/wiki/Foo_(bar)", "/*", "/\\", "/a**", "/~~", "/`", "/]", "/[",
    "/😀", "/%20", "?a=(1)", "/x.", "/é",
  ]

  private static let referenceLinks = [
    "[a][b]", "[a][]", "[a]", "[a] [b]", "[a]\n[b]", "![a][b]", "[**a**][b]", "[a][b](c)",
    "[a] (b)", "[^1]",
  ]

  private static let autolinks = [
    "<https://x.io>", "<https://x.io/**a**>", "<HTTP://X.IO/_a_>", "<mailto:a@b.c>", "<a@b.c>",
    "<https://x.io/a b>", "<https://x.io/~~a~~>", "<http://x.io/`a`>",
  ]

  private static let brokenLinks = [
    "[a](", "[a] (b)", "[a]\n(b)", "](", "[a)", "[a](b", "[a]( b", "[](", "![a](", "[a]]",
    "[[a](b)", "[a](b))", "[a](b)(c)", "[a]](b)", "[a\n\nb](c)", "[a](\n\n)",
  ]
}
