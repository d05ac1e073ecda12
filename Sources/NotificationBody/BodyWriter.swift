/// The body being built: an output buffer that applies R9 (spaces), R10
/// (line breaks) and R11 (trim) as the scanners hand it text, so no later
/// pass over the body is needed.
///
/// Lines reach it in order: `startLine()` begins each line the body keeps
/// (vanished fence lines never call it), then prose and code are appended.
///
/// The buffer never holds leading white space (R11 trims it anyway), and it
/// holds only the body's first `bytesKept(limit:)` bytes: once a byte other
/// than white space falls past them, the body is certainly over the limit,
/// its cut (R12) lies within the bytes kept, and `isFull` tells the scanners
/// that nothing they could still read would change the result.
struct BodyWriter: ~Copyable {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// The body's length so far, counting bytes past the buffer's end.
  private var count = 0
  /// Where the current line's text starts.
  private var lineStart = 0
  /// Whether the current line holds anything but prose spaces and tabs (R10).
  private var lineHasContent = false
  /// Whether any line has started, so the next one needs a line break.
  private var started = false
  /// Line breaks at the end of the body, for R10's collapse.
  private var trailingLineBreaks = 0
  /// Whether the body ends with a prose space, for R9.
  private var endsWithProseSpace = false
  /// Whether a byte other than white space fell past the buffer's end.
  private(set) var isFull = false

  /// The most bytes of a body the writer needs to keep for `limit`: the
  /// bytes of `limit - 1` UTF-16 units (3 at most per unit) plus the next
  /// scalar (4 at most), which the cut on whole characters looks at.
  static func bytesKept(limit: Int) -> Int {
    3 * min(limit, Int.max / 4) + 8
  }

  /// A writer into `buffer`, which the caller owns and which must hold
  /// `min(text length, bytesKept(limit:))` bytes, at least one.
  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Ends the current line and begins the next one.
  mutating func startLine() {
    if started {
      endLine()
      if trailingLineBreaks < 2 {
        put(Byte.lineFeed)
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
    put(Byte.space)
    endsWithProseSpace = true
  }

  /// Appends a prose tab, which R9 keeps and which ends a run of spaces.
  mutating func appendTab() {
    put(Byte.tab)
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

  /// Stores a space, tab or line break, which is never the body's first
  /// byte and never matters past the buffer's end.
  @inline(__always)
  private mutating func put(_ whiteSpace: UInt8) {
    guard count > 0 else { return }
    if count < buffer.count { buffer[count] = whiteSpace }
    count += 1
  }

  @inline(__always)
  private mutating func copy(_ text: UnsafeBufferPointer<UInt8>) {
    var text = text
    if count == 0 {
      guard let first = text.firstIndex(where: { !Byte.isTrimmable($0) }) else { return }
      text = UnsafeBufferPointer(rebasing: text[first...])
    }
    let room = max(buffer.count - count, 0)
    if text.count <= room {
      // Most prose pieces are a few bytes: a call to memmove costs more.
      if text.count <= 16 {
        for index in 0..<text.count { buffer[count + index] = text[index] }
      } else {
        (buffer.baseAddress! + count).update(from: text.baseAddress!, count: text.count)
      }
    } else {
      if room > 0 {
        (buffer.baseAddress! + count).update(from: text.baseAddress!, count: room)
      }
      if !isFull { isFull = text[room...].contains { !Byte.isTrimmable($0) } }
    }
    count += text.count
  }

  /// Ends the body and calls `body` with it and whether text was left out
  /// of it. Without text left out, the body is whole and trimmed (R11);
  /// with it, the body is the bytes kept, untrimmed, for the cut (R12).
  consuming func finish<R>(_ body: (UnsafeBufferPointer<UInt8>, _ leftTextOut: Bool) -> R) -> R {
    if started { endLine() }
    var end = min(count, buffer.count)
    if !isFull {
      while end > 0, Byte.isTrimmable(buffer[end - 1]) { end -= 1 }
    }
    return body(UnsafeBufferPointer(rebasing: buffer[..<end]), isFull)
  }
}
