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
///
/// Each execution makes one body, in the call whose cost is measured, and
/// checks that body (`BodyChecks`): nothing the reference comparison
/// already proves, and without the reference nothing that needs a second
/// body. `Invariants.check`, every invariant over the whole body, runs on
/// every input the fuzzers keep once it is in `corpus/`, when `swift test`
/// replays the corpus (`CorpusInvariantTests`), and again in triage.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The library against the reference, the window holding, and the cost
  /// of its call: every invariant, directly or through the reference.
  case differential = "FuzzDifferential"
  /// The invariants that need neither the reference nor a second body, and
  /// the cost: several times faster than `differential`, so it climbs
  /// toward costly inputs sooner; blind to a body that is wrong but
  /// well-formed, and to a wrong cut.
  case library = "FuzzLibrary"

  /// The invariants the target checks on every execution, in `Invariant`
  /// order: the one place this is written. Fuzz/README.md's table of the
  /// targets is checked against it (`FuzzTargetTableTests`), and triage
  /// rechecks a finding with the reference exactly when its target has it.
  /// What a target traps with beyond these is said in `Invariants.check`'s
  /// words, so it may name another invariant the same check broke.
  package var checks: [Invariant] {
    switch self {
    case .differential: [.matchesReference, .windowHolds, .noLeak, .linearWork]
    case .library:
      [.withinLimit, .ellipsisExactly, .nothingNew, .plainTextPasses, .noLeak, .linearWork]
    }
  }

  /// Whether the target compares the library with the reference.
  package var usesReference: Bool { checks.contains(.matchesReference) }

  /// The problem with one fuzzer input, if there is one.
  ///
  ///     FuzzTarget.differential.problem(with: [0x00] + Array("**a**".utf8))  // nil
  ///
  /// - Parameter bytes: The raw input; see `FuzzInput` for its layout.
  /// - Returns: The first invariant the input breaks and what was seen, or
  ///   `nil`: one of `checks`, or another invariant `Invariants.check`
  ///   found broken beside it.
  package func problem(with bytes: some Collection<UInt8>) -> InvariantFailure? {
    evaluate(bytes).failure
  }

  /// The first problem with one fuzzer input, and what the library's call
  /// on it cost: one measured call, whose body is the one checked and whose
  /// work `run` reports to libFuzzer.
  package func evaluate(_ bytes: some Collection<UInt8>) -> (
    failure: InvariantFailure?, cost: CallCost
  ) {
    let input = FuzzInput(bytes: bytes)
    var found: InvariantFailure?
    let cost = CallCost(of: .library, on: input.message, limit: input.limit) { body in
      switch self {
      case .differential:
        found = BodyChecks.againstReference(body, of: input.message, limit: input.limit)
      case .library:
        found = BodyChecks.withoutReference(body, of: input.message, limit: input.limit)
      }
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

  /// Runs one input and, if it shows a problem, traps in the function of
  /// its cause (`FuzzTrap`): libFuzzer then saves the input as a crash
  /// artifact, and the crash's top frame names the cause.
  ///
  /// - Returns: The bytes R1 read and the library's work on them, for the
  ///   target to report to libFuzzer as work-per-byte features.
  @discardableResult
  public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> (readBytes: Int, work: Int) {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let (failure, cost) = evaluate(bytes)
    if let failure {
      FuzzTrap.trap(failure, on: FuzzInput(bytes: bytes), size: size)
    }
    return (cost.readBytes, cost.work)
  }
}
