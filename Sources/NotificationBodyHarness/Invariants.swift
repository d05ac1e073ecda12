import CBodyScan
import NotificationBody
import NotificationBodyReference
import NotificationBodyText

/// Checks every invariant of a body, for the property tests, the fuzzers and
/// the differential runner alike.
package enum Invariants {
  /// The invariants `implementation` breaks on `input`, none if it is right.
  ///
  ///     Invariants.check("Hello **world**")  // []
  ///
  /// - Parameters:
  ///   - input: Any message.
  ///   - limit: The limit to make the body with.
  ///   - implementation: The body function under test; the library unless a
  ///     test hands in a deliberately broken one.
  ///   - checkingCost: Whether to measure one more call for `.noLeak` and
  ///     `.linearWork`; a fuzz target that measures it itself passes false.
  ///   - usingReference: Whether to check the invariants that need the
  ///     reference, `.codeSurvives`, `.noMarkupResidue` and
  ///     `.matchesReference`; `FuzzTarget.library` passes false, for speed.
  /// - Returns: Each broken invariant with what was seen, in `Invariant`
  ///   order.
  package static func check(
    _ input: String, limit: NotificationBody.Limit = .default,
    implementation: Implementation = .library, checkingCost: Bool = true,
    usingReference: Bool = true
  ) -> [InvariantFailure] {
    var failures: [InvariantFailure] = []
    func fail(_ invariant: Invariant, _ detail: String) {
      failures.append(InvariantFailure(invariant, detail))
    }
    let units = limit.utf16Units
    let body = implementation.make(input, limit)
    let window = CharacterRules.window(of: input)
    let reference =
      usingReference ? NotificationBodyReference.analysis(of: input, limit: units) : nil

    // The body before R12, from the implementation itself: with no limit it
    // is cut only when R1 left text out, and then just gains "…".
    var uncapped = implementation.make(input, .init(utf16Units: .max))
    if window.leftTextOut {
      if uncapped.unicodeScalars.last == CharacterRules.ellipsis {
        uncapped.unicodeScalars.removeLast()
      } else {
        fail(
          .ellipsisExactly,
          "R1 left text out, but with no limit the body \(Escaped.excerpt(uncapped)) lacks \"…\"")
      }
    }
    let added = window.leftTextOut || uncapped.utf16.count > units

    // 1. Never over the limit.
    if body.utf16.count > units {
      fail(.withinLimit, "\(body.utf16.count) UTF-16 units, over the limit of \(units)")
    }

    // 3. "…" exactly when R1 left text out or the body was over the limit.
    if added, body.unicodeScalars.last != CharacterRules.ellipsis {
      fail(
        .ellipsisExactly,
        window.leftTextOut
          ? "R1 left text out but \(Escaped.excerpt(body)) does not end with \"…\""
          : "the uncapped body has \(uncapped.utf16.count) units but \(Escaped.excerpt(body)) does not end with \"…\""
      )
    } else if !added, !body.hasSameScalars(as: uncapped) {
      fail(
        .ellipsisExactly,
        "nothing was cut, yet \(Escaped.excerpt(body)) differs from the uncapped body \(Escaped.excerpt(uncapped))"
      )
    }

    // R1–R11 never add "…": the body holds no more of them than the window,
    // plus the one R12 adds.
    let typed = window.text.unicodeScalars.count { $0 == CharacterRules.ellipsis }
    let shown = body.unicodeScalars.count { $0 == CharacterRules.ellipsis }
    if shown > typed + (added ? 1 : 0) {
      fail(
        .ellipsisExactly,
        "\(Escaped.excerpt(body)) holds \(shown) \"…\" but the message \(typed)\(added ? " and one cut" : " and nothing was cut")"
      )
    }

    // 2. A cut keeps the longest whole-character prefix R12 allows.
    if added { failures += cutFailures(body, uncapped, units: units) }

    failures += referenceFailures(uncapped, reference)

    // 6. Nothing new: no scalar the window doesn't hold, but "…" and "\n".
    let allowed = Set(window.text.unicodeScalars)
    if let stranger = body.unicodeScalars.first(where: {
      $0 != CharacterRules.ellipsis && $0 != "\n" && !allowed.contains($0)
    }) {
      fail(
        .nothingNew,
        "U+\(String(stranger.value, radix: 16, uppercase: true)) is in the body but not in the input"
      )
    }

    // 7. Plain text passes.
    if isPlain(input, limit: units), !body.hasSameScalars(as: input) {
      fail(.plainTextPasses, "plain text came back as \(Escaped.excerpt(body))")
    }

    // 8. The window holds: what follows it never changes the body.
    if window.leftTextOut,
      !BodyChecks.windowHolds(body, input, window.text, limit, implementation)
    {
      fail(.windowHolds, "text after the window changed the body \(Escaped.excerpt(body))")
    }

    // 9. The implementation agrees with the reference.
    if let reference, !body.hasSameScalars(as: reference.body) {
      fail(
        .matchesReference,
        "\(implementation.name) gives \(Escaped.excerpt(body)), the reference \(Escaped.excerpt(reference.body))"
      )
    }
    // 10 and 11. No leak, linear work.
    if checkingCost {
      failures += CallCost(of: implementation, on: input, limit: limit).failures
    }
    return InvariantFailure.inOrder(failures)
  }

  /// Invariant 2 for a body that was cut: what precedes "…" is the longest
  /// whole-character prefix of the uncapped body R12 allows.
  private static func cutFailures(_ body: String, _ uncapped: String, units: Int)
    -> [InvariantFailure]
  {
    var failures: [InvariantFailure] = []
    func fail(_ invariant: Invariant, _ detail: String) {
      failures.append(InvariantFailure(invariant, detail))
    }
    if body.unicodeScalars.last == CharacterRules.ellipsis {
      let expected = CharacterRules.capped(uncapped, limit: units)
      if !body.hasSameScalars(as: expected) {
        var kept = body
        kept.unicodeScalars.removeLast()
        let isPrefix = uncapped.unicodeScalars.starts(with: kept.unicodeScalars)
        let onBoundary = isPrefix && CharacterRules.endsOnBoundary(kept, of: uncapped)
        fail(
          .wholeCharacters,
          !isPrefix
            ? "\(Escaped.excerpt(kept)) before \"…\" is not a prefix of the uncapped body \(Escaped.excerpt(uncapped))"
            : !onBoundary
              ? "\(Escaped.excerpt(kept)) before \"…\" splits a character of \(Escaped.excerpt(uncapped))"
              : "\(Escaped.excerpt(body)) is not the longest cut R12 allows, \(Escaped.excerpt(expected))"
        )
      }
    }
    return failures
  }

  /// Invariants 4 and 5, which need the reference: code survives, and the
  /// body holds no markup the contract's own body does not.
  private static func referenceFailures(
    _ uncapped: String, _ reference: NotificationBodyReference.Analysis?
  ) -> [InvariantFailure] {
    var failures: [InvariantFailure] = []
    func fail(_ invariant: Invariant, _ detail: String) {
      failures.append(InvariantFailure(invariant, detail))
    }
    // 4. Code survives: every code line and span, but for white space at its
    // ends that R10 and R11 may take, appears in the body.
    for code in Set(reference?.code ?? []) {
      let core = trimmed(code)
      if !core.isEmpty, !CharacterRules.contains(uncapped, core) {
        fail(
          .codeSurvives,
          "code \(Escaped.excerpt(core)) is missing from the body \(Escaped.excerpt(uncapped))")
        break
      }
    }

    // 5. No markup residue outside code and URLs: no `**`, `~~` or `](` the
    // contract drops. R7 and R5 read their syntax once, so dropping some can
    // join what stood around it ("~**~" gives "~~", "[]![(c)](e)" gives
    // "[](c)"); those joins are the contract's, and the reference's body
    // holds exactly them, so the body may hold no more than it.
    if let reference {
      let kept = Set(reference.code.map(trimmed) + reference.urls).filter { !$0.isEmpty }
        .sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }
      let bodyMasked = masked(uncapped, keeping: kept)
      let referenceMasked = masked(reference.uncappedBody, keeping: kept)
      for syntax in ["**", "~~", "]("] {
        let left = CharacterRules.count(Array(syntax.utf8), in: bodyMasked)
        let joined = CharacterRules.count(Array(syntax.utf8), in: referenceMasked)
        if left > joined {
          fail(
            .noMarkupResidue,
            "\(left) \"\(syntax)\" outside code and URLs in \(Escaped.excerpt(uncapped)), "
              + "where the contract's joins leave \(joined)")
        }
      }
    }
    return failures
  }

  /// Whether R2–R12 leave `input` exactly as it is: no syntax character, no
  /// run of spaces, no blank-line run, no white space at its ends or on a
  /// line of its own, and short enough. Reads bytes (`body_scan_is_plain`):
  /// every character it looks for is ASCII, which no other scalar's UTF-8
  /// holds.
  static func isPlain(_ input: String, limit: Int) -> Bool {
    // Fewer units than the limit and the window: its whole-scalar prefix of
    // one unit less is all of it.
    let most = min(limit, NotificationBodyReference.windowUTF16Units) - 1
    guard BodyChecks.utf16Prefix(of: input, units: most).bytes == input.utf8.count else {
      return false
    }
    var input = input
    return input.withUTF8 { body_scan_is_plain($0.baseAddress, $0.count) }
  }

  private static func trimmed(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" || first == "\n" {
      scalars.removeFirst()
    }
    while let last = scalars.last, last == " " || last == "\t" || last == "\n" {
      scalars.removeLast()
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// `body`'s UTF-8 with every occurrence of each `kept` string masked.
  private static func masked(_ body: String, keeping kept: [String]) -> [UInt8] {
    var bytes = Array(body.utf8)
    for text in kept { CharacterRules.mask(Array(text.utf8), in: &bytes) }
    return bytes
  }

}
