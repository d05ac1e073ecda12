import Foundation

/// The bytes of the file at `path`.
///
/// - Parameter path: The file to read.
/// - Returns: Its contents.
/// - Throws: `CommandError.failure` naming the file and the problem, in the
///   same "path: problem" shape as `FixtureError`.
func readFile(atPath path: String) throws(CommandError) -> [UInt8] {
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
    throw .failure("\(path): no such file")
  }
  guard !isDirectory.boolValue else {
    throw .failure("\(path): is a directory, not a file")
  }
  guard let data = FileManager.default.contents(atPath: path) else {
    throw .failure("\(path): cannot be read")
  }
  return [UInt8](data)
}
