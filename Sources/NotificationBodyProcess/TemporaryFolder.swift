import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

/// Creates a new, empty folder of the system's temporary folder, named
/// `<prefix>-` and six random characters (`mkdtemp`), mode 0700.
///
/// - Returns: The folder's path.
/// - Throws: `FileBytes.Failure` naming the template when it cannot be
///   made.
package func makeTemporaryFolder(_ prefix: String) throws(FileBytes.Failure) -> String {
  let template = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-XXXXXX").path
  var buffer = Array(template.utf8CString)
  guard let made = mkdtemp(&buffer) else {
    throw FileBytes.Failure(path: template, problem: "cannot create a temporary folder")
  }
  return String(cString: made)
}
