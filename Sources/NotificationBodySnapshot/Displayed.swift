import NotificationBodyFixtures
import NotificationBodyHarness

/// How the reports of `diff`, `gate` and `gate --baseline` show strings,
/// counts and durations, so the three read alike.
package enum Displayed {
  /// The most scalars a report shows of one string in full.
  package static let fullScalars = 1200
  /// The scalars a shortened string keeps.
  package static let shortScalars = 60

  /// `text` quoted with invisible characters escaped, and its length: `"a
  /// b" (3 UTF-16 units)`; a string of more than `fullScalars` scalars
  /// loses its middle.
  package static func shown(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let units = counting(text.utf16.count, "UTF-16 unit")
    guard scalars.count > fullScalars else { return "\(Escaped.forDisplay(text)) (\(units))" }
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
