import NotificationBody
import Testing

/// What the fixture file can't hold: very large and odd input.
@Suite struct LargeInputTests {
  @Test func a100MegabyteMessageGivesTheSameBodyAsItsWindow() {
    let window = String(repeating: "abc ", count: 1024)  // exactly 4096 units
    let message = window + String(repeating: "x", count: 100_000_000)
    let body = NotificationBody.make(from: message)
    #expect(body == NotificationBody.make(from: window + "more"))
    #expect(body.utf16.count == 256)
    #expect(body.hasSuffix("…"))
  }

  @Test func textAfterTheWindowNeverChangesTheBody() {
    let window = String(repeating: "`", count: 3) + "\n" + String(repeating: "code ", count: 818)
    #expect(window.utf16.count == 4094)
    let bodies = Set(
      ["", "a", "\n```", "**", "😀😀", String(repeating: "z", count: 10_000)].map {
        NotificationBody.make(from: window + "ab" + $0)
      })
    #expect(bodies.count == 1)
  }

  @Test(arguments: [
    "", "\0", "\0\0\r\0", "\r", "\r\r\r\n\n", String(repeating: "`", count: 10_000),
    String(repeating: "[", count: 5_000), String(repeating: "[", count: 4_000) + "](",
    String(repeating: "**", count: 3_000), String(repeating: "~", count: 9_999),
    String(repeating: "![", count: 2_000) + String(repeating: "](a)", count: 2_000),
    String(repeating: "(", count: 3_000), "[a](" + String(repeating: "(", count: 40) + ")",
    String(repeating: "\u{301}", count: 5_000), String(repeating: "🇫🇷", count: 3_000),
    "\u{10FFFF}\u{E000}\u{FFFD}\u{FEFF}", String(repeating: "http://", count: 1_000),
  ])
  func hostileInputGetsABodyWithinTheLimit(_ message: String) {
    let body = NotificationBody.make(from: message)
    #expect(body.utf16.count <= 256)
  }

  @Test func everyPlaneSurvives() {
    let scalars = [0x41, 0x3B1, 0x4E2D, 0x1F600, 0x20000, 0x30000, 0xE0041, 0xF0000, 0x10FFFD]
    let message = String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! }))
    #expect(NotificationBody.make(from: message) == message)
  }
}
