import NotificationBody
import Testing

@Suite struct LimitTests {
  @Test func defaultIs256Units() {
    #expect(NotificationBody.Limit.default.utf16Units == 256)
  }

  @Test(arguments: [Int.min, -1, 0, 1, 100, 255])
  func lowerValuesClampUpTo256(_ units: Int) {
    #expect(NotificationBody.Limit(utf16Units: units) == .default)
  }

  @Test(arguments: [256, 257, 300, 4096, 100_000])
  func higherValuesAreKept(_ units: Int) {
    #expect(NotificationBody.Limit(utf16Units: units).utf16Units == units)
  }

  @Test func aClampedLimitStillCapsAt256() {
    let body = NotificationBody.make(
      from: String(repeating: "a", count: 1000), limit: .init(utf16Units: 10))
    #expect(body.utf16.count == 256)
    #expect(body.hasSuffix("…"))
  }

  @Test func aRaisedLimitShowsMore() {
    let message = String(repeating: "word ", count: 100)  // 500 units
    // Unit 255 is a space, which R12 removes before the "…".
    #expect(NotificationBody.make(from: message) == String(message.prefix(254)) + "…")
    let body = NotificationBody.make(from: message, limit: .init(utf16Units: 700))
    #expect(body == String(message.dropLast()))
  }
}
