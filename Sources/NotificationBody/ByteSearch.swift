#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif os(Windows)
  import ucrt
#endif

/// Finding a byte fast: the C library's `memchr`, which reads many bytes at a
/// time, for the searches that may cross long stretches of the window (line
/// ends, carriage returns).
enum ByteSearch {
  /// The offset of the first `byte` in `text[start..<end]`, or `end`.
  ///
  /// - Complexity: O(*n*), where *n* is the distance searched.
  @inline(__always)
  static func first(
    _ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    guard start < end, let base = text.baseAddress else { return end }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return end }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }
}
