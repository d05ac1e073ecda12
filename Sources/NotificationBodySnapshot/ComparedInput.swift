import NotificationBody

/// One message that the library's body is compared for, at one limit, with
/// where it came from: what `diff` and `gate --baseline` check.
public struct ComparedInput: Sendable {
  public var source: InputSource
  public var message: String
  public var limit: NotificationBody.Limit

  public init(source: InputSource, message: String, limit: NotificationBody.Limit) {
    self.source = source
    self.message = message
    self.limit = limit
  }
}

extension SnapshotInput {
  /// The input at its own limit only, as `diff` checks corpus and fixture
  /// inputs.
  public var atItsOwnLimit: ComparedInput {
    ComparedInput(
      source: origin, message: message, limit: NotificationBody.Limit(utf16Units: limit))
  }

  /// The input at each of its `limits`, as the snapshot and
  /// `gate --baseline` check it.
  public var atEachLimit: [ComparedInput] {
    limits.map {
      ComparedInput(source: origin, message: message, limit: NotificationBody.Limit(utf16Units: $0))
    }
  }
}
