import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyPorts
import NotificationBodyProcess
import NotificationBodyText
import Testing

/// `diff` writes each request and reads each answer by hand, one per input;
/// what it writes must read back as `JSONDecoder` reads it, and what it
/// reads must be what `JSONDecoder` reads, stand-ins of lone surrogates
/// included.
@Suite struct AgainstProtocolTests {
  /// The messages: generated ones, and the characters JSON escapes.
  static let messages: [String] =
    MessageGenerator.messages(seed: 0x5EED_0046, count: 2_000) + [
      "", "\"", "\\", "\u{0}\u{1F}\u{7F}", "a\nb\rc\td", "\u{2028}\u{2029}", "\u{FEFF}x",
      "\u{F0000}a\u{F07FF}", "\u{F0400}\u{F0000}", "😀\u{F0000}", "\u{10FFFF}", "/",
    ]

  private struct Request: Decodable {
    var input: String
    var limit: Int
  }

  @Test func aRequestReadsBackAsJSONDecoderReadsIt() throws {
    for message in Self.messages {
      let line = AgainstProtocol.requestLine(input: message, limit: .init(utf16Units: .max))
      #expect(line.last == UInt8(ascii: "\n") && line.dropLast().allSatisfy { $0 != 0x0A })
      let text = StrictJSON.replacingLoneSurrogateEscapes(line.dropLast(), standIns: true).bytes
      let request = try JSONDecoder().decode(Request.self, from: Data(text))
      #expect(request.input.hasSameScalars(as: message), "\(Escaped.json(message))")
      #expect(request.limit == JSONFormat.largestExactInteger)
    }
  }

  @Test func anAnswerReadsAsJSONDecoderReadsIt() throws {
    for message in Self.messages {
      // As the ports write it, and with every scalar escaped.
      let written = AgainstProtocol.bodyLine(message).dropLast()
      var escaped = Array(#"{"body":""#.utf8)
      for unit in message.unicodeScalars.flatMap({ scalar in
        LoneSurrogates.unit(standingFor: scalar).map { [$0] } ?? Array(String(scalar).utf16)
      }) {
        escaped += Array(String(format: "\\u%04x", unit).utf8)
      }
      escaped += Array(#""}"#.utf8)
      for line in [Array(written), escaped] {
        let read = try AgainstProtocol.body(in: line)
        let decoded = try JSONDecoder().decode(
          [String: String].self,
          from: Data(StrictJSON.replacingLoneSurrogateEscapes(line, standIns: true).bytes))
        #expect(
          read.hasSameScalars(as: decoded["body"]!), "\(String(decoding: line, as: UTF8.self))")
        if !LoneSurrogates.has(message) || line == escaped {
          #expect(read.hasSameScalars(as: message), "\(Escaped.json(message))")
        }
      }
    }
  }

  @Test(arguments: [#"{"body":"a\q"}"#, #"{"body":"a"} "#, #"{"body": "a"}"#, #"{"body":"\u12"}"#])
  func anyOtherAnswerIsReadByJSONDecoder(_ line: String) {
    let bytes = Array(line.utf8)
    let read = try? AgainstProtocol.body(in: bytes)
    let decoded = try? JSONDecoder().decode([String: String].self, from: Data(bytes))["body"]
    #expect(read == decoded)
  }
}
