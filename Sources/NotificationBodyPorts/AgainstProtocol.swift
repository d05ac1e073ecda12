import Foundation
import NotificationBody
import NotificationBodyFixtures

/// The line protocol of docs/against-protocol.md, spoken by `serve` and by
/// the external implementations `diff --against` runs: one writer for its
/// lines and one reader, `StrictJSON`.
///
///     AgainstProtocol.requestLine(input: "Hello **world**", limit: .default)
///     // {"input":"Hello **world**","limit":256} and a line break, as UTF-8
///
/// Each request is one JSON object on one line, `{"input": …, "limit": …}`,
/// of at most `largestRequestLine` bytes; each answer is one JSON object on
/// one line, `{"body": …}` or `{"error": …}`. Lines end with `"\n"` and are
/// UTF-8.
package enum AgainstProtocol {
  /// The most bytes a request line may hold, its `"\n"` aside: 8 MiB, far
  /// past the 384 KiB a message of `diff`'s (at most 64 KiB,
  /// `FileBytes.messageBytesKept`) takes with every character written as a
  /// six-byte escape, and past the cost gate's longest message (4 MiB of
  /// chat text, `CostClass`), which its `serve` is sent whole.
  package static let largestRequestLine = 8 * 1024 * 1024

  /// The request line for `input` at `limit`; a stand-in of a lone
  /// surrogate (`LoneSurrogates`) is sent as the lone surrogate's escape.
  /// The limit is sent as at most 2^53 − 1, the largest integer every JSON
  /// reader reads exactly: any limit past the window's reach makes the same
  /// body.
  package static func requestLine(input: String, limit: NotificationBody.Limit) -> [UInt8] {
    line(
      "input", string: input, standIns: true,
      then: #","limit":\#(min(limit.utf16Units, JSONFormat.largestExactInteger))"#)
  }

  /// The answer line that carries `body`.
  package static func bodyLine(_ body: String) -> [UInt8] {
    line("body", string: body)
  }

  /// The answer line that refuses a request for `reason`.
  package static func errorLine(_ reason: String) -> [UInt8] {
    line("error", string: reason)
  }

  /// `{"<key>":"<string>"<rest>}` and a line break, as UTF-8: `"`, `\\`
  /// and control characters escaped, everything else as it is.
  ///
  /// - Parameters:
  ///   - key: The first member's key, which needs no escape.
  ///   - string: Its string.
  ///   - standIns: Whether a stand-in of a lone surrogate is written as the
  ///     lone surrogate's escape.
  ///   - rest: The JSON text of further members, from their comma.
  /// - Returns: The line.
  /// - Complexity: O(*n*) in the bytes of `string`: runs that need no
  ///   escape are copied whole.
  private static func line(
    _ key: String, string: String, standIns: Bool = false, then rest: String = ""
  ) -> [UInt8] {
    var line = Array(#"{"\#(key)":""#.utf8)
    var string = string
    string.withUTF8 { bytes in
      line.reserveCapacity(bytes.count + 48)
      let hex = Array("0123456789ABCDEF".utf8)
      func escape(_ unit: Int) {
        line += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        line += [12, 8, 4, 0].map { hex[unit >> $0 & 0xF] }
      }
      var start = 0
      for (offset, byte) in bytes.enumerated() {
        // U+F0000 + k, bytes F3 B0 80+… …, stands for U+D800 + k.
        let standIn =
          standIns && byte == 0xF3 && offset + 3 < bytes.count && bytes[offset + 1] == 0xB0
          && bytes[offset + 2] < 0xA0
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || standIn
        else { continue }
        line += bytes[start..<offset]
        start = offset + 1
        if standIn {
          escape(0xD800 + Int(bytes[offset + 2] & 0x1F) << 6 + Int(bytes[offset + 3] & 0x3F))
          start = offset + 4
        } else if byte == UInt8(ascii: "\n") {
          line += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        } else if byte < 0x20 {
          escape(Int(byte))
        } else {
          line += [UInt8(ascii: "\\"), byte]
        }
      }
      line += bytes[start...]
    }
    return line + Array("\"\(rest)}\n".utf8)
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
  ///   A lone surrogate's escape is read as U+FFFD, the contract's rule.
  /// - Throws: `Problem` when the line is not a JSON object, has no
  ///   `"input"` string, or has a `"limit"` that is not a whole number from
  ///   256 to `Int.max`, the largest the library takes (gate --baseline sends
  ///   the fuzz corpus's huge limits, `Int.max` among them).
  package static func request(in line: some Collection<UInt8>) throws(Problem) -> (
    input: String, limit: NotificationBody.Limit
  ) {
    let fields = try object(in: line, standIns: false)
    guard let input = fields["input"] else { throw Problem("has no \"input\"") }
    guard case .string(let text) = input else {
      throw Problem("has an \"input\" that is not a string")
    }
    guard let limit = fields["limit"] else { return (text, .default) }
    let floor = NotificationBody.Limit.default.utf16Units
    guard case .number(let digits) = limit, let units = Int(digits), units >= floor else {
      throw Problem(
        "has a \"limit\" that is not a whole number of at least \(floor) and at most \(Int.max)")
    }
    return (text, NotificationBody.Limit(utf16Units: units))
  }

  /// Reads an answer line.
  ///
  /// - Parameter line: One line without its `"\n"`.
  /// - Returns: The body it carries; a lone surrogate's escape is read as
  ///   its stand-in, so that a port that keeps one gives a body that differs.
  /// - Throws: `Problem` when the line is not a JSON object, carries an
  ///   `"error"` instead, or has no `"body"` string.
  package static func body(in line: some Collection<UInt8>) throws(Problem) -> String {
    let fields = try object(in: line, standIns: true)
    if case .string(let body) = fields["body"] { return body }
    if let error = fields["error"] {
      guard case .string(let refusal) = error else {
        throw Problem("is an error: (not a string)", refusal: "(not a string)")
      }
      throw Problem("is an error: \(refusal)", refusal: refusal)
    }
    throw Problem(
      fields["body"] == nil ? "has no \"body\"" : "has a \"body\" that is not a string")
  }

  /// A line read as a JSON object, each lone surrogate's escape read as
  /// U+FFFD or as its stand-in (`StrictJSON.replacingLoneSurrogateEscapes`).
  private static func object(
    in line: some Collection<UInt8>, standIns: Bool
  ) throws(Problem) -> StrictJSON.Object {
    let text = StrictJSON.replacingLoneSurrogateEscapes(line, standIns: standIns).bytes
    guard let value = try? StrictJSON.parse(Data(text)) else { throw Problem("is not JSON") }
    guard case .object(let object) = value else { throw Problem("is not a JSON object") }
    return object
  }
}
