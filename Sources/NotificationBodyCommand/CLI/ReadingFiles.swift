import NotificationBodyFixtures

/// The bytes of the file at `path`: a regular file, or any stream that can
/// be opened for reading (a FIFO such as `<(cmd)`, `/dev/stdin`, a
/// character device), read by `FileBytes` as every reader of the package
/// reads.
///
///     try readFile(atPath: "message.md")  // its bytes
///     try readFile(atPath: "folder")      // throws "folder: is a directory"
///
/// - Parameter path: The file to read.
/// - Returns: Its contents.
/// - Throws: `CommandError.failure` naming the file and the C library's
///   reason, in the same "path: problem" shape as `FixtureError`: "no such
///   file", "is a directory", "cannot be read (Permission denied)".
/// - Complexity: O(*n*) in the file's size.
/// - Parameter limit: The most bytes the file may hold (`FileBytes.jsonLimit`
///   for a JSON file).
func readFile(atPath path: String, limit: Int = FileBytes.limit) throws(CommandError) -> [UInt8] {
  do {
    return try FileBytes.read(atPath: path, limit: limit)
  } catch {
    throw .failure(error.description)
  }
}

/// The bytes of a fuzz artifact at `path`, as `promote` and `triage` keep
/// them: all of a fuzzer's (at most 16 KiB), the first 64 KiB of a longer
/// file (`FileBytes.messageBytesKept`), whose body is the same.
///
/// - Throws: `CommandError.failure` naming the file and the reason.
func readArtifact(atPath path: String) throws(CommandError) -> [UInt8] {
  do {
    return try FileBytes.readMessage(atPath: path).bytes
  } catch {
    throw .failure(error.description)
  }
}
