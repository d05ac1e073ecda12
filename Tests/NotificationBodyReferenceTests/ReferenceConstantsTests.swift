import NotificationBody
import NotificationBodyReference
import Testing

/// The reference states R1's window and the default limit (Terms) itself,
/// from the contract, instead of taking them from the library: a constant
/// changed on one side alone fails here rather than moving both sides of
/// every differential check at once.
@Suite("Reference implementation: the contract's numbers match the library's")
struct ReferenceConstantsTests {
  @Test("R1's window is the same number of UTF-16 units on both sides")
  func windowMatchesTheLibrary() {
    #expect(NotificationBodyReference.windowUTF16Units == NotificationBody.windowUTF16Units)
  }

  @Test("The default limit is the same number of UTF-16 units on both sides")
  func defaultLimitMatchesTheLibrary() {
    #expect(
      NotificationBodyReference.defaultLimitUTF16Units
        == NotificationBody.Limit.default.utf16Units)
  }

  /// Both sides clamp a smaller limit up to the default, so the same
  /// requested limit gives the same cut: a message of 300 `a` cut at a
  /// requested limit gives as many `a` on both sides.
  @Test("A requested limit is clamped alike on both sides", arguments: [-1, 0, 255, 256, 257, 299])
  func clampingMatchesTheLibrary(_ requested: Int) {
    let message = String(repeating: "a", count: 300)
    #expect(
      NotificationBodyReference.make(from: message, limit: requested)
        == NotificationBody.make(from: message, limit: .init(utf16Units: requested)))
  }
}
