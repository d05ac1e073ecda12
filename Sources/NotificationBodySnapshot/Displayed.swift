import NotificationBodyHarness
import NotificationBodyText

/// How the reports of `diff`, `gate` and `gate --baseline` show strings,
/// counts and durations, so the three read alike.
package enum Displayed {
  /// The most scalars a report shows of one string in full.
  package static let fullScalars = 1200
  /// The scalars a shortened string keeps.
  package static let shortScalars = 60
  /// The shortest run of one scalar that `shown` counts instead of writing.
  package static let runScalars = 16

  /// `text` quoted with invisible characters escaped, and its length: `"a
  /// b" (3 UTF-16 units)`. A run of `runScalars` or more of one scalar is
  /// counted, not written: `"a" × 253 + "🇫🇷" (255 UTF-16 units)`. Text of
  /// more than `fullScalars` scalars besides such runs loses its middle.
  package static func shown(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let units = counting(text.utf16.count, "UTF-16 unit")
    var parts: [String] = []
    var pending: [Unicode.Scalar] = []
    var written = 0
    func flush() {
      guard !pending.isEmpty else { return }
      parts.append(Escaped.forDisplay(String(String.UnicodeScalarView(pending))))
      pending = []
    }
    var start = 0
    while start < scalars.count {
      var end = start + 1
      while end < scalars.count, scalars[end] == scalars[start] { end += 1 }
      if end - start >= runScalars {
        flush()
        parts.append("\(Escaped.forDisplay(String(scalars[start]))) × \(end - start)")
      } else {
        pending += scalars[start..<end]
        written += end - start
      }
      start = end
    }
    flush()
    guard written > fullScalars else {
      return (parts.isEmpty ? "\"\"" : parts.joined(separator: " + ")) + " (\(units))"
    }
    let head = String(String.UnicodeScalarView(scalars.prefix(fullScalars / 2)))
    let tail = String(String.UnicodeScalarView(scalars.suffix(fullScalars / 4)))
    return
      "\(Escaped.forDisplay(head))⋯\(Escaped.forDisplay(tail)) (\(units), the middle left out)"
  }

  /// `text` quoted and cut to its first `shortScalars` scalars, with its
  /// length when it was cut, for a list or a message: `"Hello **wor"⋯ (812
  /// UTF-16 units)`. The mark is "⋯", never the "…" that ends a cut body.
  package static func shortened(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > shortScalars else { return Escaped.forDisplay(text) }
    let prefix = String(String.UnicodeScalarView(scalars.prefix(shortScalars)))
    return Escaped.forDisplay(prefix) + "⋯ (\(counting(text.utf16.count, "UTF-16 unit")))"
  }

  /// "1 input", "2 inputs", "2 mismatches" with `plural`.
  package static func counting(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// `value` with thousands separated by commas: `46,800`.
  package static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }

  /// A duration in seconds.
  package static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
