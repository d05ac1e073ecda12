import NotificationBodyFixtures

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
  SystemError.reason(code)
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
