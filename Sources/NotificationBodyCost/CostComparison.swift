/// Two counts of the cost classes side by side: the snapshot's or a
/// baseline build's (before), and this build's (after).
///
///     let comparison = CostComparison(before: snapshot.entries, after: measured)
///     comparison.failed   // true when a class grew past the tolerance
///     comparison.report(before: "the snapshot", after: "this build")
package struct CostComparison: Sendable {
  /// How much a class's count may grow before the gate fails, and shrink
  /// before an improvement is reported: 3%. The one setting of the cost
  /// gate, for `notification-body cost` (CI) and `gate --baseline` alike;
  /// docs/cost.md says why 3%.
  package static let tolerance = 0.03

  /// What became of one class.
  package enum Verdict: Sendable, Equatable {
    /// Grew past the tolerance: fails.
    case slower
    /// Shrank past the tolerance: passes, and accepting it ratchets down.
    case faster
    /// Moved less than the tolerance either way.
    case within
    /// Counted on other calls than before (the corpus was minimized, a
    /// generator changed): not compared; fails until accepted.
    case inputsChanged
    /// A class the before side has not: fails until accepted.
    case added
    /// A class the after side has not: fails until accepted.
    case removed
  }

  /// One class on both sides.
  package struct Row: Sendable {
    package var name: String
    package var before: CostEntry?
    package var after: CostEntry?
    package var verdict: Verdict

    /// after ÷ before, when both counted the same calls.
    package var factor: Double? {
      guard let before, let after, before.inputDigest == after.inputDigest else { return nil }
      return Double(after.instructions) / Double(max(before.instructions, 1))
    }
  }

  /// One function's own instructions per window byte, before and after.
  package struct FunctionChange: Sendable {
    package var name: String
    package var before: Double
    package var after: Double
    package var isNew: Bool
    package var isGone: Bool
    package var delta: Double { after - before }
  }

  /// A row per class, in the after side's order, then the classes only the
  /// before side has.
  package private(set) var rows: [Row]

  package init(before: [CostEntry], after: [CostEntry]) {
    let old = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = Set(after.map(\.name))
    rows = after.map { entry in
      guard let previous = old[entry.name] else {
        return Row(name: entry.name, before: nil, after: entry, verdict: .added)
      }
      var row = Row(name: entry.name, before: previous, after: entry, verdict: .within)
      if let factor = row.factor {
        if factor > 1 + Self.tolerance {
          row.verdict = .slower
        } else if factor < 1 - Self.tolerance {
          row.verdict = .faster
        }
      } else {
        row.verdict = .inputsChanged
      }
      return row
    }
    rows += before.filter { !kept.contains($0.name) }.map {
      Row(name: $0.name, before: $0, after: nil, verdict: .removed)
    }
  }

  /// The rows with `verdict`.
  package func rows(_ verdict: Verdict) -> [Row] {
    rows.filter { $0.verdict == verdict }
  }

  /// Whether the gate fails: a class grew past the tolerance, or the two
  /// sides did not count the same classes on the same calls.
  package var failed: Bool {
    rows.contains { $0.verdict != .within && $0.verdict != .faster }
  }

  /// The functions of `row` whose own instructions per window byte moved
  /// most in the direction of its verdict (grew for a slower class, shrank
  /// for a faster one), at most `count`.
  package static func functionChanges(of row: Row, count: Int = 5) -> [FunctionChange] {
    guard let before = row.before, let after = row.after else { return [] }
    let bytes = Double(max(after.windowBytes, 1))
    let names = Set(before.functions.keys).union(after.functions.keys)
    let changes = names.map { name in
      FunctionChange(
        name: name, before: Double(before.functions[name] ?? 0) / bytes,
        after: Double(after.functions[name] ?? 0) / bytes,
        isNew: before.functions[name] == nil, isGone: after.functions[name] == nil)
    }
    let growing = row.verdict != .faster
    return
      changes
      .filter { growing ? $0.delta > 0 : $0.delta < 0 }
      .sorted { growing ? $0.delta > $1.delta : $0.delta < $1.delta }
      .prefix(count).map { $0 }
  }
}
