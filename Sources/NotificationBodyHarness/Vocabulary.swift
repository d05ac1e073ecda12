/// The contract's tokens, in one place: `MessageGenerator` writes messages
/// with them and `FuzzMutator` edits fuzzer inputs with them, so a token
/// added here reaches both. (`Fuzz/notification-body.dict` lists their
/// bytes for libFuzzer's own mutations.)
///
///     Vocabulary.syntax.contains("](")  // true
package enum Vocabulary {
  /// The tokens a careless scanner trips on most: backticks, `[`, `](`,
  /// `**`, `(` and a line break.
  package static let commonSyntax = ["`", "[", "](", "**", "(", "\n"]

  /// Every other token that is syntax on its own, or next to another: R2
  /// line endings, R3 fences, R4 backtick runs, R5 brackets and link tails,
  /// R6 URL starts, R7 markers, R8 Markdown that stays, R9–R11 white space.
  package static let syntax = [
    "![", "~~", "*", "~", ")", "]", "\r\n", "\r", "[a](", "<", "_", "[](", "` ", "\\", "> ",
    "http://", "```\n", "~~~\n", " ", "\t", "[`", "(`", "a](b", "**a", "\u{301}", "🇺", "*_",
    "__", "<a", "](<", "\" ", "'", "# ", "- ", "|", "\n\n",
  ]

  /// Syntax scalars a long run of is costly if a scanner goes back over
  /// it: a `)` run ends a URL, a `[` run stacks openers, a backtick run
  /// opens a code span.
  package static let runScalars = [
    ")", "(", "[", "]", "`", "*", "_", "~", "\n", " ", "\t", "!", "<", ">", "\\", "\r",
  ]

  /// Short constructs whose repeats pile up, each going back over what a
  /// run before them left: links, paragraphs, spans, URLs.
  package static let repeatedConstructs = [
    "[a](b)", "[](x)", "](", "\n\na", "a\n", "`a", "a`", "*a", "~~a", "(a", "[a",
    " https://a", "\n```\n", "\r\n", "a)",
  ]

  /// R3 fences: runs of 3–6 backticks or tildes, alone or opening a line.
  package static let fences = [
    "```", "````", "`````", "``````", "~~~", "~~~~", "~~~~~", "~~~~~~", "\n```", "\n~~~",
    "```\n", "~~~\n", "```swift\n", "\n```\n",
  ]

  /// R4 code spans: backtick runs that open, close or do neither.
  package static let backtickRuns = ["`", "``", "` ", " `", "`` ", " ``", "`a`", "``a``"]

  /// R7 markers, R9–R11 spaces and line breaks: what the writer joins,
  /// trims and counts.
  package static let markersAndSpaces = [
    "**", "~~", "***", "~~~~", " ", "  ", "\t", " \t", "\n", "\r\n", "\r", "\n\n", "\n\n\n",
    " \n", "\u{A0}", "\u{3000}",
  ]

  /// R6 URL starts, in the cases the contract folds.
  package static let urlStarts = [
    "http://", "https://", "https://", "https://", "HTTP://", "HTTPS://", "Https://", "hTtP://",
    "htTPS://",
  ]

  /// R5 link destinations: nested and unbalanced parentheses, markup and
  /// escapes inside.
  package static let destinations = [
    "https://x.io", "https://x.io/a_(b)", "l.png", "./a/b.md", "#top", "/a(b(c))", "a(b)c",
    "https://example.com/**a**", "x~~y~~", "a`b`", "%20", "ü", "😀", "a\\)b", "mailto:a@b.c",
    "(a)", "((a))", "http://x.io?q=(1)", "a*b*", "[a]", "a]b", "<", "a>", "javascript:alert(1)",
    "\"t\"", "'q'",
  ]

  /// R5 link titles in each of their three delimiters, across lines, empty.
  package static let titles = [
    "\"Title\"", "'T'", "(T)", "\"a\nb\"", "\"\"", "''", "()", "\"**bold**\"", "\"[x](y)\"",
    "'it\"s'", "\"a \\\" b\"", "(a(b))", "\"`c`\"", "'a\r\nb'", "\"😀\"",
  ]

  /// R5 whole link tails, from `](` to `)`: with and without white space
  /// before a title, angle destinations, nested and unclosed parentheses.
  package static let linkTails = [
    "](a)", "](a \"t\")", "](a\"t\")", "](a't')", "](a(t))", "](<a b>)", "](<a>\"t\")",
    "](a(b))", "](a(b)", "]( a )", "](a\n\"t\")", "]()", "](a \"t\" x)", "](a\t'(t)')",
    "](((((((((((((((((((((((((((((((((a",
  ]

  /// The URL ends R6 trims or keeps: punctuation, balanced and unbalanced
  /// parentheses, markers, and a balanced `)` that guards what R6 would
  /// trim before it.
  package static let urlEnds = [
    "/a_(b)", "/(b)", "(b))", ")", "/a.", "/a,", "/a?!", "/a**", "/a~~", "/a_", "/(a)(b)", "/a:",
    "/(a**)", "/(a.)",
  ]
}
