import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyReference
import NotificationBodySnapshot
import NotificationBodyText

extension Comparison {
  /// Mismatches grouped by kind of change, as the snapshot's comparison
  /// groups a parser change: the other side's bodies are what the input's
  /// bodies were, the library's what they are now. Each input is one
  /// member, its bodies at every limit it mismatched at together.
  ///
  ///     let all = Comparison.run(&inputs, against: baseline) { _ in }.kept
  ///     print(Comparison.grouped(all).report())
  ///
  /// - Returns: The groups, most inputs first; a member's id is where its
  ///   input came from (`generated #17 (seed 42)`, `corpus file …`).
  package static func grouped(_ mismatches: [Mismatch]) -> SnapshotComparison {
    var before: [String: SnapshotEntry] = [:]
    var after: [String: SnapshotEntry] = [:]
    for mismatch in mismatches {
      let id = mismatch.input.source.description
      let limit = mismatch.input.limit.utf16Units
      if before[id] == nil {
        before[id] = SnapshotEntry(id: id, input: mismatch.input.message, bodies: [:])
        after[id] = before[id]
      }
      before[id]!.bodies[limit] = mismatch.other
      after[id]!.bodies[limit] = mismatch.library
    }
    return SnapshotComparison(
      old: Snapshot(entries: Array(before.values)), new: Snapshot(entries: Array(after.values)))
  }

  /// Each group's smallest input shrunk against `other`, for the first
  /// `shrinkCap` groups: the lines the report adds under the group, the
  /// input, both bodies, where they differ and the reference's body, which
  /// tells which side the contract is on. A group whose input shrinks to
  /// an earlier group's input gets one line that says so.
  ///
  /// - Parameters:
  ///   - groups: What `grouped` made of `mismatches`.
  ///   - mismatches: The mismatches grouped.
  /// - Returns: The lines by group index.
  /// - Throws: `FindingsError.failure` when an external process fails.
  package static func shrunkLines(
    of groups: SnapshotComparison, from mismatches: [Mismatch], against other: OtherSide
  ) throws(FindingsError) -> [Int: [String]] {
    var first: [String: Mismatch] = [:]
    for mismatch in mismatches where first[mismatch.input.source.description] == nil {
      first[mismatch.input.source.description] = mismatch
    }
    let picked = groups.groups.prefix(shrinkCap).map { first[$0.members[0].id]! }
    let shrunk = try shrink(picked, against: other)
    var lines: [Int: [String]] = [:]
    var seen: [Mismatch.Key: Int] = [:]
    for (index, (original, small)) in zip(picked, shrunk).enumerated() {
      let units = original.input.message.utf16.count
      if let earlier = seen[small.key] {
        lines[index] = [
          "  shrunk (from \(Displayed.counting(units, "UTF-16 unit"))): "
            + "\(Displayed.shown(small.input.message)) at \(small.input.limit.utf16Units), as for "
            + "the change above: \(groups.groups[earlier].signature)"
        ]
        continue
      }
      seen[small.key] = index
      let reference = NotificationBodyReference.make(
        from: small.input.message, limit: small.input.limit.utf16Units)
      let agrees =
        reference.hasSameScalars(as: small.library)
        ? "the same as now"
        : reference.hasSameScalars(as: small.other) ? "the same as was" : nil
      let row = SnapshotComparison.row
      lines[index] = [
        "  shrunk (from \(Displayed.counting(units, "UTF-16 unit"))):",
        row("input", Displayed.shown(small.input.message)),
        row("limit", "\(small.input.limit.utf16Units)"),
        row("body was", Displayed.shown(small.other)),
        row("body now", Displayed.shown(small.library)),
        row("body edit", BodyEdit(from: small.other, to: small.library).excerpt),
        row("reference", agrees ?? Displayed.shown(reference)),
      ]
    }
    return lines
  }
}
