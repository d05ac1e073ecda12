extension NotificationBodyReference {
  /// R3–R8 for the whole text: code lines stay code, blank prose lines stay
  /// text, each paragraph is read by `readParagraph(_:)`, and the blocks
  /// are joined with line breaks again.
  ///
  /// - Parameter blocks: The blocks from R3.
  /// - Returns: The text produced by R3–R8.
  static func readBlocks(_ blocks: [Block]) -> MarkedText {
    var read = MarkedText()
    for (index, block) in blocks.enumerated() {
      if index > 0 {
        read.appendText("\n")
      }
      switch block {
      case .code(let scalars):
        read.append(scalars[...], kind: .code)
      case .blankLine(let scalars):
        read.append(scalars[...], kind: .text)
      case .paragraph(let scalars):
        read.append(readParagraph(scalars))
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
  /// - Parameter paragraph: The paragraph's lines joined by line breaks.
  /// - Returns: What the paragraph reads as.
  static func readParagraph(_ paragraph: [Unicode.Scalar]) -> MarkedText {
    var reader = ParagraphReader(paragraph)
    reader.read()
    return reader.output
  }
}

/// One reading of one paragraph (see `readParagraph(_:)`).
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
  /// What the paragraph reads as, so far.
  var output = NotificationBodyReference.MarkedText()
  var stack: [Bracket] = []
  var position = 0

  init(_ text: [Unicode.Scalar]) {
    self.text = text
    output.scalars.reserveCapacity(text.count)
  }

  mutating func read() {
    while position < text.count {
      let scalar = text[position]
      if scalar == "`" {
        readBacktickRun()
      } else if let end = bareURLEnd(at: position) {
        output.append(text[position..<end], kind: .url)
        position = end
      } else if startsWith("!", "[") {
        openBracket(isImage: true, length: 2)
      } else if scalar == "[" {
        openBracket(isImage: false, length: 1)
      } else if scalar == "]" {
        readClosingBracket()
      } else if startsWith("*", "*") || startsWith("~", "~") {
        position += 2  // R7: dropped, paired or not.
      } else {
        output.appendText(scalar)  // R8: kept as typed.
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
      output.append(text[position..<contentStart], kind: .text)
      position = contentStart
      return
    }
    var content = text[contentStart..<closing]
    if content.first == " " && content.last == " " && !content.allSatisfy({ $0 == " " }) {
      content = content.dropFirst().dropLast()
    }
    output.append(content, kind: .code)
    position = closing + length
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
  ///   `*`, `_`, `~` or `(` in the message."
  /// - "The URL runs to the first space, tab or line break; when a bracket
  ///   opened by R5 is still on the stack, it also ends before the first `]`.
  ///   Then, as in GFM's autolink extension, repeatedly: one of `?!.,:*_~` at
  ///   its end is removed from it, or a `)` at its end is removed when the
  ///   URL holds more `)` than `(`."
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
    output.append(text[position..<(position + length)], kind: .text)
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
      output.appendText("]")
      position += 1
      return
    }
    let bracketLength = bracket.isImage ? 2 : 1
    output.scalars.removeSubrange(bracket.outputIndex..<(bracket.outputIndex + bracketLength))
    position = tailEnd
    if !bracket.isImage {
      for index in stack.indices where !stack[index].isImage {
        stack[index].isActive = false
      }
    }
  }
}
