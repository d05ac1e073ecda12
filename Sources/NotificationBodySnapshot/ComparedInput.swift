import NotificationBody
import NotificationBodyFixtures

/// One message that the library's body is compared for, at one limit, with
/// where it came from: what `diff` and `gate --baseline` check.
package struct ComparedInput: Sendable {
  package var source: InputSource
  /// The message the library and the reference are given: a lone
  /// surrogate of `sent` as U+FFFD, the contract's rule.
  package var message: String
  package var limit: NotificationBody.Limit
  /// The message as a port is sent it, each lone surrogate as its stand-in
  /// (`LoneSurrogates`); nil when it holds none, and `message` is sent.
  package var withLoneSurrogates: String?

  package init(
    source: InputSource, message: String, limit: NotificationBody.Limit,
    withLoneSurrogates: String? = nil
  ) {
    self.source = source
    self.message = message
    self.limit = limit
    self.withLoneSurrogates = withLoneSurrogates
  }

  /// The message as a port is sent it.
  package var sent: String { withLoneSurrogates ?? message }

  /// This input with `candidate`, a smaller message a shrink tries, in
  /// place of `sent`: its stand-ins read as lone surrogates when this
  /// input's were.
  package func sending(_ candidate: String) -> ComparedInput {
    var input = self
    guard withLoneSurrogates != nil else {
      input.message = candidate
      return input
    }
    input.message = LoneSurrogates.replaced(candidate)
    input.withLoneSurrogates = LoneSurrogates.has(candidate) ? candidate : nil
    return input
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
