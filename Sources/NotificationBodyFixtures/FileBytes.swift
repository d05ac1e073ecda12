#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files the way every reader of the package does: a regular file or
/// any stream that can be opened for reading (a FIFO such as `<(cmd)`,
/// `/dev/stdin`, a character device), in chunks appended to one buffer, with
/// the C library's reason when it fails.
///
///     try FileBytes.read(atPath: "message.md")  // its bytes
///     try FileBytes.read(atPath: "folder")      // throws "folder: is a directory"
package enum FileBytes {
  /// The most bytes a read takes: 1 GiB, so an endless stream such as
  /// `/dev/zero` is an error, not a crash.
  package static let limit = 1 << 30

  /// Why a file could not be read: "path: problem".
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    package var path: String
    /// "no such file", "is a directory", "cannot be read (Permission denied)".
    package var problem: String

    package var description: String { "\(path): \(problem)" }
  }

  /// The bytes of the file at `path`.
  ///
  /// - Parameter path: The file or stream to read.
  /// - Returns: Its contents.
  /// - Throws: `Failure` naming the file and the reason.
  /// - Complexity: O(*n*) in the file's size.
  package static func read(atPath path: String) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT: throw Failure(path: path, problem: "no such file")
      case EISDIR: throw Failure(path: path, problem: "is a directory")
      default: throw Failure(path: path, problem: "cannot be read (\(SystemError.reason(code)))")
      }
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw Failure(path: path, problem: "is a directory")
    }
    let sizeHint = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
    switch readAll(from: descriptor, sizeHint: sizeHint) {
    case .success(let bytes): return bytes
    case .failure(let error): throw Failure(path: path, problem: "cannot be read (\(error))")
    }
  }

  /// Every byte left on the open file `descriptor`, until it ends.
  ///
  /// - Parameters:
  ///   - descriptor: An open file, FIFO, socket or device.
  ///   - sizeHint: The bytes expected (a regular file's size), reserved up
  ///     front; 0 when unknown.
  ///   - limit: The most bytes to read; more is an error.
  /// - Returns: The bytes, or the reason a read failed ("File too large: more
  ///   than 1073741824 bytes" past `limit`).
  /// - Complexity: O(*n*) in the bytes read.
  package static func readAll(from descriptor: Int32, sizeHint: Int = 0, limit: Int = limit)
    -> Result<[UInt8], SystemError>
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(0, sizeHint), limit) + 1)
    let chunkSize = 65_536
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(SystemError())
      }
      if count == 0 { return .success(bytes) }
      guard bytes.count <= limit - count else {
        return .failure(SystemError(code: EFBIG, detail: "more than \(limit) bytes"))
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}

/// A failed call of the C library, described by its plain reason.
package struct SystemError: Error, Sendable, CustomStringConvertible {
  /// The `errno` value.
  package var code: Int32

  /// What the reason alone does not say, e.g. "more than 1073741824 bytes".
  package var detail: String?

  /// The current `errno` by default.
  package init(code: Int32 = errno, detail: String? = nil) {
    self.code = code
    self.detail = detail
  }

  /// The plain reason the C library gives for an `errno` value, as messages
  /// show it after the file's name: "No space left on device", "Is a
  /// directory", "Permission denied".
  ///
  ///     SystemError.reason(ENOSPC)  // "No space left on device"
  package static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// "No space left on device", or "File too large: more than 1073741824 bytes".
  package var description: String { Self.reason(code) + (detail.map { ": " + $0 } ?? "") }
}

/// One `read(2)` into `buffer`, outside `FileBytes`, whose own `read`
/// would hide the C library's.
private func readChunk(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
