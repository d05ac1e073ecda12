import NotificationBodyProcess
import Testing

@testable import NotificationBodyCommand

/// The command's line reader, used by `serve` for its requests, by `diff
/// --against` for a port's answers and by `gate --baseline` for a build's
/// output: linear in a line's length however many reads it comes in. Cost is
/// the exact count of bytes searched for `"\n"`, never a clock.
@Suite struct LineReadingTests {
  /// One read of a pipe, as the readers make them.
  static let chunk = 65_536

  /// A line of `length` bytes and its `"\n"`, appended a read at a time and
  /// asked for after each read, as the readers do.
  static func examined(readingALineOf length: Int) -> (bytes: Int, line: Int?) {
    var lines = LineBuffer()
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: chunk)
    var appended = 0
    var popped: Int?
    while appended < length {
      let count = min(chunk, length - appended)
      lines.append(piece[..<count])
      appended += count
      #expect(lines.popLine() == nil)
    }
    lines.append([UInt8(ascii: "\n")])
    popped = lines.popLine()?.count
    return (lines.bytesExamined, popped)
  }

  @Test(arguments: [1 << 20, 2 << 20, 4 << 20])
  func aLongLineIsSearchedOnce(_ length: Int) {
    let (bytes, line) = Self.examined(readingALineOf: length)
    #expect(line == length)
    // Each byte once, and the "\n".
    #expect(bytes == length + 1, "\(bytes) bytes examined for a line of \(length)")
  }

  @Test func linesAfterALongOneAreFoundAndTheSearchStaysLinear() {
    var lines = LineBuffer()
    let long = [UInt8](repeating: UInt8(ascii: "b"), count: 300_000)
    lines.append(long[..<100_000])
    #expect(lines.popLine() == nil)
    lines.append(long[100_000...] + Array("\nc\nd".utf8))
    #expect(lines.popLine()?.count == 300_000)
    #expect(lines.popLine().map(Array.init) == Array("c".utf8))
    #expect(lines.popLine() == nil)
    lines.append(Array("e\n".utf8))
    #expect(lines.popLine().map(Array.init) == Array("de".utf8))
    #expect(lines.isEmpty)
    #expect(lines.bytesExamined == 300_000 + 1 + 2 + 1 + 2)
    lines.append(Array("tail".utf8))
    #expect(lines.popLine() == nil)
    #expect(Array(lines.popRest()) == Array("tail".utf8))
    #expect(lines.isEmpty)
  }
}
