import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces the file at `path` with `bytes`, or creates it: writes a
/// temporary file in the same folder, flushes it, and renames it over `path`,
/// so no reader ever sees a partial file. An existing file's permissions are
/// kept.
///
/// - Parameters:
///   - bytes: The new contents.
///   - path: The file to replace.
/// - Throws: `CommandError.failure` naming the file; the temporary file is
///   removed and `path` is as it was.
func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(CommandError) {
  let url = URL(fileURLWithPath: path)
  let temporary = url.deletingLastPathComponent()
    .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
  let manager = FileManager.default
  let permissions = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions]
  var attributes: [FileAttributeKey: Any] = [:]
  attributes[.posixPermissions] = permissions
  guard manager.createFile(atPath: temporary, contents: nil, attributes: attributes),
    let handle = FileHandle(forWritingAtPath: temporary)
  else {
    throw .failure("\(path): cannot create a temporary file beside it")
  }
  do {
    defer { try? handle.close() }
    try handle.write(contentsOf: Data(bytes))
    try handle.synchronize()
  } catch {
    try? manager.removeItem(atPath: temporary)
    throw .failure("\(path): cannot be written (\(error))")
  }
  guard rename(temporary, path) == 0 else {
    let problem = String(cString: strerror(errno))
    try? manager.removeItem(atPath: temporary)
    throw .failure("\(path): cannot be replaced (\(problem))")
  }
}

/// Saves `bytes` as `folder/name`, creating the folder, unless that file
/// already holds them: how corpus files and saved failures are written, so a
/// second run changes nothing.
///
/// - Returns: Whether the file was written; false when it held the bytes.
/// - Throws: `CommandError.failure` naming the file when it holds other
///   bytes or cannot be written, or the folder cannot be created.
func saveNew(_ bytes: [UInt8], in folder: String, as name: String) throws(CommandError) -> Bool {
  let path = folder + "/" + name
  if FileManager.default.fileExists(atPath: path) {
    guard try readFile(atPath: path) == bytes else {
      throw .failure("\(path): exists with other bytes; nothing was written")
    }
    return false
  }
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  } catch {
    throw .failure("\(folder): cannot be created (\(error.localizedDescription))")
  }
  try writeAtomically(bytes, toPath: path)
  return true
}
