import Foundation
import NotificationBodyFixtures
import NotificationBodyText

extension SnapshotComparison {
  /// How many inputs of a group the report names when it is not told to
  /// show them all: the smallest in full, the rest a line each.
  package static let listedMembers = 10

  /// Every group: its kind and signature, how many inputs it holds, its
  /// smallest input in full (id, where it was read, the input, each changed
  /// body before and after, and where the change is), then the next inputs
  /// a line each. Strings are quoted, invisible characters escaped.
  ///
  ///     CHANGED 1 input: " " → "" (after "a", before "…")
  ///       fixture:R12 cut  (test-fixtures/notification-body.json, case 3)
  ///         input:          "aaaa … aa bbb" (300 UTF-16 units)
  ///         body was:       "aaaa … aa …" (256 UTF-16 units)
  ///         body now:       "aaaa … aa…" (255 UTF-16 units)
  ///         body edit:      ⋯"aaaa aa[- -]…"
  ///
  /// - Parameters:
  ///   - listed: How many inputs of each group to name; nil to show every
  ///     one in full.
  ///   - notes: Lines to add after a group's smallest input, by the group's
  ///     index (`gate --baseline`'s shrunk input).
  /// - Returns: The groups' lines, a blank line after each; empty when
  ///   nothing changed.
  package func report(listing listed: Int? = listedMembers, notes: [Int: [String]] = [:])
    -> String
  {
    var lines: [String] = []
    for (index, group) in groups.enumerated() {
      lines.append(Self.heading(of: group))
      let full = listed == nil ? group.members.count : 1
      for member in group.members.prefix(full) {
        lines += Self.block(of: member, kind: group.kind)
      }
      lines += notes[index] ?? []
      let named = max(full, min(group.members.count, listed ?? 0))
      if named > full {
        lines.append("  also:")
        for member in group.members[full..<named] {
          lines.append("    \(member.id)  \(Displayed.shortened(member.input))")
        }
      }
      if group.members.count > named {
        lines.append(
          "  and \(group.members.count - named) more; `notification-body gate --all` shows "
            + "every one")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// One line of counts, and when something changed, what to do about it.
  ///
  /// - Parameters:
  ///   - snapshotPath: The snapshot file, as the user named it.
  ///   - acceptCommand: The command that accepts the changes.
  package func summary(snapshotPath: String, acceptCommand: String = Snapshot.acceptCommand)
    -> String
  {
    let inputs =
      "\(Displayed.counting(corpusCount, "corpus file")), \(Displayed.counting(fixtureCount, "fixture case"))"
    guard !isEmpty else {
      return
        "gate: no change: all \(Displayed.counting(current.entries.count, "input")) (\(inputs)) "
        + "match \(snapshotPath)"
    }
    let changes = groups.count { $0.kind == .changed }
    var parts = [
      "\(Displayed.counting(count(.changed), "input")) changed in "
        + Displayed.counting(changes, "kind of change", plural: "kinds of change")
    ]
    if count(.inputChanged) > 0 {
      parts.append("\(Displayed.counting(count(.inputChanged), "id")) holding another input")
    }
    parts += ["\(count(.added)) added", "\(count(.removed)) removed"]
    let unchanged = current.entries.count - count(.changed) - count(.inputChanged) - count(.added)
    return """
      gate: \(parts.joined(separator: ", ")); \(unchanged) of \
      \(Displayed.counting(current.entries.count, "input")) (\(inputs)) as in \(snapshotPath)
      If every change is intended, run `\(acceptCommand)` and commit \
      \(snapshotPath) with the change (docs/gate.md).
      """
  }

  private static func heading(of group: Group) -> String {
    let inputs = Displayed.counting(group.members.count, "input")
    switch group.kind {
    case .changed: return "CHANGED \(inputs): \(group.signature)"
    case .inputChanged: return "INPUT CHANGED \(inputs): the same id holds another input now"
    case .added: return "ADDED \(inputs): not in the snapshot"
    case .removed: return "REMOVED \(inputs): in the snapshot, gone from the corpus and fixtures"
    }
  }

  /// One input in full.
  private static func block(of member: Member, kind: Kind) -> [String] {
    let origin =
      kind == .removed ? "no longer in the corpus or fixtures" : member.origin?.location
    var lines = ["  \(member.id)" + (origin.map { "  (\($0))" } ?? "")]
    if let oldInput = member.oldInput {
      lines += [
        row("input was", Displayed.shown(oldInput)),
        row("input now", Displayed.shown(member.input)),
      ]
    } else {
      lines.append(row("input", Displayed.shown(member.input)))
    }
    switch kind {
    case .added, .removed:
      let bodies = kind == .added ? member.newBodies : member.oldBodies
      // Limits that give the same body share a line.
      var shared: [(keys: [String], body: String)] = []
      for limit in bodies.keys.sorted() {
        let key = SnapshotEntry.key(forLimit: limit)
        if let index = shared.firstIndex(where: { $0.body.hasSameScalars(as: bodies[limit]!) }) {
          shared[index].keys.append(key)
        } else {
          shared.append(([key], bodies[limit]!))
        }
      }
      lines += shared.map { row($0.keys.joined(separator: ", "), Displayed.shown($0.body)) }
    case .changed, .inputChanged:
      // Limits whose bodies changed the same way share their lines.
      var shared: [(keys: [String], old: String?, new: String?)] = []
      for limit in member.changedLimits {
        let key = SnapshotEntry.key(forLimit: limit)
        let (old, new) = (member.oldBodies[limit], member.newBodies[limit])
        if let index = shared.firstIndex(where: { same($0.old, old) && same($0.new, new) }) {
          shared[index].keys.append(key)
        } else {
          shared.append(([key], old, new))
        }
      }
      for (keys, old, new) in shared {
        let name = keys.joined(separator: ", ")
        lines.append(row("\(name) was", old.map(Displayed.shown) ?? "(none)"))
        lines.append(row("\(name) now", new.map(Displayed.shown) ?? "(none)"))
        if let old, let new {
          lines.append(
            row(keys.count == 1 ? "\(name) edit" : "edit", BodyEdit(from: old, to: new).excerpt))
        }
      }
    }
    return lines
  }

  /// One labelled line under an input: `    body was:       "…"`. A long
  /// label (a huge limit's) pushes its value right, never cut.
  package static func row(_ label: String, _ value: String) -> String {
    let cell = label + ":"
    return "    " + cell + String(repeating: " ", count: max(1, 16 - cell.count)) + value
  }

  /// Whether two optional bodies are both absent or hold the same scalars.
  private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs.hasSameScalars(as: rhs)
    default: false
    }
  }
}
