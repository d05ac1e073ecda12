import NotificationBodyCost
import NotificationBodyHarness

/// A named, generated set of messages, the same on every run.
struct Corpus {
  /// The name in the tables and on the command line.
  let name: String
  /// What the corpus holds, for the table's heading.
  let summary: String
  /// A message and its label in the per-input tables.
  typealias Message = (label: String, text: String)

  /// The messages.
  let messages: [Message]

  /// The corpus names, in the order the tables come.
  static let names = ["typical", "code-heavy", "long", "adversarial"]

  /// The named corpus, or `nil` for a name not in `names`.
  static func named(_ name: String, seed: UInt64, quick: Bool) -> Corpus? {
    switch name {
    case "typical": typical(seed: seed, count: quick ? 200 : 2000)
    case "code-heavy": codeHeavy(seed: seed, count: quick ? 30 : 300)
    case "long": long(seed: seed, quick: quick)
    case "adversarial": adversarial()
    default: nil
    }
  }

  static func typical(seed: UInt64, count: Int) -> Corpus {
    var text = ChatText(seed: seed)
    return Corpus(
      name: "typical",
      summary: "\(count) chat messages, 9 in 10 of 20–300 bytes, the rest up to 1000;"
        + " words, inline code, links, bold, strikethrough, emoji, CJK",
      messages: numbered(count) { text.message() })
  }

  static func codeHeavy(seed: UInt64, count: Int) -> Corpus {
    var text = CodeText(seed: seed)
    return Corpus(
      name: "code-heavy", summary: "\(count) messages, each with a fenced code block of 0.5–4 KB",
      messages: numbered(count) { text.message() })
  }

  /// `count` messages from `message`, labelled by number.
  private static func numbered(_ count: Int, _ message: () -> String) -> [Message] {
    (0..<count).map { index in (label: "message \(index)", text: message()) }
  }

  /// The sizes of the long corpus, in bytes.
  static func longSizes(quick: Bool) -> [Int] {
    let sizes = [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
    return quick ? Array(sizes.prefix(3)) : sizes
  }

  static func long(seed: UInt64, quick: Bool) -> Corpus {
    let messages = longSizes(quick: quick).map { bytes in
      (label: "\(Self.label(bytes: bytes))", text: chat(bytes: bytes, seed: seed))
    }
    return Corpus(
      name: "long",
      summary: "\(messages.count) chat messages of "
        + messages.map(\.label).joined(separator: ", "),
      messages: messages)
  }

  static func adversarial() -> Corpus {
    let messages = AdversarialFamily.all.map { family in
      (label: "\(family.name) (\(family.corpusBytes) B)", text: family.make(family.corpusBytes))
    }
    return Corpus(
      name: "adversarial",
      summary: "\(messages.count) inputs, one per family, of 5,000–10,000 bytes"
        + " (the window reads 4,096)",
      messages: messages)
  }

  /// Chat text of about `bytes` bytes (`ChatText.longMessage(bytes:seed:)`).
  static func chat(bytes: Int, seed: UInt64) -> String {
    ChatText.longMessage(bytes: bytes, seed: seed)
  }

  static func label(bytes: Int) -> String {
    switch bytes {
    case 1_000_000...: "\(bytes / 1_000_000) MB"
    case 1_000...: "\(bytes / 1_000) KB"
    default: "\(bytes) B"
    }
  }
}
