import NotificationBodyHarness
import NotificationBodyText
import Testing

/// The one comparison of bodies: scalar for scalar, never canonical
/// equivalence.
@Test func sameScalarsAreNotCanonicalEquivalence() {
  #expect("e\u{301}" == "é")
  #expect(!"e\u{301}".hasSameScalars(as: "é"))
  #expect("é 😀 **a**".hasSameScalars(as: "é 😀 **a**"))
  #expect("".hasSameScalars(as: ""))
  #expect(!"ab".hasSameScalars(as: "ba"))
  #expect(!"a".hasSameScalars(as: "a\u{0}"))
  // A substring's copy and a long string built piece by piece.
  let long = String(repeating: "ab\u{1F600}", count: 500)
  #expect(
    String(long.dropFirst(3)).hasSameScalars(as: String(repeating: "ab\u{1F600}", count: 499)))
}
