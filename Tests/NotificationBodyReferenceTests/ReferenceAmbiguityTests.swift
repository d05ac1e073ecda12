import NotificationBodyReference
import Testing

/// Where `docs/contract.md` can be read two ways, the reading this reference
/// takes, pinned so a change of mind is a visible change. Each test names
/// the sentence and the other reading.
@Suite("Reference implementation: readings of ambiguous sentences")
struct ReferenceAmbiguityTests {
  /// R3 "ends with a run of at least N": the run is the whole run the line
  /// ends with, so all four backticks are dropped, not just the last three.
  @Test func closingRunIsTakenWhole() {
    #expect(NotificationBodyReference.make(from: "```\nfoo````") == "foo")
    #expect(NotificationBodyReference.make(from: "```a````") == "a")
  }

  /// R12 "with the spaces, tabs and line breaks at its end removed": removed
  /// as whole characters, so a character that merely ends in a space
  /// (U+0600 followed by a space is one grapheme cluster) is kept whole.
  /// Removing U+0020 scalars would give `… + "\u{600}…"`.
  @Test func capRemovesWhiteSpaceAsWholeCharacters() {
    let input = String(repeating: "x", count: 253) + "\u{600} " + String(repeating: "y", count: 10)
    #expect(
      NotificationBodyReference.make(from: input)
        == String(repeating: "x", count: 253) + "\u{600} …")
  }
}
