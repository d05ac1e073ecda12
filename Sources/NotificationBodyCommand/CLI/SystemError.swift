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
