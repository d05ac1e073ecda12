import NotificationBody
import NotificationBodyFindings
import NotificationBodyHarness
import Testing

/// Every invariant on generated hostile messages. The seed is printed and can
/// be set with NOTIFICATION_BODY_SEED; NOTIFICATION_BODY_PROPERTY_COUNT runs
/// more messages; NOTIFICATION_BODY_SHRINK_EVALUATIONS bounds the shrinking of
/// a failure (0: report it as generated).
@Suite struct PropertyTests {
  static let defaultSeed: UInt64 = 2_026_112_9

  /// A NOTIFICATION_BODY_SEED or NOTIFICATION_BODY_PROPERTY_COUNT that
  /// can't be read fails the test with its message, instead of running the
  /// default seed or count as if it had been asked for.
  @Test func everyInvariantHoldsOnGeneratedMessages() throws {
    let seed = try HarnessEnvironment.seed(default: Self.defaultSeed)
    let count = try HarnessEnvironment.propertyCount(default: 5_000)
    let shrinking = try HarnessEnvironment.shrinkEvaluations(default: 3_000)
    print("property tests: seed \(seed), \(count) messages")
    var generator = MessageGenerator(seed: seed)
    var reported = 0
    for index in 0..<count {
      let message = generator.next()
      // Every eighth message also at a raised limit, and every message
      // longer than 2,000 units also at a limit past the window, where the
      // window, not the body, ends what is read.
      var limits: [NotificationBody.Limit] = [.default]
      if index % 8 == 7 { limits.append(.init(utf16Units: 1000)) }
      if message.utf16.count > 2000 { limits.append(.init(utf16Units: 10_000)) }
      for limit in limits {
        guard let failure = Invariants.check(message, limit: limit).first else { continue }
        let report = FailureReport(
          failure, input: message, limit: limit,
          origin: "seed \(seed), message #\(index); rerun with NOTIFICATION_BODY_SEED=\(seed)",
          maxEvaluations: shrinking)
        Issue.record(Comment(rawValue: report.description))
        reported += 1
      }
      if reported >= 3 { break }
    }
  }
}
