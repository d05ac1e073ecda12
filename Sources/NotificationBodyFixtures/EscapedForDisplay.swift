/// A string as a quoted literal with every invisible or ambiguous character
/// spelled out, so a failure message shows exactly what differs.
///
///     escapedForDisplay("a\u{200D}b\n")  // "\"a\\u{200D}b\\n\""
///
/// - Parameter text: Any string.
/// - Returns: `text` in double quotes; `\n`, `\r`, `\t`, `\"`, `\\` and
///   `\u{…}` for controls, format characters, non-ASCII white space and
///   unpaired surrogates' replacement, so line breaks never break the message.
public func escapedForDisplay(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    default:
      let category = scalar.properties.generalCategory
      let invisible =
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFD}"
        || scalar.properties.isVariationSelector
        || [.format, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark]
          .contains(category)
        || (category == .spaceSeparator && scalar != " ")
      if invisible {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
