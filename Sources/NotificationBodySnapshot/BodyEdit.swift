import NotificationBodyHarness
import NotificationBodyText

/// How one body became another: the places where the two differ, found by a
/// diff of their scalars between the longest common prefix and suffix.
///
///     let edit = BodyEdit(from: "a **b** c", to: "a b c")
///     edit.signature.description  // "removes \"*\""
///     edit.excerpt                // "\"a [-**b**-]{+b+} c\""
///
/// Each place is a run of scalars removed and inserted between scalars both
/// bodies keep, as Myers's diff aligns them; `signature` turns the places
/// into the kind of change.
package struct BodyEdit: Sendable {
  /// One place where the bodies differ: scalars removed from the old body
  /// and inserted in their place, and the scalars around them.
  package struct Hunk: Sendable, Hashable {
    package var removed: [Unicode.Scalar]
    package var inserted: [Unicode.Scalar]
    /// The old body's scalar before the place; nil at its start.
    package var before: Unicode.Scalar?
    /// The old body's scalar after the place; nil at its end.
    package var after: Unicode.Scalar?
    /// Whether the place is right before the "…" that ends both bodies:
    /// where R12's cut is.
    package var atTheCut: Bool
  }

  /// How many scalars the two bodies share before they first differ.
  package var firstDifference: Int { prefix.count }

  /// The places, in order; empty when the bodies are the same.
  package private(set) var hunks: [Hunk]
  /// The old body's scalars before the first difference.
  private let prefix: [Unicode.Scalar]
  /// The scalars between the common prefix and suffix, old and new.
  private let oldRegion: [Unicode.Scalar]
  private let newRegion: [Unicode.Scalar]
  private let suffix: [Unicode.Scalar]

  /// The most edits the scalar diff looks for before it takes the whole
  /// differing region as one place.
  static let maxEdits = 128
  /// The scalars of context an excerpt shows on each side.
  static let excerptContext = 24

  /// The edit from `old` to `new`.
  ///
  /// - Complexity: O(*n* + *m*) to strip the common ends, then
  ///   O((*n* + *m*) × `maxEdits`) over the region between them.
  package init(from old: String, to new: String) {
    let old = Array(old.unicodeScalars)
    let new = Array(new.unicodeScalars)
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var end = 0
    while end < old.count - start, end < new.count - start,
      old[old.count - 1 - end] == new[new.count - 1 - end]
    {
      end += 1
    }
    let oldRegion = Array(old[start..<(old.count - end)])
    let newRegion = Array(new[start..<(new.count - end)])
    prefix = Array(old[..<start])
    suffix = Array(old[(old.count - end)...])
    self.oldRegion = oldRegion
    self.newRegion = newRegion
    if oldRegion.isEmpty && newRegion.isEmpty {
      hunks = []
      return
    }
    let places =
      Self.places(oldRegion, newRegion)
      ?? [(oldRange: 0..<oldRegion.count, newRange: 0..<newRegion.count)]
    hunks = places.map { place in
      let at = start + place.oldRange.lowerBound
      let after = start + place.oldRange.upperBound
      return Hunk(
        removed: Array(oldRegion[place.oldRange]), inserted: Array(newRegion[place.newRange]),
        before: at > 0 ? old[at - 1] : nil, after: after < old.count ? old[after] : nil,
        atTheCut: after == old.count - 1 && old[after] == "…")
    }
  }

  /// Whether the bodies differ.
  package var isEmpty: Bool { hunks.isEmpty }

  /// The kind of change, with the text it happened in left out.
  package var signature: EditSignature {
    var signature = EditSignature()
    for hunk in hunks { signature.add(hunk) }
    return signature
  }

  /// The differing region in its context, escaped for display, the removed
  /// text in `[-…-]` and the inserted in `{+…+}` as `git diff --word-diff`
  /// marks them; `⋯` where context is left out.
  package var excerpt: String {
    func shown(_ scalars: some Collection<Unicode.Scalar>) -> String {
      String(Escaped.forDisplay(String(String.UnicodeScalarView(scalars))).dropFirst().dropLast())
    }
    func shortened(_ scalars: [Unicode.Scalar]) -> String {
      guard scalars.count > 4 * Self.excerptContext else { return shown(scalars) }
      return shown(scalars.prefix(2 * Self.excerptContext)) + "⋯"
        + shown(scalars.suffix(2 * Self.excerptContext))
    }
    var text = prefix.count > Self.excerptContext ? "⋯\"" : "\""
    text += shown(prefix.suffix(Self.excerptContext))
    if !oldRegion.isEmpty { text += "[-" + shortened(oldRegion) + "-]" }
    if !newRegion.isEmpty { text += "{+" + shortened(newRegion) + "+}" }
    text += shown(suffix.prefix(Self.excerptContext)) + "\""
    return text + (suffix.count > Self.excerptContext ? "⋯" : "")
  }

  /// The places where `old` and `new` differ, as ranges of each, found by
  /// Myers's O(*ND*) diff; nil when they need more than `maxEdits` edits.
  private static func places(_ old: [Unicode.Scalar], _ new: [Unicode.Scalar])
    -> [(oldRange: Range<Int>, newRange: Range<Int>)]?
  {
    let limit = min(maxEdits, old.count + new.count)
    let offset = limit + 1
    var furthest = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var edits: Int?
    search: for count in 0...limit {
      trace.append(furthest)
      for diagonal in stride(from: -count, through: count, by: 2) {
        var x =
          diagonal == -count
            || (diagonal != count
              && furthest[diagonal - 1 + offset] < furthest[diagonal + 1 + offset])
          ? furthest[diagonal + 1 + offset] : furthest[diagonal - 1 + offset] + 1
        var y = x - diagonal
        while x < old.count, y < new.count, old[x] == new[y] {
          x += 1
          y += 1
        }
        furthest[diagonal + offset] = x
        if x >= old.count && y >= new.count {
          edits = count
          break search
        }
      }
    }
    guard let edits else { return nil }
    // Walk back from the end, collecting the pairs of old and new indices
    // the diff keeps.
    var kept: [(Int, Int)] = []
    var x = old.count
    var y = new.count
    for count in stride(from: edits, to: 0, by: -1) {
      let previous = trace[count]
      let diagonal = x - y
      let from =
        diagonal == -count
          || (diagonal != count
            && previous[diagonal - 1 + offset] < previous[diagonal + 1 + offset])
        ? diagonal + 1 : diagonal - 1
      let fromX = previous[from + offset]
      let fromY = fromX - from
      let stepX = from == diagonal + 1 ? fromX : fromX + 1
      while x > stepX {
        x -= 1
        y -= 1
        kept.append((x, y))
      }
      x = fromX
      y = fromY
    }
    while x > 0 {
      x -= 1
      y -= 1
      kept.append((x, y))
    }
    kept.reverse()
    var places: [(oldRange: Range<Int>, newRange: Range<Int>)] = []
    var oldAt = 0
    var newAt = 0
    for (oldIndex, newIndex) in kept + [(old.count, new.count)] {
      if oldIndex > oldAt || newIndex > newAt {
        places.append((oldAt..<oldIndex, newAt..<newIndex))
      }
      oldAt = oldIndex + 1
      newAt = newIndex + 1
    }
    return places
  }
}
