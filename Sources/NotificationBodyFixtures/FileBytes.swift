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

  /// The most bytes of a JSON file the package reads whole (a fixture file,
  /// a snapshot, a session record): 16 MiB, so that a file given by
  /// mistake (a 50 MB message) is refused before it is held.
  package static let jsonLimit = 16 << 20

  /// The most bytes of a message file that are kept: 64 KiB, past the
  /// 12,293 bytes R1 can read and past any fuzz input (16 KiB). The rest of
  /// a longer file is read and hashed, never held: the body is the same.
  package static let messageBytesKept = 65_536

  /// A message file as the command keeps it: its first bytes, its size and
  /// the SHA-1 of all of it.
  package struct Message: Sendable {
    /// The first `messageBytesKept` bytes, or all of them.
    package var bytes: [UInt8]
    /// The size of the whole file.
    package var size: Int
    /// `InputDigest` of the whole file: the name libFuzzer gives it.
    package var digest: String
  }

  /// Why a file could not be read: "path: problem".
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    package var path: String
    /// "no such file", "is a directory", "cannot be read (Permission denied)".
    package var problem: String

    package init(path: String, problem: String) {
      self.path = path
      self.problem = problem
    }

    package var description: String { "\(path): \(problem)" }
  }

  /// The bytes of the file at `path`.
  ///
  /// - Parameter path: The file or stream to read.
  /// - Returns: Its contents.
  /// - Throws: `Failure` naming the file and the reason.
  /// - Complexity: O(*n*) in the file's size.
  /// - Parameters:
  ///   - path: The file or stream to read.
  ///   - limit: The most bytes it may hold; a regular file that is larger
  ///     is refused before it is read.
  package static func read(atPath path: String, limit: Int = limit) throws(Failure) -> [UInt8] {
    let (descriptor, size) = try openForReading(path)
    defer { close(descriptor) }
    if size > limit {
      throw Failure(
        path: path,
        problem: "cannot be read (\(SystemError(code: EFBIG, detail: "more than \(limit) bytes")))")
    }
    switch readAll(from: descriptor, sizeHint: size, limit: limit) {
    case .success(let bytes): return bytes
    case .failure(let error): throw Failure(path: path, problem: "cannot be read (\(error))")
    }
  }

  /// The message in the file at `path`: its first `messageBytesKept`
  /// bytes kept, the rest read and hashed.
  ///
  /// - Throws: `Failure` naming the file and the reason.
  /// - Complexity: O(*n*) time in the file's size, O(1) memory.
  /// - Parameter digesting: Whether the whole file is read for its size and
  ///   digest; without, a regular file is read no further than is kept, and
  ///   `size` and `digest` say nothing.
  package static func readMessage(atPath path: String, digesting: Bool = true) throws(Failure)
    -> Message
  {
    let (descriptor, size) = try openForReading(path)
    defer { close(descriptor) }
    let kept = digesting || size == 0 ? messageBytesKept : min(size, messageBytesKept)
    switch readMessage(from: descriptor, keeping: kept, stoppingAtKept: !digesting && size > 0) {
    case .success(let message): return message
    case .failure(let error): throw Failure(path: path, problem: "cannot be read (\(error))")
    }
  }

  /// The message on the open file `descriptor`, until it ends: its first
  /// `kept` bytes, its size and its digest.
  package static func readMessage(
    from descriptor: Int32, keeping kept: Int = messageBytesKept, stoppingAtKept: Bool = false
  ) -> Result<Message, SystemError> {
    var message = Message(bytes: [], size: 0, digest: "")
    var digest = InputDigest()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, into: $0) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(SystemError())
      }
      if count == 0 { break }
      let read = chunk[..<count]
      digest.update(read)
      message.size += count
      if message.bytes.count < kept {
        message.bytes += read.prefix(kept - message.bytes.count)
      }
      if stoppingAtKept && message.bytes.count >= kept { break }
    }
    message.digest = digest.hex
    return .success(message)
  }

  /// Opens `path` for reading.
  ///
  /// - Returns: The descriptor, and the file's size when it is a regular
  ///   file (0 for a stream).
  private static func openForReading(_ path: String) throws(Failure) -> (Int32, Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case ENOENT: throw Failure(path: path, problem: "no such file")
      case EISDIR: throw Failure(path: path, problem: "is a directory")
      default: throw Failure(path: path, problem: "cannot be read (\(SystemError.reason(code)))")
      }
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw Failure(path: path, problem: "is a directory")
    }
    return (descriptor, info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0)
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
