import NotificationBody
import NotificationBodyHarness
import NotificationBodySnapshot
import NotificationBodyText

/// What a mismatch is known by, so that one bug is one finding whatever
/// inputs and limits show it: whose body is wrong, the kind of change from
/// the right body to the wrong one wherever in the body it falls
/// (`EditSignature.placeless`), and, once shrunk, the rule where the wrong
/// body parts from the reference's.
///
///     // A port that splits a flag at the cap, on any input, at any limit:
///     // "R12, the port's body: the cut moved later"
package struct MismatchCause: Hashable, Sendable, CustomStringConvertible {
  /// Whose body differs from the reference's.
  package enum Wrong: String, Sendable {
    case library = "the library's body"
    case port = "the port's body"
    case both = "both bodies"
  }

  package var wrong: Wrong
  /// The change from the right body to the wrong one.
  package var change: String
  /// Where the wrong body parts from the reference's; nil before
  /// shrinking, when it is not asked for.
  package var rule: String?

  /// The cause of `library` and `other` differing on `input`.
  ///
  /// - Parameters:
  ///   - reference: The reference's body when the other side is a port;
  ///     nil when the other side is the reference.
  ///   - withRule: Whether to find the rule, which runs the reference.
  init(
    input: String, limit: NotificationBody.Limit, library: String, other: String,
    reference: String?, withRule: Bool
  ) {
    let right: String
    let wrongBody: String
    switch reference {
    case nil:
      (wrong, right, wrongBody) = (.library, other, library)
    case let reference? where reference.hasSameScalars(as: library):
      (wrong, right, wrongBody) = (.port, library, other)
    case let reference? where reference.hasSameScalars(as: other):
      (wrong, right, wrongBody) = (.library, other, library)
    case let reference?:
      (wrong, right, wrongBody) = (.both, reference, other)
    }
    let signature = BodyEdit(from: right, to: wrongBody).signature.kind.placeless
    change = signature.description
    rule =
      withRule
      ? RuleAttribution.rule(whereBody: wrongBody, differsFrom: input, limit: limit.utf16Units)
        .map(String.init(describing:)) ?? "R?" : nil
  }

  /// `R12, the port's body: the cut moved later`.
  package var description: String {
    (rule.map { $0 + ", " } ?? "") + "\(wrong.rawValue): \(change)"
  }
}
