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
  /// body. Written by hand, byte by byte: `diff` writes one per input.
  package static func requestLine(input: String, limit: NotificationBody.Limit) -> [UInt8] {
    var line = Array(#"{"input":""#.utf8)
    var input = input
    input.withUTF8 { bytes in
      line.reserveCapacity(bytes.count + 48)
      let hex = Array("0123456789ABCDEF".utf8)
      func escape(_ unit: Int) {
        line += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        line += [12, 8, 4, 0].map { hex[unit >> $0 & 0xF] }
      }
      // Runs that need no escape go in whole.
      var start = 0
      for (offset, byte) in bytes.enumerated() {
        let standIn =
          byte == 0xF3 && offset + 3 < bytes.count && bytes[offset + 1] == 0xB0
          && bytes[offset + 2] < 0xA0
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || standIn
        else { continue }
        line += bytes[start..<offset]
        if standIn {
          // U+F0000 + k, bytes F3 B0 80+… …, stands for U+D800 + k.
          escape(0xD800 + Int(bytes[offset + 2] & 0x1F) << 6 + Int(bytes[offset + 3] & 0x3F))
          start = offset + 4
        } else {
          if byte == UInt8(ascii: "\n") {
            line += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
          } else if byte < 0x20 {
            escape(Int(byte))
          } else {
            line += [UInt8(ascii: "\\"), byte]
          }
          start = offset + 1
        }
      }
      line += bytes[start...]
    }
    line += Array(#"","limit":\#(min(limit.utf16Units, FixtureFile.largestLimit))}"#.utf8)
    return line + [UInt8(ascii: "\n")]
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
    if let body = plainBody(Array(line)) { return body }
    // A port's lone surrogate is kept as its stand-in: a body that differs.
    return try decode(
      ReadAnswer.self, from: StrictJSON.replacingLoneSurrogateEscapes(line, standIns: true).bytes
    ).body
  }

  /// The body of an answer written exactly `{"body":"…"}`, whose string
  /// holds no escape but `\"`, `\\`, `\/`, `\n`, `\r`, `\t` and `\uXXXX`
  /// (a lone surrogate read as its stand-in), as the ports write it: read
  /// here in one pass, since `diff` reads one per input; nil for any other
  /// line, which `JSONDecoder` reads.
  private static func plainBody(_ line: [UInt8]) -> String? {
    let prefix = Array(#"{"body":""#.utf8)
    guard line.count >= prefix.count + 2, line.starts(with: prefix),
      line.suffix(2).elementsEqual(#""}"#.utf8)
    else { return nil }
    var units: [UInt16] = []
    var index = prefix.count
    let end = line.count - 2
    var plain: [UInt8] = []
    func flush() -> Bool {
      guard !plain.isEmpty else { return true }
      guard let text = String(validating: plain, as: UTF8.self) else { return false }
      units += text.utf16
      plain.removeAll(keepingCapacity: true)
      return true
    }
    while index < end {
      let byte = line[index]
      if byte == UInt8(ascii: "\"") || byte < 0x20 { return nil }
      guard byte == UInt8(ascii: "\\") else {
        plain.append(byte)
        index += 1
        continue
      }
      guard index + 1 < end, flush() else { return nil }
      switch line[index + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
        units.append(UInt16(line[index + 1]))
      case UInt8(ascii: "n"): units.append(0x0A)
      case UInt8(ascii: "r"): units.append(0x0D)
      case UInt8(ascii: "t"): units.append(0x09)
      case UInt8(ascii: "u"):
        guard index + 6 <= end,
          let unit = UInt16(String(decoding: line[index + 2..<index + 6], as: UTF8.self), radix: 16)
        else { return nil }
        units.append(unit)
        index += 4
      default: return nil
      }
      index += 2
    }
    guard flush() else { return nil }
    if !units.contains(where: UTF16.isSurrogate) { return String(decoding: units, as: UTF16.self) }
    // Pairs become scalars; a lone half becomes its stand-in.
    var scalars = String.UnicodeScalarView()
    var position = 0
    while position < units.count {
      let unit = UInt32(units[position])
      position += 1
      if UTF16.isLeadSurrogate(units[position - 1]), position < units.count,
        UTF16.isTrailSurrogate(units[position])
      {
        let low = UInt32(units[position])
        position += 1
        scalars.append(Unicode.Scalar(0x1_0000 + (unit - 0xD800) << 10 + (low - 0xDC00))!)
      } else {
        let half = units[position - 1]
        scalars.append(
          UTF16.isSurrogate(half) ? LoneSurrogates.standIn(for: half) : Unicode.Scalar(half)!)
      }
    }
    return String(scalars)
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
