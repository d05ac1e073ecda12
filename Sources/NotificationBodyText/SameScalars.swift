#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether the two strings hold the same scalars, one for one: how the
  /// contract compares bodies. `==` would take canonically equivalent text
  /// ("é" and "e\u{301}") as equal, and a body must not change even that way.
  ///
  ///     "e\u{301}".hasSameScalars(as: "é")  // false
  ///
  /// A `String` always holds valid Unicode, so the same scalars are the same
  /// UTF-8 bytes, compared in place where the strings are contiguous.
  package func hasSameScalars(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    return Self.withUTF8(self) { left in
      Self.withUTF8(other) { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
  }

  /// Runs `body` on the UTF-8 of `text`, in place when it is contiguous.
  private static func withUTF8<Result>(
    _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}
