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

  /// Requested values around every edge: the clamp, iOS's 256, the
  /// writer's clamp at `Int.max / 4`, and the largest.
  static let edges = [
    Int.min, -1, 0, 255, 256, 257, 4096, (1 << 53) - 1, Int.max / 4 - 1, Int.max / 4,
    Int.max / 4 + 1, (Int.max - 8) / 3, (Int.max - 8) / 3 + 1, Int.max - 1, Int.max,
  ]

  @Test func orderIsIrreflexiveAsymmetricAndConsistentWithEquality() {
    let limits = Self.edges.map(NotificationBody.Limit.init(utf16Units:))
    for a in limits {
      #expect(!(a < a), "\(a) < itself")
      #expect(a <= a && a >= a)
      for b in limits {
        #expect((a < b) == (a.utf16Units < b.utf16Units), "\(a) < \(b)")
        #expect(!(a < b && b < a), "\(a) and \(b) each below the other")
        #expect((a == b) == (!(a < b) && !(b < a)), "\(a) vs \(b): == disagrees with <")
      }
    }
  }

  @Test func clampedValuesOrderAsTheDefault() {
    let clamped = NotificationBody.Limit(utf16Units: 0)
    #expect(!(clamped < .default) && !(NotificationBody.Limit.default < clamped))
    #expect(NotificationBody.Limit.default < .init(utf16Units: 257))
    #expect(
      [NotificationBody.Limit(utf16Units: .max), .default, .init(utf16Units: -5)].sorted()
        == [.default, .default, .init(utf16Units: .max)])
  }

  /// A huge limit never overflows: the body is the one no cap cuts.
  @Test(arguments: edges.filter { $0 > 4096 })
  func hugeLimitsGiveTheUncappedBody(_ units: Int) {
    let limit = NotificationBody.Limit(utf16Units: units)
    #expect(limit.utf16Units == units)
    let long = String(repeating: "word ", count: 1000)  // 5000 units: R1 cuts after a "w"
    #expect(NotificationBody.make(from: long, limit: limit) == String(long.prefix(4096)) + "…")
    #expect(NotificationBody.make(from: "**a** `b`", limit: limit) == "a b")
    #expect(NotificationBody.make(from: "plain", limit: limit) == "plain")
  }
}
