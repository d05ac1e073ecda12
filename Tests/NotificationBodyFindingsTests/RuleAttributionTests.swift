import NotificationBodyFindings
import NotificationBodyHarness
import NotificationBodyReference
import Testing

/// `RuleAttribution.rule(whereBody:differsFrom:limit:)`: the rule a
/// wrong body is named for. Each row is a message and the body a planted bug
/// of `Fuzz/planted/` makes of it (worked out by hand from the patch), with
/// the rule the patch's first line names.
@Suite("Reference: the rule where a body parts from the contract's")
struct RuleAttributionTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var bug: String
    var message: String
    var body: String
    var limit = 256
    var rule: NotificationBodyReference.Rule
    var testDescription: String { bug }
  }

  static let rows: [Row] = [
    Row(bug: "specials-tilde-row", message: "~~a~~", body: "~~a~~", rule: .r7),
    Row(bug: "marker-advance-one", message: "**a", body: "*a", rule: .r7),
    Row(bug: "marker-mixed-pair", message: "*~a", body: "a", rule: .r7),
    Row(bug: "line-endings-crlf-twice", message: "a\r\nb", body: "a\n\nb", rule: .r2),
    Row(bug: "link-tail-title-without-space", message: "[](<>\"\")", body: "", rule: .r5),
    Row(bug: "link-image-keeps-bang", message: "![](a)", body: "!", rule: .r5),
    Row(bug: "link-tail-empty-destination", message: "[a]()", body: "[a]()", rule: .r5),
    Row(bug: "space-single-lookahead", message: "a  b", body: "a  b", rule: .r9),
    Row(bug: "writer-tab-keeps-space-run", message: "a \t b", body: "a \tb", rule: .r9),
    Row(bug: "writer-leading-white-space", message: " a", body: " a", rule: .r11),
    Row(bug: "writer-trailing-only-spaces", message: "a\t", body: "a\t", rule: .r11),
    Row(bug: "writer-three-line-breaks", message: "a\n\n\n\nb", body: "a\n\n\nb", rule: .r10),
    Row(
      bug: "cap-limit-off-by-one", message: String(repeating: "a", count: 300),
      body: String(repeating: "a", count: 256) + "…", rule: .r12),
    Row(
      bug: "cap-fits-strict", message: String(repeating: "a", count: 256),
      body: String(repeating: "a", count: 255) + "…", rule: .r12),
    Row(
      bug: "cap-no-trailing-trim", message: String(repeating: "ab ", count: 100),
      body: String(repeating: "ab ", count: 85) + "…", rule: .r12),
    Row(
      bug: "cap-no-ellipsis-after-window", message: String(repeating: "**", count: 2100),
      body: "", rule: .r1),
    Row(bug: "blank-line-tabs", message: "`a\n \t\nb`", body: "a\n \t\nb", rule: .r3),
    Row(bug: "paragraph-no-reset", message: "a\r\r\nb", body: "a\n\na…", rule: .r3),
    Row(
      bug: "paragraph-no-reset", message: "Run:\n```\nmake\n```\nthen",
      body: "Run:\nmake\nRun:\n\nmake…", rule: .r3),
    Row(
      bug: "window-units-off-by-one", message: String(repeating: "**", count: 2048) + "b",
      body: "b", rule: .r1),
    Row(
      // The 4097th unit completes a `**`: the body parts in R7's text.
      bug: "window-units-off-by-one", message: String(repeating: "a", count: 4095) + "**",
      body: String(repeating: "a", count: 4095), limit: 10_000, rule: .r1),
    Row(bug: "fence-tilde-not-a-fence", message: "~~~\na", body: "~\na", rule: .r3),
    Row(bug: "fence-close-trailing-space", message: "```\na\n``` ", body: "a\n```", rule: .r3),
    Row(bug: "fence-two-characters", message: "``\na", body: "a", rule: .r3),
    Row(bug: "fence-indent-four", message: "    ```\na", body: "a", rule: .r3),
    Row(bug: "fence-indent-four", message: "    ```x", body: "x", rule: .r3),
    Row(bug: "fence-two-characters", message: "``a`b`", body: "a`b`", rule: .r3),
    Row(
      bug: "fence-close-trailing-space", message: "```\nx\n```  \t\ny", body: "x\n```  \t\ny",
      rule: .r3),
    Row(
      bug: "line-endings-crlf-twice", message: "```js\r\nlet a = 1\r\n```\r\nok",
      body: "let a = 1\n\nok", rule: .r2),
    Row(bug: "code-span-longer-closer", message: "`a``", body: "a", rule: .r4),
    Row(bug: "code-span-strip-short", message: "` a `", body: " a ", rule: .r4),
    Row(bug: "url-scheme-case", message: "HTTP://a**b**", body: "HTTP://ab", rule: .r6),
    Row(
      bug: "url-after-any-character", message: "xhttps://x.io/**a**b",
      body: "xhttps://x.io/**a**b", rule: .r6),
    Row(
      bug: "url-keeps-trailing-period", message: "https://x.io/a**.", body: "https://x.io/a**.",
      rule: .r6),
    Row(bug: "url-slash-offset", message: "http:x/**a** b", body: "http:x/**a b", rule: .r6),
    Row(
      bug: "url-runs-past-bracket", message: "[see https://x.io](https://x.io)",
      body: "[see https://x.io](https://x.io)", rule: .r6),
  ]

  @Test(arguments: rows)
  func theRuleIsThePatchs(row: Row) {
    let rule = RuleAttribution.rule(
      whereBody: row.body, differsFrom: row.message, limit: row.limit)
    #expect(rule == row.rule)
  }

  @Test func theContractsOwnBodyHasNoRule() {
    #expect(RuleAttribution.rule(whereBody: "a", differsFrom: "**a**", limit: 256) == nil)
  }

  /// A body function that keeps the message as typed: every syntax the
  /// contract drops is left in.
  static let asTyped = Implementation(name: "as typed") { message, _ in message }

  // The cause a fuzz target traps with (`FuzzTrap`): the rule where the
  // bodies part, for a body's invariant; none for the cost's.
  @Test func aFindingsRuleIsWhereItsBodiesPart() {
    let rule = { (message: String, invariant: Invariant) in
      RuleAttribution.rule(
        of: message, limit: .default, invariant: invariant, implementation: Self.asTyped)
    }
    #expect(rule("**a**", .matchesReference) == .r7)
    #expect(rule("a\r\nb", .nothingNew) == .r2)
    #expect(rule("**a**", .noLeak) == nil)
    #expect(rule("**a**", .linearWork) == nil)
    // The library is right: no rule, but window-holds names R1's.
    #expect(RuleAttribution.rule(of: "**a**", limit: .default, invariant: .withinLimit) == nil)
    #expect(RuleAttribution.rule(of: "**a**", limit: .default, invariant: .windowHolds) == .r1)
  }

  @Test func theTrapMessageNamesTheInvariantTheRuleAndTheInputsSize() {
    let failure = InvariantFailure(.matchesReference, "library gives …")
    #expect(
      failure.trapMessage(inputBytes: 6, rule: .r7)
        == "invariant matches-reference: bodies part at R7, 6-byte input: library gives …")
    #expect(
      InvariantFailure(.noLeak, "2 blocks").trapMessage(inputBytes: 5)
        == "invariant no-leak: 5-byte input: 2 blocks")
    #expect(failure.trapMessage == "invariant matches-reference: library gives …")
  }
}
