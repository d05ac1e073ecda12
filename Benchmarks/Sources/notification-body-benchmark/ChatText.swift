import NotificationBodyHarness

/// Writes plausible chat text from a seeded generator: words, now and then
/// inline code, a link, a bare URL, bold or struck text, emoji and CJK.
struct ChatText {
  private var random: SplitMix64

  init(seed: UInt64) {
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
  mutating func message() -> String {
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

  /// A paragraph of about `bytes` bytes, for the long corpus.
  mutating func paragraph(bytes: Int) -> String {
    var text = ""
    while text.utf8.count < bytes {
      text += message()
      text += "\n"
    }
    return text
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
