import Foundation
import NotificationBodyFixtures
import NotificationBodySnapshot

extension DiffFinding {
  /// The rule where the wrong body parts from the reference's ("R?" when
  /// none is known, and for a failure): the rule the finding's case pins.
  package var rule: String { cause?.rule ?? "R?" }

  /// The finding as a fixture case, ready to paste into
  /// test-fixtures/notification-body.json once its name says what it pins
  /// beside its rule; named for `port` when it is a port's (`fixtureName`).
  package func fixtureLine(against port: String? = nil) -> String {
    FixtureLine.json(
      name: fixtureName(against: port), input: input, expect: reference,
      limit: limit.utf16Units, loneSurrogates: loneSurrogates)
  }

  /// `R12 found by diff: generated #17 (seed 42)`; with `port`, `… found by
  /// diff against the java port: …`.
  func fixtureName(against port: String?) -> String {
    let failed = failure.map { failure in
      switch failure.kind {
      case .ended: ", where the port exited"
      case .timedOut: ", where the port timed out"
      case .refused: ", where the port refused it"
      case .malformed: ", where the port answered no body"
      }
    }
    return "\(rule) found by diff\(port.map { " against the \($0) port" } ?? ""): \(source)"
      + (limit == .default ? "" : " at limit \(limit.utf16Units)") + (failed ?? "")
  }

  /// Where the wrong body first differs from the right one, and how:
  /// `at scalar 254: "⋯aaaa{+\u{1F1EB}+}…"`.
  package var differs: (scalar: Int, excerpt: String)? {
    guard failure == nil else { return nil }
    let wrongIsLibrary = cause?.wrong == .library
    let right = wrongIsLibrary ? reference : library
    let wrong = wrongIsLibrary ? library : other
    let edit = BodyEdit(from: right, to: wrong)
    // Canonically equivalent bodies look the same: name the scalars.
    guard right == wrong, let hunk = edit.hunks.first else {
      return (edit.firstDifference, edit.excerpt)
    }
    func named(_ scalars: [Unicode.Scalar]) -> String {
      scalars.map {
        let hex = String($0.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      }.joined(separator: " ")
    }
    return (
      edit.firstDifference,
      edit.excerpt + ", the same text normalized otherwise: \(named(hunk.removed)) became "
        + named(hunk.inserted)
    )
  }

  /// Why the finding may not be the port's answer for its input: the
  /// port, asked again, did not give the same mismatch.
  package var note: String? {
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
  ///       cause:     R9, the library's body: adds " "
  ///       input:     "a  b" (4 UTF-16 units)
  ///       library:   "a b" (3 UTF-16 units)
  ///       reference: "a  b" (4 UTF-16 units)
  ///       differs:   at scalar 1: "a[- -] b"
  ///       fixture:   {"name": "R9 found by diff: …", "input": "a  b", "expect": "a  b"}
  ///
  ///     library vs reference: 11250 inputs (10000 generated, 1250 of them again at limit 1000, …)
  ///     1 mismatch on 1 input, 1 cause after shrinking
  ///     seed 1592646143, 2.41 s, 4668 inputs/s
  package var text: String {
    var lines: [String] = []
    for finding in findings {
      lines += self.lines(for: finding) + [""]
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
    if stopped, let failure = findings.first {
      lines.append(
        "stopped at \(failure.source), after \(checked) of \(counts.total) inputs: "
          + "the port gave no body")
    }
    var found = Displayed.counting(mismatches, "mismatch", plural: "mismatches")
    found += " on \(Displayed.counting(differingInputs, "input"))"
    if mismatches > grouped {
      found += " (the first \(grouped) grouped by cause)"
    }
    let causes = findings.count - (stopped ? 1 : 0)
    lines.append("\(found), \(Displayed.counting(causes, "cause")) after shrinking")
    let seconds = Displayed.seconds(elapsed)
    lines.append(
      "seed \(seed), \(String(format: "%.2f", seconds)) s, "
        + "\(inputsPerSecond) inputs/s")
    return lines.joined(separator: "\n")
  }

  /// The last lines of `text`: what was compared, what differed, the seed
  /// and the speed.
  package var summary: String {
    text.split(separator: "\n").suffix(stopped ? 4 : 3).joined(separator: "; ")
  }

  /// Inputs compared a second.
  package var inputsPerSecond: Int {
    Int((Double(checked) / max(Displayed.seconds(elapsed), 0.001)).rounded())
  }

  /// One finding's lines.
  package func lines(for finding: DiffFinding) -> [String] {
    let shown = Displayed.shown
    var heading = "\(finding.failure == nil ? "MISMATCH" : "FAILURE") \(finding.source), "
    heading += "limit \(finding.limit.utf16Units)"
    if finding.originalUnits != finding.input.utf16.count {
      heading += ", shrunk from \(Displayed.counting(finding.originalUnits, "UTF-16 unit"))"
    }
    if finding.occurrences > 1 {
      heading += "; \(finding.occurrences) inputs show this cause"
    }
    var lines = [heading]
    if let cause = finding.cause { lines.append("  cause:     \(cause)") }
    lines.append("  input:     \(shown(finding.input))")
    if let failure = finding.failure {
      lines.append("  port:      \(failure)")
    }
    lines.append("  library:   \(shown(finding.library))")
    if command != nil {
      if finding.failure == nil { lines.append("  external:  \(shown(finding.other))") }
      lines.append("  reference: \(shown(finding.reference))")
    } else {
      lines.append("  reference: \(shown(finding.other))")
    }
    if let differs = finding.differs {
      lines.append("  differs:   at scalar \(differs.scalar): \(differs.excerpt)")
    }
    lines.append("  fixture:   \(finding.fixtureLine())")
    if let note = finding.note {
      lines.append("  note:      \(note)")
    }
    return lines
  }
}
