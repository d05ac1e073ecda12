import NotificationBodyHarness
import Testing

/// The generator is repeatable, never traps, and over 5,000 messages reaches
/// every feature family the contract's rules have edges for.
@Suite struct MessageGeneratorTests {
  /// The seed of the 5,000-message sample; `NOTIFICATION_BODY_SEED` moves it.
  /// A NOTIFICATION_BODY_SEED that is not a seed stops the run, saying so.
  static let seed: UInt64 = {
    do { return try HarnessEnvironment.seed(default: 0x5EED_0001) } catch { fatalError("\(error)") }
  }()
  static let sampleCount = 5_000

  @Test func theSameSeedGivesTheSameMessages() {
    let first = MessageGenerator.messages(seed: Self.seed, count: 300)
    var generator = MessageGenerator(seed: Self.seed)
    let second = (0..<300).map { _ in generator.next() }
    #expect(first == second, "seed \(Self.seed)")
  }

  @Test func differentSeedsGiveDifferentMessages() {
    let first = MessageGenerator.messages(seed: 1, count: 50)
    let second = MessageGenerator.messages(seed: 2, count: 50)
    let same = zip(first, second).filter { $0 == $1 }.count
    #expect(same < 10)
  }

  /// A seed names the same messages on every platform and toolchain, so
  /// the fingerprint of seed 42's first 200 messages is pinned. A change to
  /// the grammar changes it: then update it, on purpose.
  @Test func seed42GivesTheMessagesItAlwaysGave() {
    var fingerprint = FNV1a()
    for message in MessageGenerator.messages(seed: 42, count: 200) { fingerprint.add(message) }
    #expect(
      fingerprint.value == Self.seed42Fingerprint,
      "fingerprint 0x\(String(fingerprint.value, radix: 16, uppercase: true))")
  }

  static let seed42Fingerprint: UInt64 = 0xA88D_4DEA_C4CE_F3C7

  @Test(arguments: MessageGenerator.LengthClass.allCases)
  func eachLengthClassStaysInItsRange(_ length: MessageGenerator.LengthClass) {
    let range: ClosedRange<Int>
    let count: Int
    switch length {
    case .short: (range, count) = (0...300, 1_000)
    case .aroundLimit: (range, count) = (250...262, 500)
    case .aroundWindow: (range, count) = (4090...4100, 100)
    case .long: (range, count) = (5000...20_000, 10)
    case .pathological: (range, count) = (100...20_000, 20)
    }
    var generator = MessageGenerator(seed: Self.seed)
    for index in 0..<count {
      let units = generator.next(length: length).utf16.count
      #expect(range.contains(units), "seed \(Self.seed), message \(index): \(units) units")
    }
  }

  @Test func manySeedsNeverTrap() {
    for seed in UInt64(0)..<200 {
      var generator = MessageGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
      for _ in 0..<10 { _ = generator.next(length: .short) }
    }
  }

  /// Pathological messages include, inside the window, a long backtick run
  /// followed by many short paragraphs: where a paragraph's reset of what
  /// it learned about runs must cost no more than the paragraph.
  @Test func pathologicalMessagesHoldALongBacktickRunThenManyParagraphs() {
    var generator = MessageGenerator(seed: Self.seed)
    var found = 0
    for _ in 0..<200 {
      let window = Array(generator.next(length: .pathological).utf8.prefix(4096))
      var run = 0
      var longest = (length: 0, end: 0)
      for (index, byte) in window.enumerated() {
        run = byte == UInt8(ascii: "`") ? run + 1 : 0
        if run > longest.length { longest = (run, index + 1) }
      }
      let after = window[longest.end...]
      let lineBreak = UInt8(ascii: "\n")
      let paragraphs = zip(after, after.dropFirst()).count { $0 == lineBreak && $1 == lineBreak }
      if longest.length >= 500 && paragraphs >= 100 { found += 1 }
    }
    #expect(found >= 5, "seed \(Self.seed): \(found) of 200")
  }

  /// The Unicode vocabulary reaches the messages: UTF-8's edge scalars,
  /// Prepend characters, and viramas of scripts where GB9c joins and where
  /// it does not.
  @Test func fiveThousandMessagesHoldTheUnicodeVocabulary() {
    var seen: Set<Unicode.Scalar> = []
    for message in MessageGenerator.messages(seed: Self.seed, count: Self.sampleCount) {
      seen.formUnion(message.unicodeScalars)
    }
    let wanted: [Unicode.Scalar] = [
      "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}",
      "\u{10FFFF}", "\u{600}", "\u{110BD}", "\u{D4D}", "\u{1039}", "\u{17D2}", "\u{9CD}",
    ]
    let missing = wanted.filter { !seen.contains($0) }.map { String($0.value, radix: 16) }
    #expect(missing == [], "seed \(Self.seed)")
  }

  @Test func fiveThousandMessagesHoldEveryFeature() {
    var tally = FeatureTally()
    for message in MessageGenerator.messages(seed: Self.seed, count: Self.sampleCount) {
      tally.count(message)
    }
    for feature in Feature.allCases {
      let found = tally.messages[feature.rawValue]
      #expect(found >= feature.minimum, "seed \(Self.seed): \(feature) in \(found) messages")
    }
  }
}

/// A feature of the generator's output, found by a simple check on the
/// message's scalars or substrings.
private enum Feature: Int, CaseIterable {
  case backtickFence, tildeFence, oneLineBlock, unclosedFenceAtEnd
  case linkTail, image, angleDestination, deepParentheses, linkTitle, referenceLink, autolink
  case url, mixedCaseScheme
  case crlf, loneCR, blankLineOfSpacesOrTabs, threeLineBreaks, tab, noBreakSpace
  case zwj, regionalIndicator, oddRegionalIndicators, skinTone, keycap, combiningMark
  case variationSelector, devanagariConjunct, cjk, arabicOrHebrew, controlCharacter
  case snakeCase, hostileRun
  case star1, star2, star3, star4, star5, star6, star7
  case tilde1, tilde2, tilde3, tilde4, tilde5, tilde6, tilde7
  case backtick1, backtick2, backtick3, backtick4
  case aroundLimit, aroundWindow, acrossUnit4096, over5000

  /// The fewest of 5,000 messages that must hold it.
  var minimum: Int {
    switch self {
    case .backtickFence, .linkTail, .url, .crlf, .loneCR, .tab, .zwj, .regionalIndicator,
      .combiningMark, .cjk, .arabicOrHebrew, .star1, .star2, .tilde2, .backtick1, .backtick3,
      .aroundLimit:
      300
    case .aroundWindow: 200
    case .tildeFence, .image, .linkTitle, .blankLineOfSpacesOrTabs, .threeLineBreaks,
      .noBreakSpace, .skinTone, .keycap, .variationSelector, .devanagariConjunct, .star3,
      .tilde1, .tilde3, .backtick2, .over5000:
      100
    case .oneLineBlock, .unclosedFenceAtEnd, .mixedCaseScheme, .acrossUnit4096, .star4, .tilde4,
      .backtick4:
      50
    default: 30
    }
  }
}

/// How many messages hold each feature: one pass over each message's
/// first 1,500 scalars (a debug build reads slowly), plus its length.
private struct FeatureTally {
  var messages = [Int](repeating: 0, count: Feature.allCases.count)

  mutating func count(_ message: String) {
    var found = [Bool](repeating: false, count: Feature.allCases.count)
    let units = message.utf16.count
    if (250...262).contains(units) { found[Feature.aroundLimit.rawValue] = true }
    if (4090...4100).contains(units) { found[Feature.aroundWindow.rawValue] = true }
    if units > 5_000 { found[Feature.over5000.rawValue] = true }
    if units > 4096 {
      let index = message.utf16.index(message.utf16.startIndex, offsetBy: 4096)
      if index.samePosition(in: message) == nil { found[Feature.acrossUnit4096.rawValue] = true }
    }
    var scanner = Scanner()
    var scalars = 0
    for scalar in message.unicodeScalars {
      scanner.read(scalar, into: &found)
      scalars += 1
      if scalars == 1_500 { break }
    }
    scanner.finish(into: &found, atEnd: scalars < 1_500)
    for (index, isFound) in found.enumerated() where isFound { messages[index] += 1 }
  }
}

/// Reads scalars one at a time and marks the features they show.
private struct Scanner {
  /// The last eight scalars' low bytes, newest lowest, ASCII letters in
  /// lower case: a pattern of up to eight ASCII bytes is one comparison.
  private var folded: UInt64 = 0
  /// The same, letters as typed.
  private var typed: UInt64 = 0
  private var previous: Unicode.Scalar = "\n"
  private var runScalar: Unicode.Scalar = "\n"
  private var runLength = 0
  private var regionalRun = 0
  private var lineBreaks = 0
  // The current line: spaces before its text, its first run of ` or ~.
  private var lineIndent = 0
  private var lineHasText = false
  private var lineHasWhitespace = false
  private var lineFenceRun = 0
  private var lineFenceCharacter: Unicode.Scalar = "\n"
  private var lineIsFence = false
  private var lastTextLineIsFence = false

  private static let http = packed("http://")
  private static let https = packed("https://")
  /// `"<https://"` read up to its first `/`.
  private static let autolink = packed("<https:/")

  private static func packed(_ text: String) -> UInt64 {
    text.utf8.reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func read(_ scalar: Unicode.Scalar, into found: inout [Bool]) {
    func mark(_ feature: Feature) { found[feature.rawValue] = true }
    let value = scalar.value
    let byte = value < 0x80 ? UInt64(value) : 0
    let isLetter = (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    typed = typed << 8 | byte
    folded = folded << 8 | (isLetter ? byte | 0x20 : byte)

    if scalar == "\n" || scalar == "\r" {
      endLine(into: &found)
      if !(previous == "\r" && scalar == "\n") { lineBreaks += 1 }
      if lineBreaks >= 3 { mark(.threeLineBreaks) }
    } else {
      lineBreaks = 0
      readOnLine(scalar)
    }
    if scalar == runScalar {
      runLength += 1
    } else {
      endRun(into: &found)
      runScalar = scalar
      runLength = 1
    }
    if (0x1F1E6...0x1F1FF).contains(value) {
      regionalRun += 1
      mark(.regionalIndicator)
    } else {
      if regionalRun % 2 == 1 { mark(.oddRegionalIndicators) }
      regionalRun = 0
    }
    if previous == "\r" { mark(scalar == "\n" ? .crlf : .loneCR) }

    switch value {
    case 0x09: mark(.tab)
    case 0x28: if typed & 0xFFFF == 0x5D28 { mark(.linkTail) }  // "]("
    case 0x5B:
      if typed & 0xFFFF == 0x215B { mark(.image) }  // "!["
      if typed & 0xFFFF == 0x5D5B { mark(.referenceLink) }  // "]["
    case 0x3C: if typed & 0xFF_FFFF == 0x5D_283C { mark(.angleDestination) }  // "](<"
    case 0x20: if typed & 0xFF_FFFF == 0x5D_3A20 { mark(.referenceLink) }  // "]: "
    case 0x22, 0x27: if typed & 0xFF00 == 0x2000 { mark(.linkTitle) }  // ` "` or ` '`
    case 0x2F:
      let isHTTP = folded & 0xFF_FFFF_FFFF_FFFF == Self.http
      if isHTTP || folded == Self.https {
        mark(.url)
        let length = isHTTP ? 7 : 8
        let mask: UInt64 = length == 8 ? ~0 : (1 << 56) - 1
        if typed & mask != folded & mask { mark(.mixedCaseScheme) }
      }
      if typed == Self.autolink { mark(.autolink) }
    case 0xA0: mark(.noBreakSpace)
    case 0x200D: mark(.zwj)
    case 0x1F3FB...0x1F3FF: mark(.skinTone)
    case 0x20E3: mark(.keycap)
    case 0x300...0x36F, 0x5B0...0x5C7, 0x64B...0x65F, 0x20D0...0x20DF: mark(.combiningMark)
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF: mark(.variationSelector)
    case 0x94D where (0x915...0x939).contains(previous.value): mark(.devanagariConjunct)
    case 0x4E00...0x9FFF, 0x3040...0x30FF, 0xAC00...0xD7AF, 0x20000...0x2FFFF: mark(.cjk)
    case 0x590...0x6FF: mark(.arabicOrHebrew)
    case 0x0...0x8, 0xB...0xC, 0xE...0x1F, 0x7F: mark(.controlCharacter)
    default:
      // "a_b": a letter, an underscore, a letter.
      if isLetter && typed & 0xFF00 == 0x5F00 && (typed >> 16 & 0xDF) >= 0x41
        && (typed >> 16 & 0xDF) <= 0x5A
      {
        mark(.snakeCase)
      }
    }
    previous = scalar
  }

  /// A scalar other than a line break, for the line's fence checks.
  private mutating func readOnLine(_ scalar: Unicode.Scalar) {
    if !lineHasText {
      if scalar == " " || scalar == "\t" {
        if scalar == " " { lineIndent += 1 }
        lineHasWhitespace = true
        return
      }
      lineHasText = true
      lineFenceCharacter = scalar
    }
    if lineFenceRun >= 0 {
      if scalar == lineFenceCharacter && (scalar == "`" || scalar == "~") {
        lineFenceRun += 1
        if lineFenceRun == 3 && lineIndent <= 3 { lineIsFence = true }
      } else {
        lineFenceRun = -1  // The first run has ended.
      }
    }
  }

  private mutating func endRun(into found: inout [Bool]) {
    if runLength >= 1000 { found[Feature.hostileRun.rawValue] = true }
    if runScalar == "(" && runLength >= 28 { found[Feature.deepParentheses.rawValue] = true }
    let first: Feature
    let longest: Int
    switch runScalar {
    case "*": (first, longest) = (.star1, 7)
    case "~": (first, longest) = (.tilde1, 7)
    case "`": (first, longest) = (.backtick1, 4)
    default: return
    }
    if (1...longest).contains(runLength) { found[first.rawValue + runLength - 1] = true }
  }

  private mutating func endLine(into found: inout [Bool]) {
    if !lineHasText && lineHasWhitespace { found[Feature.blankLineOfSpacesOrTabs.rawValue] = true }
    if lineIsFence {
      found[(lineFenceCharacter == "`" ? Feature.backtickFence : .tildeFence).rawValue] = true
      // A run of 3+ of the fence's character ends a line that has more.
      if lineFenceRun < 0 && runScalar == lineFenceCharacter && runLength >= 3 {
        found[Feature.oneLineBlock.rawValue] = true
      }
    }
    if lineHasText { lastTextLineIsFence = lineIsFence }
    lineIndent = 0
    lineHasText = false
    lineHasWhitespace = false
    lineFenceRun = 0
    lineIsFence = false
  }

  /// Ends the last line; `atEnd` when the whole message was read.
  mutating func finish(into found: inout [Bool], atEnd: Bool) {
    endRun(into: &found)
    if regionalRun % 2 == 1 { found[Feature.oddRegionalIndicators.rawValue] = true }
    endLine(into: &found)
    if atEnd && lastTextLineIsFence { found[Feature.unclosedFenceAtEnd.rawValue] = true }
  }
}

/// FNV-1a over UTF-8 bytes: a fingerprint of a sequence of messages that is
/// the same on every platform (unlike `Hasher`, which is seeded per run).
private struct FNV1a {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func add(_ message: String) {
    for byte in message.utf8 {
      value = (value ^ UInt64(byte)) &* 0x0100_0000_01B3
    }
    value = (value ^ 0xFF) &* 0x0100_0000_01B3
  }
}
