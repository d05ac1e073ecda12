import NotificationBody
import NotificationBodyReference

/// What each libFuzzer target does with one input. The targets' `main.swift`
/// files only forward to these, so the ordinary tests and
/// `notification-body triage` replay saved failures through the very same
/// code.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Every invariant of `Invariants` on the decoded input.
  case invariants = "FuzzInvariants"
  /// The library against the reference, and no leak (faster).
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
  ///   `Invariant.matchesReference` and `.noLeak`; `FuzzTarget.library`
  ///   never reports `.matchesReference`, `.codeSurvives` or
  ///   `.noMarkupResidue`.
  package func problem(with bytes: some Collection<UInt8>) -> InvariantFailure? {
    let input = FuzzInput(bytes: bytes)
    switch self {
    case .invariants:
      return Invariants.check(input.message, limit: input.limit).first
    case .differential:
      let library = NotificationBody.make(from: input.message, limit: input.limit)
      let reference = NotificationBodyReference.make(
        from: input.message, limit: input.limit.utf16Units)
      guard !library.unicodeScalars.elementsEqual(reference.unicodeScalars) else {
        return Invariants.leak(of: .library, on: input.message, limit: input.limit)
      }
      return InvariantFailure(
        .matchesReference,
        "library gives \(Escaped.json(library)), the reference \(Escaped.json(reference))"
      )
    case .library:
      return LibraryChecks.check(input.message, limit: input.limit).first
    }
  }

  /// What a target does once, before its first input (libFuzzer's
  /// `LLVMFuzzerInitialize`): prints the line `Fuzz/fuzz build` checks, that
  /// the allocation meter hears the sanitizer's hooks, so `no-leak` is
  /// checked on every input.
  public static func initialize() {
    print(
      AllocationMeter.isLive
        ? "INFO: no-leak: allocations heard through the sanitizer's hooks"
        : "INFO: no-leak: no allocation heard, so no-leak is not checked")
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
