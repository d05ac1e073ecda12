import CBodyScan
import NotificationBody
import NotificationBodyReference
import NotificationBodyText

/// The checks a fuzz target makes on every execution, on the body its
/// measured call already made: each thing once, no second body where one
/// can be spared, and nothing the reference comparison already proves.
///
/// `Invariants.check` is the whole check, run by the property tests, on
/// every corpus input (`CorpusInvariantTests`) and in triage; these are its
/// cheap form for the hot loop, and report in its words when one breaks.
/// Without the reference, they leave out what needs another body of the
/// library: whether R12 cut where and when it should have (a comparison
/// with the uncapped body), and whether text after the window changes the
/// body. `againstReference` sees both on every execution.
///
///     BodyChecks.withoutReference("Hello world", of: "Hello **world**", limit: .default)  // nil
package enum BodyChecks {
  /// The invariants that need no reference and no second body, on `body`,
  /// which `implementation` made from `message` at `limit`: within the
  /// limit, no "…" but R1's and R12's, R1's wherever it left text out,
  /// nothing new, plain text unchanged.
  ///
  /// - Complexity: O(*n*) in the message's window and the body, in C's byte
  ///   loops and the standard library's; `Character`s only around the end of
  ///   R1's window.
  /// - Returns: The first broken invariant, in the words of
  ///   `Invariants.check`, or nil.
  package static func withoutReference(
    _ body: String, of message: String, limit: NotificationBody.Limit,
    implementation: Implementation = .library
  ) -> InvariantFailure? {
    guard let broken = firstBroken(body, message, limit) else { return nil }
    // Rare: say it in the whole check's words, which triage reads again.
    let failures = Invariants.check(
      message, limit: limit, implementation: implementation, checkingCost: false,
      usingReference: false)
    return failures.first ?? InvariantFailure(broken, "seen by the fuzz target's checks only")
  }

  /// What `FuzzTarget.differential` checks besides the cost: the library
  /// against the reference, and that the window holds, which no single
  /// comparison proves.
  ///
  /// - Complexity: The reference's body, and two more of the library's
  ///   where R1 left text out.
  package static func againstReference(
    _ body: String, of message: String, limit: NotificationBody.Limit,
    implementation: Implementation = .library
  ) -> InvariantFailure? {
    let reference = NotificationBodyReference.make(from: message, limit: limit.utf16Units)
    if !body.hasSameScalars(as: reference) {
      return InvariantFailure(
        .matchesReference,
        "\(implementation.name) gives \(Escaped.json(body)), the reference \(Escaped.json(reference))"
      )
    }
    let read = utf16Prefix(of: message, units: NotificationBodyReference.windowUTF16Units)
    if read.bytes < message.utf8.count,
      !windowHolds(
        body, message, window(ofLong: message, readBytes: read.bytes), limit, implementation)
    {
      return InvariantFailure(
        .windowHolds, "text after the window changed the body \(Escaped.excerpt(body))")
    }
    return nil
  }

  /// The first invariant the cheap checks see broken, in `Invariant` order.
  private static func firstBroken(
    _ body: String, _ message: String, _ limit: NotificationBody.Limit
  ) -> Invariant? {
    let units = limit.utf16Units
    if utf16Prefix(of: body, units: units).bytes < body.utf8.count { return .withinLimit }
    // R1 leaves text out exactly when the message is over its window.
    let windowUnits = NotificationBodyReference.windowUTF16Units
    let read = utf16Prefix(of: message, units: windowUnits)
    let leftTextOut = read.bytes < message.utf8.count
    let window = leftTextOut ? Self.window(ofLong: message, readBytes: read.bytes) : message[...]
    if leftTextOut, body.unicodeScalars.last != CharacterRules.ellipsis {
      return .ellipsisExactly
    }
    // No rule lengthens a message, so R12 can have cut only where the
    // window, with R1's "…", is over the limit.
    let mayBeCut = read.units + (leftTextOut ? 1 : 0) > units
    if ellipsesAdded(body, window, cut: leftTextOut || mayBeCut) { return .ellipsisExactly }
    if !onlyScalarsOf(window, in: body) { return .nothingNew }
    if !body.hasSameScalars(as: message), Invariants.isPlain(message, limit: units) {
      return .plainTextPasses
    }
    return nil
  }

  /// Whether the body holds more "…" than the window, plus the one a cut
  /// may add.
  private static func ellipsesAdded(_ body: String, _ window: Substring, cut: Bool) -> Bool {
    var body = body
    let shown = body.withUTF8 { body_scan_ellipses($0.baseAddress, $0.count) }
    guard shown > (cut ? 1 : 0) else { return false }
    var window = window
    let typed = window.withUTF8 { body_scan_ellipses($0.baseAddress, $0.count) }
    return shown > typed + (cut ? 1 : 0)
  }

  /// Whether every scalar of `body` but "…" and "\n" is in `window`.
  private static func onlyScalarsOf(_ window: Substring, in body: String) -> Bool {
    var body = body
    var window = window
    return body.withUTF8 { body in
      window.withUTF8 { window in
        body_scan_scalars_within(body.baseAddress, body.count, window.baseAddress, window.count)
      }
    }
  }

  /// The longest prefix of whole scalars of `text` of at most `units`
  /// UTF-16 units: its UTF-8 bytes and its units, counted in C without
  /// building the UTF-16 view's index.
  static func utf16Prefix(of text: String, units: Int) -> (bytes: Int, units: Int) {
    var text = text
    var counted = 0
    let bytes = text.withUTF8 { body_scan_utf16_prefix($0.baseAddress, $0.count, units, &counted) }
    return (bytes, counted)
  }

  /// R1's window of a message longer than it: its whole characters within
  /// the first 4096 units, where `readBytes` is the length of its whole
  /// scalars within them (`utf16Prefix`). The reference's characters are
  /// read only from the last place before the end where a boundary lies
  /// whatever precedes it (`breaksWhateverPrecedes`), usually a scalar or
  /// two back, to one scalar past the end (`CharacterRules.window(of:)`
  /// reads every character of the window).
  static func window(ofLong message: String, readBytes: Int) -> Substring {
    let scalars = message.unicodeScalars
    let end = message.utf8.index(message.utf8.startIndex, offsetBy: readBytes)
    var start = end
    while start > scalars.startIndex {
      let before = scalars.index(before: start)
      if NotificationBodyReference.breaksWhateverPrecedes(scalars[before], scalars[start]) {
        break
      }
      start = before
    }
    let read = Array(scalars[start...end])
    let breaks = NotificationBodyReference.characterBreaks(read)
    let kept = breaks[..<read.count].lastIndex(of: true) ?? 0
    return Substring(scalars[..<scalars.index(start, offsetBy: kept)])
  }

  /// Whether the body stays the same when the text after R1's window
  /// (`window`, which left text out) changes: cut right after it, or
  /// followed by every kind of syntax.
  static func windowHolds(
    _ body: String, _ message: String, _ window: Substring, _ limit: NotificationBody.Limit,
    _ implementation: Implementation
  ) -> Bool {
    let rest = message[window.endIndex...]
    let shortest = String(window) + CharacterRules.firstCharacter(of: rest)
    let longer = message + "\n```\n**`[x](y)~~"
    return [shortest, longer].allSatisfy { implementation.make($0, limit).hasSameScalars(as: body) }
  }
}
