import NotificationBody

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AgainstProtocol {
  /// Why standard input could not be read: `read(2)`'s `errno`.
  package struct ReadFailure: Error {
    package var code: Int32
  }

  /// `serve`'s loop: reads request lines from `descriptor` until it ends
  /// and hands the answer to each, without its line break, to `write`.
  ///
  /// A line is kept up to `largestRequestLine` bytes; the bytes of a longer
  /// one are only counted, so memory is bounded whatever a line's length.
  /// A last line without `"\n"` is answered too.
  ///
  /// - Parameters:
  ///   - descriptor: Where the requests come from.
  ///   - write: Takes each answer; returns false to stop serving.
  /// - Throws: `ReadFailure` when `descriptor` cannot be read.
  package static func serve(
    from descriptor: Int32, answering write: (String) -> Bool
  ) throws(ReadFailure) {
    var line: [UInt8] = []
    var length = 0
    var pending = false
    var number = 0
    var chunk = [UInt8](repeating: 0, count: 65_536)
    func answerLine() -> Bool {
      number += 1
      defer { (line, length, pending) = ([], 0, false) }
      return write(answer(to: length <= largestRequestLine ? line : nil, number: number))
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(code: errno)
      }
      if count == 0 { break }
      var start = 0
      while start < count {
        let end = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
        length += end - start
        pending = true
        if length <= largestRequestLine {
          line += chunk[start..<end]
        } else {
          line = []
        }
        guard end < count else { break }
        guard answerLine() else { return }
        start = end + 1
      }
    }
    if pending { _ = answerLine() }
  }

  /// The answer to one request line, without its line break.
  ///
  ///     AgainstProtocol.answer(to: Array(#"{"input": "**a**"}"#.utf8), number: 1)
  ///     // {"body":"a"}
  ///
  /// - Parameters:
  ///   - line: The request as read, without its `"\n"`; nil for a line
  ///     longer than `largestRequestLine`.
  ///   - number: Its line number, from 1, for an error's message.
  /// - Returns: `{"body": …}`, or `{"error": …}` naming the line.
  package static func answer(to line: [UInt8]?, number: Int) -> String {
    let answer: [UInt8]
    do throws(Problem) {
      guard let line else { throw Problem("is longer than \(largestRequestLine) bytes") }
      let request = try request(in: line)
      answer = bodyLine(NotificationBody.make(from: request.input, limit: request.limit))
    } catch {
      answer = errorLine("line \(number) \(error)")
    }
    return String(decoding: answer.dropLast(), as: UTF8.self)
  }
}
