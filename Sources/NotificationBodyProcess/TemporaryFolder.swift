import Foundation

/// Creates a new, empty folder of the system's temporary folder, named
/// `<prefix>-` and six random characters (`mkdtemp`), mode 0700.
///
/// - Returns: The folder's path.
/// - Throws: `TemporaryFolderFailure` naming the template when it cannot be
///   made.
package func makeTemporaryFolder(_ prefix: String) throws(TemporaryFolderFailure) -> String {
  let template = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-XXXXXX").path
  var buffer = Array(template.utf8CString)
  guard let made = mkdtemp(&buffer) else {
    throw TemporaryFolderFailure(description: "\(template): cannot create a temporary folder")
  }
  return String(cString: made)
}

/// Why a temporary folder could not be made, naming its template.
package struct TemporaryFolderFailure: Error, CustomStringConvertible {
  package var description: String
}
