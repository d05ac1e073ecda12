/// The body being built: an output buffer that applies R9 (spaces), R10
/// (line breaks) and R11 (trim) as the scanners hand it text, so no later
/// pass over the body is needed.
///
/// Lines reach it in order: `startLine()` begins each line the body keeps
/// (vanished fence lines never call it), then prose and code are appended.
struct BodyWriter: ~Copyable {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0
  /// Where the current line's text starts in `buffer`.
  private var lineStart = 0
  /// Whether the current line holds anything but prose spaces and tabs (R10).
  private var lineHasContent = false
  /// Whether any line has started, so the next one needs a line break.
  private var started = false
  /// Line breaks at the end of the buffer, for R10's collapse.
  private var trailingLineBreaks = 0
  /// Whether the buffer ends with a prose space, for R9.
  private var endsWithProseSpace = false

  /// A writer for a body of at most `capacity` bytes.
  init(capacity: Int) {
    buffer = .allocate(capacity: max(capacity, 1))
  }

  deinit {
    buffer.deallocate()
  }

  /// Ends the current line and begins the next one.
  mutating func startLine() {
    if started {
      endLine()
      if trailingLineBreaks < 2 {
        buffer[count] = Byte.lineFeed
        count += 1
        trailingLineBreaks += 1
      }
    }
    started = true
    lineStart = count
    lineHasContent = false
    endsWithProseSpace = false
  }

  /// R10: a line of nothing but prose spaces and tabs is emptied.
  private mutating func endLine() {
    if lineHasContent {
      trailingLineBreaks = 0
    } else {
      count = lineStart
    }
  }

  /// Appends prose text that starts with a byte other than a space, tab or
  /// line break, holds no line break and no run of two spaces.
  mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    guard let last = text.last else { return }
    copy(text)
    lineHasContent = true
    endsWithProseSpace = last == Byte.space
  }

  /// Appends one prose space unless the body already ends with one (R9).
  mutating func appendSpace() {
    guard !endsWithProseSpace else { return }
    buffer[count] = Byte.space
    count += 1
    endsWithProseSpace = true
  }

  /// Appends a prose tab, which R9 keeps and which ends a run of spaces.
  mutating func appendTab() {
    buffer[count] = Byte.tab
    count += 1
    endsWithProseSpace = false
  }

  /// Appends code or a URL exactly; its line breaks start new lines.
  mutating func appendVerbatim(_ text: UnsafeBufferPointer<UInt8>) {
    var start = 0
    while let lineBreak = text[start...].firstIndex(of: Byte.lineFeed) {
      appendVerbatimLine(UnsafeBufferPointer(rebasing: text[start..<lineBreak]))
      startLine()
      start = lineBreak + 1
    }
    appendVerbatimLine(UnsafeBufferPointer(rebasing: text[start...]))
  }

  private mutating func appendVerbatimLine(_ text: UnsafeBufferPointer<UInt8>) {
    guard !text.isEmpty else { return }
    copy(text)
    lineHasContent = true
    endsWithProseSpace = false
  }

  @inline(__always)
  private mutating func copy(_ text: UnsafeBufferPointer<UInt8>) {
    UnsafeMutableBufferPointer(rebasing: buffer[count...]).baseAddress!
      .update(from: text.baseAddress!, count: text.count)
    count += text.count
  }

  /// Ends the body and calls `body` with it, trimmed (R11).
  consuming func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if started { endLine() }
    var start = 0
    var end = count
    while end > start, Byte.isTrimmable(buffer[end - 1]) { end -= 1 }
    while start < end, Byte.isTrimmable(buffer[start]) { start += 1 }
    return body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
  }
}
