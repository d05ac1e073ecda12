import NotificationBodyHarness

/// Fixture cases written the way `test-fixtures/notification-body.json`
/// holds them: one JSON object a line, invisible characters as `\u` escapes.
package enum FixtureLine {
  /// One case as a JSON object on one line, ready to paste into the file.
  ///
  ///     FixtureLine.json(name: "R7 x", input: "**a**", expect: "a")
  ///     // {"name": "R7 x", "input": "**a**", "expect": "a"}
  package static func json(name: String, input: String, expect: String, limit: Int? = nil)
    -> String
  {
    var parts = [
      "\"name\": " + quoted(name), "\"input\": " + quoted(input), "\"expect\": " + quoted(expect),
    ]
    if let limit, limit != 256 { parts.append("\"limit\": \(limit)") }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal: `Escaped.json(text)`.
  package static func quoted(_ text: String) -> String {
    Escaped.json(text)
  }
}
