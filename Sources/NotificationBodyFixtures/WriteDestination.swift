#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path the command writes to names, its symbolic links followed:
/// how `writeAtomically(_:toPath:)` must write there.
///
///     try WriteDestination(of: "fx/notification-body.json")
///     // .regularFile(path: "real.json", ...) when fx/notification-body.json
///     // is a link to ../real.json
package enum WriteDestination {
  /// The command's own standard output or error (`/dev/stdout`,
  /// `/proc/self/fd/2`, or the file it was redirected to): written through
  /// that descriptor, so it keeps its place in the stream.
  case stream(descriptor: Int32)
  /// A character device, FIFO or socket: opened and written into; it is
  /// never replaced.
  case device
  /// An existing regular file at `path`, the end of any chain of links,
  /// with its `stat`.
  case regularFile(path: String, info: stat)
  /// No file yet: it is created at `path`, the end of any chain of links.
  case newFile(path: String)

  /// Follows `path`'s links and looks at what is there.
  ///
  /// - Throws: `FileBytes.Failure` naming `path`: "is a directory;
  ///   nothing was written", or the C library's reason ("Too many levels of
  ///   symbolic links", "Permission denied").
  package init(of path: String) throws(FileBytes.Failure) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT else {
        throw FileBytes.Failure(
          path: path,
          problem: "cannot be written (\(SystemError.reason(code))); nothing was written")
      }
      // Nothing there, or a link to nothing: the file is made where the
      // links end.
      self = .newFile(path: try Self.finalTarget(of: path))
      return
    }
    for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
      var stream = stat()
      if fstat(descriptor, &stream) == 0, stream.st_dev == info.st_dev,
        stream.st_ino == info.st_ino
      {
        self = .stream(descriptor: descriptor)
        return
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      throw FileBytes.Failure(path: path, problem: "is a directory; nothing was written")
    case S_IFREG:
      self = .regularFile(path: try Self.finalTarget(of: path), info: info)
    default:
      self = .device
    }
  }

  /// The path the chain of symbolic links that starts at `path` ends at;
  /// `path` itself when it is not a link.
  ///
  /// - Throws: `FileBytes.Failure` after 40 links, as the kernel gives up.
  private static func finalTarget(of path: String) throws(FileBytes.Failure) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
    }
    throw FileBytes.Failure(
      path: path, problem: "cannot be written (\(SystemError.reason(ELOOP))); nothing was written")
  }

  /// The folder part of `path`: "." when it has none.
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
