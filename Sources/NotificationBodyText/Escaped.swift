/// Strings as quoted literals that show a person exactly which scalars they
/// hold: one rule for which scalars are invisible, in two spellings, one for
/// reports and one for the JSON of the fixture file and the snapshot.
///
///     Escaped.forDisplay("a\u{200D}b\n")  // "\"a\\u{200D}b\\n\""
///     Escaped.json("a\u{200D}b\n")        // "\"a\\u200Db\\n\""
///
/// A scalar is written as an escape when a reader could not tell it from
/// another one, or from nothing: controls, format characters (ZWJ, bidi
/// marks), line and paragraph separators, white space other than U+0020,
/// variation selectors, combining marks of every kind (they join whatever
/// precedes them, the opening quote or a report's `[-` included, and they
/// are what the contract's cut at a character boundary keeps together),
/// private-use and unassigned scalars (no font draws them the same way),
/// and U+FFFD, which is also what a broken encoding shows. Everything else
/// stays itself, so emoji, accented letters and CJK text read as they are.
package enum Escaped {
  /// `text` as `json(_:)` writes it, cut to its first 100 scalars and its
  /// length in UTF-16 units when it has more than 120: how an invariant's
  /// detail shows a message or a body.
  ///
  ///     Escaped.excerpt(String(repeating: "a", count: 200))
  ///     // the JSON string of 100 "a"s and "…(200 units)"
  package static func excerpt(_ text: String) -> String {
    let shown =
      text.unicodeScalars.count > 120
      ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(100)))
        + "…(\(text.utf16.count) units)"
      : text
    return json(shown)
  }

  /// Whether `scalar` is written as an escape.
  ///
  /// - Parameter scalar: Any scalar.
  /// - Returns: True for the scalars the type's summary lists.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFD { return true }
    if scalar.properties.isVariationSelector { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .lineSeparator,
      .paragraphSeparator, .privateUse, .surrogate, .unassigned:
      return true
    case .spaceSeparator:
      return scalar != " "
    default:
      return false
    }
  }

  /// `text` in double quotes for a report or a message: `\n`, `\r`, `\t`,
  /// `\"`, `\\`, and `\u{…}` (hex digits, as Swift writes them) for every
  /// other invisible scalar, so a line break never breaks the message.
  ///
  /// - Parameter text: Any string.
  /// - Returns: The quoted literal.
  /// - Complexity: O(*n*) in the scalars of `text`.
  package static func forDisplay(_ text: String) -> String {
    quoted(text) { scalar, out in
      out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }

  /// `text` as a JSON string literal, as the fixture file and the snapshot
  /// hold it: the same escapes, `\uXXXX` (a UTF-16 surrogate pair above
  /// U+FFFF) for every other invisible scalar.
  ///
  /// - Parameters:
  ///   - text: Any string.
  ///   - standingFor: The one UTF-16 unit an invisible scalar stands for,
  ///     written as its escape instead of the scalar's own: how a lone
  ///     surrogate's stand-in is written; nil for the scalar itself.
  /// - Returns: The quoted literal, valid JSON.
  /// - Complexity: O(*n*) in the scalars of `text`.
  package static func json(
    _ text: String, standingFor: (Unicode.Scalar) -> UInt16? = { _ in nil }
  ) -> String {
    quoted(text) { scalar, out in
      for unit in standingFor(scalar).map({ [$0] }) ?? Array(String(scalar).utf16) {
        let digits = String(unit, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      }
    }
  }

  /// `text` quoted, with `escape` writing each invisible scalar other than
  /// the three that have a letter.
  private static func quoted(
    _ text: String, escape: (Unicode.Scalar, inout String) -> Void
  ) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if isInvisible(scalar) {
          escape(scalar, &out)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
