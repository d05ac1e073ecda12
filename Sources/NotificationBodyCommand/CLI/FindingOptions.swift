import NotificationBodyFindings
import NotificationBodyFixtures

/// The options `triage`, `promote` and `replay` share, declared once with
/// their defaults.
extension Option {
  /// `--fuzzers <folder>`: the libFuzzer binaries.
  static let fuzzers = Option(
    "--fuzzers <folder>", "The libFuzzer binaries. (default: \(ParsedArguments.fuzzersFolder))",
    path: .folder)
  /// `--fail-cases <folder>`: the saved failures.
  static let failCases = Option(
    "--fail-cases <folder>", "The saved failures. (default: \(FailCases.folder))", path: .folder)
  /// `--fixtures <file>`: the fixture file a finding's case is appended to.
  static let keptFixtures = Option(
    "--fixtures <file>", "The fixture file. (default: \(FixtureFile.contractPath))", path: .kept)
  /// `--snapshot <file>`: the gate's snapshot, where new cases' bodies are recorded.
  static let findingsSnapshot = Option(
    "--snapshot <file>",
    "The gate's snapshot. (default: \(SnapshotPaths.snapshot) with the default --fixtures; else none)",
    path: .kept)
}

extension ParsedArguments {
  /// Where the fuzz targets' release build puts its binaries.
  static let fuzzersFolder = "Fuzz/.build/release"

  /// `--fuzzers`, or its default.
  var fuzzers: String { values["--fuzzers"] ?? Self.fuzzersFolder }
  /// `--fail-cases`, or its default.
  var failCases: String { values["--fail-cases"] ?? FailCases.folder }
  /// `--fixtures`, or the contract's fixture file.
  var fixtures: String { values["--fixtures"] ?? FixtureFile.contractPath }

  /// The snapshot triage and promote record new inputs' bodies in: `--snapshot`,
  /// else the repository's own when the fixture file is its own; nil for none.
  var snapshot: String? {
    values["--snapshot"] ?? (fixtures == FixtureFile.contractPath ? SnapshotPaths.snapshot : nil)
  }
}
