/// The shape of a whole message for each length class: how much is written
/// and what stands at the edges the contract counts (unit 255/256 for R12,
/// unit 4096 for R1).
extension MessageGenerator.Writer {
  mutating func write(_ length: MessageGenerator.LengthClass) {
    switch length {
    case .short: writeShort()
    case .aroundLimit: writeAroundLimit()
    case .aroundWindow: writeAroundWindow()
    case .long: writeLong()
    case .pathological: writePathological()
    }
  }

  /// One to a few blocks, cut to 300 units; a third of them calm (mostly
  /// words), a few a tiny edge case; some with an ending (an unclosed
  /// fence, trailing line breaks) that must be last.
  private mutating func writeShort() {
    reserve(300)
    if percent(4) {
      add(pick(Self.tinyMessages))
      return
    }
    if percent(3) {
      writerEdge()
      return
    }
    calm = percent(33)
    let ending = percent(14) ? detached { $0.ending() } : ""
    let blocks: Int
    switch below(100) {
    case 0..<45: blocks = 1
    case 45..<70: blocks = 2
    case 70..<85: blocks = 3
    default: blocks = int(4...6)
    }
    for index in 0..<blocks {
      if index > 0 { blockSeparator() }
      block()
    }
    let room = 300 - ending.utf16.count
    if units > room { cut(to: room - below(60)) }
    add(ending)
  }

  /// 275–298 units whose body's last piece straddles the end of the bytes
  /// the library's writer keeps at the default limit: `addWriterEdge`,
  /// 253–256 letters, 0–3 bytes of room.
  private mutating func writerEdge() {
    let letters = int(253...256)
    let letter = pick(["中", "字", "한", "ア"])
    let extraTabs = int(0...2)
    let marker = pick(["**", "~~"])
    let room = int(0...3)
    let piece = pick(["**c **", "c ", "~~cd~~\t", "**c** \t"])
    addWriterEdge(
      limit: 256, letters: letters, letter: letter, extraTabs: extraTabs, marker: marker,
      room: room, piece: piece)
  }

  /// A body whose last piece straddles the end of the bytes the library's
  /// writer keeps at `limit` (3 × limit + 8 of UTF-8), after a line that R10
  /// empties: `letters` copies of the three-byte `letter`, a line of tabs
  /// that reaches `extraTabs` past the kept bytes and `marker`, then `x` and
  /// a line of tabs that leaves `room` bytes for `piece`, which should end
  /// in white space. The writer stores the emptied line's tabs before it
  /// empties the line, so one that mishandles the last bytes of room leaves
  /// such a tab at the end of the body, and the cut loses its "…".
  mutating func addWriterEdge(
    limit: Int, letters: Int, letter: String, extraTabs: Int, marker: String, room: Int,
    piece: String
  ) {
    let kept = 3 * limit + 8
    add(letter, times: letters)
    // The emptied line's tabs start after the letters and a line break.
    add("\n")
    add("\t", times: kept - (3 * letters + 1) + extraTabs)
    add(marker)
    // The next line starts after the letters and two line breaks.
    add("\n")
    add("x")
    add("\t", times: kept - (3 * letters + 2) - 1 - room)
    add(piece)
  }

  /// 250–262 units: Markdown, plain prose (whose body is the message, so
  /// R12 alone acts), or prose with a character or white space across unit
  /// 255 or 256.
  private mutating func writeAroundLimit() {
    reserve(262)
    let range = 250...262
    switch below(100) {
    case 0..<40:
      fittedBlocks(within: range, endingPercent: 15)
    case 40..<65:
      let target = int(range)
      prose(until: target)
      fit(to: target)
    default:
      straddle(at: percent(50) ? 255 : 256, within: range, markdown: percent(30))
    }
  }

  /// 4090–4100 units: Markdown, a character of several units across unit
  /// 4096, or a run of markers up to the window's end (R1's examples).
  private mutating func writeAroundWindow() {
    reserve(4100)
    let range = 4090...4100
    switch below(100) {
    case 0..<35:
      fittedBlocks(within: range, endingPercent: 20, repeatingFirst: true)
    case 35..<85:
      straddle(at: 4096, within: range, markdown: percent(70))
    default:
      markerRunToWindow(within: range)
    }
  }

  /// Markdown blocks fitted to a length in `range`, `endingPercent` of the
  /// time followed by what only a message's end can be (`ending()`), which
  /// the fit leaves whole; with `repeatingFirst`, half the time a repeated
  /// run of blocks first (`repeatedBlocks`).
  private mutating func fittedBlocks(
    within range: ClosedRange<Int>, endingPercent: Int, repeatingFirst: Bool = false
  ) {
    let ending = percent(endingPercent) ? detached { $0.ending() } : ""
    let target = int(range) - ending.utf16.count
    if repeatingFirst, percent(50) { repeatedBlocks(until: target - int(100...600)) }
    blocks(until: target)
    fit(to: target)
    add(ending)
  }

  /// 5,000–20,000 units of Markdown; sometimes a block or a code span that
  /// opens before unit 4096 and closes after it. Past 4,200–6,500 units the
  /// message repeats itself: text after the window is never read (R1), so
  /// it need not be new, only there.
  private mutating func writeLong() {
    let target = int(5000...20_000)
    reserve(target)
    if percent(30) {
      blocks(until: int(3000...4080))
      blockSeparator()
      if percent(60) {
        bigFencedBlock(until: int(4100...6000))
      } else {
        bigCodeSpan(until: int(4100...4600))
      }
    }
    blocks(until: min(target, int(4200...6500)))
    let written = text
    while units < target {
      blockSeparator()
      add(written)
    }
    fit(to: target)
  }

  /// `text` grows by blocks, with separators, to at least `target` units.
  mutating func blocks(until target: Int) {
    while units < target {
      if units > 0 { blockSeparator() }
      block()
    }
  }

  /// Blocks, then what they make repeated, to about `target` units: the
  /// same hostile Markdown many times, at a fraction of the cost of new.
  mutating func repeatedBlocks(until target: Int) {
    blocks(until: min(target, int(300...1500)))
    let written = text
    while units + written.utf16.count < target {
      blockSeparator()
      add(written)
    }
  }

  /// Plain text without Markdown: words of every script, emoji, spaces,
  /// punctuation and a few line breaks, to at least `target` units.
  mutating func prose(until target: Int) {
    while units < target {
      if units > 0 { separator() }
      switch below(100) {
      case 0..<72: word()
      case 72..<87: emoji()
      case 87..<93: add(pick(Self.punctuation))
      case 93..<96: oddity()
      default: lineBreak()
      }
    }
  }

  /// Text up to just before `boundary`, then a character (or syntax) of
  /// several units that covers unit `boundary`, starts at it or ends at it,
  /// then text to a total length in `range`.
  private mutating func straddle(at boundary: Int, within range: ClosedRange<Int>, markdown: Bool) {
    let piece = detached { $0.straddler() }
    if boundary > 1000 && percent(50) { repeatedBlocks(until: boundary - int(100...600)) }
    let length = piece.utf16.count
    // Units of `piece` before `boundary`: 0 (it starts there) to `length`
    // (it ends there); most often it is split.
    let earliest = max(0, length - (range.upperBound - boundary))
    let before =
      length > 1 && percent(80) ? int(max(1, earliest)...(length - 1)) : int(earliest...length)
    let start = boundary - before
    if markdown { blocks(until: start) } else { prose(until: start) }
    fitEndingInLetter(to: start)
    add(piece)
    pad(to: int(max(units, range.lowerBound)...max(units, range.upperBound)))
  }

  /// `"**"` × 2047 + `"b"` and its kin: a run of one marker up to about
  /// unit 4096, then a word.
  private mutating func markerRunToWindow(within range: ClosedRange<Int>) {
    let token = pick(["**", "**", "~~", "`", "*", "[", "](", "\n", "\r\n", "\u{301}"])
    let end = int(4090...4097)
    if percent(30) { prose(until: int(1...40)) }
    add(token, times: (end - units) / token.utf16.count)
    add(pick(["b", "word", "😀", "🇫🇷", "e\u{301}", " b", "\n```"]))
    fit(to: int(max(min(units, range.upperBound), range.lowerBound)...range.upperBound))
  }

  /// Messages of a few units that are edges on their own.
  private static let tinyMessages = [
    "", " ", "\n", "\r\n", "\r", "\t", "\n\n\n", " \t\n", "\u{A0}", "a", "…", "```", "``````",
    "~~~", "```just ci```", "```\n", "```npm install", "```npm install\n", "~~~ x\n\n", "**",
    "~~", "***", "~~~~~", "`", "``", "` `", "`` ` ``", "[", "]", "](", "[]()", "![]()", "[a]()",
    "[a](<>)", "http://", "https://x.io", "HTTPS://X.IO.", "<https://x.io>", "🇺", "🇺🇸🇫",
    "1\u{FE0F}\u{20E3}", "\u{301}", "\u{200D}", "**\u{301}", "> ", "# ", "- ", "*", "_", "\\",
    "\0", "\u{7F}", "\u{FEFF}", "\u{10FFFF}",
  ]
}
