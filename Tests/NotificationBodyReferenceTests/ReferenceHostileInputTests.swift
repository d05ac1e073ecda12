import NotificationBodyReference
import Testing

/// Inputs built to make a naive reading slow or crash. Each must finish
/// quickly and give a body within the limit; none asserts on time.
@Suite("Reference implementation: hostile inputs")
struct ReferenceHostileInputTests {
  /// A named hostile message, so a failure says which one.
  struct Hostile: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var testDescription: String { name }
  }

  static let inputs: [Hostile] = [
    Hostile(name: "empty", input: ""),
    Hostile(name: "10,000 backticks", input: String(repeating: "`", count: 10_000)),
    Hostile(name: "5,000 [", input: String(repeating: "[", count: 5_000)),
    Hostile(name: "** × 3000", input: String(repeating: "**", count: 3_000)),
    Hostile(name: "1 MB message", input: String(repeating: "word **bold** `code` ", count: 50_000)),
    Hostile(name: "2000 [ then ](", input: String(repeating: "[", count: 2_000) + "]("),
    Hostile(name: "2000 ![ then ](", input: String(repeating: "![", count: 2_000) + "]("),
    Hostile(name: "[]( × 1000", input: String(repeating: "[](", count: 1_000)),
    Hostile(name: "[a]( \" × 800", input: String(repeating: "[a]( \"", count: 800)),
    Hostile(
      name: "[ × 2000 then ](a) × 500",
      input: String(repeating: "[", count: 2_000) + String(repeating: "](a)", count: 500)),
    Hostile(
      name: "backtick runs of growing length",
      input: (1...90).map { String(repeating: "`", count: $0) }.joined(separator: " ")),
    Hostile(name: "` `` alternating", input: String(repeating: "` `` ", count: 800)),
    Hostile(name: "URL with 4000 )", input: "https://x.io/" + String(repeating: ")", count: 4_000)),
    Hostile(name: "URLs × 500", input: String(repeating: "(https://a.b ", count: 500)),
    Hostile(name: "fences × 1000", input: String(repeating: "```\n", count: 1_000)),
    Hostile(name: "line breaks × 5000", input: String(repeating: "\r\n", count: 5_000)),
    Hostile(name: "spaces × 5000", input: String(repeating: " ", count: 5_000)),
    Hostile(
      name: "combining marks × 5000", input: "*" + String(repeating: "\u{301}", count: 5_000)),
  ]

  @Test("Finishes and stays within the limit", arguments: inputs)
  func hostile(_ hostile: Hostile) {
    let body = NotificationBodyReference.make(from: hostile.input)
    #expect(body.utf16.count <= 256)
  }

  @Test("Known bodies of some hostile inputs")
  func knownBodies() {
    #expect(NotificationBodyReference.make(from: "") == "")
    // One line of 4096 backticks: an unclosed fence with no code; text was left out.
    #expect(NotificationBodyReference.make(from: String(repeating: "`", count: 10_000)) == "…")
    #expect(
      NotificationBodyReference.make(from: String(repeating: "[", count: 5_000))
        == String(repeating: "[", count: 255) + "…")
    #expect(NotificationBodyReference.make(from: String(repeating: "**", count: 3_000)) == "…")
  }
}
