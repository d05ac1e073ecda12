#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` to `path`, following its symbolic links to the file they
/// end at:
///
/// - a regular file is replaced atomically: a temporary file beside it gets
///   the bytes and its mode (and, for root, its owner), is flushed, and is
///   renamed over it, so no reader sees a partial file. A file with no
///   write permission is refused: it was made read-only on purpose.
/// - a new file is made the same way, with mode 0666 less the umask.
/// - a character device, FIFO or socket (`/dev/full`, a pipe) is opened and
///   written into, and the command's own standard output or error
///   (`/dev/stdout`) is written through its descriptor; neither is ever
///   replaced.
/// - a directory is an error.
///
///     try writeAtomically(Array("{}\n".utf8), toPath: "snapshot.json")
///
/// - Parameters:
///   - bytes: The new contents.
///   - path: Where to write them.
/// - Throws: `FileBytes.Failure` naming `path` and the C library's reason,
///   e.g. "/dev/full: cannot be written (No space left on device)" or
///   "x.json: is read-only; nothing was written". A regular file is then as
///   it was, and no temporary file is left.
package func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(FileBytes.Failure) {
  switch try WriteDestination(of: path) {
  case .stream(let descriptor):
    if let code = writeAll(bytes, to: descriptor) {
      throw FileBytes.Failure(
        path: path, problem: "cannot be written (\(SystemError.reason(code)))")
    }
  case .device:
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileBytes.Failure(
        path: path, problem: "cannot be written (\(SystemError.reason(errno)))")
    }
    let failure = writeAll(bytes, to: descriptor)
    close(descriptor)
    if let code = failure {
      throw FileBytes.Failure(
        path: path, problem: "cannot be written (\(SystemError.reason(code)))")
    }
  case .regularFile(let target, let info):
    let writable =
      geteuid() == 0 ? info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0 : access(target, W_OK) == 0
    guard writable else {
      throw FileBytes.Failure(path: path, problem: "is read-only; nothing was written")
    }
    try replace(target, with: bytes, keeping: info, for: path)
  case .newFile(let target):
    try replace(target, with: bytes, keeping: nil, for: path)
  }
}

/// Writes `bytes` to a temporary file beside `target` and renames it over
/// `target`, removing the temporary file on every failure.
///
/// - Parameters:
///   - existing: The `stat` of the file being replaced, whose mode (and,
///     for root, owner) the new file keeps; nil for a new file, made with
///     0666 less the umask.
///   - path: The path as given, for messages.
private func replace(
  _ target: String, with bytes: [UInt8], keeping existing: stat?, for path: String
) throws(FileBytes.Failure) {
  let folder = WriteDestination.folder(of: target)
  let name = target.split(separator: "/").last.map(String.init) ?? target
  let suffix = String(UInt64.random(in: .min ... .max), radix: 36)
  let temporary = folder + "/." + name + "." + suffix + ".tmp"
  // open applies the umask to 0666, as for any new file.
  let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
  guard descriptor >= 0 else {
    throw FileBytes.Failure(
      path: path,
      problem: "cannot create a temporary file in \(folder) (\(SystemError.reason(errno))); "
        + "nothing was written")
  }
  var failure: Int32?
  if let existing {
    if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
    if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { failure = errno }
  }
  failure = failure ?? writeAll(bytes, to: descriptor)
  if failure == nil, fsync(descriptor) != 0 { failure = errno }
  if close(descriptor) != 0, failure == nil { failure = errno }
  if let failure {
    unlink(temporary)
    throw FileBytes.Failure(
      path: path, problem: "cannot be written (\(SystemError.reason(failure))); nothing was written"
    )
  }
  guard rename(temporary, target) == 0 else {
    let code = errno
    unlink(temporary)
    throw FileBytes.Failure(
      path: path, problem: "cannot be replaced (\(SystemError.reason(code))); nothing was written")
  }
}

/// Saves `bytes` as `folder/name`, creating the folder, unless that file
/// already holds them: how corpus files and saved failures are written, so a
/// second run changes nothing.
///
/// - Returns: Whether the file was written; false when it held the bytes.
/// - Throws: `FileBytes.Failure` naming the file when it holds other
///   bytes or cannot be written, or the folder cannot be created.
package func saveNew(_ bytes: [UInt8], in folder: String, as name: String) throws(FileBytes.Failure)
  -> Bool
{
  let path = folder + "/" + name
  var info = stat()
  if stat(path, &info) == 0 {
    guard try FileBytes.read(atPath: path) == bytes else {
      throw FileBytes.Failure(path: path, problem: "exists with other bytes; nothing was written")
    }
    return false
  }
  try makeFolders(folder)
  try writeAtomically(bytes, toPath: path)
  return true
}

/// Creates `folder` and any folders it is in, as `mkdir -p` does, each with
/// mode 0777 less the umask.
///
/// - Throws: `FileBytes.Failure` naming the folder that cannot be made,
///   with the C library's reason.
package func makeFolders(_ folder: String) throws(FileBytes.Failure) {
  var info = stat()
  if stat(folder, &info) == 0 {
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw FileBytes.Failure(path: folder, problem: "is not a folder; nothing was written")
    }
    return
  }
  let parent = WriteDestination.folder(of: folder)
  if parent != folder, parent != "." {
    try makeFolders(parent)
  }
  guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
    throw FileBytes.Failure(
      path: folder, problem: "cannot be created (\(SystemError.reason(errno))); nothing was written"
    )
  }
}

/// Writes all of `bytes` to the open file `descriptor`, a chunk at a time,
/// retrying after a signal and after a partial write.
///
/// - Returns: Nil when every byte was written; else the `errno` of the
///   write that failed.
package func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
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
