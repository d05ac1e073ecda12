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
      let props = scalar.properties
      let invisible =
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || props.generalCategory == .format || props.generalCategory == .spaceSeparator
          && scalar != " "
        || props.generalCategory == .lineSeparator || props.generalCategory == .paragraphSeparator
        || props.generalCategory == .nonspacingMark || props.generalCategory == .enclosingMark
        || props.isVariationSelector || scalar == "\u{FFFD}"
      if invisible {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
