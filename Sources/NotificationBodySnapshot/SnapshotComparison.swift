import NotificationBodyFixtures
import NotificationBodyText

/// What differs between the snapshot and the bodies the library makes now,
/// grouped so that one behaviour change reads as one finding however many
/// inputs it touches.
///
///     let old = try Snapshot.load(path: path)
///     let comparison = SnapshotComparison(old: old, new: Snapshot(making: inputs))
///     print(comparison.report(), comparison.summary(snapshotPath: path))
///
/// Changed inputs are grouped by the kind of change (`EditSignature.kind`)
/// of all their bodies together; inputs added to the corpus or the fixtures,
/// inputs gone from them, and ids that now hold another input are groups of
/// their own, never accepted silently.
package struct SnapshotComparison: Sendable {
  /// What happened to the inputs of a group.
  package enum Kind: Int, Sendable, Comparable {
    /// Same id and input, some body differs.
    case changed
    /// Same id, another input: a fixture case edited under its name.
    case inputChanged
    /// In the corpus or the fixtures, not in the snapshot.
    case added
    /// In the snapshot, in neither the corpus nor the fixtures.
    case removed

    package static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One input of a group.
  package struct Member: Sendable {
    package var id: String
    /// The input now; the snapshot's for a removed one.
    package var input: String
    /// The snapshot's input when it held another under this id.
    package var oldInput: String?
    /// The snapshot's bodies by limit; empty for an added input.
    package var oldBodies: [Int: String]
    /// The bodies now by limit; empty for a removed input.
    package var newBodies: [Int: String]
    /// Where the input was read; nil for a removed one.
    package var origin: SnapshotInput.Origin?

    /// The limits whose body differs, or is on one side only, ascending.
    package var changedLimits: [Int] {
      Set(oldBodies.keys).union(newBodies.keys).filter { limit in
        guard let old = oldBodies[limit], let new = newBodies[limit] else { return true }
        return !old.hasSameScalars(as: new)
      }.sorted()
    }
  }

  /// Inputs that changed the same way.
  package struct Group: Sendable {
    package var kind: Kind
    /// The change's `BodyEdit` signature; empty unless `kind` is `.changed`.
    package var signature: String
    /// The inputs, smallest first (in UTF-16 units, then by id).
    package var members: [Member]
  }

  /// The groups: changes, most inputs first, then inputs changed, added and
  /// removed.
  package private(set) var groups: [Group]
  /// The bodies now, to write when the changes are accepted.
  package let current: Snapshot
  /// How many inputs there are now, by source.
  package let corpusCount: Int
  package let fixtureCount: Int

  /// Compares the snapshot with the bodies now.
  ///
  /// - Parameters:
  ///   - old: The snapshot, as read from its file.
  ///   - new: The bodies the library makes now.
  ///   - origins: Where each current input was read, by id, for the report.
  /// - Complexity: O(*n*) in the size of the snapshots, plus a `BodyEdit`
  ///   per changed body.
  package init(old: Snapshot, new: Snapshot, origins: [String: SnapshotInput.Origin] = [:]) {
    current = new
    corpusCount = new.entries.count { $0.id.hasPrefix("corpus:") }
    fixtureCount = new.entries.count - corpusCount
    var oldByID: [String: SnapshotEntry] = [:]
    for entry in old.entries { oldByID[entry.id] = entry }
    var changed: [(signature: String, member: Member)] = []
    var others: [Kind: [Member]] = [:]
    for entry in new.entries {
      let previous = oldByID.removeValue(forKey: entry.id)
      var member = Member(
        id: entry.id, input: entry.input, oldBodies: previous?.bodies ?? [:],
        newBodies: entry.bodies, origin: origins[entry.id])
      guard let previous else {
        others[.added, default: []].append(member)
        continue
      }
      guard previous.input.hasSameScalars(as: entry.input) else {
        member.oldInput = previous.input
        others[.inputChanged, default: []].append(member)
        continue
      }
      let limits = member.changedLimits
      guard !limits.isEmpty else { continue }
      changed.append((Self.signature(of: member, limits: limits), member))
    }
    others[.removed] = oldByID.values.map {
      Member(id: $0.id, input: $0.input, oldBodies: $0.bodies, newBodies: [:], origin: nil)
    }
    func smallestFirst(_ members: [Member]) -> [Member] {
      members.sorted {
        let (left, right) = ($0.input.utf16.count, $1.input.utf16.count)
        return left != right ? left < right : $0.id.utf8.lexicographicallyPrecedes($1.id.utf8)
      }
    }
    groups = EditSignature.grouped(changed, by: \.signature).map {
      Group(kind: .changed, signature: $0.kind, members: smallestFirst($0.items.map(\.member)))
    }
    for kind in [Kind.inputChanged, .added, .removed] {
      if let members = others[kind], !members.isEmpty {
        groups.append(Group(kind: kind, signature: "", members: smallestFirst(members)))
      }
    }
  }

  /// Whether every input and body is as the snapshot holds it.
  package var isEmpty: Bool { groups.isEmpty }

  /// How many inputs a kind of group holds.
  package func count(_ kind: Kind) -> Int {
    groups.filter { $0.kind == kind }.reduce(0) { $0 + $1.members.count }
  }

  /// The signature of a changed input: every place any of its bodies
  /// changed, and any limit it gained or lost.
  private static func signature(of member: Member, limits: [Int]) -> String {
    var signature = EditSignature()
    for limit in limits {
      guard let old = member.oldBodies[limit], let new = member.newBodies[limit] else {
        let key = SnapshotEntry.key(forLimit: limit)
        signature.note(member.newBodies[limit] == nil ? "no \(key) now" : "\(key) is new")
        continue
      }
      signature.formUnion(BodyEdit(from: old, to: new).signature)
    }
    return signature.kind.description
  }
}
