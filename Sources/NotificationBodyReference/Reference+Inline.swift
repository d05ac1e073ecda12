extension NotificationBodyReference {
  /// R3–R8 for the whole text: code lines stay code, blank prose lines stay
  /// text, each paragraph is read by `readParagraph(_:start:after:)`, and the blocks
  /// are joined with line breaks again.
  ///
  /// - Parameter blocks: The blocks from R3.
  /// - Returns: The text produced by R3–R8.
  ///   - text: The text after R2 that the blocks come from; a code span's
  ///     run that only the paragraph's end leaves unmatched is named R3's.
  static func readBlocks(_ blocks: [Block], in text: [Unicode.Scalar]) -> MarkedText {
    var read = MarkedText()
    // Where the last block's line ends: at its line break.
    var previousEnd: Int? = nil
    for block in blocks {
      let start: Int
      let end: Int
      switch block {
      case .code(_, let blockStart, let line):
        (start, end) = (blockStart, line.upperBound)
      case .blankLine(let scalars, let blockStart), .paragraph(let scalars, let blockStart):
        (start, end) = (blockStart, blockStart + scalars.count)
      case .dropped(let range):
        read.drop(range, by: .r3)
        continue
      }
      if let previousEnd {
        // The line break that ended the last block's line, kept by R3's
        // reading of lines.
        read.append(["\n"], kind: .text, rule: .r3, source: previousEnd)
      }
      previousEnd = end
      switch block {
      case .code(let scalars, _, _):
        read.append(scalars[...], kind: .code, rule: .r3, source: start)
      case .blankLine(let scalars, _):
        read.append(scalars[...], kind: .text, rule: nil, source: start)
      case .paragraph(let scalars, _):
        read.append(readParagraph(scalars, start: start, after: text[(start + scalars.count)...]))
      case .dropped:
        break
      }
    }
    return read
  }

  /// "Reading a paragraph": R4–R8 read a paragraph once, from left to right,
  /// keeping a stack of open brackets for R5. "At each position the first of
  /// these that applies is taken:
  /// 1. a run of backticks: R4;
  /// 2. the start of a bare URL: R6;
  /// 3. `![` or `[`: R5 opens a bracket;
  /// 4. `]`: R5 may close a link or image;
  /// 5. `**` or `~~`: R7;
  /// 6. anything else is text, kept as typed (R8)."
  ///
  ///     readParagraph("[a [b](c) d](e)")  // "[a b d](e)" as text
  ///
  /// - Parameters:
  ///   - paragraph: The paragraph's lines joined by line breaks.
  ///   - start: Where it starts in the text after R2.
  ///   - after: The text after it, which R4–R8 never read: only a finding's
  ///     rule looks there.
  /// - Returns: What the paragraph reads as.
  static func readParagraph(
    _ paragraph: [Unicode.Scalar], start: Int, after: ArraySlice<Unicode.Scalar> = []
  ) -> MarkedText {
    var reader = ParagraphReader(paragraph, start: start)
    reader.after = after
    reader.read()
    return reader.output
  }
}

/// One reading of one paragraph (see `readParagraph(_:start:after:)`).
private struct ParagraphReader {
  /// A bracket on R5's stack.
  struct Bracket {
    /// `![` rather than `[`.
    var isImage: Bool
    /// False once a link formed after it ("a link never contains a link").
    var isActive: Bool
    /// Where the bracket as typed stands in the output, in case it turns
    /// out to open a link or image and is dropped.
    var outputIndex: Int
  }

  let text: [Unicode.Scalar]
  /// Where `text` starts in the text after R2.
  let start: Int
  /// The text after the paragraph, when known.
  var after: ArraySlice<Unicode.Scalar> = []
  /// The `]` at which R6 last ended a URL because a bracket was open.
  var urlStop: Int? = nil
  /// What the paragraph reads as, so far.
  var output = NotificationBodyReference.MarkedText()
  var stack: [Bracket] = []
  var position = 0

  init(_ text: [Unicode.Scalar], start: Int) {
    self.text = text
    self.start = start
    output.scalars.reserveCapacity(text.count)
  }

  /// Appends `text[range]` as `kind`, kept by `rule` (nil: prose, R8).
  private mutating func keep(
    _ range: Range<Int>, as kind: NotificationBodyReference.Kind,
    by rule: NotificationBodyReference.Rule?
  ) {
    output.append(text[range], kind: kind, rule: rule, source: start + range.lowerBound)
  }

  /// Records that `rule` dropped `text[range]`.
  private mutating func drop(_ range: Range<Int>, by rule: NotificationBodyReference.Rule) {
    output.drop((start + range.lowerBound)..<(start + range.upperBound), by: rule)
  }

  mutating func read() {
    while position < text.count {
      let scalar = text[position]
      if scalar == "`" {
        readBacktickRun()
      } else if let end = bareURLEnd(at: position) {
        keep(position..<end, as: .url, by: .r6)
        // R6 ended the URL at a `]` because a bracket is open: the link that
        // `]` may close is R6's doing as much as R5's.
        var stop = end
        while stop < text.count && !NotificationBodyReference.isSpaceTabOrLineBreak(text[stop])
          && text[stop] != "]"
        {
          stop += 1
        }
        if !stack.isEmpty && stop < text.count && text[stop] == "]" { urlStop = stop }
        position = end
      } else if startsWith("!", "[") {
        openBracket(isImage: true, length: 2)
      } else if scalar == "[" {
        openBracket(isImage: false, length: 1)
      } else if scalar == "]" {
        readClosingBracket()
      } else if startsWith("*", "*") || startsWith("~", "~") {
        // R7: dropped, paired or not; in a word that reads as a URL, R6 said
        // it is none, or ended it before the marker.
        drop(position..<(position + 2), by: isInURLWord(position) ? .r6 : .r7)
        position += 2
      } else {
        keep(position..<(position + 1), as: .text, by: nil)  // R8: kept as typed.
        position += 1
      }
    }
    // Brackets still on the stack stay as typed: they are in the output.
  }

  private func startsWith(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
    position + 1 < text.count && text[position] == first && text[position + 1] == second
  }

  /// R4 Code spans: "A run of n backticks opens a code span when a later run
  /// of exactly n backticks exists in the same paragraph (runs are always
  /// taken whole …). The span ends at the first such run. Both runs are
  /// dropped and the content between them is kept exactly, line breaks
  /// included, except that when the content begins and ends with a space and
  /// is not all spaces, one leading and one trailing space are removed. … A
  /// run with no matching run is text and stays as typed, and reading
  /// continues after it."
  private mutating func readBacktickRun() {
    let length = backtickRunLength(at: position)
    let contentStart = position + length
    // The first later run of exactly `length` backticks, each run taken whole.
    var closing = contentStart
    while closing < text.count && backtickRunLength(at: closing) != length {
      closing += max(backtickRunLength(at: closing), 1)
    }
    guard closing < text.count else {
      // Two or more backticks that start a line read like a fence: R3 said
      // they are none. A run whose match lies past the paragraph's end is
      // unmatched because R3 ended the paragraph.
      let run = position..<contentStart
      let isR3s = length > 1 && startsItsLine(run) || hasRunAfterParagraph(length: length)
      keep(run, as: .text, by: isR3s ? .r3 : .r4)
      position = contentStart
      return
    }
    var content = contentStart..<closing
    let scalars = text[content]
    if scalars.first == " " && scalars.last == " " && !scalars.allSatisfy({ $0 == " " }) {
      content = (contentStart + 1)..<(closing - 1)
    }
    drop(position..<content.lowerBound, by: .r4)
    keep(content, as: .code, by: .r4)
    drop(content.upperBound..<(closing + length), by: .r4)
    position = closing + length
  }

  /// Whether a run of exactly `length` backticks stands after the paragraph.
  private func hasRunAfterParagraph(length: Int) -> Bool {
    var index = after.startIndex
    while index < after.endIndex {
      var end = index
      while end < after.endIndex && after[end] == "`" { end += 1 }
      if end - index == length { return true }
      index = max(end, index + 1)
    }
    return false
  }

  /// Whether the word `position` is in, up to it, holds a `:` with a `/`
  /// after it, as a URL does.
  private func isInURLWord(_ position: Int) -> Bool {
    var index = position
    var sawSlash = false
    while index > 0 && !NotificationBodyReference.isSpaceTabOrLineBreak(text[index - 1]) {
      index -= 1
      if text[index] == "/" { sawSlash = true }
      if text[index] == ":" && sawSlash { return true }
    }
    return false
  }

  /// Whether only spaces and tabs stand before `run` on its line.
  private func startsItsLine(_ run: Range<Int>) -> Bool {
    let lineStart = text[..<run.lowerBound].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    return text[lineStart..<run.lowerBound].allSatisfy(NotificationBodyReference.isSpaceOrTab)
  }

  /// The length of the run of backticks that starts at `start`; 0 when
  /// there is none.
  private func backtickRunLength(at start: Int) -> Int {
    var end = start
    while end < text.count && text[end] == "`" {
      end += 1
    }
    return end - start
  }

  /// R6 Bare URLs: if a URL starts at `start`, where it ends.
  ///
  /// - "`http://` or `https://`, in any mix of upper and lower case, starts a
  ///   URL when it begins the paragraph or follows a space, tab, line break,
  ///   `*`, `_`, `~` or `(` in the message. That unit is the message's as
  ///   typed, whatever R4, R5 or R7 made of it."
  /// - "The URL runs to the first space, tab or line break; when a bracket
  ///   opened by R5 is still on the stack, it also ends before the first `]`.
  ///   Then, as in GFM's autolink extension, repeatedly: one of `?!.,:*_~` at
  ///   its end is removed from it, or a `)` at its end is removed when the
  ///   URL holds more `)` than `(`. A bracket on the stack counts even when
  ///   R5 has made it inactive … Nothing else ends or shortens a URL."
  /// - "What was removed from its end is read again as usual."
  @inline(__always)
  private func bareURLEnd(at start: Int) -> Int? {
    guard start == 0 || Self.mayPrecedeURL(text[start - 1]) else { return nil }
    guard
      startsCaseInsensitively("http://", at: start)
        || startsCaseInsensitively("https://", at: start)
    else { return nil }
    var end = start
    while end < text.count && !NotificationBodyReference.isSpaceTabOrLineBreak(text[end])
      && !(!stack.isEmpty && text[end] == "]")
    {
      end += 1
    }
    var closingParentheses = 0
    var openingParentheses = 0
    for scalar in text[start..<end] {
      if scalar == ")" { closingParentheses += 1 }
      if scalar == "(" { openingParentheses += 1 }
    }
    while true {
      let last = text[end - 1]
      if Self.isTrailingPunctuation(last) {
        end -= 1
      } else if last == ")" && closingParentheses > openingParentheses {
        end -= 1
        closingParentheses -= 1
      } else {
        return end
      }
    }
  }

  /// What a URL may follow "in the message" (R6): "a space, tab, line
  /// break, `*`, `_`, `~` or `(`".
  private static func mayPrecedeURL(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\t", "\n", "*", "_", "~", "(": true
    default: false
    }
  }

  /// What R6 removes from a URL's end, besides an unpartnered `)`: "one of
  /// `?!.,:*_~`".
  private static func isTrailingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "?", "!", ".", ",", ":", "*", "_", "~": true
    default: false
    }
  }

  /// Whether `scheme`, written in lower case, stands at `start` "in any mix
  /// of upper and lower case" (R6).
  @inline(__always)
  private func startsCaseInsensitively(_ scheme: StaticString, at start: Int) -> Bool {
    scheme.withUTF8Buffer { expected in
      guard start + expected.count <= text.count else { return false }
      for (offset, byte) in expected.enumerated() {
        let actual = text[start + offset].value
        let lowered = (0x41...0x5A).contains(actual) ? actual + 0x20 : actual  // A–Z to a–z
        if lowered != UInt32(byte) { return false }
      }
      return true
    }
  }

  /// R5: "`[` opens a link bracket and `![` an image bracket; each is pushed
  /// on the stack."
  private mutating func openBracket(isImage: Bool, length: Int) {
    stack.append(Bracket(isImage: isImage, isActive: true, outputIndex: output.scalars.count))
    keep(position..<(position + length), as: .text, by: .r5)
    position += length
  }

  /// R5: "A `]` with an empty stack is text. Otherwise it pops the top
  /// bracket. If that bracket is active and the `]` is directly followed by
  /// an inline link tail, the bracket, the `]` and the tail are dropped and
  /// what was read between them (the label or alt text, itself read by
  /// R4–R7) stays. Otherwise the bracket and the `]` are text."
  ///
  /// "When a link (not an image) is formed, every link bracket still on the
  /// stack becomes inactive."
  ///
  /// The popped bracket was the last one pushed, so nothing after it in the
  /// output is a bracket still on the stack.
  private mutating func readClosingBracket() {
    guard let bracket = stack.popLast(), bracket.isActive,
      let tailEnd = NotificationBodyReference.inlineLinkTailEnd(in: text, at: position + 1)
    else {
      keep(position..<(position + 1), as: .text, by: .r5)
      position += 1
      return
    }
    let bracketLength = bracket.isImage ? 2 : 1
    let bracketScalars = bracket.outputIndex..<(bracket.outputIndex + bracketLength)
    let bracketSource = output.scalars[bracket.outputIndex].source
    let rule: NotificationBodyReference.Rule = position == urlStop ? .r6 : .r5
    output.drop(bracketSource..<(bracketSource + bracketLength), by: rule)
    output.scalars.removeSubrange(bracketScalars)
    drop(position..<tailEnd, by: rule)
    position = tailEnd
    if !bracket.isImage {
      for index in stack.indices where !stack[index].isImage {
        stack[index].isActive = false
      }
    }
  }
}
