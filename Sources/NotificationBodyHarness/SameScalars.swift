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
    return LibraryChecks.withUTF8(self) { left in
      LibraryChecks.withUTF8(other) { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
  }
}
