import NotificationBody
import NotificationBodyReference

/// The invariants of a body that need no reference, checked fast enough to
/// run the library thousands of times a second (`FuzzTarget.library`).
///
/// `Invariants.check` runs the reference and every invariant; this runs
/// only the implementation, as few times as it can: once at the input's
/// limit; once more at a slightly higher limit when "…" depends on the
/// body before R12 (the message is longer than the limit, or the body ends
/// with "…"), made when R1 left text out from the window followed by other
/// text, so that the same call shows whether the window holds; and with no
/// limit only when that does not settle it. Lengths, plain text and
/// searches are read from UTF-8 bytes; `Character`s are decoded only at the
/// window's end and around a cut.
///
///     LibraryChecks.check("Hello **world**")  // []
///
/// It reports `Invariant.withinLimit`, `.wholeCharacters`,
/// `.ellipsisExactly`, `.nothingNew`, `.plainTextPasses`, `.windowHolds`,
/// `.noLeak` and `.linearWork`,
/// never the invariants that need the reference (`.codeSurvives`,
/// `.noMarkupResidue`, `.matchesReference`). A Swift `String` always holds
/// valid Unicode, so a cut inside a scalar or a surrogate pair shows as
/// U+FFFD, which `.nothingNew` reports unless the message held one, and as
/// a cut that is no prefix of the uncapped body (`.wholeCharacters`).
package enum LibraryChecks {
  /// The window of R1, in UTF-16 units: the reference's, since a check
  /// must not take the library's word for what it checks.
  static let windowUnits = NotificationBodyReference.windowUTF16Units

  /// What `.windowHolds` appends after the window and the character that
  /// straddles its end: syntax of every kind, so a body that read past the
  /// window changes. Its line break keeps the straddling character whole.
  static let tailAfterWindow = "\n```\n**`[x](y)~~ https://x.io"

  /// How many units above the limit the second body is made at, so that
  /// what it keeps before its "…" covers the cut at the limit.
  static let reachMargin = 64

  /// The invariants `implementation` breaks on `message` among those that
  /// need no reference; none if it is right.
  ///
  ///     LibraryChecks.check("a ~~b~~ c", limit: .default)  // []
  ///
  /// - Parameters:
  ///   - message: Any message.
  ///   - limit: The limit to make the body with.
  ///   - implementation: The body function under test; the library unless a
  ///     test hands in a deliberately broken one.
  ///   - checkingCost: As in `Invariants.check`.
  /// - Returns: Each broken invariant with what was seen, in `Invariant`
  ///   order.
  /// - Complexity: O(*w*) beside the implementation's own calls, where *w*
  ///   is the length of the window, when the body copies the window in
  ///   order (see `firstScalarNotIn`).
  package static func check(
    _ message: String, limit: NotificationBody.Limit = .default,
    implementation: Implementation = .library, checkingCost: Bool = true
  ) -> [InvariantFailure] {
    var failures: [InvariantFailure] = []
    func fail(_ invariant: Invariant, _ detail: String) {
      failures.append(InvariantFailure(invariant, detail))
    }
    let units = limit.utf16Units
    let body = implementation.make(message, limit)
    let facts = withUTF8(message) { MessageFacts($0, windowUnits: windowUnits) }

    // R1's window, as Swift's grapheme breaking has it: the scalar prefix's
    // end rounded down to a character boundary (`String` rounds an index
    // when it moves one, here by zero).
    let windowEnd: String.Index
    if facts.leftTextOut {
      let scalarEnd = message.utf8.index(message.utf8.startIndex, offsetBy: facts.scalarEnd)
      windowEnd = message.index(scalarEnd, offsetBy: 0)
    } else {
      windowEnd = message.endIndex
    }
    let windowBytes = message.utf8.distance(from: message.startIndex, to: windowEnd)

    let bodyFacts = withUTF8(body) { bytes in
      // Each UTF-16 unit takes at least one byte: a short body needs no count.
      (
        overLimit: bytes.count > units && utf16Count(bytes) > units,
        endsWithEllipsis: endsWithEllipsis(bytes), ellipses: ellipsisCount(bytes)
      )
    }

    // 1. Never over the limit.
    if bodyFacts.overLimit {
      fail(.withinLimit, "\(body.utf16.count) UTF-16 units, over the limit of \(units)")
    }

    // 3. "…" exactly when R1 left text out or the body before R12 (the
    // uncapped body) is over the limit. R1–R11 never lengthen the window, so
    // a message within the limit needs the uncapped body only to explain a
    // final "…". Otherwise the body at a limit `reachMargin` units higher
    // (`reach`) usually tells enough at less cost than the uncapped body,
    // whose making reads the whole window: when it ends with "…" before
    // which at least `units` units are kept, R12 cut there or the message
    // typed that "…", and either way the uncapped body is longer than the
    // limit and starts with those units, on a character boundary.
    // `cutSource` is the uncapped body, or such a prefix of it.
    //
    // 8, in part: when R1 left text out, the body at `reach` is made from
    // `variant`, the window and the character that straddles its end
    // followed by other text. A right implementation gives it the message's
    // own body there, so R12's cut checked against it also checks that the
    // window holds; the message's own body at `reach` is made only to tell
    // which of the two a failure breaks.
    let reach = NotificationBody.Limit(
      utf16Units: units > Int.max - reachMargin ? Int.max : units + reachMargin)
    let variant: String? =
      facts.leftTextOut
      ? String(message[..<message.index(after: windowEnd)]) + tailAfterWindow : nil
    var variantAtReach: String?
    var cutSource: String?
    let added: Bool
    if !facts.leftTextOut, facts.units <= units {
      added = false
      if bodyFacts.endsWithEllipsis {
        let uncapped = implementation.make(message, .init(utf16Units: .max))
        if !body.hasSameScalars(as: uncapped) {
          fail(
            .ellipsisExactly,
            "nothing was cut, yet \(Escaped.excerpt(body)) differs from the uncapped body \(Escaped.excerpt(uncapped))"
          )
        }
      }
    } else if facts.leftTextOut, !bodyFacts.endsWithEllipsis {
      added = true
      fail(
        .ellipsisExactly, "R1 left text out but \(Escaped.excerpt(body)) does not end with \"…\"")
    } else {
      var wider = implementation.make(variant ?? message, reach)
      var widerUnits = withUTF8(wider) { utf16Count($0) }
      if wider.unicodeScalars.last == "\u{2026}", widerUnits - 1 >= units {
        if variant != nil { variantAtReach = wider }
        wider.unicodeScalars.removeLast()
        added = true
        cutSource = wider
        if !bodyFacts.endsWithEllipsis {
          fail(
            .ellipsisExactly,
            "at \(reach) the body keeps \(widerUnits - 1) units before \"…\", "
              + "but \(Escaped.excerpt(body)) does not end with \"…\"")
        }
      } else {
        // The body at `reach` is the uncapped one, or too short to tell.
        var uncapped = wider
        if wider.unicodeScalars.last == "\u{2026}" || facts.leftTextOut {
          uncapped = implementation.make(message, .init(utf16Units: .max))
          widerUnits = withUTF8(uncapped) { utf16Count($0) }
        }
        if facts.leftTextOut {
          added = true
          if uncapped.unicodeScalars.last == "\u{2026}" {
            uncapped.unicodeScalars.removeLast()
            cutSource = uncapped
          } else {
            fail(
              .ellipsisExactly,
              "R1 left text out, but with no limit the body \(Escaped.excerpt(uncapped)) lacks \"…\""
            )
          }
        } else {
          added = widerUnits > units
          cutSource = uncapped
          if added, !bodyFacts.endsWithEllipsis {
            fail(
              .ellipsisExactly,
              "the uncapped body has \(widerUnits) units but \(Escaped.excerpt(body)) does not end with \"…\""
            )
          } else if !added, !body.hasSameScalars(as: uncapped) {
            fail(
              .ellipsisExactly,
              "nothing was cut, yet \(Escaped.excerpt(body)) differs from the uncapped body \(Escaped.excerpt(uncapped))"
            )
          }
        }
      }
    }

    // R1–R11 never add "…": the body holds no more of them than the window,
    // plus the one R12 adds. The window is counted only when the body holds
    // more than that one.
    let allowed = added ? 1 : 0
    if bodyFacts.ellipses > allowed {
      let typed = withUTF8(message) {
        ellipsisCount(UnsafeBufferPointer(rebasing: $0[..<windowBytes]))
      }
      if bodyFacts.ellipses > typed + allowed {
        fail(
          .ellipsisExactly,
          "\(Escaped.excerpt(body)) holds \(bodyFacts.ellipses) \"…\" but the message \(typed)"
            + (added ? " and one cut" : " and nothing was cut"))
      }
    }

    // 2. A cut keeps the longest whole-character prefix R12 allows: checked
    // around the cut, and only when that finds fault, against the cut
    // `CharacterRules` computes from the start, which has the last word.
    if added, bodyFacts.endsWithEllipsis, let uncapped = cutSource,
      !isRightCut(body, of: uncapped, limit: units)
    {
      let expected = CharacterRules.capped(uncapped, limit: units)
      if let variantAtReach, !body.hasSameScalars(as: expected),
        case let own = implementation.make(message, reach), !own.hasSameScalars(as: variantAtReach)
      {
        fail(
          .windowHolds,
          "text after the window changed the body at \(reach) from \(Escaped.excerpt(own)) to \(Escaped.excerpt(variantAtReach))"
        )
      } else if !body.hasSameScalars(as: expected) {
        var kept = body
        kept.unicodeScalars.removeLast()
        let isPrefix = uncapped.utf8.starts(with: kept.utf8)
        let onBoundary = isPrefix && uncapped.starts(with: kept)  // Character-wise
        fail(
          .wholeCharacters,
          !isPrefix
            ? "\(Escaped.excerpt(kept)) before \"…\" is not a prefix of the uncapped body, which starts \(Escaped.excerpt(uncapped))"
            : !onBoundary
              ? "\(Escaped.excerpt(kept)) before \"…\" splits a character of the uncapped body, which starts \(Escaped.excerpt(uncapped))"
              : "\(Escaped.excerpt(body)) is not the longest cut R12 allows, \(Escaped.excerpt(expected))"
        )
      }
    }

    // 6. Nothing new: every scalar of the body but "…" and "\n" occurs in the
    // window.
    if let stranger = firstScalarNotIn(message, windowBytes: windowBytes, body: body) {
      fail(
        .nothingNew,
        "U+\(String(stranger.value, radix: 16, uppercase: true)) is in the body but not in the input"
      )
    }

    // 7. Plain text passes.
    if !facts.leftTextOut,
      withUTF8(message, { isPlain($0, units: facts.units, limit: units) }),
      !body.hasSameScalars(as: message)
    {
      fail(.plainTextPasses, "plain text came back as \(Escaped.excerpt(body))")
    }

    // 8. The window holds: with the window, the character that straddles its
    // end, and other text after them, the body is the same. Checked here
    // when the cut was not checked against the variant's body above.
    if let variant, variantAtReach == nil {
      let variantBody = implementation.make(variant, limit)
      if !variantBody.hasSameScalars(as: body) {
        fail(
          .windowHolds,
          "text after the window changed the body \(Escaped.excerpt(body)) to \(Escaped.excerpt(variantBody))"
        )
      }
    }

    // 10 and 11. No leak, linear work.
    if checkingCost {
      failures += CallCost(of: implementation, on: message, limit: limit).failures
    }
    return InvariantFailure.inOrder(failures)
  }

  /// The first scalar of `body`, but "…" and "\n", whose UTF-8 occurs nowhere
  /// in the first `windowBytes` bytes of `message`.
  ///
  /// - Complexity: O(*w*) when the body copies the window in order, since
  ///   each search starts where the last one ended; O(*b* × *w*) at worst.
  static func firstScalarNotIn(_ message: String, windowBytes: Int, body: String)
    -> Unicode.Scalar?
  {
    withUTF8(message) { messageBytes in
      let window = UnsafeBufferPointer(rebasing: messageBytes[..<windowBytes])
      return withUTF8(body) { bytes -> Unicode.Scalar? in
        var hint = 0
        var offset = 0
        // ASCII bytes already found in the window, one bit each.
        var seenLow: UInt64 = 0
        var seenHigh: UInt64 = 0
        // Other scalars already found, by their UTF-8 bytes as one number,
        // in a small table indexed by a hash of it (0: none).
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { seen in
          seen.initialize(repeating: 0)
          while offset < bytes.count {
            // Eight ASCII bytes all found before: one test, no search.
            if offset + 8 <= bytes.count, let base = bytes.baseAddress {
              let word = UnsafeRawPointer(base).loadUnaligned(
                fromByteOffset: offset, as: UInt64.self)
              if word & 0x8080_8080_8080_8080 == 0 {
                let (low, high) = asciiBits(of: word)
                if low & ~seenLow == 0, high & ~seenHigh == 0 {
                  offset += 8
                  continue
                }
              }
            }
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            defer { offset += length }
            var key: UInt32 = 0
            var slot = 0
            if lead < 0x80 {
              if lead == UInt8(ascii: "\n") { continue }
              let bit: UInt64 = 1 << (lead & 63)
              if (lead < 64 ? seenLow : seenHigh) & bit != 0 { continue }
            } else {
              for index in offset..<(offset + length) { key = key << 8 | UInt32(bytes[index]) }
              // "…", 0xE2 0x80 0xA6.
              if key == 0xE2_80A6 { continue }
              slot = Int((key ^ key >> 6 ^ key >> 13) & 63)
              if seen[slot] == key { continue }
            }
            let needle = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
            guard let found = Self.offset(of: needle, in: window, hint: hint) else {
              var iterator = needle.makeIterator()
              var decoder = UTF8()
              if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
              return "\u{FFFD}"
            }
            hint = found + length
            if lead < 64 {
              seenLow |= 1 << lead
            } else if lead < 0x80 {
              seenHigh |= 1 << (lead & 63)
            } else {
              seen[slot] = key
            }
          }
          return nil
        }
      }
    }
  }

  /// The bits of the eight ASCII bytes of `word` but "\n", as
  /// `firstScalarNotIn` keeps them: bytes 0–63 in the first number, 64–127
  /// in the second. Branch-free, so the fuzzer's comparison tracing has
  /// nothing to record.
  @inline(__always)
  static func asciiBits(of word: UInt64) -> (low: UInt64, high: UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var rest = word
    for _ in 0..<8 {
      let byte = rest & 0x7F
      let bit: UInt64 = 1 << (byte & 63)
      // All ones for bytes 0–63, none for 64–127.
      let isLow = (byte >> 6) &- 1
      low |= bit & isLow
      high |= bit & ~isLow
      rest >>= 8
    }
    return (low & ~(1 << 10), high)
  }

}
