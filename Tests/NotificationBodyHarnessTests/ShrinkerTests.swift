import NotificationBodyHarness
import Testing

@Suite struct ShrinkerTests {
  /// A long, noisy chat message: Markdown, URLs, several scripts, emoji,
  /// `"\r\n"` line endings, fixed by `seed`.
  static func noisyMessage(unitCount: Int, seed: UInt64) -> String {
    let pieces = [
      "Hello ", "**bold**", " ~~gone~~ ", "`code`", "```swift\nlet x = 1\n```\n", "[link](",
      "https://example.com/a_(b)", ")", "![image](pic.png)", " <https://x.org> ", "Привет ",
      "क्षत्रिय ", "👨‍👩‍👧 ", "🇫🇷", "e\u{301}", "\r\n", "\n\n", "   ", "\t", "mixed*star* ",
      "x", "~~~", "[[[", "]]", "((", "))", "> quote\n", "> ", "\u{3000}", "1234 ",
    ]
    var random = SplitMix64(seed: seed)
    var message = ""
    while message.utf16.count < unitCount {
      message += pieces[Int(random.next() % UInt64(pieces.count))]
    }
    while message.utf16.count > unitCount { message.removeLast() }
    return message
  }

  static func scalars(_ text: String) -> [Unicode.Scalar] {
    Array(text.unicodeScalars)
  }

  @Test func keepsOnlyTheTokensAPredicateNeeds() {
    let message = Self.noisyMessage(unitCount: 2_000, seed: 1)
    let fails = { (text: String) in text.contains("**") && text.contains("x") }
    #expect(fails(message))
    let shrunk = Shrinker.shrink(message, while: fails)
    #expect(fails(shrunk))
    #expect(shrunk.unicodeScalars.count == 3)
  }

  @Test func keepsLineBreaks() {
    let message = Self.noisyMessage(unitCount: 1_000, seed: 2)
    let fails = { (text: String) in text.unicodeScalars.filter { $0 == "\n" }.count >= 3 }
    #expect(fails(message))
    #expect(Self.scalars(Shrinker.shrink(message, while: fails)) == ["\n", "\n", "\n"])
  }

  @Test func reducesToALoneJoiner() {
    let message = "Family: 👨‍👩‍👧‍👦 and **👩‍💻** at [work](https://example.com)\nbye 👋🏽"
    let fails = { (text: String) in text.unicodeScalars.contains("\u{200D}") }
    #expect(Self.scalars(Shrinker.shrink(message, while: fails)) == ["\u{200D}"])
  }

  @Test func reducesToALoneCombiningMark() {
    // "é" precomposed and decomposed are equal as Strings; the shrinker must
    // still tell them apart.
    let message = "Caf\u{E9} cafe\u{301} **ok**"
    let fails = { (text: String) in text.unicodeScalars.contains("\u{301}") }
    #expect(Self.scalars(Shrinker.shrink(message, while: fails)) == ["\u{301}"])
  }

  @Test func shortensMatchingFencesTogether() {
    let message = "Look:\n``````\nlet answer = 42\n``````\nthanks"
    let fails = { (text: String) -> Bool in
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count >= 3, let fence = lines.first(where: { $0.hasPrefix("```") }),
        fence.allSatisfy({ $0 == "`" }), let open = lines.firstIndex(of: fence),
        let close = lines.lastIndex(of: fence), close > open + 1
      else { return false }
      return !lines[open + 1].isEmpty
    }
    #expect(fails(message))
    #expect(Shrinker.shrink(message, while: fails) == "```\na\n```")
  }

  @Test func replacesLettersOfAnyScriptWithA() {
    let fails = { (text: String) in
      text.contains("[") && text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
    let shrunk = Shrinker.shrink("Привет, [мир]!", while: fails)
    #expect(shrunk == "a[" || shrunk == "[a")
  }

  @Test func reducesToNothingWhenEverythingFails() {
    let outcome = Shrinker.shrinkWithStatistics("**a**\n") { _ in true }
    #expect(outcome.shrunk.isEmpty)
    #expect(outcome.evaluations == 2)
  }

  @Test func returnsAnInputThatDoesNotFail() {
    let message = Self.noisyMessage(unitCount: 500, seed: 3)
    var calls = 0
    let outcome = Shrinker.shrinkWithStatistics(message) { _ in
      calls += 1
      return false
    }
    #expect(outcome.shrunk == message)
    #expect(outcome.reproduced == false)
    #expect(outcome.evaluations == 1 && calls == 1)
  }

  @Test(arguments: [0, 1, 2, 50])
  func neverExceedsTheBudget(maxEvaluations: Int) {
    let message = Self.noisyMessage(unitCount: 5_000, seed: 4)
    let fails = { (text: String) in text.utf16.count > 1_000 && text.contains("~~") }
    var calls = 0
    let outcome = Shrinker.shrinkWithStatistics(message, maxEvaluations: maxEvaluations) {
      calls += 1
      return fails($0)
    }
    #expect(calls <= maxEvaluations)
    #expect(outcome.evaluations == calls)
    #expect(outcome.budgetExhausted)
    #expect(fails(outcome.shrunk))
    #expect(outcome.shrunk.utf16.count <= message.utf16.count)
    // The second call tries "", the third the first half.
    if maxEvaluations >= 3 { #expect(outcome.shrunk.utf16.count < message.utf16.count) }
  }

  @Test func isDeterministic() {
    let message = Self.noisyMessage(unitCount: 1_500, seed: 5)
    let fails = { (text: String) in text.contains("](") && text.unicodeScalars.count > 4 }
    let first = Shrinker.shrinkWithStatistics(message, while: fails)
    let second = Shrinker.shrinkWithStatistics(message, while: fails)
    #expect(Self.scalars(first.shrunk) == Self.scalars(second.shrunk))
    #expect(first == second)
  }

  @Test func reachesALengthThresholdQuickly() {
    let message = Self.noisyMessage(unitCount: 4_000, seed: 6)
    #expect(message.utf16.count == 4_000)
    var calls = 0
    let outcome = Shrinker.shrinkWithStatistics(message) { text in
      calls += 1
      return text.utf16.count > 300 && text.contains("`")
    }
    #expect(outcome.shrunk.utf16.count == 301)
    #expect(outcome.shrunk.contains("`"))
    #expect(outcome.evaluations == calls)
    #expect(outcome.budgetExhausted == false)
    #expect(calls < 5_000, "used \(calls) evaluations")
  }
}
