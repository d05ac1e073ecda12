extension NotificationBodyReference {
  /// A rule of `docs/contract.md`, as a finding names it: "R5".
  package enum Rule: Int, Sendable, CustomStringConvertible {
    case r1 = 1
    case r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12

    /// "R1" to "R12", as the contract and the fixture cases' names write it.
    package var description: String { "R\(rawValue)" }

    /// The rule a scalar of prose answers to when R8 keeps it as typed: the
    /// rule whose syntax it is (a `*` or `~` that R7 did not drop, a bracket
    /// that opened no link, a backtick), or the rule that tidies it (a space
    /// R9, a line break R10); anything else is R8's.
    static func keeping(_ scalar: Unicode.Scalar) -> Rule {
      switch scalar {
      case "*", "~": .r7
      case "[", "]": .r5
      case "`": .r4
      case " ": .r9
      case "\n": .r10
      default: .r8
      }
    }
  }

  /// Scalars of the text after R2 that a rule dropped.
  struct Drop: Sendable, Equatable {
    var range: Range<Int>
    var rule: Rule
  }

  /// What each rule did to a message: where each scalar of the contract's
  /// body came from and which rule kept it, and which rule dropped each
  /// scalar of the window that is not in it. Plain data, read off the
  /// passes that make the body; naming the rule where another body parts
  /// from this one is a finding's question (`NotificationBodyFindings`).
  ///
  ///     let provenance = NotificationBodyReference.provenance(of: "**a**", limit: 256)
  ///     provenance.body.map(\.rule)  // [.r8]: "a" kept as prose
  ///     provenance.dropped           // [.r7, .r7, nil, .r7, .r7]
  ///
  /// - Parameters:
  ///   - markdown: The message.
  ///   - utf16Units: The limit.
  ///   - windowUnits: R1's window, in UTF-16 units: the contract's 4096, or
  ///     another to ask what a window a few units off would make.
  package static func provenance(
    of markdown: String, limit utf16Units: Int, windowUnits: Int = windowUTF16Units
  ) -> Provenance {
    Provenance(Reading(of: markdown, limit: utf16Units, windowUnits: windowUnits))
  }
}

/// The contract's body, scalar by scalar, traced back to the window:
/// `NotificationBodyReference.provenance(of:limit:windowUnits:)`.
package struct Provenance: Sendable {
  package typealias Rule = NotificationBodyReference.Rule

  /// One scalar of the body: the window scalar it came from (nil for the
  /// "…") and the rule that kept it.
  package struct Kept: Sendable {
    package var scalar: Unicode.Scalar
    package var origin: Int?
    package var rule: Rule
  }

  /// The contract's body.
  package let text: String
  /// The window's scalars.
  package let window: [Unicode.Scalar]
  /// For each scalar of the window not in the body, the first rule that
  /// dropped it; nil for one the body keeps.
  package var dropped: [Rule?]
  /// The body's scalars, each with where it came from.
  package var body: [Kept] = []

  init(_ reading: NotificationBodyReference.Reading) {
    text = reading.body
    window = Array(reading.window.text.unicodeScalars)
    let origins = reading.text.origins
    dropped = Array(repeating: nil, count: window.count)
    // R2: the "\n" of each "\r\n" has no scalar of its own after R2.
    var kept = Array(repeating: false, count: window.count)
    for origin in origins { kept[origin] = true }
    for index in window.indices where !kept[index] { dropped[index] = .r2 }
    // R3–R8.
    for drop in reading.read.drops {
      for source in drop.range { mark(origins[source], droppedBy: drop.rule) }
    }
    // R9–R11: what each step left out of the text it was given.
    var before = reading.read.scalars
    for (rule, after) in reading.tidying {
      var remaining = Set(after.map(\.source))
      for marked in before where remaining.remove(marked.source) == nil {
        mark(origins[marked.source], droppedBy: rule)
      }
      before = after
    }
    // R12: the prefix the cap kept, then "…".
    let isCut = !reading.body.unicodeScalars.elementsEqual(reading.uncappedBody.unicodeScalars)
    let keptCount = isCut ? reading.body.unicodeScalars.count - 1 : before.count
    for marked in before[keptCount...] { mark(origins[marked.source], droppedBy: .r12) }
    body = before[..<keptCount].map {
      Kept(scalar: $0.scalar, origin: origins[$0.source], rule: $0.rule)
    }
    if isCut {
      let isOnlyTheWindow =
        reading.uncappedBody.unicodeScalars.reduce(0) { $0 + UTF16.width($1) } <= reading.limit
      body.append(Kept(scalar: "…", origin: nil, rule: isOnlyTheWindow ? .r1 : .r12))
    }
  }

  /// Records the first rule that dropped a window scalar.
  private mutating func mark(_ origin: Int, droppedBy rule: Rule) {
    if dropped[origin] == nil { dropped[origin] = rule }
  }
}
