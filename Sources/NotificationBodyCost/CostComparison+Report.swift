import Foundation
import NotificationBodySnapshot

extension CostComparison {
  /// The tolerance as a person reads it: "3%".
  package static var toleranceShown: String { "\(Int((tolerance * 100).rounded()))%" }

  /// The report for a terminal: each class past the tolerance with its
  /// counts before and after, its factor, and the functions that moved
  /// most; the classes that could not be compared; then one summary line.
  ///
  ///     SLOWER chat-typical: 13.05 → 52.59 instructions per window byte (4.030×)
  ///       5,652,114 → 22,776,123 instructions in 1000 calls of 433,154 window bytes
  ///       InlineScanner.scan(paragraph:into:)  +30.20 per byte
  ///       Set.contains(_:)                     +9.30 per byte (new)
  ///
  /// - Parameters:
  ///   - before: What the before side is, e.g. "the snapshot", "main".
  ///   - after: What the after side is, e.g. "this build".
  package func report(before: String, after: String) -> String {
    var lines: [String] = []
    for row in rows where row.verdict != .within {
      lines += Self.describe(row, before: before, after: after)
    }
    let slower = self.rows(.slower).count
    let faster = self.rows(.faster).count
    let compared = rows.filter { $0.factor != nil }
    let largest = compared.max { abs(log($0.factor!)) < abs(log($1.factor!)) }
    var summary =
      "cost: \(compared.count) classes compared, \(before) against \(after): "
      + "\(slower) slower and \(faster) faster past \(Self.toleranceShown)"
    if let largest, largest.factor! != 1 {
      summary += "; largest move \(largest.name) \(Self.factor(largest.factor!))"
    } else if !compared.isEmpty {
      summary += "; every count the same"
    }
    let other = rows.count - compared.count
    if other > 0 { summary += "; \(other) not compared" }
    lines.append(summary)
    return lines.joined(separator: "\n")
  }

  /// The lines of one class that is not within the tolerance.
  private static func describe(_ row: Row, before: String, after: String) -> [String] {
    switch row.verdict {
    case .within: return []
    case .inputsChanged:
      return [
        "INPUTS CHANGED \(row.name): \(before) counted other calls (\(row.before!.calls) "
          + "calls) than \(after) (\(row.after!.calls)); not compared"
      ]
    case .added: return ["ADDED \(row.name): a class \(before) has not counted"]
    case .removed: return ["REMOVED \(row.name): a class \(after) no longer counts"]
    case .slower, .faster:
      let old = row.before!
      let new = row.after!
      var lines = [
        "\(row.verdict == .slower ? "SLOWER" : "FASTER") \(row.name): "
          + "\(perByte(old.perByte)) → \(perByte(new.perByte)) instructions per window byte "
          + "(\(factor(row.factor!)))",
        "  \(Displayed.grouped(old.instructions)) → \(Displayed.grouped(new.instructions)) instructions in "
          + "\(Displayed.grouped(new.calls)) calls of \(Displayed.grouped(new.windowBytes)) window bytes",
      ]
      let changes = functionChanges(of: row)
      let width = changes.map { shown($0.name).count }.max() ?? 0
      for change in changes {
        let note = change.isNew ? " (new)" : change.isGone ? " (gone)" : ""
        lines.append(
          "  " + shown(change.name).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            + signed(change.delta) + " per byte" + note)
      }
      return lines
    }
  }

  /// A Markdown table of every class, fit for a pull request's summary
  /// (`$GITHUB_STEP_SUMMARY`), and under it the functions that moved most
  /// in each class past the tolerance.
  package func markdown(before: String, after: String) -> String {
    var lines = [
      "### Library instructions per window byte: \(before) → \(after)",
      "",
      "Counted by callgrind in release builds; a class fails when it grows more than "
        + "\(Self.toleranceShown).",
      "",
      "| class | \(before) | \(after) | factor | verdict |",
      "|---|---:|---:|---:|---|",
    ]
    for row in rows {
      let old = row.before.map { Self.perByte($0.perByte) } ?? "—"
      let new = row.after.map { Self.perByte($0.perByte) } ?? "—"
      let verdict: String
      switch row.verdict {
      case .slower: verdict = "**slower**"
      case .faster: verdict = "faster"
      case .within: verdict = ""
      case .inputsChanged: verdict = "**inputs changed**"
      case .added: verdict = "**added**"
      case .removed: verdict = "**removed**"
      }
      lines.append(
        "| \(row.name) | \(old) | \(new) | \(row.factor.map(Self.factor) ?? "—") | \(verdict) |")
    }
    for row in rows where row.verdict == .slower || row.verdict == .faster {
      let changes = Self.functionChanges(of: row).map { change in
        "`\(Self.shown(change.name))` \(Self.signed(change.delta))"
          + (change.isNew ? " (new)" : change.isGone ? " (gone)" : "")
      }
      if !changes.isEmpty {
        lines += ["", "**\(row.name)**, per window byte: " + changes.joined(separator: ", ")]
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A function's name as a report shows it: the runtime's C++ names run
  /// to hundreds of characters, so at most 72, the rest "…".
  static func shown(_ name: String) -> String {
    name.count <= 72 ? name : String(name.prefix(71)) + "…"
  }

  static func factor(_ value: Double) -> String { String(format: "%.3f×", value) }
  static func perByte(_ value: Double) -> String { String(format: "%.2f", value) }
  static func signed(_ value: Double) -> String { String(format: "%+.2f", value) }

}
