import NotificationBody
import NotificationBodyReference

/// What each libFuzzer target does with one input. The targets' `main.swift`
/// files only forward to these, so the ordinary tests and
/// `notification-body triage` replay saved failures through the very same
/// code.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Every invariant of `Invariants` on the decoded input.
  case invariants = "FuzzInvariants"
  /// The library against the reference, and nothing else (faster).
  case differential = "FuzzDifferential"
  /// The library alone, with the invariants that need no reference
  /// (`LibraryChecks`): the fastest, for the most inputs per second.
  case library = "FuzzLibrary"

  /// The problem with one fuzzer input, if there is one.
  ///
  ///     FuzzTarget.differential.problem(with: [0x00] + Array("**a**".utf8))  // nil
  ///
  /// - Parameter bytes: The raw input; see `FuzzInput` for its layout.
  /// - Returns: The first invariant the input breaks and what was seen, or
  ///   `nil`. `FuzzTarget.differential` only ever reports
  ///   `Invariant.matchesReference`; `FuzzTarget.library` never reports it,
  ///   `.codeSurvives` or `.noMarkupResidue`.
  package func problem(with bytes: some Collection<UInt8>) -> InvariantFailure? {
    let input = FuzzInput(bytes: bytes)
    switch self {
    case .invariants:
      return Invariants.check(input.message, limit: input.limit).first
    case .differential:
      let library = NotificationBody.make(from: input.message, limit: input.limit)
      let reference = NotificationBodyReference.make(
        from: input.message, limit: input.limit.utf16Units)
      guard !library.unicodeScalars.elementsEqual(reference.unicodeScalars) else { return nil }
      return InvariantFailure(
        .matchesReference,
        "library gives \(Escaped.json(library)), the reference \(Escaped.json(reference))"
      )
    case .library:
      return LibraryChecks.check(input.message, limit: input.limit).first
    }
  }

  /// Runs one input and traps with the failure's `trapMessage` if it shows a
  /// problem: libFuzzer then saves the input as a crash artifact.
  public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let failure = problem(with: bytes) {
      fatalError(failure.trapMessage)
    }
  }
}
