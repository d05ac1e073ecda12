#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of the file at `path`: a regular file, or any stream that can
/// be opened for reading (a FIFO such as `<(cmd)`, `/dev/stdin`, a
/// character device).
///
///     try readFile(atPath: "message.md")  // its bytes
///     try readFile(atPath: "folder")      // throws "folder: is a directory"
///
/// - Parameter path: The file to read.
/// - Returns: Its contents.
/// - Throws: `CommandError.failure` naming the file and the C library's
///   reason, in the same "path: problem" shape as `FixtureError`: "no such
///   file", "is a directory", "cannot be read (Permission denied)".
/// - Complexity: O(*n*) in the file's size: chunks are appended to one
///   buffer.
func readFile(atPath path: String) throws(CommandError) -> [UInt8] {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else {
    let code = errno
    switch code {
    case ENOENT: throw .failure("\(path): no such file")
    case EISDIR: throw .failure("\(path): is a directory")
    default: throw .failure("\(path): cannot be read (\(systemReason(code)))")
    }
  }
  defer { close(descriptor) }
  var info = stat()
  if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
    throw .failure("\(path): is a directory")
  }
  let sizeHint = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
  switch readAll(from: descriptor, sizeHint: sizeHint) {
  case .success(let bytes): return bytes
  case .failure(let error): throw .failure("\(path): cannot be read (\(error))")
  }
}

/// The most bytes `readAll(from:sizeHint:limit:)` reads by default: 1 GiB,
/// so an endless stream such as `/dev/zero` is an error, not a crash.
let readLimit = 1 << 30

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
func readAll(from descriptor: Int32, sizeHint: Int = 0, limit: Int = readLimit)
  -> Result<[UInt8], SystemError>
{
  var bytes: [UInt8] = []
  bytes.reserveCapacity(min(sizeHint, limit) + 1)
  let chunkSize = 65_536
  var chunk = [UInt8](repeating: 0, count: chunkSize)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
    if count < 0 {
      if errno == EINTR { continue }
      return .failure(SystemError())
    }
    if count == 0 { return .success(bytes) }
    guard bytes.count + count <= limit else {
      return .failure(SystemError(code: EFBIG, detail: "more than \(limit) bytes"))
    }
    bytes.append(contentsOf: chunk[..<count])
  }
}
