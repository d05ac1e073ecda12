import NotificationBodyHarness
import NotificationBodyText

/// The kind of a change to a body, with the text it happened in left out, so
/// that one behaviour change gives one signature on every input it touches.
///
///     let signature = BodyEdit(from: "a ~~b~~", to: "a b").signature
///     signature.description       // "removes \"~\"; removes \"~\" at the end"
///     signature.kind.description  // "removes \"~\""
///
/// It holds which characters the change removes and adds, and where: inside
/// the body, at its start, at its end, or before the "…" that ends a cut
/// body. ASCII punctuation, spaces, tabs, line breaks and "…" (the
/// contract's syntax) count as themselves; every other character counts as
/// `x`. Text that a moved cut removes or adds before the final "…" counts
/// only as the cut moving, whatever it is.
package struct EditSignature: Sendable, Hashable, CustomStringConvertible {
  /// Where in the body characters were removed or added.
  enum Place: Int, Sendable, CaseIterable {
    case inside
    case start
    case end
    /// Right before the "…" that ends both bodies.
    case beforeEllipsis

    var suffix: String {
      switch self {
      case .inside: ""
      case .start: " at the start"
      case .end: " at the end"
      case .beforeEllipsis: " before the final \"…\""
      }
    }
  }

  /// How a cut body's text before its final "…" changed.
  enum Cut: Int, Sendable, CaseIterable {
    case earlier
    case later
    case changed

    var description: String {
      switch self {
      case .earlier: "the cut moved earlier"
      case .later: "the cut moved later"
      case .changed: "the text before the final \"…\" changed"
      }
    }
  }

  private var removed: [Place: Set<Unicode.Scalar>] = [:]
  private var added: [Place: Set<Unicode.Scalar>] = [:]
  private var cuts: Set<Cut> = []
  private var notes: Set<String> = []

  /// No change.
  package init() {}

  /// Whether it names no change.
  package var isEmpty: Bool {
    removed.isEmpty && added.isEmpty && cuts.isEmpty && notes.isEmpty
  }

  /// Adds what another edit's signature holds.
  package mutating func formUnion(_ other: EditSignature) {
    removed.merge(other.removed) { $0.union($1) }
    added.merge(other.added) { $0.union($1) }
    cuts.formUnion(other.cuts)
    notes.formUnion(other.notes)
  }

  /// Adds a change of another kind, named in words, e.g. "no body1000 now".
  package mutating func note(_ text: String) {
    notes.insert(text)
  }

  /// Adds one place where text was removed and text inserted.
  mutating func add(_ hunk: BodyEdit.Hunk) {
    let breaks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
    if hunk.atTheCut && !(hunk.removed + hunk.inserted).allSatisfy(breaks.contains) {
      cuts.insert(
        hunk.inserted.isEmpty ? .earlier : hunk.removed.isEmpty ? .later : .changed)
      return
    }
    let place: Place =
      hunk.atTheCut
      ? .beforeEllipsis : hunk.before == nil ? .start : hunk.after == nil ? .end : .inside
    if !hunk.removed.isEmpty {
      removed[place, default: []].formUnion(hunk.removed.map(Self.normalized))
    }
    if !hunk.inserted.isEmpty {
      added[place, default: []].formUnion(hunk.inserted.map(Self.normalized))
    }
  }

  /// The signature a group of changes is known by: when the change removes
  /// or adds syntax other than white space (`*`, `~`, `` ` ``, `[`, "…", …)
  /// that it does not also add or remove elsewhere, only that syntax,
  /// wherever it is, since the rest (the letters and spaces around it, a cut
  /// that moved because the body grew) follows from it; otherwise the whole
  /// signature.
  ///
  ///     // "removes \"x\"; adds \"\\n\", \"~\" at the start; the cut moved earlier"
  ///     // is known as "adds \"~\"".
  package var kind: EditSignature {
    let breaks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
    // What is removed in one place and added in another moved, or was
    // realigned by the diff: the change is in the rest. A "…" that comes
    // or goes with other syntax follows from it: the body grew or shrank
    // across the limit.
    let (removedScalars, addedScalars) = (allRemoved, allAdded)
    var netRemoved = removedScalars.subtracting(addedScalars).subtracting(breaks)
    var netAdded = addedScalars.subtracting(removedScalars).subtracting(breaks)
    netRemoved.remove("x")
    netAdded.remove("x")
    if netRemoved.union(netAdded).contains(where: { $0 != "…" }) {
      netRemoved.remove("…")
      netAdded.remove("…")
    }
    var kind = EditSignature()
    kind.notes = notes
    if !netRemoved.isEmpty { kind.removed[.inside] = netRemoved }
    if !netAdded.isEmpty { kind.added[.inside] = netAdded }
    return kind.removed.isEmpty && kind.added.isEmpty ? self : kind
  }

  /// The signature with every place taken as inside the body, so the same
  /// change at the start, the end or inside is one change: what `diff`
  /// knows a cause by.
  package var placeless: EditSignature {
    var merged = self
    merged.removed = removed.isEmpty ? [:] : [.inside: allRemoved]
    merged.added = added.isEmpty ? [:] : [.inside: allAdded]
    return merged
  }

  /// Every scalar removed, wherever.
  private var allRemoved: Set<Unicode.Scalar> {
    removed.values.reduce(into: []) { $0.formUnion($1) }
  }

  /// Every scalar added, wherever.
  private var allAdded: Set<Unicode.Scalar> { added.values.reduce(into: []) { $0.formUnion($1) } }

  /// `removes "~"; adds " " before the final "…"; the cut moved earlier`.
  package var description: String {
    func listed(_ scalars: Set<Unicode.Scalar>) -> String {
      scalars.sorted { $0.value < $1.value }
        .map { Escaped.forDisplay(String($0)) }.joined(separator: ", ")
    }
    var parts: [String] = []
    for place in Place.allCases {
      if let scalars = removed[place] { parts.append("removes \(listed(scalars))\(place.suffix)") }
      if let scalars = added[place] { parts.append("adds \(listed(scalars))\(place.suffix)") }
    }
    parts += Cut.allCases.filter(cuts.contains).map(\.description)
    parts += notes.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return parts.joined(separator: "; ")
  }

  /// The scalar itself when it is syntax, else `x`.
  static func normalized(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar {
    case " ", "\t", "\n", "\r", "…": return scalar
    default:
      guard scalar.isASCII else { return "x" }
      switch scalar.properties.generalCategory {
      case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
        .modifierSymbol, .otherSymbol:
        return scalar
      default:
        return "x"
      }
    }
  }
}

extension EditSignature {
  /// `items` grouped by the kind of change each names: the groups with the
  /// most items first, then by kind in UTF-8 order, so one behaviour change
  /// is one group wherever it was found; items keep their order in a group.
  ///
  ///     EditSignature.grouped(["a", "b", "a"]) { $0 }  // [("a", ["a", "a"]), ("b", ["b"])]
  ///
  /// - Parameters:
  ///   - items: Changed inputs, as the snapshot or the baseline found them.
  ///   - kind: The item's kind of change, `EditSignature.kind.description`.
  /// - Returns: The groups, each with its kind.
  /// - Complexity: O(*n* log *n*) in the number of items.
  package static func grouped<Item>(_ items: [Item], by kind: (Item) -> String) -> [(
    kind: String, items: [Item]
  )] {
    var groups: [String: [Item]] = [:]
    for item in items { groups[kind(item), default: []].append(item) }
    return groups.map { (kind: $0.key, items: $0.value) }.sorted {
      $0.items.count != $1.items.count
        ? $0.items.count > $1.items.count : $0.kind.utf8.lexicographicallyPrecedes($1.kind.utf8)
    }
  }
}
