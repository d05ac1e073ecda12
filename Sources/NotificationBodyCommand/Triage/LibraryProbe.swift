import NotificationBody
import NotificationBodyHarness

/// How promotion asks about the library: what a fuzz target reports on an
/// input, and the library's body. The live library, or in tests a broken
/// stand-in, so a finding can be made without a bug in the library.
///
///     let probe = LibraryProbe.live
///     probe.problem(.differential, bytes)  // nil while the library is right
struct LibraryProbe: Sendable {
  /// What `target` reports on a fuzzer input: `FuzzTarget.problem`.
  var problem: @Sendable (FuzzTarget, [UInt8]) -> InvariantFailure?
  /// The library's body.
  var implementation: Implementation

  /// The library as it is.
  static let live = LibraryProbe(
    problem: { $0.problem(with: $1) }, implementation: .library)
}
