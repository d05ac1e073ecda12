import NotificationBodyFindings
import NotificationBodyFixtures

/// Where a run of the command reads standard input and writes its results
/// (`output`) and its error messages (`errorOutput`).
struct Console<Output: TextOutputStream, ErrorOutput: TextOutputStream> {
  /// Reads standard input to its end, keeping what `use` needs.
  var readStandardInput: (_ use: StandardInputUse) throws -> [UInt8]
  var output: Output
  var errorOutput: ErrorOutput

  /// Writes `text` and a line break to `output`.
  mutating func print(_ text: String) {
    output.write(text + "\n")
  }

  /// Writes `text` as it is to `output`.
  mutating func write(_ text: String) {
    output.write(text)
  }

  /// Writes `text` and a line break to `errorOutput`.
  mutating func printError(_ text: String) {
    errorOutput.write(text + "\n")
  }
}

/// What a subcommand reads standard input as, and so how much of it is kept.
enum StandardInputUse {
  /// A message: its first `FileBytes.messageBytesKept` bytes are kept, the
  /// rest read and dropped (R1 reads no further).
  case message
  /// A JSON file, kept whole up to `FileBytes.jsonLimit`.
  case json
}

/// A text stream that writes UTF-8 straight to a file descriptor,
/// unbuffered, so results and errors keep their order, and keeps the first
/// write error: `Command.main()` reports a lost standard output as
/// coreutils does, "Error: standard output: No space left on device", and
/// exits 1.
struct DescriptorOutputStream: TextOutputStream, OutputFailureReporting {
  let descriptor: Int32
  /// The `errno` of the first write that failed; nothing is written after it.
  private(set) var failure: Int32?

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  mutating func write(_ string: String) {
    guard failure == nil else { return }
    failure = writeAll(Array(string.utf8), to: descriptor)
  }
}

/// A stream that can say that a write to it failed, so a subcommand that
/// writes for long (`serve`) can stop when no one is left to read it.
protocol OutputFailureReporting {
  /// The `errno` of the first write that failed; nil while all worked.
  var failure: Int32? { get }
}

extension Console {
  /// Whether a write to `output` has failed; always false for a stream that
  /// cannot fail, such as a `String`.
  var outputFailed: Bool {
    (output as? any OutputFailureReporting)?.failure != nil
  }
}
