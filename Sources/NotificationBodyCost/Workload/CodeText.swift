import NotificationBodyHarness

/// Writes messages that carry a fenced code block of 0.5–4 KB, from a seeded
/// generator, with the brackets, stars, backticks and colons real code has.
///
///     var text = CodeText(seed: 1)
///     text.message()  // "Here is the fix, can you try it?\n```swift\n…```"
public struct CodeText: Sendable {
  private var random: SplitMix64

  /// A generator whose messages are fixed by `seed`.
  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  private static let lines = [
    "let items = try await store.fetch(limit: 20)",
    "for (index, item) in items.enumerated() where item.isVisible {",
    "    print(\"[\\(index)] \\(item.title ?? \"untitled\")\")",
    "}",
    "guard let url = URL(string: \"https://example.com/api/v2/items\") else { return }",
    "// TODO: handle the `nil` case before release",
    "x = a * b ** 2  # squared",
    "if (flags & (1 << 3)) != 0 { mask[i] = ~mask[i] }",
    "  return map.get(key).map(|v| v * 2).unwrap_or_default();",
    "SELECT id, name FROM users WHERE created_at > now() - interval '1 day';",
    "\tdefer wg.Done()",
    "const total = rows.reduce((sum, row) => sum + row.amount, 0);",
  ]
  private static let languages = ["swift", "python", "rust", "sql", "go", "js", ""]

  /// One message: a line of text, a fenced block of 500–4000 bytes, and
  /// sometimes a line after it.
  public mutating func message() -> String {
    let target = Int.random(in: 500...4000, using: &random)
    var text = "Here is the fix, can you try it?\n```\(pick(Self.languages))\n"
    var block = 0
    while block < target {
      let line = pick(Self.lines)
      text += line
      text += "\n"
      block += line.utf8.count + 1
    }
    text += "```"
    if Bool.random(using: &random) {
      text += "\nIt fails on **main** only."
    }
    return text
  }

  private mutating func pick(_ choices: [String]) -> String {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }
}
