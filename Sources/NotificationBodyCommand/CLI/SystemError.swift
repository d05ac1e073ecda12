#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The plain reason the C library gives for an `errno` value, as messages
/// show it after the file's name: "No space left on device", "Is a
/// directory", "Permission denied".
///
///     systemReason(ENOSPC)  // "No space left on device"
///
/// - Parameter code: An `errno` value; the current one when left out.
/// - Returns: `strerror`'s text for it.
func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// Writes all of `bytes` to the open file `descriptor`, a chunk at a time,
/// retrying after a signal and after a partial write.
///
/// - Returns: Nil when every byte was written; else the `errno` of the
///   write that failed.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  bytes.withUnsafeBytes { buffer -> Int32? in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

/// A failed call of the C library, described by its plain reason.
struct SystemError: Error, CustomStringConvertible {
  /// The `errno` value.
  var code: Int32

  /// What the reason alone does not say, e.g. "more than 1073741824 bytes".
  var detail: String?

  /// The current `errno` by default.
  init(code: Int32 = errno, detail: String? = nil) {
    self.code = code
    self.detail = detail
  }

  /// "No space left on device", or "File too large: more than 1073741824 bytes".
  var description: String { systemReason(code) + (detail.map { ": " + $0 } ?? "") }
}
