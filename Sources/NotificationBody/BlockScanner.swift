/// Splits the window into lines and finds fenced code blocks (R3), writing
/// code lines as they are and handing each paragraph to the inline scanner.
enum BlockScanner {
  /// An opening fence: its character, its length and where its run ends.
  private struct Fence {
    var character: UInt8
    var length: Int
    var runEnd: Int
  }

  /// Writes the body of the normalized window `text`.
  static func scan(
    _ text: UnsafeBufferPointer<UInt8>, into writer: inout BodyWriter,
    inline: inout InlineScanner
  ) {
    var lineStart = 0
    var paragraphStart = -1
    var paragraphEnd = 0

    func flushParagraph(_ writer: inout BodyWriter, _ inline: inout InlineScanner) {
      guard paragraphStart >= 0 else { return }
      writer.startLine()
      inline.scan(paragraph: paragraphStart..<paragraphEnd, into: &writer)
      paragraphStart = -1
    }

    // A full writer has all the body that can matter (R12).
    while lineStart < text.count, !writer.isFull {
      let lineEnd = endOfLine(text, from: lineStart)
      if let fence = openingFence(text, lineStart, lineEnd) {
        flushParagraph(&writer, &inline)
        lineStart = fencedBlock(text, fence, lineEnd, into: &writer)
        continue
      }
      if text[lineStart..<lineEnd].allSatisfy(Byte.isSpaceOrTab) {
        flushParagraph(&writer, &inline)
        writer.startLine()
      } else {
        if paragraphStart < 0 { paragraphStart = lineStart }
        paragraphEnd = lineEnd
      }
      lineStart = lineEnd + 1
    }
    flushParagraph(&writer, &inline)
  }

  @inline(__always)
  private static func endOfLine(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    ByteSearch.first(Byte.lineFeed, in: text, from: start, to: text.count)
  }

  /// The fence that opens on this line: at most 3 spaces, then 3 or more
  /// backticks or tildes.
  private static func openingFence(
    _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> Fence? {
    var index = start
    while index < end, index - start < 4, text[index] == Byte.space { index += 1 }
    guard index - start <= 3, index < end else { return nil }
    let character = text[index]
    guard character == Byte.backtick || character == Byte.tilde else { return nil }
    let runStart = index
    while index < end, text[index] == character { index += 1 }
    guard index - runStart >= 3 else { return nil }
    return Fence(character: character, length: index - runStart, runEnd: index)
  }

  /// The start of the run of at least `fence.length` fence characters that
  /// ends the line `start..<end` but for spaces and tabs, if there is one.
  private static func closingRun(
    _ text: UnsafeBufferPointer<UInt8>, _ fence: Fence, _ start: Int, _ end: Int
  ) -> Int? {
    var runEnd = end
    while runEnd > start, Byte.isSpaceOrTab(text[runEnd - 1]) { runEnd -= 1 }
    var runStart = runEnd
    while runStart > start, text[runStart - 1] == fence.character { runStart -= 1 }
    return runEnd - runStart >= fence.length ? runStart : nil
  }

  /// Writes the block opened on the line ending at `openingLineEnd` and
  /// returns where the line after it starts.
  private static func fencedBlock(
    _ text: UnsafeBufferPointer<UInt8>, _ fence: Fence, _ openingLineEnd: Int,
    into writer: inout BodyWriter
  ) -> Int {
    // A one-line block: text, then a closing run, on the opening line.
    if let closer = closingRun(text, fence, fence.runEnd, openingLineEnd), closer > fence.runEnd {
      writer.startLine()
      writer.appendVerbatim(UnsafeBufferPointer(rebasing: text[fence.runEnd..<closer]))
      return openingLineEnd + 1
    }
    // An unclosed fence with nothing after its line: the rest is code.
    if text[openingLineEnd...].allSatisfy(Byte.isTrimmable) {
      writer.startLine()
      writer.appendVerbatim(UnsafeBufferPointer(rebasing: text[fence.runEnd..<openingLineEnd]))
      return text.count
    }
    // Otherwise the rest of the opening line is the info string: dropped.
    var lineStart = openingLineEnd + 1
    while lineStart < text.count, !writer.isFull {
      let lineEnd = endOfLine(text, from: lineStart)
      if let closer = closingRun(text, fence, lineStart, lineEnd) {
        if !text[lineStart..<closer].allSatisfy(Byte.isSpaceOrTab) {
          writer.startLine()
          writer.appendVerbatim(UnsafeBufferPointer(rebasing: text[lineStart..<closer]))
        }
        return lineEnd + 1
      }
      writer.startLine()
      writer.appendVerbatim(UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd]))
      lineStart = lineEnd + 1
    }
    return text.count
  }
}
