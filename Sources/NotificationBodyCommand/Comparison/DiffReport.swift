import Foundation
import NotificationBody
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot

extension DiffFinding {
  /// The rule where the body that is not the reference's parts from it
  /// ("R?" when neither is): the rule the finding's case pins.
  var rule: String {
    let wrong = library.unicodeScalars.elementsEqual(reference.unicodeScalars) ? other : library
    return RuleAttribution.rule(
      whereBody: wrong, differsFrom: input, limit: limit.utf16Units
    ).map(String.init(describing:)) ?? "R?"
  }

  /// The finding as a fixture case, ready to paste into
  /// test-fixtures/notification-body.json once its name says what it pins
  /// beside its rule.
  var fixtureLine: String {
    FixtureLine.json(
      name: "\(rule) found by diff: \(source)"
        + (limit == .default ? "" : " at limit \(limit.utf16Units)"),
      input: input, expect: reference,
      limit: limit.utf16Units)
  }
}

extension DiffFinding {
  /// Why the finding may not be the port's answer for its input: the
  /// port, asked again, did not give the same mismatch.
  var note: String? {
    answeredAgain.map {
      "the port answers out of order or is not deterministic: asked again for this input, "
        + "it answered \(Displayed.shown($0)), so the bodies above may be another input's"
    }
  }
}

extension DiffOutcome {
  /// The report as text: each finding, then a summary.
  ///
  ///     MISMATCH generated #17 (seed 1592646143), limit 256, shrunk from 812 UTF-16 units
  ///       input:     "a  b" (4 UTF-16 units)
  ///       library:   "a b" (3 UTF-16 units)
  ///       reference: "a  b" (4 UTF-16 units)
  ///       fixture:   {"name": "R9 found by diff: …", "input": "a  b", "expect": "a  b"}
  ///
  ///     library vs reference: 11250 inputs (10000 generated, 1250 of them again at limit 1000, …)
  ///     1 mismatch, 1 distinct after shrinking
  ///     seed 1592646143, 2.41 s, 4668 inputs/s
  var text: String {
    var lines: [String] = []
    for finding in findings {
      lines += report(finding) + [""]
    }
    var sources = [
      "\(counts.generated) generated",
      "\(counts.raised) of them again at limit \(recheckLimit.utf16Units)",
    ]
    sources.append(Displayed.counting(counts.corpus, "corpus file"))
    sources.append(Displayed.counting(counts.fixtures, "fixture case"))
    lines.append(
      "library vs \(otherName): \(Displayed.counting(counts.total, "input")) (\(sources.joined(separator: ", ")))"
    )
    var found = Displayed.counting(mismatches, "mismatch", plural: "mismatches")
    if mismatches > shrunk {
      found += " (the first \(shrunk) shrunk)"
    }
    lines.append("\(found), \(findings.count) distinct after shrinking")
    let seconds = Displayed.seconds(elapsed)
    lines.append(
      "seed \(seed), \(String(format: "%.2f", seconds)) s, "
        + "\(Int((Double(counts.total) / max(seconds, 0.001)).rounded())) inputs/s")
    return lines.joined(separator: "\n")
  }

  /// One finding's lines.
  private func report(_ finding: DiffFinding) -> [String] {
    let shown = Displayed.shown
    var heading = "MISMATCH \(finding.source), limit \(finding.limit.utf16Units)"
    if finding.originalUnits != finding.input.utf16.count {
      heading += ", shrunk from \(Displayed.counting(finding.originalUnits, "UTF-16 unit"))"
    }
    if finding.occurrences > 1 {
      heading += "; \(finding.occurrences - 1) more shrank to the same input"
    }
    var lines = [
      heading,
      "  input:     \(shown(finding.input))",
      "  library:   \(shown(finding.library))",
    ]
    if command != nil {
      lines += [
        "  external:  \(shown(finding.other))",
        "  reference: \(shown(finding.reference))",
      ]
    } else {
      lines.append("  reference: \(shown(finding.other))")
    }
    lines.append("  fixture:   \(finding.fixtureLine)")
    if let note = finding.note {
      lines.append("  note:      \(note)")
    }
    return lines
  }

  /// The report as one JSON object on one line, for CI: `DiffOutcome`'s
  /// own encoding, below.
  var json: String {
    // Strings and numbers always encode.
    String(decoding: try! JSONFormat.line.encode(self), as: UTF8.self)
  }
}

extension DiffFinding: Encodable {
  private enum Key: String, CodingKey {
    case source, input, limit, library, other, reference, fixture, occurrences, note
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(source.description, forKey: .source)
    try container.encode(input, forKey: .input)
    try container.encode(limit.utf16Units, forKey: .limit)
    try container.encode(library, forKey: .library)
    try container.encode(other, forKey: .other)
    try container.encode(reference, forKey: .reference)
    try container.encode(fixtureLine, forKey: .fixture)
    try container.encode(occurrences, forKey: .occurrences)
    try container.encodeIfPresent(note, forKey: .note)
  }
}

/// `diff --json`'s report: `other` is `reference` or `external`, `against`
/// the `--against` command when there is one.
extension DiffOutcome: Encodable {
  private enum Key: String, CodingKey {
    case other, against, seed, count, limit, recheckLimit, inputs, inputsBySource, mismatches
    case shrunk, distinct, elapsedSeconds, findings
  }

  private enum SourceKey: String, CodingKey {
    case generated, generatedAtRaisedLimit, corpus, fixtures
  }

  func encode(to encoder: any Encoder) throws {
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
    try container.encode(shrunk, forKey: .shrunk)
    try container.encode(findings.count, forKey: .distinct)
    try container.encode(
      (Displayed.seconds(elapsed) * 1000).rounded() / 1000, forKey: .elapsedSeconds)
    try container.encode(findings, forKey: .findings)
  }
}

extension DiffOutcome {
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

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(message, forKey: .error)
    switch self {
    case .usage: try container.encode(ExitStatus.usage, forKey: .exit)
    case .failure: try container.encode(ExitStatus.failure, forKey: .exit)
    }
  }
}
