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

  /// How many UTF-16 units longer or shorter than R1's a window may be for
  /// a body made with it to be named R1's.
  static let windowSlack = 4

  /// Scalars of the text after R2 that a rule dropped.
  struct Drop: Sendable, Equatable {
    var range: Range<Int>
    var rule: Rule
  }

  /// The rule to look at when a body differs from the contract's: the rule
  /// that kept or dropped the message's text where the two bodies first
  /// part.
  ///
  /// A body that is the contract's for a window up to `windowSlack` units
  /// longer or shorter than R1's is R1's, wherever it parts. Otherwise every
  /// scalar of the reference's body knows the rule that kept it and
  /// the scalar of the window it came from; every scalar of the window
  /// that is not in the body knows the rule that dropped it. Where the
  /// bodies part, the rule is:
  /// - the rule that dropped a scalar the other body has there instead (it
  ///   kept what the contract drops: `**` kept is R7, a second line break
  ///   for `\r\n` is R2);
  /// - else, when either body ends in "…" there, R12 (R1 when only the
  ///   window left text out);
  /// - else R3 when the reference's scalar there starts a block after the
  ///   line break R3 put between blocks;
  /// - else the rule that kept the reference's scalar there (it dropped or
  ///   changed what the contract keeps: a link's `[` is R5, a space R9);
  /// - else, past the reference's end, the rule that dropped the text after
  ///   its last scalar.
  ///
  ///     rule(whereBody: "**a**", differsFrom: "**a**", limit: 256)  // .r7
  ///     rule(whereBody: "a\n\nb", differsFrom: "a\r\nb", limit: 256)  // .r2
  ///
  /// - Parameters:
  ///   - body: A body that should have been the contract's, such as the
  ///     library's.
  ///   - markdown: The message.
  ///   - utf16Units: The limit.
  /// - Returns: The rule, or nil when `body` is the contract's body.
  package static func rule(
    whereBody body: String, differsFrom markdown: String, limit utf16Units: Int
  ) -> Rule? {
    let reading = Reading(of: markdown, limit: utf16Units)
    guard !body.unicodeScalars.elementsEqual(reading.body.unicodeScalars) else { return nil }
    // R1's: the body is the contract's for a window a few units longer or
    // shorter, wherever it shows.
    let units = markdown.utf16.count
    if units > windowUTF16Units - windowSlack {
      let others = (windowUTF16Units - windowSlack)...(windowUTF16Units + windowSlack)
      for windowUnits in others where windowUnits != windowUTF16Units && windowUnits <= units {
        let shifted = Reading(of: markdown, limit: utf16Units, windowUnits: windowUnits)
        if body.unicodeScalars.elementsEqual(shifted.body.unicodeScalars) { return .r1 }
      }
    }
    return RuleTrace(reading).rule(whereBodyParts: Array(body.unicodeScalars))
  }
}

/// The reference's body, scalar by scalar, traced back to the window
/// (see `NotificationBodyReference.rule(whereBody:differsFrom:limit:)`).
private struct RuleTrace {
  typealias Rule = NotificationBodyReference.Rule

  /// The window's scalars.
  let window: [Unicode.Scalar]
  /// For each scalar of the window not in the body, the rule that dropped it.
  var dropped: [Rule?]
  /// The body's scalars, the window scalar each came from (nil for the
  /// "…") and the rule that kept it.
  var body: [(scalar: Unicode.Scalar, origin: Int?, rule: Rule)] = []

  init(_ reading: NotificationBodyReference.Reading) {
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
    body = before[..<keptCount].map { ($0.scalar, origins[$0.source], $0.rule) }
    if isCut {
      let isOnlyTheWindow =
        reading.uncappedBody.unicodeScalars.reduce(0) { $0 + UTF16.width($1) } <= reading.limit
      body.append(("…", nil, isOnlyTheWindow ? .r1 : .r12))
    }
  }

  /// Records the first rule that dropped a window scalar.
  private mutating func mark(_ origin: Int, droppedBy rule: Rule) {
    if dropped[origin] == nil { dropped[origin] = rule }
  }

  /// The rule where `other` first differs from the reference's body.
  func rule(whereBodyParts other: [Unicode.Scalar]) -> Rule {
    var index = 0
    while index < other.count && index < body.count && other[index] == body[index].scalar {
      index += 1
    }
    // The window's scalars between the body's scalars on either side.
    let after = index > 0 ? (body[index - 1].origin ?? window.count) : -1
    let before = index < body.count ? (body[index].origin ?? window.count) : window.count
    let between = (after + 1)..<max(after + 1, before)
    let droppedHere = between.filter { dropped[$0] != nil }
    // A scalar the contract drops, kept.
    if index < other.count,
      let origin = droppedHere.first(where: { Self.sameAfterR2(window[$0], other[index]) })
    {
      return dropped[origin]!
    }
    let endsHere = { (scalars: [Unicode.Scalar]) in
      index == scalars.count - 1 && scalars[index] == "…"
    }
    if endsHere(other) || endsHere(body.map(\.scalar)) {
      return body.last?.scalar == "…" ? body[body.count - 1].rule : .r12
    }
    if index < body.count {
      let kept = body[index]
      // A line break that was a carriage return is R2's.
      if kept.scalar == "\n", let origin = kept.origin, window[origin] == "\r" { return .r2 }
      // What starts a block after R3's line break between blocks: the
      // blocks themselves differ.
      if index > 0 && body[index - 1].scalar == "\n" && body[index - 1].rule == .r3 {
        return .r3
      }
      return kept.rule
    }
    if let origin = droppedHere.first { return dropped[origin]! }
    return index > 0 ? body[index - 1].rule : .r8
  }

  /// Whether a window scalar reads as `scalar` once R2 has made every line
  /// break "\n".
  private static func sameAfterR2(_ windowScalar: Unicode.Scalar, _ scalar: Unicode.Scalar) -> Bool
  {
    windowScalar == scalar || (windowScalar == "\r" && scalar == "\n")
  }
}
