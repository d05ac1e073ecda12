import NotificationBody
import NotificationBodyReference

/// What each libFuzzer target does with one input. The targets' `main.swift`
/// files only forward to these, so the ordinary tests replay saved failures
/// through the very same code.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Every invariant of `Invariants` on the decoded input.
  case invariants = "FuzzInvariants"
  /// The library against the reference, and nothing else (faster).
  case differential = "FuzzDifferential"

  /// The problem with one fuzzer input, if there is one.
  ///
  /// - Parameter bytes: The raw input; see `FuzzInput` for its layout.
  /// - Returns: A one-line description naming the broken invariant, or `nil`.
  public func problem(with bytes: some Collection<UInt8>) -> String? {
    let input = FuzzInput(bytes: bytes)
    switch self {
    case .invariants:
      return Invariants.check(input.message, limit: input.limit).first.map {
        "invariant \($0.invariant): \($0.detail)"
      }
    case .differential:
      let library = NotificationBody.make(from: input.message, limit: input.limit)
      let reference = NotificationBodyReference.make(
        from: input.message, limit: input.limit.utf16Units)
      guard !library.unicodeScalars.elementsEqual(reference.unicodeScalars) else { return nil }
      return
        "invariant \(Invariant.matchesReference): library gives \(FixtureLine.quoted(library)), "
        + "the reference \(FixtureLine.quoted(reference))"
    }
  }

  /// Runs one input and traps, naming the invariant, if it shows a problem:
  /// libFuzzer then saves the input as a crash artifact.
  public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = problem(with: bytes) {
      fatalError(String(problem.prefix(2_000)))
    }
  }
}
