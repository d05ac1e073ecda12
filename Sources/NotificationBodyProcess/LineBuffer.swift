/// Bytes read from a stream, handed out a line at a time.
///
///     var lines = LineBuffer()
///     lines.append(Array("a\nb".utf8))
///     lines.popLine()  // "a" as bytes; "b" waits for its "\n"
///
/// - Complexity: Each byte is searched for `"\n"` once, however many
///   appends a long line comes in: the search goes on where the last one
///   stopped. Moving what is left to the front costs at most as much as the
///   bytes handed out before it.
package struct LineBuffer {
  private var bytes: [UInt8] = []
  private var start = 0
  /// Where the search for the next `"\n"` goes on: the bytes from `start`
  /// up to here hold none.
  private var searched = 0
  /// How many bytes the searches for `"\n"` have looked at, for tests that
  /// pin the cost of reading a long line.
  package private(set) var bytesExamined = 0

  package init() {}

  /// Whether no bytes wait, not even part of a line.
  package var isEmpty: Bool { start == bytes.count }

  /// Adds bytes read from the stream.
  package mutating func append(_ more: some Sequence<UInt8>) {
    if start > 0 && start * 2 >= bytes.count {
      bytes.removeFirst(start)
      searched -= start
      start = 0
    }
    bytes.append(contentsOf: more)
  }

  /// The next whole line without its `"\n"`, or nil when no `"\n"` has come.
  package mutating func popLine() -> ArraySlice<UInt8>? {
    let from = max(start, searched)
    guard let end = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) else {
      bytesExamined += bytes.count - from
      searched = bytes.count
      return nil
    }
    bytesExamined += end + 1 - from
    defer {
      start = end + 1
      searched = start
    }
    return bytes[start..<end]
  }

  /// What is left after the last `"\n"`, emptying the buffer: the last line
  /// of a stream that does not end with a line break.
  package mutating func popRest() -> ArraySlice<UInt8> {
    defer {
      start = bytes.count
      searched = start
    }
    return bytes[start...]
  }
}
