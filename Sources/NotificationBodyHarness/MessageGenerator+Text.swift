/// Words in many scripts, emoji and the odd scalars that make characters of
/// several units (R1, R12) or sit right after syntax (read by scalar).
extension MessageGenerator.Writer {
  /// A word: Latin most often, then CJK, Arabic and Hebrew, Devanagari
  /// (conjuncts included), virama clusters of nine scripts and other
  /// scripts.
  mutating func word() {
    switch below(100) {
    case 0..<50: add(pick(Self.latinWords))
    case 50..<62: add(pick(Self.cjkWords))
    case 62..<73: add(pick(Self.rightToLeftWords))
    case 73..<81: add(pick(Self.devanagariWords))
    case 81..<85: add(pick(Vocabulary.viramaClusters))
    default: add(pick(Self.otherWords))
    }
  }

  /// An emoji: single, with a skin tone, ZWJ sequences (families,
  /// professions), flags, keycaps, presentation selectors.
  mutating func emoji() {
    switch below(100) {
    case 0..<55: add(pick(Self.emoji))
    case 55..<67:
      add(pick(Self.tonedPeople))
      add(pick(Self.skinTones))
    case 67..<80:
      // A person, maybe toned, ZWJ, an object: a profession.
      add(pick(Self.people))
      if percent(40) { add(pick(Self.skinTones)) }
      add("\u{200D}")
      add(pick(Self.professionObjects))
    case 80..<92: regionalIndicators(count: 2)
    default: add(pick(Vocabulary.keycaps))
    }
  }

  /// Scalars that join or hang: stacks of combining marks, variation
  /// selectors, odd runs of regional indicators, lone ZWJ and skin tones,
  /// syntax followed by a mark, zero-width and Prepend characters, UTF-8's
  /// edge scalars and control characters.
  mutating func oddity() {
    switch below(10) {
    case 0, 1:
      add(pick(["a", "e", "Z", "o", "\u{3042}", "x", "\u{928}"]))
      for _ in 0..<small(1...8) { add(pick(Vocabulary.combiningMarks)) }
    case 2: add(pick(Self.variationSequences))
    case 3: regionalIndicators(count: 1 + 2 * small(0...2))
    case 4: add(pick(Self.strayJoiners))
    case 5: add(pick(Self.syntaxWithMarks))
    case 6: add(percent(50) ? pick(Self.invisibles) : pick(Vocabulary.prependSequences))
    case 7: add(pick(["\u{1F3FD}", "a\u{1F3FB}", "\u{1F3FF}\u{1F3FF}"]))
    case 8: percent(50) ? add(pick(Self.unusualScalars)) : add(pick(Vocabulary.boundaryScalars))
    default: add(pick(Self.controls))
    }
  }

  /// `count` regional indicators: a flag for 2, one left over for an odd
  /// count.
  mutating func regionalIndicators(count: Int) {
    for _ in 0..<count { add(Unicode.Scalar(0x1F1E6 + UInt32(below(26)))!) }
  }

  private static let people = ["\u{1F469}", "\u{1F468}", "\u{1F9D1}"]

  private static let tonedPeople = [
    "\u{1F44D}", "\u{1F44B}", "\u{1F9D1}", "\u{270C}", "\u{1F469}", "\u{1F91D}",
  ]

  private static let professionObjects = [
    "\u{1F4BB}", "\u{1F680}", "\u{1F373}", "\u{2695}\u{FE0F}", "\u{1F52C}", "\u{1F3A8}",
  ]

  /// Variation selectors after what takes them, after what doesn't, alone.
  private static let variationSequences = [
    "\u{263A}\u{FE0F}", "\u{263A}\u{FE0E}", "a\u{FE0F}", "\u{FE0F}", "葛\u{E0100}", "\u{FE0E}",
  ]

  /// ZWJs with nothing to join on one side or both.
  private static let strayJoiners = [
    "a\u{200D}b", "\u{200D}", "\u{1F469}\u{200D}", "\u{200D}\u{1F4BB}",
    "\u{1F469}\u{200D}\u{200D}\u{1F4BB}",
  ]

  private static let invisibles = [
    "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200E}", "\u{200F}", "\u{202E}abc\u{202C}", "\u{AD}",
  ]

  /// A conjunct joined by ZWJ, Hangul jamo, private use, U+FFFD, plane 16.
  private static let unusualScalars = [
    "\u{915}\u{94D}\u{200D}\u{937}", "\u{1100}\u{1161}", "\u{11A8}", "\u{E000}", "\u{FFFD}",
    "\u{10FFFD}",
  ]

  /// Control characters, NEL and the Unicode line and paragraph
  /// separators: text, never line breaks (R2).
  private static let controls = [
    "\0", "\u{1}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{B}", "\u{C}",
  ]

  private static let skinTones = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]

  private static let latinWords = [
    "hello", "world", "the", "deploy", "is", "done", "ok", "thanks", "see", "PR", "build",
    "failed", "lgtm", "Meeting", "at", "noon", "a", "I", "café", "naïve", "Zoë", "façade",
    "résumé", "straße", "cafe\u{301}", "ÆØÅ", "İstanbul", "ﬁne", "Ångström", "x", "fix",
    "tomorrow", "ship", "it", "😀ok", "don't", "e-mail", "réunion", "Ĳ", "ǅ",
  ]

  private static let cjkWords = [
    "你好", "世界", "日本語", "テスト", "ｶﾀｶﾅ", "한국어", "안녕하세요", "𠀋", "𩸽", "中文字",
    "ありがとう", "漢字", "㌀", "今日は", "\u{1100}\u{1161}\u{11A8}",
  ]

  private static let rightToLeftWords = [
    "مرحبا", "السلام", "عليكم", "شكرا", "שלום", "שָׁלוֹם", "עברית", "\u{200F}שלום", "ﷺ", "لا",
    "كِتَاب", "۱۲۳", "اختبار",
  ]

  private static let devanagariWords = [
    "नमस्ते", "क्ष", "क्षत्रिय", "ज्ञान", "श्री", "हिन्दी", "त्र", "द्ध", "क़", "ॐ", "स्त्री",
    "क्\u{200D}ष", "क्\u{200C}ष", "पृथ्वी",
  ]

  private static let otherWords = [
    "привет", "мир", "γειά", "σου", "สวัสดี", "ሰላም", "ကြ", "வணக்கம்", "ᏣᎳᎩ", "Ⴀ", "ᚠᚢᚦ",
    "𝔘𝔫𝔦", "𓀀",
  ]

  private static let emoji = [
    "😀", "🎉", "👍", "🙏", "🔥", "✅", "❌", "\u{2764}\u{FE0F}", "\u{2764}", "\u{263A}\u{FE0E}",
    "\u{270C}\u{FE0F}", "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F468}\u{200D}\u{1F680}",
    "\u{1F469}\u{1F3FD}\u{200D}\u{2695}\u{FE0F}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
    "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F466}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "\u{1F3F4}\u{200D}\u{2620}\u{FE0F}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
    "\u{1F9D4}\u{200D}\u{2642}\u{FE0F}", "\u{1FAF1}\u{1F3FC}\u{200D}\u{1FAF2}\u{1F3FF}",
    "🇫🇷", "🇯🇵", "🇺🇸", "🇮🇳", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "\u{1F926}\u{1F3FB}\u{200D}\u{2640}\u{FE0F}",
  ]

  /// Syntax followed by a combining mark or a keycap mark: still syntax,
  /// since the rules read scalars.
  private static let syntaxWithMarks = [
    "**\u{301}", "\u{301}**", "`\u{301}`", "[\u{301}](a)", "~~\u{308}", "*\u{20E3}",
    "**\u{FE0F}\u{20E3}", "`\u{20E3}", "(\u{301}", "]\u{301}(a)", "http://\u{301}x.io",
  ]
}
