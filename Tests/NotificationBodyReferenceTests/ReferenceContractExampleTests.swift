import NotificationBody
import NotificationBodyFixtures
import NotificationBodyReference
import Testing

/// The body for `markdown` at `limit`, through the reference implementation.
private func body(_ markdown: String, limit: Int = 256) -> String {
  NotificationBodyReference.make(from: markdown, limit: NotificationBody.Limit(utf16Units: limit))
}

/// Every example written in `docs/contract.md`, one expectation each, plus a
/// few that spell out a sentence of a rule.
@Suite("Reference implementation: the contract's examples")
struct ReferenceContractExampleTests {
  /// An input, the body the contract gives for it, and the limit.
  struct Example: Sendable, CustomTestStringConvertible {
    var input: String
    var expect: String
    var limit = 256
    var testDescription: String {
      let shown = escapedForDisplay(input)
      return shown.count <= 60 ? shown : String(shown.prefix(57)) + "…\""
    }
  }

  private static func check(_ example: Example) {
    let actual = body(example.input, limit: example.limit)
    #expect(
      actual == example.expect,
      """
        input:    \(escapedForDisplay(example.input))
        expected: \(escapedForDisplay(example.expect))
        actual:   \(escapedForDisplay(actual))
      """)
  }

  @Test(
    "Terms: syntax is read by scalar",
    arguments: [
      // "`"**\u0301"` is `**` followed by a combining mark, and the marker is dropped."
      Example(input: "**\u{301}", expect: "\u{301}"),
      // Decisions: "`*`, `` ` ``, `[` followed by a combining mark still count as syntax".
      Example(input: "`\u{301}a`", expect: "\u{301}a"),
      Example(input: "[\u{301}x](y)", expect: "\u{301}x"),
    ])
  func readingUnit(_ example: Example) { Self.check(example) }

  @Test("Terms: a smaller limit is clamped up to 256")
  func limitClamp() {
    #expect(
      body(String(repeating: "a", count: 300), limit: 100) == String(repeating: "a", count: 255)
        + "…")
    #expect(
      body(String(repeating: "a", count: 300), limit: 0) == String(repeating: "a", count: 255) + "…"
    )
    #expect(
      body(String(repeating: "a", count: 300), limit: 400) == String(repeating: "a", count: 300))
  }

  @Test(
    "R1 Input window",
    arguments: [
      // "`"**"` × 2047 + `"b"` is 4095 units: all of it is the window, the body is `"b"`."
      Example(input: String(repeating: "**", count: 2047) + "b", expect: "b"),
      // "`"**"` × 2048 + `"b"`: the window ends before `"b"`, the body is `"…"`."
      Example(input: String(repeating: "**", count: 2048) + "b", expect: "…"),
      // "A character that straddles unit 4096 … is left out whole": a surrogate pair,
      Example(
        input: String(repeating: "a", count: 4095) + "😀",
        expect: String(repeating: "a", count: 4095) + "…", limit: 5000),
      // a flag,
      Example(
        input: String(repeating: "a", count: 4093) + "🇺🇸",
        expect: String(repeating: "a", count: 4093) + "…", limit: 5000),
      // a base letter with its combining marks,
      Example(
        input: String(repeating: "a", count: 4095) + "e\u{301}",
        expect: String(repeating: "a", count: 4095) + "…", limit: 5000),
      // and "\r\n", which is one character.
      Example(
        input: String(repeating: "a", count: 4095) + "\r\nb",
        expect: String(repeating: "a", count: 4095) + "…", limit: 5000),
      // A character that ends exactly at unit 4096 is in the window.
      Example(
        input: String(repeating: "a", count: 4094) + "e\u{301}",
        expect: String(repeating: "a", count: 4094) + "e\u{301}", limit: 5000),
    ])
  func window(_ example: Example) { Self.check(example) }

  @Test(
    "R2 Line endings",
    arguments: [
      Example(input: "a\r\nb\rc", expect: "a\nb\nc"),
      // "everywhere, code included"
      Example(input: "```\r\nx\r\ny\r```", expect: "x\ny"),
      Example(input: "a\r\r\r\rb", expect: "a\n\nb"),
    ])
  func lineEndings(_ example: Example) { Self.check(example) }

  @Test(
    "R3 Fenced code blocks",
    arguments: [
      // "That run may follow code on the same line"
      Example(input: "```\nfoo\nbar```", expect: "foo\nbar"),
      // "One-line block"
      Example(input: "```just ci```", expect: "just ci"),
      // "Unclosed fence"
      Example(input: "```npm install", expect: "npm install"),
      Example(input: "```npm install\n", expect: "npm install"),
      Example(input: "```npm install\n \t\n", expect: "npm install"),
      Example(input: "```sh\nls -l", expect: "ls -l"),
      // "Text before and after a block stays on its own lines"
      Example(input: "Run:\n```\nmake\n```\nthen", expect: "Run:\nmake\nthen"),
      // Decisions: "`"``````"` is an opening fence of 6, not an empty one-line block"
      Example(input: "``````\n```\n**x**", expect: "```\n**x**"),
      // "Info string … is dropped, even when it contains backticks"
      Example(input: "```sw`ift\ncode\n```", expect: "code"),
      // "A shorter run, or a run with other text after it on its line, is code."
      Example(input: "````\na\n```\n``` b\n````", expect: "a\n```\n``` b"),
      // "If only spaces or tabs stand before the run, the closing line vanishes whole."
      Example(input: "```\na\n \t````  \nb", expect: "a\nb"),
      // "after at most 3 spaces"
      Example(input: "   ```\n**x**\n```", expect: "**x**"),
      Example(input: "    ```x", expect: "```x"),
      // Tildes close only with tildes.
      Example(input: "~~~\n**a**\n```\n~~~", expect: "**a**\n```"),
      // "Code lines are kept exactly as written"
      Example(input: "```\na  **b** [c](d)\n```", expect: "a  **b** [c](d)"),
      // "Rules R4–R7 never reach … into a fenced block."
      Example(input: "`a\n```\nb`", expect: "`a\nb`"),
    ])
  func fencedBlocks(_ example: Example) { Self.check(example) }

  @Test(
    "R4 Code spans",
    arguments: [
      // "`"`` ` ``"` gives `"`"`"
      Example(input: "`` ` ``", expect: "`"),
      // "`"\`a`"` gives `"\a"`"
      Example(input: "\\`a`", expect: "\\a"),
      // "runs are always taken whole: `"```"` is one run of 3"
      Example(input: "a ``` b `", expect: "a ``` b `"),
      // "line breaks included"
      Example(input: "`a\nb`", expect: "a\nb"),
      // A code span never reaches across a blank line.
      Example(input: "`a\n\nb`", expect: "`a\n\nb`"),
      // "not all spaces"
      Example(input: "x`  `y", expect: "x  y"),
      // A code span's content is not read for links, URLs or markers.
      Example(input: "`**a** [b](c) https://x.io`", expect: "**a** [b](c) https://x.io"),
    ])
  func codeSpans(_ example: Example) { Self.check(example) }

  @Test(
    "R5 Links and images",
    arguments: [
      Example(input: "[docs](https://x.io/a_(b))", expect: "docs"),
      Example(input: "![logo](l.png \"Logo\")", expect: "logo"),
      Example(input: "[a [b](c) d](e)", expect: "[a b d](e)"),
      // "an image's alt text may hold a link"
      Example(input: "![a [b](c) d](e)", expect: "a b d"),
      // "Reference links …, autolinks … stay as typed"
      Example(input: "[a][b] [c] <https://x.io>", expect: "[a][b] [c] <https://x.io>"),
      // "A `]` with an empty stack is text."
      Example(input: "a](b)", expect: "a](b)"),
      // Destinations and titles.
      Example(input: "[a](<b c>)", expect: "a"),
      Example(input: "[a]()", expect: "a"),
      Example(input: "[a](b 't') [c](d (t))", expect: "a c"),
      Example(input: "[a](b\n\"t\nu\"\n)", expect: "a"),
      Example(input: "[a](b c)", expect: "[a](b c)"),
      // "A title needs a destination before it and white space between them"
      Example(input: "[a](<b>\"t\")", expect: "[a](<b>\"t\")"),
      // "in `"[a](\"t u\")"` the destination is `"t`, `u` is no title, and there is no link"
      Example(input: "[a](\"t u\")", expect: "[a](\"t u\")"),
      Example(input: "[x]( \"a b\")", expect: "[x]( \"a b\")"),
      // "ASCII control character (U+0000–U+001F, U+007F)"
      Example(input: "[a](b\u{7F}c)", expect: "[a](b\u{7F}c)"),
      Example(input: "[a](b\u{80}c)", expect: "a"),
      Example(input: "[a](<b\nc>)", expect: "[a](<b\nc>)"),
      // Decisions: "at most 32 levels of parentheses"
      Example(
        input: "[a](" + String(repeating: "(", count: 32) + String(repeating: ")", count: 32) + ")",
        expect: "a"),
      Example(
        input: "[a](" + String(repeating: "(", count: 33) + String(repeating: ")", count: 33) + ")",
        expect: "[a](" + String(repeating: "(", count: 33) + String(repeating: ")", count: 33) + ")"
      ),
    ])
  func links(_ example: Example) { Self.check(example) }

  @Test(
    "R6 Bare URLs",
    arguments: [
      // "`"**https://x.io/a**"` gives `"https://x.io/a"`"
      Example(input: "**https://x.io/a**", expect: "https://x.io/a"),
      // Decisions: a URL inside a link label "ends before the label's `]`"
      Example(input: "[see https://x.io](https://x.io)", expect: "see https://x.io"),
      // Decisions: "any case"
      Example(input: "HTTPS://X.IO/**a**", expect: "HTTPS://X.IO/**a"),
      // Decisions: "a URL swallows the backticks and brackets in it"
      Example(input: "https://x.io/`a`b` c", expect: "https://x.io/`a`b` c"),
      Example(input: "see https://x.io/[a](b) **c**", expect: "see https://x.io/[a](b) c"),
      // GFM's trailing punctuation and parentheses.
      Example(input: "(see https://x.io/a_(b)).", expect: "(see https://x.io/a_(b))."),
      Example(input: "~~https://x.io/a~~", expect: "https://x.io/a"),
      // Only at the start of the paragraph or after space, tab, line break, * _ ~ (.
      Example(input: "xhttps://x.io/**a**", expect: "xhttps://x.io/a"),
    ])
  func bareURLs(_ example: Example) { Self.check(example) }

  @Test(
    "R7 Bold and strikethrough markers",
    arguments: [
      // "`"***"` leaves `"*"`"
      Example(input: "***", expect: "*"),
      // "`"~~~"` in mid-line leaves `"~"`"
      Example(input: "a ~~~ b", expect: "a ~ b"),
      Example(input: "**a** ~~b~~ c**", expect: "a b c"),
    ])
  func markers(_ example: Example) { Self.check(example) }

  @Test("R8 Everything else stays as typed")
  func everythingElse() {
    let input = "> quote\n- item\n# head\nsnake_case *a* __b__ \\*c &amp; <b>x</b> | t |"
    #expect(body(input) == input)
    // "R7 still drops `**` and `~~` inside them … since a URL never starts after `<`"
    #expect(body("<https://x.io/**a**>") == "<https://x.io/a>")
  }

  @Test(
    "R9 Spaces",
    arguments: [
      // "`"a ** b"` gives `"a b"`"
      Example(input: "a ** b", expect: "a b"),
      Example(input: "a    b", expect: "a b"),
      // "a space that is code is never removed and does not join a run"
      Example(input: "a ` ` b", expect: "a   b"),
      Example(input: "`a  b`", expect: "a  b"),
      // "Tabs and other white space stay."
      Example(input: "a\t\tb\u{A0}\u{A0}c", expect: "a\t\tb\u{A0}\u{A0}c"),
    ])
  func spaces(_ example: Example) { Self.check(example) }

  @Test(
    "R10 Line breaks",
    arguments: [
      Example(input: "a\n\n\n\nb", expect: "a\n\nb"),
      // "a line that holds nothing but spaces and tabs, none of them code, is emptied"
      Example(input: "a\n \t\n\nb", expect: "a\n\nb"),
      Example(input: "x\n```\n  \n```\ny", expect: "x\n  \ny"),
      // Markers dropped by R7 can leave a line of spaces, which R10 empties.
      Example(input: "a\n ** \nb", expect: "a\n\nb"),
      // "everywhere, code included"
      Example(input: "```\na\n\n\n\nb\n```", expect: "a\n\nb"),
    ])
  func lineBreaks(_ example: Example) { Self.check(example) }

  @Test("R11 Trim")
  func trim() {
    #expect(body("\n\n \t a  \n ") == "a")
    #expect(body("```\n  code  \n```") == "code")
  }

  @Test(
    "R12 Cap",
    arguments: [
      Example(
        input: String(repeating: "a", count: 256), expect: String(repeating: "a", count: 256)),
      Example(
        input: String(repeating: "a", count: 257), expect: String(repeating: "a", count: 255) + "…"),
      // Decisions: "spaces, tabs and line breaks (R11's set) are removed"
      Example(
        input: String(repeating: "a", count: 254) + "\t" + String(repeating: "b", count: 10),
        expect: String(repeating: "a", count: 254) + "…"),
      Example(
        input: String(repeating: "a", count: 253) + " \n" + String(repeating: "b", count: 10),
        expect: String(repeating: "a", count: 253) + "…"),
      // "never splits a surrogate pair or a character (ZWJ sequences, …)"
      Example(
        input: String(repeating: "a", count: 250) + "👨‍👩‍👧‍👦" + "b",
        expect: String(repeating: "a", count: 250) + "…"),
      Example(
        input: String(repeating: "a", count: 254) + "😀" + "b",
        expect: String(repeating: "a", count: 254) + "…"),
      // Terms, Character: "`"क्ष"` is one character".
      Example(
        input: String(repeating: "a", count: 253) + "क्ष" + "b",
        expect: String(repeating: "a", count: 253) + "…"),
      // "A single character longer than limit − 1 units leaves just `"…"`."
      Example(input: "e" + String(repeating: "\u{301}", count: 300), expect: "…"),
      // A raised limit.
      Example(
        input: String(repeating: "a", count: 500), expect: String(repeating: "a", count: 399) + "…",
        limit: 400),
    ])
  func cap(_ example: Example) { Self.check(example) }
}
