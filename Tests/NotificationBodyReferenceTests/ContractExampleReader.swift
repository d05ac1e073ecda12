import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyText
import Testing

/// One example that `docs/contract.md` states in the form
/// `` `"X"` gives `"Y"` `` (or `` `"X"` and `"Z"` give `"Y"` ``): messages
/// and the body each of them becomes at the default limit.
struct ContractExample: Sendable, CustomTestStringConvertible {
  /// The line of the contract where the first input stands.
  var line: Int
  /// The messages, decoded from their JSON string literals.
  var inputs: [String]
  /// The body the contract gives for every one of `inputs`.
  var expect: String

  var testDescription: String {
    "line \(line): " + inputs.map(Escaped.forDisplay).joined(separator: " and ")
      + (inputs.count == 1 ? " gives " : " give ") + Escaped.forDisplay(expect)
  }
}

/// Reads the examples that a Markdown text states as quoted code spans joined
/// by "gives": `` `"a ** b"` gives `"a b"` ``.
///
/// A *quoted example* is a code span of one to three backticks whose content
/// is a JSON string literal on one line, optionally padded by one space on
/// each side (`` `` "`a`" `` `` for content holding backticks). Its escapes
/// are JSON's; a backslash that starts none of them stands for itself, as the
/// page would show it (`"\a"` is a backslash and `a`).
/// An example is one or more quoted examples joined by "and", then "give" or
/// "gives", then one quoted example, with only spaces and line breaks
/// between them. Any other "give" or "gives" that stands next to a quoted
/// example is a problem, so a sentence written in a new form is reported
/// instead of silently skipped.
struct ContractExampleReader {
  /// The examples in text order.
  private(set) var examples: [ContractExample] = []
  /// What could not be read, each starting with its line: `line 12: …`.
  private(set) var problems: [String] = []

  private let scalars: [Unicode.Scalar]

  /// Reads `markdown` whole.
  init(markdown: String) {
    scalars = Array(markdown.unicodeScalars)
    let quotes = readQuotes()
    var bodies = Set<Int>()
    for index in quotes.indices.dropLast() where isGive(gap(quotes[index], quotes[index + 1])) {
      var first = index
      while first > 0, !bodies.contains(first - 1), gap(quotes[first - 1], quotes[first]) == ["and"]
      {
        first -= 1
      }
      examples.append(
        ContractExample(
          line: line(at: quotes[first].start),
          inputs: quotes[first...index].map(\.value),
          expect: quotes[index + 1].value))
      bodies.insert(index + 1)
    }
    problems = strayGives(quotes: quotes, bodies: bodies)
  }

  /// A quoted example: where its span starts and ends, and its value.
  private struct Quote {
    var start: Int
    var end: Int
    var value: String
  }

  /// Every quoted example, in order. A backtick run that opens none is
  /// skipped whole.
  private func readQuotes() -> [Quote] {
    var quotes: [Quote] = []
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "`" else {
        index += 1
        continue
      }
      let run = runLength(at: index)
      if run <= 3, let quote = quote(at: index, run: run) {
        quotes.append(quote)
        index = quote.end
      } else {
        index += run
      }
    }
    return quotes
  }

  /// The quoted example whose span opens with `run` backticks at `start`.
  private func quote(at start: Int, run: Int) -> Quote? {
    var index = start + run
    if index < scalars.count, scalars[index] == " " { index += 1 }
    guard index < scalars.count, scalars[index] == "\"" else { return nil }
    guard let (value, afterLiteral) = literal(at: index) else { return nil }
    index = afterLiteral
    if index < scalars.count, scalars[index] == " " { index += 1 }
    guard index + run <= scalars.count, runLength(at: index) == run else { return nil }
    return Quote(start: start, end: index + run, value: value)
  }

  /// Decodes the JSON string literal whose `"` is at `start`, returning it
  /// and the offset after its closing `"`; nil when a line break comes
  /// before that `"`, or a `\u` escape is malformed or an unpaired surrogate.
  private func literal(at start: Int) -> (String, Int)? {
    var units: [UInt16] = []
    var index = start + 1
    while index < scalars.count, scalars[index] != "\"" {
      let scalar = scalars[index]
      guard scalar != "\n" else { return nil }
      if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" {
        guard let unit = hexUnit(at: index + 2) else { return nil }
        units.append(unit)
        index += 6
      } else if scalar == "\\", index + 1 < scalars.count,
        let escaped = Self.jsonEscapes[scalars[index + 1]]
      {
        units.append(contentsOf: String(escaped).utf16)
        index += 2
      } else {
        units.append(contentsOf: String(scalar).utf16)
        index += 1
      }
    }
    guard index < scalars.count else { return nil }
    var value = String.UnicodeScalarView()
    var iterator = units.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): value.append(scalar)
      case .emptyInput: return (String(value), index + 1)
      case .error: return nil
      }
    }
  }

  /// JSON's one-letter escapes.
  private static let jsonEscapes: [Unicode.Scalar: Unicode.Scalar] = [
    "\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}", "n": "\n", "r": "\r", "t": "\t",
  ]

  /// The UTF-16 unit spelled by the four hex digits at `start`.
  private func hexUnit(at start: Int) -> UInt16? {
    guard start + 4 <= scalars.count else { return nil }
    let digits = String(String.UnicodeScalarView(scalars[start..<start + 4]))
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    return UInt16(digits, radix: 16)
  }

  /// Every "give" or "gives" (punctuation aside) next to a quoted example
  /// that is not part of an example: a sentence in a form this reader does
  /// not know.
  private func strayGives(quotes: [Quote], bodies: Set<Int>) -> [String] {
    var problems: [String] = []
    for (index, quote) in quotes.enumerated() {
      let next = index + 1 < quotes.count ? quotes[index + 1].start : scalars.count
      if !bodies.contains(index + 1), let word = words(from: quote.end, to: next).first,
        isGive([String(word.filter(\.isLetter))])
      {
        problems.append(
          "line \(line(at: quote.start)): \(Escaped.forDisplay(quote.value)) \(word) "
            + "is not followed by a quoted example")
      }
      let previous = index > 0 ? quotes[index - 1].end : 0
      if !bodies.contains(index), let word = words(from: previous, to: quote.start).last,
        isGive([String(word.filter(\.isLetter))])
      {
        problems.append(
          "line \(line(at: quote.start)): \(word) \(Escaped.forDisplay(quote.value)) "
            + "does not follow a quoted example")
      }
    }
    return problems
  }

  /// Whether `words` is exactly "give" or "gives".
  private func isGive(_ words: [String]?) -> Bool {
    words == ["gives"] || words == ["give"]
  }

  /// The words between two quoted examples when nothing but words, spaces
  /// and line breaks separates them, with white space on both ends; nil
  /// otherwise (punctuation, or a quote touching the next).
  private func gap(_ left: Quote, _ right: Quote) -> [String]? {
    let between = scalars[left.end..<right.start]
    guard let first = between.first, let last = between.last,
      first == " " || first == "\n", last == " " || last == "\n"
    else { return nil }
    let found = words(from: left.end, to: right.start)
    return found.allSatisfy { $0.unicodeScalars.allSatisfy(\.properties.isAlphabetic) }
      ? found : nil
  }

  /// The text from `start` to `end` split at spaces and line breaks, with
  /// punctuation left on its words.
  private func words(from start: Int, to end: Int) -> [String] {
    String(String.UnicodeScalarView(scalars[start..<max(start, end)]))
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
  }

  /// The 1-based line of the scalar at `offset`.
  private func line(at offset: Int) -> Int {
    scalars[..<offset].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
  }

  /// The length of the backtick run starting at `start`.
  private func runLength(at start: Int) -> Int {
    var end = start
    while end < scalars.count, scalars[end] == "`" { end += 1 }
    return end - start
  }
}
