import Foundation

/// Where a run of the command reads standard input and writes its results
/// (`output`) and its error messages (`errorOutput`).
struct Console<Output: TextOutputStream, ErrorOutput: TextOutputStream> {
  /// Reads all of standard input.
  var readStandardInput: () throws -> [UInt8]
  var output: Output
  var errorOutput: ErrorOutput

  /// Writes `text` and a line break to `output`.
  mutating func print(_ text: String) {
    output.write(text + "\n")
  }

  /// Writes `text` and a line break to `errorOutput`.
  mutating func printError(_ text: String) {
    errorOutput.write(text + "\n")
  }
}

/// A text stream that writes UTF-8 straight to a file handle, unbuffered, so
/// results and errors keep their order.
struct FileHandleOutputStream: TextOutputStream {
  let handle: FileHandle

  mutating func write(_ string: String) {
    // A closed or full stream has no one left to tell; the exit status still
    // reports the result.
    try? handle.write(contentsOf: Data(string.utf8))
  }
}
