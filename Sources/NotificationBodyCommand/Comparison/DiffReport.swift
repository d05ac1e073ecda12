import Foundation
import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot

extension DiffFinding {
  /// The rule where the body that is not the reference's parts from it
  /// ("R?" when neither is): the rule the finding's case pins.
  var rule: String {
    let wrong = library.unicodeScalars.elementsEqual(reference.unicodeScalars) ? other : library
    return NotificationBodyReference.rule(
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

  /// The report as one JSON object on one line, for CI.
  var json: String {
    struct Finding: Encodable {
      var source: String
      var input: String
      var limit: Int
      var library: String
      var other: String
      var reference: String
      var fixture: String
      var occurrences: Int
      var note: String?
    }
    struct Inputs: Encodable {
      var generated: Int
      var generatedAtRaisedLimit: Int
      var corpus: Int
      var fixtures: Int
    }
    struct Report: Encodable {
      /// `reference` or `external`.
      var other: String
      /// The `--against` command, when there is one.
      var against: String?
      var seed: UInt64
      var count: Int
      var limit: Int
      var recheckLimit: Int
      var inputs: Int
      var inputsBySource: Inputs
      var mismatches: Int
      var shrunk: Int
      var distinct: Int
      var elapsedSeconds: Double
      var findings: [Finding]
    }
    let report = Report(
      other: command == nil ? "reference" : "external", against: command, seed: seed,
      count: count, limit: limit.utf16Units, recheckLimit: recheckLimit.utf16Units,
      inputs: counts.total,
      inputsBySource: Inputs(
        generated: counts.generated, generatedAtRaisedLimit: counts.raised, corpus: counts.corpus,
        fixtures: counts.fixtures),
      mismatches: mismatches, shrunk: shrunk, distinct: findings.count,
      elapsedSeconds: (Displayed.seconds(elapsed) * 1000).rounded() / 1000,
      findings: findings.map {
        Finding(
          source: $0.source.description, input: $0.input, limit: $0.limit.utf16Units,
          library: $0.library, other: $0.other, reference: $0.reference, fixture: $0.fixtureLine,
          occurrences: $0.occurrences, note: $0.note)
      })
    // Strings and numbers always encode.
    return String(decoding: try! JSONFormat.line.encode(report), as: UTF8.self)
  }
}

extension DiffOutcome {
  /// An error that stopped a `--json` run, as one JSON object on one line:
  /// `{"error": "…", "exit": 1}`, the message as "Error: " would follow it
  /// on standard error and the exit status (1, or 64 for bad arguments).
  static func json(for error: CommandError) -> String {
    struct Failure: Encodable {
      var error: String
      var exit: Int32
    }
    let exit: Int32
    switch error {
    case .usage: exit = ExitStatus.usage
    case .failure: exit = ExitStatus.failure
    }
    // A string and a number always encode.
    return String(
      decoding: try! JSONFormat.line.encode(Failure(error: error.message, exit: exit)),
      as: UTF8.self)
  }
}
