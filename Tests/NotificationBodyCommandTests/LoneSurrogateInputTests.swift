import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyPorts
import NotificationBodySnapshot
import Testing

/// `diff`'s generated messages carry lone surrogates to a port: one in
/// `loneSurrogatesEvery`, at the start, in mid-text, at the cap and at the
/// window's edge, never a lone high directly before a lone low.
@Suite struct LoneSurrogateInputTests {
  /// The generated inputs of one seed at the default limit.
  static func generated(seed: UInt64, count: Int) -> [ComparedInput] {
    var inputs = ComparedInputs(
      seed: seed, count: count, limit: .default, files: [], filesFirst: false)
    return inputs.nextBatch(size: count).filter { $0.limit == .default }
  }

  @Test func oneMessageInEightIsSentWithLoneSurrogates() {
    let inputs = Self.generated(seed: 51, count: 4000)
    let sent = inputs.filter { $0.withLoneSurrogates != nil }
    #expect(sent.count == 4000 / ComparedInputs.loneSurrogatesEvery)
    for input in inputs {
      #expect(input.message == LoneSurrogates.replaced(input.sent))
      #expect(!LoneSurrogates.has(input.message))
    }
  }

  @Test func theyFallAtEveryEdgeAndNeverMakeAPair() {
    var atStart = 0
    var atCap = 0
    var atWindow = 0
    var inside = 0
    for input in Self.generated(seed: 7, count: 8000) {
      guard let sent = input.withLoneSurrogates else { continue }
      // Offsets on the wire, where each lone surrogate is one unit.
      var offset = 0
      var previous: UInt16?
      for scalar in sent.unicodeScalars {
        let unit = LoneSurrogates.unit(standingFor: scalar)
        if let unit {
          if offset == 0 { atStart += 1 }
          if (254...258).contains(offset) { atCap += 1 }
          if (4093...4098).contains(offset) { atWindow += 1 }
          if offset > 0 && offset < sent.utf16.count - 2 { inside += 1 }
          if let previous, UTF16.isLeadSurrogate(previous) {
            #expect(!UTF16.isTrailSurrogate(unit), "a lone high before a lone low")
          }
        }
        previous = unit
        offset += unit == nil ? UTF16.width(scalar) : 1
      }
    }
    #expect(atStart > 0 && atCap > 0 && atWindow > 0 && inside > 0)
  }

  /// On the wire each is the escape of one lone surrogate, read back as its
  /// stand-in, so a port that keeps one gives a body that differs.
  @Test func theRequestEscapesEachOne() throws {
    for input in Self.generated(seed: 3, count: 400) where input.withLoneSurrogates != nil {
      let line = AgainstProtocol.requestLine(input: input.sent, limit: .default)
      let string = line.dropFirst(#"{"input":"#.utf8.count)
        .dropLast(#","limit":256}"#.utf8.count + 1)
      let escapes = String(decoding: string, as: UTF8.self).matches(of: #/\\uD[89A-F][0-9A-F]{2}/#)
      #expect(
        escapes.count
          >= input.sent.unicodeScalars.count { LoneSurrogates.unit(standingFor: $0) != nil })
      let body = try AgainstProtocol.body(in: Array(#"{"body":"#.utf8) + string + Array("}".utf8))
      #expect(body.unicodeScalars.elementsEqual(input.sent.unicodeScalars))
    }
  }
}
