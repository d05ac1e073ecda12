extension NotificationBodyReference {
  /// R3–R8 for the whole text: code lines stay code, blank prose lines stay
  /// text, each paragraph is read by `readParagraph(_:)`, and the blocks are
  /// joined with line breaks again.
  ///
  /// - Parameter blocks: The blocks from R3.
  /// - Returns: The text produced by R3–R8, as pieces.
  static func readBlocks(_ blocks: [Block]) -> [Piece] {
    var pieces: [Piece] = []
    for (index, block) in blocks.enumerated() {
      if index > 0 {
        pieces.append(Piece(scalars: ["\n"], kind: .text))
      }
      switch block {
      case .code(let scalars):
        pieces.append(Piece(scalars: scalars, kind: .code))
      case .blankLine(let scalars):
        pieces.append(Piece(scalars: scalars, kind: .text))
      case .paragraph(let scalars):
        pieces.append(contentsOf: readParagraph(scalars))
      }
    }
    return pieces
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
  ///     readParagraph("[a [b](c) d](e)")  // "[a b d](e)" as text pieces
  ///
  /// - Parameter paragraph: The paragraph's lines joined by line breaks.
  /// - Returns: What the paragraph reads as, in pieces.
  static func readParagraph(_ paragraph: [Unicode.Scalar]) -> [Piece] {
    var reader = ParagraphReader(paragraph)
    reader.read()
    return reader.pieces
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
    /// The text piece that holds the bracket as typed, emptied if it turns
    /// out to open a link or image.
    var pieceIndex: Int
  }

  /// A maximal run of backticks: where it starts and how many.
  struct BacktickRun {
    var start: Int
    var length: Int
  }

  /// What a URL may follow "in the message" (R6).
  static let allowedBeforeURL: Set<Unicode.Scalar> = [" ", "\t", "\n", "*", "_", "~", "("]
  /// What R6 removes from a URL's end, besides an unpartnered `)`.
  static let trailingPunctuation: Set<Unicode.Scalar> = ["?", "!", ".", ",", ":", "*", "_", "~"]

  let text: [Unicode.Scalar]
  /// Every maximal run of backticks in the paragraph, in order.
  let backtickRuns: [BacktickRun]
  /// The index in `backtickRuns` of the run that starts at a position.
  let backtickRunIndexByStart: [Int: Int]
  var pieces: [NotificationBodyReference.Piece] = []
  var stack: [Bracket] = []
  var position = 0

  init(_ text: [Unicode.Scalar]) {
    self.text = text
    var runs: [BacktickRun] = []
    var index = 0
    while index < text.count {
      if text[index] == "`" {
        let start = index
        while index < text.count && text[index] == "`" {
          index += 1
        }
        runs.append(BacktickRun(start: start, length: index - start))
      } else {
        index += 1
      }
    }
    backtickRuns = runs
    var indexByStart: [Int: Int] = [:]
    for (index, run) in runs.enumerated() {
      indexByStart[run.start] = index
    }
    backtickRunIndexByStart = indexByStart
  }

  mutating func read() {
    while position < text.count {
      if text[position] == "`" {
        readBacktickRun()
      } else if let end = bareURLEnd(at: position) {
        emit(Array(text[position..<end]), kind: .url)
        position = end
      } else if startsWith(["!", "["]) {
        openBracket(isImage: true, length: 2)
      } else if text[position] == "[" {
        openBracket(isImage: false, length: 1)
      } else if text[position] == "]" {
        readClosingBracket()
      } else if startsWith(["*", "*"]) || startsWith(["~", "~"]) {
        position += 2  // R7: dropped, paired or not.
      } else {
        emit([text[position]], kind: .text)  // R8: kept as typed.
        position += 1
      }
    }
    // Brackets still on the stack stay as typed: their pieces are untouched.
  }

  private func startsWith(_ expected: [Unicode.Scalar]) -> Bool {
    guard position + expected.count <= text.count else { return false }
    return text[position..<(position + expected.count)].elementsEqual(expected)
  }

  private mutating func emit(_ scalars: [Unicode.Scalar], kind: NotificationBodyReference.Kind) {
    pieces.append(NotificationBodyReference.Piece(scalars: scalars, kind: kind))
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
    var length = 0
    while position + length < text.count && text[position + length] == "`" {
      length += 1
    }
    let contentStart = position + length
    // Reading always lands on a run's first backtick; the fallback only
    // keeps this obviously correct if it did not.
    let firstLaterRun =
      backtickRunIndexByStart[position].map { $0 + 1 }
      ?? backtickRuns.firstIndex { $0.start >= contentStart } ?? backtickRuns.count
    let closing = backtickRuns[firstLaterRun...].first { $0.length == length }
    guard let closing else {
      emit(Array(text[position..<contentStart]), kind: .text)
      position = contentStart
      return
    }
    var content = Array(text[contentStart..<closing.start])
    if content.first == " " && content.last == " " && !content.allSatisfy({ $0 == " " }) {
      content.removeFirst()
      content.removeLast()
    }
    emit(content, kind: .code)
    position = closing.start + closing.length
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
  private func bareURLEnd(at start: Int) -> Int? {
    guard start == 0 || Self.allowedBeforeURL.contains(text[start - 1]) else { return nil }
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
    var closingParentheses = text[start..<end].filter { $0 == ")" }.count
    let openingParentheses = text[start..<end].filter { $0 == "(" }.count
    while true {
      let last = text[end - 1]
      if Self.trailingPunctuation.contains(last) {
        end -= 1
      } else if last == ")" && closingParentheses > openingParentheses {
        end -= 1
        closingParentheses -= 1
      } else {
        return end
      }
    }
  }

  private func startsCaseInsensitively(_ scheme: String, at start: Int) -> Bool {
    let expected = Array(scheme.unicodeScalars)
    guard start + expected.count <= text.count else { return false }
    for (offset, scalar) in expected.enumerated() {
      let actual = text[start + offset]
      let lowered = ("A"..."Z").contains(actual) ? Unicode.Scalar(actual.value + 32)! : actual
      if lowered != scalar { return false }
    }
    return true
  }

  /// R5: "`[` opens a link bracket and `![` an image bracket; each is pushed
  /// on the stack."
  private mutating func openBracket(isImage: Bool, length: Int) {
    stack.append(Bracket(isImage: isImage, isActive: true, pieceIndex: pieces.count))
    emit(Array(text[position..<(position + length)]), kind: .text)
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
  private mutating func readClosingBracket() {
    guard let bracket = stack.popLast(), bracket.isActive,
      let tailEnd = NotificationBodyReference.inlineLinkTailEnd(in: text, at: position + 1)
    else {
      emit(["]"], kind: .text)
      position += 1
      return
    }
    pieces[bracket.pieceIndex].scalars = []
    position = tailEnd
    if !bracket.isImage {
      for index in stack.indices where !stack[index].isImage {
        stack[index].isActive = false
      }
    }
  }
}
