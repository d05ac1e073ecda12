import NotificationBodyFindings

/// Why a run of the command stopped early.
enum CommandError: Error {
  /// Bad arguments: the message, then the usage of `help`; exit status 64.
  case usage(String, help: Help)
  /// A failure at run time, naming the file and what was wrong; exit status 1.
  case failure(String)
  /// An operand's contents the subcommand cannot take (a download with no
  /// testcase): one line naming the file, before anything is written;
  /// exit status 64.
  case badInput(String)

  /// What follows "Error: " on standard error.
  var message: String {
    switch self {
    case .usage(let message, _), .failure(let message), .badInput(let message): message
    }
  }
}

/// The exit statuses of the command.
enum ExitStatus {
  /// Everything worked and every fixture case passed.
  static let success: Int32 = 0
  /// A failure at run time, or a fixture case that failed.
  static let failure: Int32 = 1
  /// Bad arguments (`EX_USAGE` of sysexits.h).
  static let usage: Int32 = 64
}

/// A step of another module (`NotificationBodyFindings`, `NotificationBodyCost`,
/// the fixtures' files), its failure as the command's: its message, exit 1.
///
///     let outcome = try step { try Triage.run(settings, report: path, snapshot: nil) { _ in } }
func step<Result>(_ body: () throws -> Result) throws(CommandError) -> Result {
  do {
    return try body()
  } catch let error as FindingsError {
    throw .failure(error.message)
  } catch {
    throw .failure("\(error)")
  }
}
