import NotificationBodyReference

/// The rule of docs/contract.md to look at when a body differs from the
/// contract's: how a finding is named. It reads the reference's provenance
/// (what each rule kept and dropped), and holds the judgement calls tuned on
/// the planted catalogue that the reference, a transcription of the
/// contract, does not: how far from R1's window a body may be and still be
/// R1's, and which rule a parting at a block's start or a "…" belongs to.
package enum RuleAttribution {
  package typealias Rule = NotificationBodyReference.Rule

  /// How many UTF-16 units longer or shorter than R1's a window may be for
  /// a body made with it to be named R1's.
  package static let windowSlack = 4

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
    let contract = NotificationBodyReference.provenance(of: markdown, limit: utf16Units)
    guard !body.unicodeScalars.elementsEqual(contract.text.unicodeScalars) else { return nil }
    // R1's: the body is the contract's for a window a few units longer or
    // shorter, wherever it shows.
    let units = markdown.utf16.count
    let window = NotificationBodyReference.windowUTF16Units
    if units > window - windowSlack {
      for windowUnits in (window - windowSlack)...(window + windowSlack)
      where windowUnits != window && windowUnits <= units {
        let shifted = NotificationBodyReference.provenance(
          of: markdown, limit: utf16Units, windowUnits: windowUnits)
        if body.unicodeScalars.elementsEqual(shifted.text.unicodeScalars) { return .r1 }
      }
    }
    return rule(whereBodyParts: Array(body.unicodeScalars), of: contract)
  }

  /// The rule where `other` first differs from the contract's body, read
  /// off `provenance`.
  private static func rule(whereBodyParts other: [Unicode.Scalar], of provenance: Provenance)
    -> Rule
  {
    let body = provenance.body
    let window = provenance.window
    let dropped = provenance.dropped
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
