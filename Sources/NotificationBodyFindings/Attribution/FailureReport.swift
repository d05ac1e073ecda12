import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodyText

/// A broken invariant turned into something a person can act on: the input
/// shrunk to a minimal one that still breaks it, both bodies, and a fixture
/// case ready to paste.
package struct FailureReport: Sendable, CustomStringConvertible {
  package var failure: InvariantFailure
  /// Where the input came from, e.g. `seed 42, message #17`.
  package var origin: String
  package var originalInput: String
  package var shrunkInput: String
  package var limit: NotificationBody.Limit
  package var libraryBody: String
  package var referenceBody: String

  /// Shrinks `input` while `implementation` still breaks the same invariant.
  ///
  /// - Parameters:
  ///   - failure: The first invariant `input` broke.
  ///   - input: The failing input.
  ///   - limit: The limit it failed at.
  ///   - origin: Where it came from, shown in the report.
  ///   - implementation: The implementation that failed.
  ///   - maxEvaluations: The shrinker's budget.
  package init(
    _ failure: InvariantFailure, input: String, limit: NotificationBody.Limit, origin: String,
    implementation: Implementation = .library, maxEvaluations: Int = 3_000
  ) {
    let shrunk = Shrinker.shrink(input, maxEvaluations: maxEvaluations) { candidate in
      Invariants.check(candidate, limit: limit, implementation: implementation)
        .contains { $0.invariant == failure.invariant }
    }
    self.failure =
      Invariants.check(shrunk, limit: limit, implementation: implementation)
      .first { $0.invariant == failure.invariant } ?? failure
    self.origin = origin
    originalInput = input
    shrunkInput = shrunk
    self.limit = limit
    libraryBody = implementation.make(shrunk, limit)
    referenceBody = NotificationBodyReference.make(from: shrunk, limit: limit.utf16Units)
  }

  /// The case to add to `test-fixtures/notification-body.json`: the shrunk
  /// input and the reference's body, named by the rule where the library's
  /// body parts from the reference's ("R?" when it does not), which must be
  /// checked against the contract by hand and named for what it pins before
  /// it is committed.
  package var fixtureLine: String {
    let rule = RuleAttribution.rule(
      whereBody: libraryBody, differsFrom: shrunkInput, limit: limit.utf16Units)
    return FixtureLine.json(
      name: "\(rule.map(String.init(describing:)) ?? "R?") \(failure.invariant) (\(origin))",
      input: shrunkInput, expect: referenceBody,
      limit: limit == .default ? nil : limit.utf16Units)
  }

  package var description: String {
    """
    invariant \(failure.invariant) broken (\(origin))
      \(failure.detail)
      input (\(originalInput.utf16.count) units) shrunk to: \(Escaped.json(shrunkInput))
      limit:     \(limit.utf16Units)
      library:   \(Escaped.json(libraryBody))
      reference: \(Escaped.json(referenceBody))
      fixture case (check it by hand, name its rule):
        \(fixtureLine)
    """
  }
}
