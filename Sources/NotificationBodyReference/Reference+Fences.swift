extension NotificationBodyReference {
  /// What R3 makes of one line.
  ///
  /// Each case says where its line stands in the text after R2, so that a
  /// finding can name the rule that dropped or kept a scalar
  /// (`rule(whereBody:differsFrom:limit:)`).
  enum ClassifiedLine: Sendable, Equatable {
    /// An opening or closing fence line that "vanishes whole".
    case vanished(line: Range<Int>)
    /// A code line, kept exactly as written, starting at `start`; the rest
    /// of `line` (fence runs, what follows a closing run) is dropped.
    case code([Unicode.Scalar], start: Int, line: Range<Int>)
    /// A line outside every fenced block, starting at `start`.
    case prose([Unicode.Scalar], start: Int)
  }

  /// An opening fence: its character, its run's length N, and where the rest
  /// of the opening line (after the run) starts.
  private struct OpeningFence {
    var character: Unicode.Scalar
    var length: Int
    var restStart: Int
  }

  /// R3 "Opening fence": "A line that starts, after at most 3 spaces, with a
  /// run of N ≥ 3 backticks or N ≥ 3 tildes (the longest such run) opens a
  /// fenced block. A tab is not a space here: a line that starts with one
  /// opens no block."
  private static func openingFence(_ line: [Unicode.Scalar]) -> OpeningFence? {
    var index = 0
    while index < line.count && index < 3 && line[index] == " " {
      index += 1
    }
    guard index < line.count, line[index] == "`" || line[index] == "~" else { return nil }
    let character = line[index]
    var runEnd = index
    while runEnd < line.count && line[runEnd] == character {
      runEnd += 1
    }
    let length = runEnd - index
    guard length >= 3 else { return nil }
    return OpeningFence(character: character, length: length, restStart: runEnd)
  }

  /// R3 "Closing fence": a line (or the part of it from `start`) that "ends
  /// with a run of at least N of the fence's character, where only spaces or
  /// tabs may follow the run on its line".
  ///
  /// - Returns: Where that run starts, or nil when the line does not close
  ///   the block. "The run is all of the fence's character that the line
  ///   ends with, here and in a one-line block."
  private static func closingRunStart(
    _ line: [Unicode.Scalar], from start: Int, closing fence: OpeningFence
  ) -> Int? {
    var runEnd = line.count
    while runEnd > start && isSpaceOrTab(line[runEnd - 1]) {
      runEnd -= 1
    }
    var runStart = runEnd
    while runStart > start && line[runStart - 1] == fence.character {
      runStart -= 1
    }
    return runEnd - runStart >= fence.length ? runStart : nil
  }

  /// R3 Fenced code blocks: classifies every line as vanished, code or prose.
  ///
  /// - Opening fence: see `openingFence(_:)`; "Lines inside a block are never
  ///   opening fences."
  /// - Closing fence: "The block closes at the first later line that ends
  ///   with a run of at least N of the fence's character … the run and what
  ///   follows it are dropped and the code before it is a code line. If only
  ///   spaces or tabs stand before the run, the closing line vanishes whole."
  /// - One-line block: "If the opening line, after its opening run, holds at
  ///   least one character and then ends with such a closing run, it is a
  ///   complete block whose only code line is the text between the two runs."
  /// - Info string: "Otherwise the rest of the opening line is the info
  ///   string … and is dropped …, and the opening line vanishes whole."
  /// - Unclosed fence: "A block with no closing fence runs to the end of the
  ///   window. If nothing but spaces, tabs and line breaks follows its
  ///   opening line, the rest of the opening line is its code."
  /// - "Every line outside a fenced block is *prose*."
  ///
  ///     classifiedLines(["```", "foo", "bar```"])
  ///     // [.vanished, .code("foo"), .code("bar")]
  ///
  /// - Parameter lines: The lines after R2.
  /// - Returns: One classified line per line, in order.
  static func classifiedLines(_ lines: [[Unicode.Scalar]]) -> [ClassifiedLine] {
    // Where each line starts in the text after R2: one line break apart.
    var starts: [Int] = []
    starts.reserveCapacity(lines.count)
    var next = 0
    for line in lines {
      starts.append(next)
      next += line.count + 1
    }
    func range(_ index: Int) -> Range<Int> { starts[index]..<(starts[index] + lines[index].count) }
    func code(_ index: Int, _ part: Range<Int>) -> ClassifiedLine {
      .code(Array(lines[index][part]), start: starts[index] + part.lowerBound, line: range(index))
    }
    var result: [ClassifiedLine] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      guard let fence = openingFence(line) else {
        result.append(.prose(line, start: starts[index]))
        index += 1
        continue
      }
      // One-line block: at least one scalar between the two runs.
      if let runStart = closingRunStart(line, from: fence.restStart, closing: fence),
        runStart > fence.restStart
      {
        result.append(code(index, fence.restStart..<runStart))
        index += 1
        continue
      }
      // The first later line that closes the block, if any.
      var closing = index + 1
      while closing < lines.count
        && closingRunStart(lines[closing], from: 0, closing: fence) == nil
      {
        closing += 1
      }
      if closing < lines.count {
        // The info string is dropped with its line.
        result.append(.vanished(line: range(index)))
        for codeLine in (index + 1)..<closing {
          result.append(code(codeLine, 0..<lines[codeLine].count))
        }
        let closingLine = lines[closing]
        let runStart = closingRunStart(closingLine, from: 0, closing: fence)!
        let isVanished = isBlank(closingLine[..<runStart])
        result.append(isVanished ? .vanished(line: range(closing)) : code(closing, 0..<runStart))
        index = closing + 1
      } else {
        let rest = (index + 1)..<lines.count
        if rest.allSatisfy({ isBlank(lines[$0]) }) {
          result.append(code(index, fence.restStart..<line.count))
        } else {
          result.append(.vanished(line: range(index)))
        }
        for codeLine in rest {
          result.append(code(codeLine, 0..<lines[codeLine].count))
        }
        index = lines.count
      }
    }
    return result
  }

  /// The text after R3, in the order of its lines.
  ///
  /// Each block's scalars are consecutive in the text after R2, from
  /// `start`.
  enum Block: Sendable, Equatable {
    /// A code line of a fenced block, on the line at `line`.
    case code([Unicode.Scalar], start: Int, line: Range<Int>)
    /// A blank prose line: between paragraphs, never part of one.
    case blankLine([Unicode.Scalar], start: Int)
    /// A paragraph's lines joined by line breaks, for R4–R8 to read.
    case paragraph([Unicode.Scalar], start: Int)
    /// What R3 dropped: a vanished line, or the fence runs beside a code
    /// line. It adds nothing to the body, not even a line break.
    case dropped(Range<Int>)
  }

  /// R3 Paragraphs: "A *paragraph* is a maximal run of consecutive prose
  /// lines with no blank line among them. Rules R4–R7 never reach across a
  /// paragraph's end: not across a blank line, and not into a fenced block."
  ///
  /// Vanished lines are dropped with their line breaks ("Text before and
  /// after a block stays on its own lines"), but they still end a paragraph:
  /// they belong to a fenced block.
  ///
  /// - Parameter lines: The classified lines.
  /// - Returns: Code lines, blank prose lines and paragraphs, in order; the
  ///   body joins them with line breaks.
  static func blocks(of lines: [ClassifiedLine]) -> [Block] {
    var result: [Block] = []
    var paragraph: [Unicode.Scalar] = []  // its lines so far, joined by line breaks
    var paragraphStart = 0
    func endParagraph() {
      if !paragraph.isEmpty {
        result.append(.paragraph(paragraph, start: paragraphStart))
        paragraph = []
      }
    }
    for line in lines {
      switch line {
      case .vanished(let range):
        endParagraph()
        result.append(.dropped(range))
      case .code(let scalars, let start, let range):
        endParagraph()
        result.append(.dropped(range.lowerBound..<start))
        result.append(.code(scalars, start: start, line: range))
        result.append(.dropped((start + scalars.count)..<range.upperBound))
      case .prose(let scalars, let start) where isBlank(scalars):
        endParagraph()
        result.append(.blankLine(scalars, start: start))
      case .prose(let scalars, let start):
        // Not blank, so not empty: an empty paragraph has no line yet.
        if paragraph.isEmpty {
          paragraphStart = start
        } else {
          paragraph.append("\n")
        }
        paragraph.append(contentsOf: scalars)
      }
    }
    endParagraph()
    return result
  }
}
