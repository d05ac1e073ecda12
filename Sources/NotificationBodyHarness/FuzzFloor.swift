import NotificationBody
import NotificationBodyReference
import NotificationBodyText

/// What a fuzz target cannot do without: the floor each target's speed is
/// measured against (`Fuzz/fuzz speed`). A floor checks nothing, so it is
/// never fuzzed for findings; it is built the same way as the targets, with
/// the same metered library and the same mutator.
public enum FuzzFloor: String, Sendable {
  /// Decodes the input and makes one body: `FuzzTarget.library`'s floor.
  case library = "FuzzFloor"
  /// Also makes the reference's body and compares the two:
  /// `FuzzTarget.differential`'s floor.
  case differential = "FuzzFloorDifferential"

  /// Runs one input.
  ///
  /// - Complexity: One call of the library, and for `.differential` one of
  ///   the reference: nothing else.
  /// - Returns: Whether the bodies agree; true for `.library`.
  @discardableResult
  public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Bool {
    let input = FuzzInput(bytes: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let body = NotificationBody.make(from: input.message, limit: input.limit)
    switch self {
    case .library:
      return true
    case .differential:
      let reference = NotificationBodyReference.make(
        from: input.message, limit: input.limit.utf16Units)
      return body.hasSameScalars(as: reference)
    }
  }
}
