/// Fixture cases written the way `test-fixtures/notification-body.json`
/// holds them: one JSON object a line, invisible characters as `\u` escapes.
public enum FixtureLine {
  /// One case as a JSON object on one line, ready to paste into the file.
  ///
  ///     FixtureLine.json(name: "R7 x", input: "**a**", expect: "a")
  ///     // {"name": "R7 x", "input": "**a**", "expect": "a"}
  public static func json(name: String, input: String, expect: String, limit: Int? = nil)
    -> String
  {
    var parts = [
      "\"name\": " + quoted(name), "\"input\": " + quoted(input), "\"expect\": " + quoted(expect),
    ]
    if let limit, limit != 256 { parts.append("\"limit\": \(limit)") }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal; printable characters stay literal,
  /// controls, format characters, marks and unusual spaces are escaped.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if needsEscape(scalar) {
          for unit in String(scalar).utf16 {
            out += "\\u" + hex4(unit)
          }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
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

  private static func hex4(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
