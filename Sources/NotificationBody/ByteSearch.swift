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

/// Finding a byte and comparing bytes fast: the C library's `memchr` and
/// `memcmp`, which read many bytes at a time, for the searches that may cross
/// long stretches of the window (line ends, carriage returns).
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

  /// Whether `first` and `second` hold the same bytes.
  @inline(__always)
  static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard first.count == second.count else { return false }
    guard first.count > 0, let a = first.baseAddress, let b = second.baseAddress else {
      return true
    }
    return memcmp(a, b, first.count) == 0
  }
}
