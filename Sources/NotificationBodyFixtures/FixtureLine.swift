import NotificationBodyText

/// Fixture cases written the way `test-fixtures/notification-body.json`
/// holds them: one JSON object a line, invisible characters as `\u` escapes.
package enum FixtureLine {
  /// One case as a JSON object on one line, ready to paste into the file.
  ///
  ///     FixtureLine.json(name: "R7 x", input: "**a**", expect: "a")
  ///     // {"name": "R7 x", "input": "**a**", "expect": "a"}
  ///
  /// - Parameter loneSurrogates: Whether a stand-in in `input` is a lone
  ///   surrogate (`LoneSurrogates`), written as its escape.
  package static func json(
    name: String, input: String, expect: String, limit: Int? = nil, loneSurrogates: Bool = false
  ) -> String {
    var parts = [
      "\"name\": " + quoted(name), "\"input\": " + quoted(input, loneSurrogates: loneSurrogates),
      "\"expect\": " + quoted(expect),
    ]
    if let limit, limit != 256 { parts.append("\"limit\": \(limit)") }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// `text` as a JSON string literal: `Escaped.json(text)`; with
  /// `loneSurrogates`, a stand-in of a lone surrogate (`LoneSurrogates`)
  /// written as the lone surrogate's escape, as
  /// `test-fixtures/lone-surrogates.json` holds them.
  package static func quoted(_ text: String, loneSurrogates: Bool = false) -> String {
    loneSurrogates
      ? Escaped.json(text, standingFor: LoneSurrogates.unit(standingFor:)) : Escaped.json(text)
  }
}
