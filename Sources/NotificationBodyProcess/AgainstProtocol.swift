import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

/// The line protocol of docs/against-protocol.md, spoken by `serve` and by
/// the external implementations `diff --against` runs.
///
///     AgainstProtocol.requestLine(input: "Hello **world**", limit: .default)
///     // {"input":"Hello **world**","limit":256} and a line break, as UTF-8
///
/// Each request is one JSON object on one line, `{"input": …, "limit": …}`;
/// each answer is one JSON object on one line, `{"body": …}` or
/// `{"error": …}`. Lines end with `"\n"` and are UTF-8.
package enum AgainstProtocol {
  /// A request line: the input and its limit in UTF-16 units.
  private struct Request: Encodable {
    var input: String
    var limit: Int
  }

  /// An answer line that carries a body.
  private struct Body: Encodable {
    var body: String
  }

  /// An answer line that says why there is no body.
  private struct Refusal: Encodable {
    var error: String
  }

  /// A line as UTF-8 followed by `"\n"`.
  ///
  /// - Parameter value: What the line holds.
  /// - Returns: Its JSON on one line (`JSONFormat.line`).
  private static func line(_ value: some Encodable) -> [UInt8] {
    // Encoding a struct of strings and numbers cannot fail.
    let data = try! JSONFormat.line.encode(value)
    return [UInt8](data) + [UInt8(ascii: "\n")]
  }

  /// The request line for `input` at `limit`; a stand-in of a lone
  /// surrogate (`LoneSurrogates`) is sent as the lone surrogate's escape.
  /// The limit is sent as at most 2^53 − 1, the largest integer every JSON
  /// reader reads exactly: any limit past the window's reach makes the same
  /// body.
  package static func requestLine(input: String, limit: NotificationBody.Limit) -> [UInt8] {
    let request = line(
      Request(input: input, limit: min(limit.utf16Units, FixtureFile.largestLimit)))
    guard LoneSurrogates.has(input) else { return request }
    var text = String(decoding: request, as: UTF8.self)
    for scalar in Set(input.unicodeScalars) {
      guard let unit = LoneSurrogates.unit(standingFor: scalar) else { continue }
      let escape = "\\u" + String(unit, radix: 16, uppercase: true)
      text = text.replacingOccurrences(
        of: Escaped.json(String(scalar)).dropFirst().dropLast(), with: escape)
      text = text.replacingOccurrences(of: String(scalar), with: escape)
    }
    return Array(text.utf8)
  }

  /// The answer line that carries `body`.
  package static func bodyLine(_ body: String) -> [UInt8] {
    line(Body(body: body))
  }

  /// The answer line that refuses a request for `reason`.
  package static func errorLine(_ reason: String) -> [UInt8] {
    line(Refusal(error: reason))
  }

  /// Why a line was refused, as words that follow "the line".
  package struct Problem: Error, CustomStringConvertible {
    package var description: String
    /// The `"error"` of an answer that refuses its request.
    package var refusal: String?

    package init(_ description: String, refusal: String? = nil) {
      self.description = description
      self.refusal = refusal
    }
  }

  /// Reads a request line.
  ///
  ///     try AgainstProtocol.request(in: Array(#"{"input": "a", "limit": 300}"#.utf8))
  ///     // ("a", 300 UTF-16 units)
  ///
  /// - Parameter line: One line without its `"\n"`.
  /// - Returns: The input and its limit; 256 when the line has no `"limit"`.
  /// - Throws: `Problem` when the line is not a JSON object, has no
  ///   `"input"` string, or has a `"limit"` that is not a whole number from
  ///   256 to `Int.max`, the largest the library takes (gate --baseline sends
  ///   the fuzz corpus's huge limits, `Int.max` among them).
  package static func request(in line: some Collection<UInt8>) throws(Problem) -> (
    input: String, limit: NotificationBody.Limit
  ) {
    // A lone surrogate's escape is read as U+FFFD, the contract's rule.
    let request = try decode(
      ReadRequest.self, from: StrictJSON.replacingLoneSurrogateEscapes(line).bytes)
    return (request.input, request.limit)
  }

  /// Reads an answer line.
  ///
  /// - Parameter line: One line without its `"\n"`.
  /// - Returns: The body it carries.
  /// - Throws: `Problem` when the line is not a JSON object, carries an
  ///   `"error"` instead, or has no `"body"` string.
  package static func body(in line: some Collection<UInt8>) throws(Problem) -> String {
    // A port's lone surrogate is kept as its stand-in: a body that differs.
    try decode(
      ReadAnswer.self, from: StrictJSON.replacingLoneSurrogateEscapes(line, standIns: true).bytes
    ).body
  }

  /// Decodes a line with `JSONDecoder`, not `JSONSerialization`: on Linux
  /// the latter drops a U+FEFF that starts a string written as raw UTF-8.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from line: some Collection<UInt8>
  ) throws(Problem) -> Value {
    do {
      return try JSONFormat.decoder.decode(type, from: Data(line))
    } catch let problem as Problem {
      throw problem
    } catch DecodingError.dataCorrupted {
      throw Problem("is not JSON")
    } catch {
      throw Problem("is not a JSON object")
    }
  }

  private enum Key: String, CodingKey {
    case input, limit, body, error
  }

  /// A request line as read, each problem named.
  private struct ReadRequest: Decodable {
    var input: String
    var limit = NotificationBody.Limit.default

    init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: Key.self)
      guard fields.contains(.input) else { throw Problem("has no \"input\"") }
      guard let input = try? fields.decode(String.self, forKey: .input) else {
        throw Problem("has an \"input\" that is not a string")
      }
      self.input = input
      guard fields.contains(.limit) else { return }
      let floor = NotificationBody.Limit.default.utf16Units
      guard let units = try? fields.decode(Int.self, forKey: .limit), units >= floor else {
        throw Problem(
          "has a \"limit\" that is not a whole number of at least \(floor) and at most \(Int.max)")
      }
      limit = NotificationBody.Limit(utf16Units: units)
    }
  }

  /// An answer line as read: its body, or a `Problem` for anything else.
  private struct ReadAnswer: Decodable {
    var body: String

    init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: Key.self)
      if let body = try? fields.decode(String.self, forKey: .body) {
        self.body = body
        return
      }
      if fields.contains(.error) {
        let refusal = (try? fields.decode(String.self, forKey: .error)) ?? "(not a string)"
        throw Problem("is an error: \(refusal)", refusal: refusal)
      }
      throw Problem(
        fields.contains(.body) ? "has a \"body\" that is not a string" : "has no \"body\"")
    }
  }
}

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
