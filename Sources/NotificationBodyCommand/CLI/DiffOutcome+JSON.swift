import NotificationBodyFixtures
import NotificationBodyPorts
import NotificationBodySnapshot

extension DiffFinding: Encodable {
  private enum Key: String, CodingKey {
    case source, input, limit, library, other, reference, cause, rule, differs, firstDifference
    case fixture, occurrences, note, failure, failureKind
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(source.description, forKey: .source)
    try container.encode(input, forKey: .input)
    try container.encode(limit.utf16Units, forKey: .limit)
    try container.encode(library, forKey: .library)
    if failure == nil { try container.encode(other, forKey: .other) }
    try container.encode(reference, forKey: .reference)
    try container.encodeIfPresent(cause?.description, forKey: .cause)
    try container.encode(rule, forKey: .rule)
    try container.encodeIfPresent(differs?.excerpt, forKey: .differs)
    try container.encodeIfPresent(differs?.scalar, forKey: .firstDifference)
    try container.encode(fixtureLine(), forKey: .fixture)
    try container.encode(occurrences, forKey: .occurrences)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encodeIfPresent(failure?.description, forKey: .failure)
    try container.encodeIfPresent(failure?.kind.rawValue, forKey: .failureKind)
  }
}

/// `diff --json`'s report: `other` is `reference` or `external`, `against`
/// the `--against` command when there is one.
extension DiffOutcome: Encodable {
  private enum Key: String, CodingKey {
    case other, against, seed, count, limit, recheckLimit, inputs, inputsBySource, mismatches
    case differingInputs, grouped, causes, stopped, checked, elapsedSeconds, findings
    case error, exit
  }

  private enum SourceKey: String, CodingKey {
    case generated, generatedAtRaisedLimit, corpus, fixtures
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(command == nil ? "reference" : "external", forKey: .other)
    try container.encodeIfPresent(command, forKey: .against)
    try container.encode(seed, forKey: .seed)
    try container.encode(count, forKey: .count)
    try container.encode(limit.utf16Units, forKey: .limit)
    try container.encode(recheckLimit.utf16Units, forKey: .recheckLimit)
    try container.encode(counts.total, forKey: .inputs)
    var sources = container.nestedContainer(keyedBy: SourceKey.self, forKey: .inputsBySource)
    try sources.encode(counts.generated, forKey: .generated)
    try sources.encode(counts.raised, forKey: .generatedAtRaisedLimit)
    try sources.encode(counts.corpus, forKey: .corpus)
    try sources.encode(counts.fixtures, forKey: .fixtures)
    try container.encode(mismatches, forKey: .mismatches)
    try container.encode(differingInputs, forKey: .differingInputs)
    try container.encode(grouped, forKey: .grouped)
    try container.encode(findings.count - (stopped ? 1 : 0), forKey: .causes)
    try container.encode(stopped, forKey: .stopped)
    if let stoppedBy {
      try container.encode(stoppedBy, forKey: .error)
      try container.encode(ExitStatus.failure, forKey: .exit)
    }
    try container.encode(checked, forKey: .checked)
    try container.encode(
      (Displayed.seconds(elapsed) * 1000).rounded() / 1000, forKey: .elapsedSeconds)
    try container.encode(findings, forKey: .findings)
  }
}

extension DiffOutcome {
  /// The report as one JSON object on one line, for CI: `DiffOutcome`'s
  /// own encoding, above.
  var json: String {
    // Strings and numbers always encode.
    String(decoding: try! JSONFormat.line.encode(self), as: UTF8.self)
  }

  /// An error that stopped a `--json` run, as one JSON object on one line:
  /// `{"error": "…", "exit": 1}`, the message as "Error: " would follow it
  /// on standard error and the exit status (1, or 64 for bad arguments).
  static func json(for error: CommandError) -> String {
    // A string and a number always encode.
    String(decoding: try! JSONFormat.line.encode(error), as: UTF8.self)
  }
}

/// An error of a `--json` run as its JSON says it: `{"error": "…", "exit": 1}`.
extension CommandError: Encodable {
  private enum Key: String, CodingKey {
    case error, exit
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(message, forKey: .error)
    switch self {
    case .usage, .badInput: try container.encode(ExitStatus.usage, forKey: .exit)
    case .failure: try container.encode(ExitStatus.failure, forKey: .exit)
    }
  }
}
