/// Finds the run that closes a code span (R4) without reading a paragraph
/// more than twice, however many unmatched runs it holds.
///
/// A search that reaches the paragraph's end records where the last run of
/// each length starts; after that, a search for a length whose last run lies
/// before the search's start fails at once (cmark keeps the same table).
/// Entries left from earlier paragraphs lie before the current one, so they
/// answer "none", which is right for a length the paragraph doesn't hold.
struct BacktickRuns: ~Copyable {
  private var lastRunStart: UnsafeMutableBufferPointer<Int>?
  private var paragraphRecorded = false

  init() {}

  deinit {
    lastRunStart?.deallocate()
  }

  /// Forgets what was learned about the previous paragraph.
  mutating func beginParagraph() {
    paragraphRecorded = false
  }

  /// The start of the first run of exactly `length` backticks in
  /// `start..<end`, or `nil`.
  mutating func closer(
    length: Int, from start: Int, to end: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    if paragraphRecorded, let table = lastRunStart, length >= table.count || table[length] < start {
      return nil
    }
    var index = start
    var longest = 0
    while let run = Self.nextRun(from: &index, to: end, in: text) {
      if run.length == length { return run.start }
      longest = max(longest, run.length)
    }
    record(from: start, to: end, longest: longest, in: text)
    return nil
  }

  private mutating func record(
    from start: Int, to end: Int, longest: Int, in text: UnsafeBufferPointer<UInt8>
  ) {
    let table: UnsafeMutableBufferPointer<Int>
    if let existing = lastRunStart, existing.count > longest {
      table = existing
    } else {
      // Sized by the longest run to record. A new table forgets earlier
      // paragraphs' entries, which answered "none" all the same.
      lastRunStart?.deallocate()
      table = .allocate(capacity: longest + 1)
      table.initialize(repeating: -1)
      lastRunStart = table
    }
    var index = start
    while let run = Self.nextRun(from: &index, to: end, in: text) {
      table[run.length] = run.start
    }
    paragraphRecorded = true
  }

  /// The next whole run of backticks at or after `index`, which moves past it.
  @inline(__always)
  private static func nextRun(
    from index: inout Int, to end: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> (start: Int, length: Int)? {
    while index < end, text[index] != Byte.backtick { index += 1 }
    guard index < end else { return nil }
    let start = index
    while index < end, text[index] == Byte.backtick { index += 1 }
    return (start, index - start)
  }
}
