import NotificationBodyHarness
import NotificationBodyReference

@testable import NotificationBodyFindings

extension LibraryProbe {
  /// `implementation` in the library's place, checked as FuzzDifferential
  /// checks the library: matches-reference breaks wherever its body is not
  /// the reference's.
  static func comparing(_ implementation: Implementation) -> LibraryProbe {
    LibraryProbe(
      problem: { _, bytes in
        let input = FuzzInput(bytes: bytes)
        let body = implementation.make(input.message, input.limit)
        let reference = NotificationBodyReference.make(
          from: input.message, limit: input.limit.utf16Units)
        return body == reference
          ? nil : InvariantFailure(.matchesReference, "library gives \(body)")
      }, implementation: implementation)
  }
}
