import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// The fuzz targets' per-execution checks (`BodyChecks`) against the whole
/// check they stand in for (`Invariants.check`): each broken implementation
/// is caught by one target's checks on the execution that meets it, the
/// library-only checks catch every one that needs no second body, they
/// agree with the whole check on generated messages but for what they leave
/// out, and the measured call's body is the one they read, at no cost to
/// the measurement.
@Suite struct BodyChecksTests {
  static func lean(
    _ input: String, _ limit: NotificationBody.Limit, _ implementation: Implementation = .library
  ) -> InvariantFailure? {
    BodyChecks.withoutReference(
      implementation.make(input, limit), of: input, limit: limit, implementation: implementation)
  }

  /// What the library-only checks leave to the reference and the corpus
  /// replay, because it needs a second body: R12's cut compared with the
  /// uncapped body, whether anything was cut where the window is over the
  /// limit, and the window holding.
  static func needsASecondBody(
    _ failure: InvariantFailure, _ message: String, _ limit: NotificationBody.Limit
  ) -> Bool {
    let units = message.utf16.count
    let mayBeCut = min(units, 4096) + (units > 4096 ? 1 : 0) > limit.utf16Units
    switch failure.invariant {
    case .wholeCharacters, .windowHolds: return true
    case .ellipsisExactly:
      let uncapped = [
        "nothing was cut, yet", "the uncapped body has", "R1 left text out, but with no limit",
      ]
      return uncapped.contains { failure.detail.hasPrefix($0) }
        || (mayBeCut && failure.detail.hasSuffix("and nothing was cut"))
    default: return false
    }
  }

  @Test(arguments: ReferenceFreeInvariantTests.cases)
  func everyBrokenImplementationIsCaughtOnTheExecutionThatMeetsIt(
    _ testCase: ReferenceFreeInvariantTests.Case
  ) {
    let body = testCase.implementation.make(testCase.input, testCase.limit)
    let whole = ReferenceFreeInvariantTests.check(
      testCase.input, limit: testCase.limit, implementation: testCase.implementation)
    let lean = Self.lean(testCase.input, testCase.limit, testCase.implementation)
    if whole.contains(where: { !Self.needsASecondBody($0, testCase.input, testCase.limit) }) {
      #expect(lean != nil, "the whole check sees \(whole), the library-only checks nothing")
    }
    #expect(
      BodyChecks.againstReference(
        body, of: testCase.input, limit: testCase.limit, implementation: testCase.implementation)
        != nil)
    #expect(Self.lean(testCase.input, testCase.limit) == nil)
    #expect(
      BodyChecks.againstReference(
        NotificationBody.make(from: testCase.input, limit: testCase.limit), of: testCase.input,
        limit: testCase.limit) == nil)
  }

  /// Some broken implementations are caught without a second body, and
  /// some only with one: the split the tests above rely on.
  @Test func bothKindsOfCaseAreInTheTable() {
    let leanCaught = ReferenceFreeInvariantTests.cases.filter {
      Self.lean($0.input, $0.limit, $0.implementation) != nil
    }
    #expect(!leanCaught.isEmpty)
    #expect(leanCaught.count < ReferenceFreeInvariantTests.cases.count)
  }

  /// On generated messages, at the default and raised limits, the
  /// library-only checks report a problem exactly when the whole check
  /// reports one they do not leave out, for the library and each broken
  /// implementation, and never one it does not.
  @Test func theLeanCheckAgreesWithTheWholeCheck() throws {
    let seed = try HarnessEnvironment.seed(default: 2_026_120_3)
    print("lean checks: seed \(seed)")
    var generator = MessageGenerator(seed: seed)
    let implementations =
      [Implementation.library] + ReferenceFreeInvariantTests.cases.map(\.implementation)
    var compared = 0
    for index in 0..<300 {
      let message = generator.next()
      let limit: NotificationBody.Limit =
        index % 3 == 0 ? .default : .init(utf16Units: [300, 1000, 10_000][index % 3])
      for implementation in implementations {
        let whole = Invariants.check(
          message, limit: limit, implementation: implementation, checkingCost: false,
          usingReference: false)
        let lean = Self.lean(message, limit, implementation)
        let place = "seed \(seed), message #\(index) at \(limit.utf16Units)"
        if whole.contains(where: { !Self.needsASecondBody($0, message, limit) }) {
          #expect(lean != nil, "\(place): the whole check sees \(whole), the lean one nothing")
        }
        if let lean {
          #expect(lean == whole.first, "\(place): \(lean) where the whole check sees \(whole)")
        }
        compared += 1
      }
    }
    #expect(compared == 300 * implementations.count)
  }

  /// The checks read a copy of the measured body while neither meter
  /// counts: the same work and allocations with or without them.
  @Test func theChecksReadTheMeasuredBodyAtNoCost() {
    let message =
      "Run `make` and **see** [the docs](https://x.io/a) " + String(repeating: "é", count: 300)
    // The first call fills the runtime's one-time caches.
    _ = CallCost(of: .library, on: message, limit: .default)
    let plain = CallCost(of: .library, on: message, limit: .default)
    var seen: [String] = []
    let inspected = CallCost(of: .library, on: message, limit: .default) { body in
      seen.append(body)
      let heavy = Array(repeating: body + body, count: 50)
      _ = heavy.map(\.utf16.count).reduce(0, +)
    }
    #expect(seen == [NotificationBody.make(from: message)])
    #expect(inspected.work == plain.work)
    #expect(inspected.allocations == plain.allocations)
  }

  /// R1's window and the bytes it reads, found around unit 4096, agree
  /// with the obvious walk over every character and scalar, whatever
  /// straddles the window's end: a surrogate pair, a ZWJ family, flags, a
  /// combining mark, conjuncts, a lone regional indicator after a flag.
  @Test func theWindowIsFoundAroundItsEnd() {
    let tail = "😀👨‍👩‍👧🇫🇷e\u{301}\u{302}x\r\nक\u{94D}ष\u{1000}\u{1039}\u{1000}🇺🇸🇬"
    for start in 4060...4100 {
      let message = String(repeating: "a", count: start) + String(repeating: tail, count: 3)
      let obvious = CharacterRules.window(of: message)
      #expect(obvious.leftTextOut)
      let read = CallCost.readBytes(of: message)
      #expect(BodyChecks.window(ofLong: message, readBytes: read) == obvious.text, "at \(start)")
      var units = 0
      var bytes = 0
      for scalar in message.unicodeScalars {
        units += scalar.utf16.count
        if units > 4096 { break }
        bytes += scalar.utf8.count
      }
      #expect(CallCost.readBytes(of: message) == bytes, "at \(start)")
    }
    #expect(CallCost.readBytes(of: "short é") == "short é".utf8.count)
  }
}
