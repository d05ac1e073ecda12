import Foundation
import NotificationBodyHarness
import NotificationBodyText
import Testing

/// A scalar and whether a reader must be shown it as an escape.
struct EscapeCase: Sendable, CustomTestStringConvertible {
  var scalar: Unicode.Scalar
  var invisible: Bool
  var why: String

  var testDescription: String { "U+\(String(scalar.value, radix: 16, uppercase: true)) \(why)" }

  static let all = [
    EscapeCase(scalar: "a", invisible: false, why: "a letter"),
    EscapeCase(scalar: " ", invisible: false, why: "the space"),
    EscapeCase(scalar: "é", invisible: false, why: "a precomposed letter"),
    EscapeCase(scalar: "😀", invisible: false, why: "an emoji"),
    EscapeCase(scalar: "…", invisible: false, why: "the cut's ellipsis"),
    EscapeCase(scalar: "\u{0}", invisible: true, why: "a control"),
    EscapeCase(scalar: "\u{85}", invisible: true, why: "a C1 control"),
    EscapeCase(scalar: "\u{A0}", invisible: true, why: "a no-break space"),
    EscapeCase(scalar: "\u{200D}", invisible: true, why: "a format character"),
    EscapeCase(scalar: "\u{2028}", invisible: true, why: "a line separator"),
    EscapeCase(scalar: "\u{FE0F}", invisible: true, why: "a variation selector"),
    EscapeCase(scalar: "\u{301}", invisible: true, why: "a nonspacing mark"),
    EscapeCase(scalar: "\u{93F}", invisible: true, why: "a spacing mark"),
    EscapeCase(scalar: "\u{20DD}", invisible: true, why: "an enclosing mark"),
    EscapeCase(scalar: "\u{E000}", invisible: true, why: "a private-use scalar"),
    EscapeCase(scalar: "\u{378}", invisible: true, why: "an unassigned scalar"),
    EscapeCase(scalar: "\u{FFFD}", invisible: true, why: "the replacement character"),
  ]
}

// Both spellings follow the one rule: a scalar is escaped in a report
// exactly when it is escaped in the fixture file.
@Test(arguments: EscapeCase.all)
func bothSpellingsEscapeTheSameScalars(_ escape: EscapeCase) {
  #expect(Escaped.isInvisible(escape.scalar) == escape.invisible)
  let text = "x" + String(escape.scalar)
  let display = Escaped.forDisplay(text)
  let json = Escaped.json(text)
  #expect(display.unicodeScalars.contains(escape.scalar) == !escape.invisible)
  #expect(json.unicodeScalars.contains(escape.scalar) == !escape.invisible)
  #expect(display.contains("\\u{") == escape.invisible)
  #expect(json.contains("\\u") == escape.invisible)
}

// The JSON spelling reads back as the same scalars, surrogate pairs and
// quotes included.
@Test func jsonSpellingDecodesToTheSameScalars() throws {
  let text = "\"a\\\n\t\r\u{0}\u{200D}\u{E0001}\u{10FFFD}\u{301}😀"
  let decoded = try JSONDecoder().decode(String.self, from: Data(Escaped.json(text).utf8))
  #expect(decoded.hasSameScalars(as: text))
  #expect(Escaped.json("\u{E0001}") == #""\uDB40\uDC01""#)
  #expect(Escaped.forDisplay("\u{E0001}") == #""\u{E0001}""#)
}
