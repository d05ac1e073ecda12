import NotificationBody
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyPorts

/// A mismatch of generated message `index`: `was` is the other side's body.
private func mismatch(_ index: Int, _ message: String, limit: Int = 256, was: String, now: String)
  -> Mismatch
{
  Mismatch(
    input: ComparedInput(
      source: .generated(index: index, seed: 7), message: message,
      limit: NotificationBody.Limit(utf16Units: limit)),
    library: now, other: was)
}

// `gate --baseline` groups what `diff --against` finds as the snapshot gate
// groups a parser change: one member per input, its limits together, the
// kind with the most inputs first, the smallest input first in its group.
@Test func mismatchesAreGroupedByKindOfChangeAsTheSnapshotIs() throws {
  let grouped = Comparison.grouped([
    mismatch(0, "x **yy**", was: "x **yy**", now: "x yy"),
    mismatch(1, "~~a~~", was: "a", now: "~~a~~"),
    mismatch(2, "**b**", was: "**b**", now: "b"),
    mismatch(2, "**b**", limit: 1000, was: "**b**", now: "b"),
  ])
  #expect(grouped.groups.map(\.members.count) == [2, 1])
  #expect(grouped.groups.allSatisfy { $0.kind == .changed })
  let first = grouped.groups[0]
  #expect(first.members.map(\.id) == ["generated #2 (seed 7)", "generated #0 (seed 7)"])
  #expect(first.members[0].changedLimits == [256, 1000])
  #expect(first.signature != grouped.groups[1].signature)

  let report = grouped.report(notes: [1: ["  a note under the second group"]])
  let lines = report.split(separator: "\n")
  let second = try #require(lines.firstIndex { $0.hasPrefix("CHANGED 1 input") })
  #expect(lines[second...].contains("  a note under the second group"))
  #expect(!lines[..<second].contains("  a note under the second group"))
}

@Test func noMismatchIsNoGroup() {
  #expect(Comparison.grouped([]).isEmpty)
}
