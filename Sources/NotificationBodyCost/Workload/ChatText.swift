import NotificationBodyHarness

/// Writes plausible chat text from a seeded generator: words, now and then
/// inline code, a link, a bare URL, bold or struck text, emoji and CJK. The
/// benchmark's typical and long corpora, and the cost gate's chat classes.
///
///     var text = ChatText(seed: 1)
///     text.message()  // e.g. "merged **deploy** 👍 can you look at `x.count`"
public struct ChatText: Sendable {
  private var random: SplitMix64

  /// A generator whose messages are fixed by `seed`.
  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  private static let words = [
    "the", "build", "is", "green", "again", "can", "you", "look", "at", "this", "before",
    "standup", "thanks", "merged", "deploy", "tomorrow", "review", "please", "lunch", "meeting",
    "moved", "to", "3pm", "ok", "sounds", "good", "I", "think", "we", "should", "ship", "it",
    "crash", "on", "launch", "fixed", "in", "latest", "beta", "who", "owns", "notifications",
  ]
  private static let emoji = ["👍", "🎉", "😂", "🙏", "🚀", "👨‍👩‍👧", "🇩🇪", "❤️", "👋🏽"]
  private static let cjk = ["今日は会議があります", "我们明天见", "확인했습니다", "了解です", "好的，谢谢"]
  private static let code = ["`make test`", "`x.count`", "`git rebase -i`", "`nil`", "`--verbose`"]
  private static let links = [
    "[the doc](https://example.com/docs/notifications)",
    "[PR #412](https://git.example.com/pr/412)",
    "https://example.com/status", "<https://example.com/a?b=c>",
  ]

  /// One chat message: mostly 20–300 bytes, one in ten up to 1000.
  public mutating func message() -> String {
    let target =
      Int.random(in: 0..<10, using: &random) == 0
      ? Int.random(in: 300...1000, using: &random) : Int.random(in: 20...300, using: &random)
    var text = ""
    while text.utf8.count < target {
      if !text.isEmpty {
        text += Int.random(in: 0..<12, using: &random) == 0 ? "\n" : " "
      }
      text += piece()
    }
    return text
  }

  /// A short reply of one to four pieces ("ok 👍", "merged `nil`"): the
  /// messages whose cost is mostly a call's fixed part.
  public mutating func shortMessage() -> String {
    var text = piece()
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      text += " "
      text += piece()
    }
    return text
  }

  /// A paragraph of about `bytes` bytes, for the long corpus.
  public mutating func paragraph(bytes: Int) -> String {
    var text = ""
    while text.utf8.count < bytes {
      text += message()
      text += "\n"
    }
    return text
  }

  /// Chat text of about `bytes` bytes: generated up to 64 KB, repeated
  /// beyond, so a 100 MB message takes a moment to make.
  public static func longMessage(bytes: Int, seed: UInt64) -> String {
    var text = ChatText(seed: seed)
    let block = text.paragraph(bytes: min(bytes, 65_536))
    guard bytes > block.utf8.count else { return block }
    return String(repeating: block, count: bytes / block.utf8.count + 1)
  }

  private mutating func piece() -> String {
    switch Int.random(in: 0..<40, using: &random) {
    case 0, 1: return pick(Self.emoji)
    case 2, 3: return pick(Self.cjk)
    case 4, 5: return pick(Self.code)
    case 6: return pick(Self.links)
    case 7: return "**\(pick(Self.words))**"
    case 8: return "~~\(pick(Self.words))~~"
    default: return pick(Self.words)
    }
  }

  private mutating func pick(_ choices: [String]) -> String {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }
}
