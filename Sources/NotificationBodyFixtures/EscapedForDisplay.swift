import NotificationBodyHarness

/// A string as a quoted literal with every invisible or ambiguous character
/// spelled out, so a failure message shows exactly what differs:
/// `Escaped.forDisplay(text)`, whose summary says which characters those are.
///
///     escapedForDisplay("a\u{200D}b\n")  // "\"a\\u{200D}b\\n\""
///
/// - Parameter text: Any string.
/// - Returns: `text` in double quotes, escaped for display.
package func escapedForDisplay(_ text: String) -> String {
  Escaped.forDisplay(text)
}
