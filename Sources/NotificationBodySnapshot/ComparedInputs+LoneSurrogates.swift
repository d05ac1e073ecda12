import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

extension ComparedInputs {
  /// Every how many generated messages one is sent with lone surrogates.
  package static let loneSurrogatesEvery = 8

  /// `message` with one to four lone surrogates put in, each as its
  /// stand-in (`LoneSurrogates`), where the contract has edges: at the
  /// start, in mid-text, at the cap of `limit` and at the window's edge
  /// (unit 4096). A port is sent each as its `\u` escape; the library is
  /// given U+FFFD. A lone high surrogate never comes directly before a
  /// lone low one: on the wire those two would be a pair.
  ///
  ///     var random = SplitMix64(seed: 1)
  ///     ComparedInputs.withLoneSurrogates("abc", limit: .default, random: &random)
  ///     // e.g. "\u{F0400}abc": a lone U+DC00 at the start
  ///
  /// - Complexity: O(*n*) in the message's scalars.
  package static func withLoneSurrogates(
    _ message: String, limit: NotificationBody.Limit, random: inout SplitMix64
  ) -> String {
    let units = message.utf16.count
    let window = NotificationBody.windowUTF16Units
    var offsets: [Int] = []
    for _ in 0...(random.next() % 4) {
      let nearby = Int(random.next() % 4) - 2
      switch random.next() % 4 {
      case 0: offsets.append(0)
      case 1: offsets.append(Int(random.next() % UInt64(units + 1)))
      case 2: offsets.append(min(units, max(0, min(limit.utf16Units, units) + nearby)))
      default: offsets.append(min(units, max(0, window + nearby)))
      }
    }
    var scalars = String.UnicodeScalarView()
    var offset = 0
    var pending = offsets.sorted()[...]
    func put() {
      while let next = pending.first, next <= offset {
        pending.removeFirst()
        var unit = UInt16(0xD800 + random.next() % 0x800)
        // A low half right after a lone high one would make a pair.
        if UTF16.isTrailSurrogate(unit), let last = scalars.last,
          let before = LoneSurrogates.unit(standingFor: last), UTF16.isLeadSurrogate(before)
        {
          unit -= 0x400
        }
        scalars.append(LoneSurrogates.standIn(for: unit))
      }
    }
    for scalar in message.unicodeScalars {
      put()
      scalars.append(scalar)
      offset += UTF16.width(scalar)
    }
    put()
    return String(scalars)
  }
}
