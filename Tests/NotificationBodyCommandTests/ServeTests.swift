import Foundation
import NotificationBody
import Testing

/// An answer line of `serve`, read with `JSONDecoder`: `JSONSerialization`
/// drops a U+FEFF that starts a string on Linux.
private struct Answer: Decodable, Equatable {
  var body: String?
  var error: String?
}

private func answers(_ stdout: String) throws -> [Answer] {
  try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
    try JSONDecoder().decode(Answer.self, from: Data($0.utf8))
  }
}

@Test func serveAnswersEachRequestInOrder() async throws {
  let requests = [
    #"{"input": "Hello **world**", "limit": 256}"#,
    #"{"input": "plain words"}"#,
    #"{"limit": 300, "input": "a\u0000b  c\r\nd"}"#,
    "{\"input\": \"\u{FEFF}caf\u{E9} \u{1F1EB}\u{1F1F7}\"}",
    #"{"input": "last, with no line break"}"#,
  ]
  let run = try await BuiltTool.run(["serve"], stdin: Array(requests.joined(separator: "\n").utf8))
  #expect(run.status == 0)
  #expect(run.stderr == "")
  #expect(
    try answers(run.stdout) == [
      Answer(body: "Hello world"), Answer(body: "plain words"), Answer(body: "a\u{0}b c\nd"),
      Answer(body: "\u{FEFF}caf\u{E9} \u{1F1EB}\u{1F1F7}"),
      Answer(body: "last, with no line break"),
    ])
}

@Test func serveKeepsALongBodyWithinItsLimit() async throws {
  let message = String(repeating: "word ", count: 200)
  let request = try JSONSerialization.data(withJSONObject: ["input": message, "limit": 300])
  let run = try await BuiltTool.run(["serve"], stdin: Array(request) + [0x0A])
  let body = try #require(try answers(run.stdout).first?.body)
  #expect(body.utf16.count <= 300)
  #expect(body.hasSuffix("\u{2026}"))
}

@Test func serveAnswersAMalformedLineWithAnErrorAndGoesOn() async throws {
  let largest = " and at most 9223372036854775807"
  let requests = [
    "not json", "[1, 2]", "{}", #"{"input": 3}"#, #"{"input": "a", "limit": 255}"#,
    #"{"input": "a", "limit": true}"#, "", #"{"input": "still serving"}"#,
  ]
  let run = try await BuiltTool.run(
    ["serve"], stdin: Array((requests.joined(separator: "\n") + "\n").utf8))
  #expect(run.status == 0)
  #expect(
    try answers(run.stdout) == [
      Answer(error: "line 1 is not JSON"),
      Answer(error: "line 2 is not a JSON object"),
      Answer(error: "line 3 has no \"input\""),
      Answer(error: "line 4 has an \"input\" that is not a string"),
      Answer(error: "line 5 has a \"limit\" that is not a whole number of at least 256" + largest),
      Answer(error: "line 6 has a \"limit\" that is not a whole number of at least 256" + largest),
      Answer(error: "line 7 is not JSON"),
      Answer(body: "still serving"),
    ])
}

/// The protocol's bound: a line past 8 MiB is refused naming it, its bytes
/// skipped, and the next line is answered; a line of exactly 8 MiB is read.
@Test func serveRefusesALineLongerThanTheBoundAndGoesOn() async throws {
  let largest = String(repeating: "x", count: 8 * 1024 * 1024 - #"{"input":""}"#.utf8.count)
  let requests = [
    #"{"input": "before"}"#, #"{"input":"\#(largest)y"}"#, #"{"input": "after"}"#,
    #"{"input":"\#(largest)"}"#, #"{"input":"\#(largest)y"}"#,
  ]
  let run = try await BuiltTool.run(["serve"], stdin: Array(requests.joined(separator: "\n").utf8))
  #expect(run.status == 0)
  let refused = Answer(error: "line 2 is longer than 8388608 bytes")
  #expect(
    try answers(run.stdout) == [
      Answer(body: "before"), refused, Answer(body: "after"),
      Answer(body: NotificationBody.make(from: largest, limit: .default)),
      Answer(error: "line 5 is longer than 8388608 bytes"),
    ])
}

@Test func serveEndsQuietlyOnEmptyInput() async throws {
  let run = try await BuiltTool.run(["serve"])
  #expect(run.status == 0)
  #expect(run.stdout == "")
  #expect(run.stderr == "")
}

@Test func serveRefusesArguments() async throws {
  let run = try await BuiltTool.run(["serve", "extra"])
  #expect(run.status == 64)
  #expect(
    run.stderr.hasPrefix("Error: unexpected argument 'extra'\nUsage: notification-body serve\n"))
}

/// A request may hold a lone surrogate, escaped in its JSON, as a UTF-16
/// port's message can: `serve` reads it as U+FFFD, the contract's rule,
/// and leaves a pair's two escapes one scalar.
@Test func serveReadsALoneSurrogateAsTheReplacementCharacter() async throws {
  let requests = [
    #"{"input": "a\ud800b"}"#, #"{"input": "\udc00\ud83d\ude00\ud83d"}"#,
    #"{"input": "**\uDFFF**", "limit": 300}"#, #"{"input": "\\ud800 is text"}"#,
  ]
  let run = try await BuiltTool.run(["serve"], stdin: Array(requests.joined(separator: "\n").utf8))
  #expect(run.status == 0)
  #expect(
    try answers(run.stdout) == [
      Answer(body: "a\u{FFFD}b"), Answer(body: "\u{FFFD}\u{1F600}\u{FFFD}"),
      Answer(body: "\u{FFFD}"), Answer(body: "\\ud800 is text"),
    ])
}
