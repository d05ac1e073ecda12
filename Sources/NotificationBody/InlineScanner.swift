/// Reads one paragraph from left to right (R4–R8) and hands what it keeps to
/// the body writer.
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

  /// A scanner for paragraphs of `text`, the normalized window.
  init(text: UnsafeBufferPointer<UInt8>) {
    self.text = text
  }

  /// Reads the paragraph `range` of the window and writes it.
  // swift-format-ignore: FunctionLength
  mutating func scan(paragraph range: Range<Int>, into writer: inout BodyWriter) {
    // A scan that stopped at a full writer may have left pieces waiting.
    pieces.removeAll()
    openers.removeAll()
    backtickRuns.beginParagraph()
    let end = range.upperBound
    var index = range.lowerBound
    // Prose read but not yet made a piece: text[pending..<index].
    var pending = index
    // Link openers below this height are inactive (a link holds no link).
    var activeFrom = 0
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
        // A single space after text stays in the pending text.
        if index > pending, index + 1 < end, text[index + 1] != Byte.space {
          index += 1
          continue
        }
        flush(pending, index, &writer)
        append(index, index + 1, .space, &writer)
        index += 1
        while index < end, text[index] == Byte.space { index += 1 }
        pending = index

      case Byte.tab, Byte.lineFeed:
        flush(pending, index, &writer)
        append(index, index + 1, byte == Byte.tab ? .tab : .lineBreak, &writer)
        index += 1
        pending = index

      case Byte.asterisk, Byte.tilde:
        // R7: drop `**` and `~~`, two at a time from the left.
        if index + 1 < end, text[index + 1] == byte {
          flush(pending, index, &writer)
          index += 2
          pending = index
        } else {
          index += 1
        }

      case Byte.backtick:
        // R4: a run opens a code span if a run of the same length follows.
        var runEnd = index + 1
        while runEnd < end, text[runEnd] == Byte.backtick { runEnd += 1 }
        let length = runEnd - index
        guard
          let closer = backtickRuns.closer(length: length, from: runEnd, to: end, in: text)
        else {
          index = runEnd
          continue
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
        index = closer + length
        pending = index

      case Byte.openBracket:
        // R5: `[` or `![` opens a bracket, kept as text until a link forms.
        let isImage = index > pending && text[index - 1] == Byte.exclamation
        let start = isImage ? index - 1 : index
        flush(pending, start, &writer)
        // Every byte left can be a piece and an opener at most: room for
        // them all at once spares copying the lists as they grow.
        openers.reserve(end - index)
        pieces.reserve(pieces.count + end - start)
        openers.append(Opener(piece: Int32(pieces.count), isImage: isImage))
        append(start, index + 1, .text, &writer)
        index += 1
        pending = index

      case Byte.closeBracket:
        guard let opener = openers.popLast() else {
          index += 1
          continue
        }
        let active = opener.isImage || openers.count >= activeFrom
        activeFrom = min(activeFrom, openers.count)
        guard active, let tailEnd = LinkTail.end(in: text, from: index + 1, to: end) else {
          index += 1
          if openers.isEmpty { writeWaitingPieces(&writer) }
          continue
        }
        flush(pending, index, &writer)
        pieces[Int(opener.piece)].kind = .dropped
        if !opener.isImage { activeFrom = openers.count }
        index = tailEnd
        pending = index
        if openers.isEmpty { writeWaitingPieces(&writer) }

      case Byte.colon:
        // R6: `http://` or `https://` after a space, `(`, … starts a URL.
        guard let url = url(colon: index, pending: pending, paragraph: range) else {
          index += 1
          continue
        }
        flush(pending, url.lowerBound, &writer)
        append(url.lowerBound, url.upperBound, .verbatim, &writer)
        index = url.upperBound
        pending = index

      default:
        index += 1
      }
    }
    flush(pending, end, &writer)
    writeWaitingPieces(&writer)
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

  /// The URL whose scheme ends at the colon `colon`, if one starts there (R6).
  private func url(colon: Int, pending: Int, paragraph: Range<Int>) -> Range<Int>? {
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
