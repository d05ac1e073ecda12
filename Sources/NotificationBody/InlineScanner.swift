/// Reads one paragraph from left to right (R4–R8) and hands what it keeps to
/// the body writer: `scanCodeSpan` (R4), `scanOpeningBracket` and
/// `scanClosingBracket` (R5), `scanBareURL` (R6), `scanMarker` (R7),
/// `scanSpaces` and `scanTabOrLineBreak` (the pieces R9 and R10 work on).
///
/// The paragraph is read once into pieces (source ranges of text, code and
/// URLs, plus spaces, tabs and line breaks), which go straight to the writer
/// while no bracket is open. From an open `[` on, pieces wait, because a `]`
/// can turn that `[` into link syntax to drop; when the last open bracket
/// closes, they go to the writer in order. So the writer sees the paragraph
/// in its final form and applies R9 and R10 with nothing to undo.
struct InlineScanner: ~Copyable {
  /// A stretch of the paragraph as read.
  struct Piece {
    enum Kind: UInt8 {
      /// Prose that starts with neither a space, a tab nor a line break and
      /// holds no line break and no two spaces in a row.
      case text
      /// A run of spaces, written as one.
      case space
      case tab
      case lineBreak
      /// Code or a URL, kept exactly.
      case verbatim
      /// A bracket that became link or image syntax.
      case dropped
    }

    // Offsets in the window, which is at most 4096 × 3 bytes.
    var start: Int32
    var end: Int32
    var kind: Kind
  }

  /// An open `[` or `![` (R5).
  private struct Opener {
    var piece: Int32
    var isImage: Bool
  }

  private let text: UnsafeBufferPointer<UInt8>
  private var pieces = ScratchList<Piece>()
  private var openers = ScratchList<Opener>()
  private var backtickRuns = BacktickRuns()
  /// Link openers below this height are inactive (R5: a link holds no link).
  private var activeFrom = 0

  /// A scanner for paragraphs of `text`, the normalized window.
  init(text: UnsafeBufferPointer<UInt8>) {
    self.text = text
  }

  /// Reads the paragraph `range` of the window and writes it.
  ///
  /// Each byte that may start syntax goes to the one rule it can start (the
  /// contract's "Reading a paragraph"); every other byte is prose (R8) and
  /// stays in the pending text.
  mutating func scan(paragraph range: Range<Int>, into writer: inout BodyWriter) {
    // A scan that stopped at a full writer may have left pieces waiting.
    pieces.removeAll()
    openers.removeAll()
    activeFrom = 0
    backtickRuns.beginParagraph()
    let end = range.upperBound
    var index = range.lowerBound
    // Prose read but not yet made a piece: text[pending..<index].
    var pending = index
    // A local copy, so the hot loop keeps the window's address in a register.
    let text = self.text

    while index < end {
      let byte = text[index]
      guard Self.isSpecial(byte) else {
        index += 1
        continue
      }
      // A full writer has all the body that can matter (R12).
      if writer.isFull { return }
      switch byte {
      case Byte.space:
        index = scanSpaces(at: index, pending: &pending, end: end, into: &writer)
      case Byte.tab, Byte.lineFeed:
        index = scanTabOrLineBreak(at: index, pending: &pending, into: &writer)
      case Byte.asterisk, Byte.tilde:
        index = scanMarker(at: index, pending: &pending, end: end, into: &writer)
      case Byte.backtick:
        index = scanCodeSpan(at: index, pending: &pending, end: end, into: &writer)
      case Byte.openBracket:
        index = scanOpeningBracket(at: index, pending: &pending, end: end, into: &writer)
      case Byte.closeBracket:
        index = scanClosingBracket(at: index, pending: &pending, end: end, into: &writer)
      case Byte.colon:
        index = scanBareURL(at: index, pending: &pending, paragraph: range, into: &writer)
      default:
        index += 1
      }
    }
    flush(pending, end, &writer)
    writeWaitingPieces(&writer)
  }

  // Every rule below reads from `index`, a byte of the paragraph that
  // `isSpecial` marks, with the prose `text[pending..<index]` not yet made a
  // piece. It returns where reading goes on; when it makes pieces, it first
  // flushes the pending prose before them and moves `pending` past them.

  /// R4 Code spans: a run of n backticks opens a code span when a later run
  /// of exactly n backticks follows in the paragraph, and the span ends at
  /// the first such run. Both runs are dropped; the content between them is
  /// kept exactly, except that content that begins and ends with a space and
  /// is not all spaces loses one space at each end. A run with no partner is
  /// prose, and reading goes on after the whole run.
  ///
  /// - Precondition: `index` is the first backtick of a run: reading never
  ///   lands inside one.
  /// - Note: Always inlined, as the optimizer inlines the other rules by
  ///   itself: as a call, it costs the typical corpus 7% more instructions.
  @inline(__always)
  private mutating func scanCodeSpan(
    at index: Int, pending: inout Int, end: Int, into writer: inout BodyWriter
  ) -> Int {
    assert(text[index] == Byte.backtick && pending <= index && index < end)
    assert(index == 0 || text[index - 1] != Byte.backtick, "reading landed inside a backtick run")
    var runEnd = index + 1
    while runEnd < end, text[runEnd] == Byte.backtick { runEnd += 1 }
    let length = runEnd - index
    guard let closer = backtickRuns.closer(length: length, from: runEnd, to: end, in: text) else {
      return runEnd
    }
    flush(pending, index, &writer)
    var contentStart = runEnd
    var contentEnd = closer
    if contentEnd - contentStart >= 3, text[contentStart] == Byte.space,
      text[contentEnd - 1] == Byte.space,
      text[contentStart..<contentEnd].contains(where: { $0 != Byte.space })
    {
      contentStart += 1
      contentEnd -= 1
    }
    append(contentStart, contentEnd, .verbatim, &writer)
    pending = closer + length
    return pending
  }

  /// R5 Links and images, opening: `[` opens a link bracket and `![` an
  /// image bracket, pushed on the stack of openers and kept as prose until a
  /// `]` turns them into syntax to drop. From here on, pieces wait.
  ///
  /// - Precondition: `text[index]` is `[`.
  /// - Note: Always inlined: as a call, it costs the typical corpus 9% more
  ///   instructions.
  @inline(__always)
  private mutating func scanOpeningBracket(
    at index: Int, pending: inout Int, end: Int, into writer: inout BodyWriter
  ) -> Int {
    assert(text[index] == Byte.openBracket && pending <= index && index < end)
    let isImage = index > pending && text[index - 1] == Byte.exclamation
    let start = isImage ? index - 1 : index
    flush(pending, start, &writer)
    // Every byte left can be a piece and an opener at most: room for
    // them all at once spares copying the lists as they grow.
    openers.reserve(end - index)
    pieces.reserve(pieces.count + end - start)
    openers.append(Opener(piece: Int32(pieces.count), isImage: isImage))
    append(start, index + 1, .text, &writer)
    pending = index + 1
    return pending
  }

  /// R5 Links and images, closing: a `]` with no opener is prose. Otherwise
  /// it pops the top opener; when that opener is active and an inline link
  /// tail follows the `]`, the opener, the `]` and the tail are dropped and
  /// the label stays, and a link (not an image) makes every link opener
  /// still open inactive. Otherwise the opener and the `]` are prose. When
  /// the last opener closes, the waiting pieces go to the writer.
  ///
  /// - Precondition: `text[index]` is `]`.
  private mutating func scanClosingBracket(
    at index: Int, pending: inout Int, end: Int, into writer: inout BodyWriter
  ) -> Int {
    assert(text[index] == Byte.closeBracket && pending <= index && index < end)
    guard let opener = openers.popLast() else { return index + 1 }
    let active = opener.isImage || openers.count >= activeFrom
    activeFrom = min(activeFrom, openers.count)
    guard active, let tailEnd = LinkTail.end(in: text, from: index + 1, to: end) else {
      if openers.isEmpty { writeWaitingPieces(&writer) }
      return index + 1
    }
    flush(pending, index, &writer)
    pieces[Int(opener.piece)].kind = .dropped
    if !opener.isImage { activeFrom = openers.count }
    pending = tailEnd
    if openers.isEmpty { writeWaitingPieces(&writer) }
    return tailEnd
  }

  /// R6 Bare URLs: at a `:`, the URL whose scheme ends there, if one starts
  /// there, becomes one piece kept exactly; otherwise the `:` is prose.
  ///
  /// - Precondition: `text[index]` is `:`, in `paragraph`.
  private mutating func scanBareURL(
    at index: Int, pending: inout Int, paragraph: Range<Int>, into writer: inout BodyWriter
  ) -> Int {
    assert(text[index] == Byte.colon)
    guard let url = bareURL(colon: index, pending: pending, paragraph: paragraph) else {
      return index + 1
    }
    flush(pending, url.lowerBound, &writer)
    append(url.lowerBound, url.upperBound, .verbatim, &writer)
    pending = url.upperBound
    return pending
  }

  /// R7 Bold and strikethrough markers: `**` and `~~` are dropped, paired or
  /// not, two at a time from the left; a lone `*` or `~` is prose.
  ///
  /// - Precondition: `text[index]` is `*` or `~`.
  private mutating func scanMarker(
    at index: Int, pending: inout Int, end: Int, into writer: inout BodyWriter
  ) -> Int {
    let byte = text[index]
    assert((byte == Byte.asterisk || byte == Byte.tilde) && pending <= index && index < end)
    guard index + 1 < end, text[index + 1] == byte else { return index + 1 }
    flush(pending, index, &writer)
    pending = index + 2
    return pending
  }

  /// R9 Spaces: a run of spaces becomes one space piece, so that the writer
  /// collapses it; a single space after prose stays in that prose.
  ///
  /// - Precondition: `text[index]` is a space.
  private mutating func scanSpaces(
    at index: Int, pending: inout Int, end: Int, into writer: inout BodyWriter
  ) -> Int {
    assert(text[index] == Byte.space && pending <= index && index < end)
    // A single space after text stays in the pending text.
    if index > pending, index + 1 < end, text[index + 1] != Byte.space {
      return index + 1
    }
    flush(pending, index, &writer)
    append(index, index + 1, .space, &writer)
    var next = index + 1
    while next < end, text[next] == Byte.space { next += 1 }
    pending = next
    return next
  }

  /// A tab or a line break, each a piece of its own: tabs stay as typed
  /// (R9), and line breaks are what R10 empties and collapses.
  ///
  /// - Precondition: `text[index]` is a tab or a line break.
  private mutating func scanTabOrLineBreak(
    at index: Int, pending: inout Int, into writer: inout BodyWriter
  ) -> Int {
    let byte = text[index]
    assert((byte == Byte.tab || byte == Byte.lineFeed) && pending <= index)
    flush(pending, index, &writer)
    append(index, index + 1, byte == Byte.tab ? .tab : .lineBreak, &writer)
    pending = index + 1
    return index + 1
  }

  /// Hands a piece to the writer, or keeps it while a bracket is open or
  /// pieces wait before it.
  @inline(__always)
  private mutating func append(
    _ start: Int, _ end: Int, _ kind: Piece.Kind, _ writer: inout BodyWriter
  ) {
    let piece = Piece(
      start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), kind: kind)
    if openers.isEmpty && pieces.isEmpty {
      write(piece, to: &writer)
    } else {
      pieces.append(piece)
    }
  }

  @inline(__always)
  private mutating func flush(_ start: Int, _ end: Int, _ writer: inout BodyWriter) {
    if end > start { append(start, end, .text, &writer) }
  }

  /// Writes the pieces that waited for brackets, now that none is open.
  private mutating func writeWaitingPieces(_ writer: inout BodyWriter) {
    for index in 0..<pieces.count where !writer.isFull { write(pieces[index], to: &writer) }
    pieces.removeAll()
  }

  @inline(__always)
  private func write(_ piece: Piece, to writer: inout BodyWriter) {
    let bytes = UnsafeBufferPointer(rebasing: text[Int(piece.start)..<Int(piece.end)])
    switch piece.kind {
    case .text: writer.appendText(bytes)
    case .space: writer.appendSpace()
    case .tab: writer.appendTab()
    case .lineBreak: writer.startLine()
    case .verbatim: writer.appendVerbatim(bytes)
    case .dropped: break
    }
  }

  /// The URL whose scheme ends at the colon `colon`, if one starts there (R6):
  /// `http://` or `https://` in any case, after the paragraph's start or a
  /// space, tab, line break, `*`, `_`, `~` or `(`, running to the first
  /// space, tab or line break (or `]`, while a bracket is open), less GFM's
  /// trailing punctuation.
  ///
  /// - Precondition: `text[colon]` is `:`, in `paragraph`, and the scheme
  ///   is read no further back than `pending`, where the prose not yet made a
  ///   piece starts.
  private func bareURL(colon: Int, pending: Int, paragraph: Range<Int>) -> Range<Int>? {
    assert(text[colon] == Byte.colon && paragraph.contains(colon))
    assert(paragraph.lowerBound <= pending && pending <= colon)
    let end = paragraph.upperBound
    guard colon + 2 < end, text[colon + 1] == Byte.slash, text[colon + 2] == Byte.slash
    else { return nil }
    let start: Int
    if colon - 5 >= pending, Self.isScheme(text[(colon - 5)..<colon], "https") {
      start = colon - 5
    } else if colon - 4 >= pending, Self.isScheme(text[(colon - 4)..<colon], "http") {
      start = colon - 4
    } else {
      return nil
    }
    if start > paragraph.lowerBound {
      switch text[start - 1] {
      case Byte.space, Byte.tab, Byte.lineFeed, Byte.asterisk, Byte.underscore, Byte.tilde,
        Byte.openParen:
        break
      default:
        return nil
      }
    }
    let endsAtBracket = !openers.isEmpty
    var index = colon + 3
    var opens = 0
    var closes = 0
    scan: while index < end {
      switch text[index] {
      case Byte.space, Byte.tab, Byte.lineFeed: break scan
      case Byte.closeBracket where endsAtBracket: break scan
      case Byte.openParen: opens += 1
      case Byte.closeParen: closes += 1
      default: break
      }
      index += 1
    }
    // GFM's trailing punctuation: never part of the URL.
    trim: while true {
      switch text[index - 1] {
      case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","),
        UInt8(ascii: ":"), Byte.asterisk, Byte.underscore, Byte.tilde:
        index -= 1
      case Byte.closeParen where closes > opens:
        index -= 1
        closes -= 1
      default:
        break trim
      }
    }
    return start..<index
  }

  private static func isScheme(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ scheme: StaticString)
    -> Bool
  {
    var index = bytes.startIndex
    for expected in UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount) {
      guard bytes[index] | 0x20 == expected else { return false }
      index += 1
    }
    return true
  }

  /// Whether the byte may start anything but plain text: tab, line break,
  /// space, `*`, `:`, `[`, `]`, `` ` `` and `~`.
  @inline(__always)
  private static func isSpecial(_ byte: UInt8) -> Bool {
    // Row byte >> 4, column byte & 15; each row ends with its line break.
    specials.utf8Start[Int(byte) + Int(byte >> 4)] == UInt8(ascii: "1")
  }

  /// `isSpecial`'s table: a constant in the binary, so the hot loop's test
  /// is a load and a compare. Row n holds bytes 0xn0–0xnF, "1" for a
  /// special one: tab and line break in row 0, space and `*` in row 2, `:`
  /// in row 3, `[` and `]` in row 5, `` ` `` in row 6, `~` in row 7.
  private static let specials: StaticString = """
    0000000001100000
    0000000000000000
    1000000000100000
    0000000000100000
    0000000000000000
    0000000000010100
    1000000000000000
    0000000000000010
    0000000000000000
    0000000000000000
    0000000000000000
    0000000000000000
    0000000000000000
    0000000000000000
    0000000000000000
    0000000000000000
    """
}
