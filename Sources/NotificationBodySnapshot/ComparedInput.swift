import NotificationBody
import NotificationBodyFixtures

/// One message that the library's body is compared for, at one limit, with
/// where it came from: what `diff` and `gate --baseline` check.
package struct ComparedInput: Sendable {
  package var source: InputSource
  package var message: String
  package var limit: NotificationBody.Limit

  package init(source: InputSource, message: String, limit: NotificationBody.Limit) {
    self.source = source
    self.message = message
    self.limit = limit
  }
}

extension SnapshotInput {
  /// The input at its own limit only, as `diff` checks corpus and fixture
  /// inputs.
  package var atItsOwnLimit: ComparedInput {
    ComparedInput(
      source: origin, message: message, limit: NotificationBody.Limit(utf16Units: limit))
  }

  /// The input at each of its `limits`, as the snapshot and
  /// `gate --baseline` check it.
  package var atEachLimit: [ComparedInput] {
    limits.map {
      ComparedInput(source: origin, message: message, limit: NotificationBody.Limit(utf16Units: $0))
    }
  }
}
