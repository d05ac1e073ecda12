import NotificationBodyHarness

/// How promotion asks about the library: what a fuzz target reports on an
/// input, and the library's body. The live library, or in tests a broken
/// stand-in, so a finding can be made without a bug in the library.
///
///     let probe = LibraryProbe.live
///     probe.problem(.differential, bytes)  // nil while the library is right
package struct LibraryProbe: Sendable {
  /// What `target` reports on a fuzzer input: `FuzzTarget.problem`.
  package var problem: @Sendable (FuzzTarget, [UInt8]) -> InvariantFailure?
  /// The library's body.
  package var implementation: Implementation
  /// Whether the library breaks an invariant a fuzzer trapped on, here too.
  package var recheck: @Sendable (Invariant, FuzzTarget, [UInt8]) -> FailureCheck

  /// - Parameter recheck: By default, whether `problem` reports the invariant.
  package init(
    problem: @escaping @Sendable (FuzzTarget, [UInt8]) -> InvariantFailure?,
    implementation: Implementation,
    recheck: (@Sendable (Invariant, FuzzTarget, [UInt8]) -> FailureCheck)? = nil
  ) {
    self.problem = problem
    self.implementation = implementation
    self.recheck =
      recheck ?? { invariant, target, bytes in
        problem(target, bytes)?.invariant == invariant ? .fails : .passes
      }
  }

  /// The library as it is.
  package static let live = LibraryProbe(
    problem: { $0.problem(with: $1) }, implementation: .library,
    recheck: { FailureCheck($0, target: $1, bytes: $2) })
}
