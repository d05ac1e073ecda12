/// A slow, obvious transcription of `docs/contract.md`, rule by rule, that
/// the fast `NotificationBody` library is checked against.
///
/// Each rule is one plain pass over the whole text, in the order the contract
/// states them; nothing here is shared with the fast scanner.
///
///     NotificationBodyReference.make(from: "Hello **world**")  // "Hello world"
public enum NotificationBodyReference {
  /// The notification body for a message, computed by the contract's rules
  /// R1–R12 applied one after another.
  ///
  ///     NotificationBodyReference.make(from: "Run:\n```\nmake\n```\nthen")
  ///     // "Run:\nmake\nthen"
  ///
  /// - Parameters:
  ///   - markdown: The message as the sender typed it. Any string is accepted.
  ///   - utf16Units: The most UTF-16 code units the body may hold (R12); a
  ///     value below 256 is clamped up to 256 (Terms, Limit).
  /// - Returns: The body the contract requires: at most that many UTF-16
  ///   code units, cut on whole characters and ended with "…" when
  ///   text was left out.
  /// - Complexity: Roughly O(*w*²) in the worst case, where *w* is the
  ///   length of the input window (at most 4096 UTF-16 code units); the rest
  ///   of a longer message is never read.
  public static func make(
    from markdown: String, limit utf16Units: Int = defaultLimitUTF16Units
  ) -> String {
    bodies(of: markdown, limit: utf16Units).body
  }

  /// The body together with what the rules found on the way: the harness's
  /// invariants use it to know which parts of a body are code and URLs.
  ///
  /// - Parameters:
  ///   - markdown: The message.
  ///   - utf16Units: The limit in UTF-16 code units, clamped up to 256.
  /// - Returns: The body, uncapped and capped, and each code line, code
  ///   span and URL as it stands in the body.
  package static func analysis(
    of markdown: String, limit utf16Units: Int = defaultLimitUTF16Units
  ) -> Analysis {
    let bodies = bodies(of: markdown, limit: utf16Units)
    return Analysis(
      body: bodies.body, uncappedBody: bodies.uncappedBody,
      code: bodies.read.code.map(string(of:)), urls: bodies.read.urls.map(string(of:)))
  }

  /// The rules in the contract's order ("Order").
  ///
  /// - Returns: The body, the body before R12, and the text R3–R8 read.
  private static func bodies(
    of markdown: String, limit utf16Units: Int
  ) -> (body: String, uncappedBody: String, read: MarkedText) {
    let reading = Reading(of: markdown, limit: utf16Units)
    return (reading.body, reading.uncappedBody, reading.read)
  }

  /// Every step of `bodies(of:limit:)` kept, for `rule(whereBody:differsFrom:limit:)`
  /// to trace a scalar of the body back to the rule that kept or dropped it.
  struct Reading {
    /// The limit after Terms' clamp.
    var limit: Int
    /// R1's window.
    var window: (text: String, leftTextOut: Bool)
    /// R2's text, and the index of the window's scalar each came from.
    var text: (text: [Unicode.Scalar], origins: [Int])
    /// What R3–R8 read.
    var read: MarkedText
    /// The text after each of R9, R10 (two steps) and R11.
    var tidying: [(rule: Rule, scalars: [MarkedScalar])]
    /// The body after R11.
    var uncappedBody: String
    /// The body.
    var body: String

    init(of markdown: String, limit utf16Units: Int, windowUnits: Int = windowUTF16Units) {
      // Terms: the limit is never below 256.
      limit = clampedLimit(utf16Units)
      // R1: the window, and whether it left text out.
      window = NotificationBodyReference.window(of: markdown, units: windowUnits)
      // R2: line breaks become "\n"; the text is now scalars.
      text = normalizedLineEndings(window.text)
      // R3: fenced code blocks, prose lines, paragraphs.
      let lines = classifiedLines(splitIntoLines(text.text))
      let blocks = blocks(of: lines)
      // R4–R8: each paragraph read once from left to right.
      read = readBlocks(blocks, in: text.text)
      // R9–R11: tidy the result.
      let collapsed = collapsingSpaces(read.scalars)
      let emptied = emptyingBlankLines(collapsed)
      let joined = collapsingLineBreaks(emptied)
      let tidied = trimmed(joined)
      tidying = [(.r9, collapsed), (.r10, emptied), (.r10, joined), (.r11, tidied)]
      uncappedBody = string(of: tidied.map(\.scalar))
      // R12: the cap.
      body = capped(uncappedBody, limit: limit, windowLeftTextOut: window.leftTextOut)
    }
  }

  /// What `analysis(of:limit:)` returns.
  package struct Analysis: Sendable {
    /// The body, as `make(from:limit:)` returns it.
    package var body: String
    /// The body before R12's cap: what R1–R11 made.
    package var uncappedBody: String
    /// Each fenced code line and each code span's content, as R3 and R4
    /// keep them (before R10–R12).
    package var code: [String]
    /// Each bare URL (R6).
    package var urls: [String]
  }
}
