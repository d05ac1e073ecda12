import NotificationBody
import NotificationBodyReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What each libFuzzer target does with one input. The targets' `main.swift`
/// files only forward to these, so the ordinary tests and
/// `notification-body triage` replay saved failures through the very same
/// code.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Every invariant of `Invariants` on the decoded input.
  case invariants = "FuzzInvariants"
  /// The library against the reference, and the cost of its call (faster).
  case differential = "FuzzDifferential"
  /// Every invariant of `Invariants` that needs no reference: faster than
  /// `invariants`, blind to a body that is wrong but well-formed.
  case library = "FuzzLibrary"

  /// The problem with one fuzzer input, if there is one.
  ///
  ///     FuzzTarget.differential.problem(with: [0x00] + Array("**a**".utf8))  // nil
  ///
  /// - Parameter bytes: The raw input; see `FuzzInput` for its layout.
  /// - Returns: The first invariant the input breaks and what was seen, or
  ///   `nil`. Every target checks `Invariant.noLeak` and `.linearWork`.
  ///   `FuzzTarget.differential` reports only those and
  ///   `.matchesReference`; `FuzzTarget.library` never reports
  ///   `.matchesReference`, `.codeSurvives` or `.noMarkupResidue`.
  package func problem(with bytes: some Collection<UInt8>) -> InvariantFailure? {
    evaluate(bytes).failure
  }

  /// The first problem with one fuzzer input, and what the library's call
  /// on it cost: one measured call, whose work `run` reports to libFuzzer.
  package func evaluate(_ bytes: some Collection<UInt8>) -> (
    failure: InvariantFailure?, cost: CallCost
  ) {
    let input = FuzzInput(bytes: bytes)
    let cost = CallCost(of: .library, on: input.message, limit: input.limit)
    let found: InvariantFailure?
    switch self {
    case .invariants:
      found = Invariants.check(input.message, limit: input.limit, checkingCost: false).first
    case .differential:
      let library = NotificationBody.make(from: input.message, limit: input.limit)
      let reference = NotificationBodyReference.make(
        from: input.message, limit: input.limit.utf16Units)
      found =
        library.hasSameScalars(as: reference)
        ? nil
        : InvariantFailure(
          .matchesReference,
          "library gives \(Escaped.json(library)), the reference \(Escaped.json(reference))")
    case .library:
      found =
        Invariants.check(
          input.message, limit: input.limit, checkingCost: false, usingReference: false
        ).first
    }
    // The cost's invariants come last in `Invariant`'s order.
    return (found ?? cost.failures.first, cost)
  }

  /// What a target does once, before its first input (libFuzzer's
  /// `LLVMFuzzerInitialize`): prints which of the mutator's edits are made,
  /// and the lines `Fuzz/fuzz build` checks, that the allocation meter hears
  /// the sanitizer's hooks and that the work meter is built into the
  /// library, so `no-leak` and `linear-work` are checked on every input.
  /// Exits 64 when `NOTIFICATION_BODY_CUSTOM_MUTATOR` names no edit.
  public static func initialize() {
    switch HarnessEnvironment.customEdits {
    case .failure(let error):
      print("ERROR: \(error)")
      exit(64)
    case .success(let edits) where edits.count == FuzzMutator.Edit.custom.count:
      print("INFO: custom mutator: every edit")
    case .success(let edits):
      let names = FuzzMutator.Edit.custom.filter(edits.contains).map(\.rawValue)
      print("INFO: custom mutator: \(names.isEmpty ? "off" : names.joined(separator: ", "))")
    }
    print(
      AllocationMeter.isLive
        ? "INFO: no-leak: allocations heard through the sanitizer's hooks"
        : "INFO: no-leak: no allocation heard, so no-leak is not checked")
    print(
      WorkMeter.isLive
        ? "INFO: linear-work: the library's profile counters and the words it allocates "
          + "are its work; bound "
          + "\(LinearWork.perByte) × n + \(LinearWork.fixed)"
        : "INFO: linear-work: no work meter built in, so linear-work is not checked")
  }

  /// Runs one input and traps with the failure's `trapMessage` if it shows a
  /// problem: libFuzzer then saves the input as a crash artifact.
  ///
  /// - Returns: The bytes R1 read and the library's work on them, for the
  ///   target to report to libFuzzer as work-per-byte features.
  @discardableResult
  public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> (readBytes: Int, work: Int) {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let (failure, cost) = evaluate(bytes)
    if let failure {
      fatalError(failure.trapMessage)
    }
    return (cost.readBytes, cost.work)
  }
}
