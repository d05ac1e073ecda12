import NotificationBody

extension CostCause {
  /// Library functions and the rule each belongs to, from docs/contract.md's
  /// table "Where each rule lives": a function whose name starts with a key
  /// is that rule's. Helpers the table does not list (`ByteSearch`,
  /// `ScratchList`, `UTF8Bytes`, `BodyWriter.appendVerbatim`, …) have no
  /// rule. A change to the table changes this list: `RuleTableTests` holds
  /// the two to each other.
  package static let rules: KeyValuePairs<String, String> = [
    "NotificationBody.Limit.init(utf16Units:)": "Limit",
    "NotificationBody.make(fromPrefix:limit:)": "R1",
    "GraphemeBreak.": "Character (Terms): R1, R12",
    "CharacterBoundary.": "R1",
    "LineEndings.": "R2",
    "BlockScanner.": "R3",
    "InlineScanner.scan(paragraph:into:)": "reading a paragraph, R8",
    "InlineScanner.scanCodeSpan(": "R4",
    "BacktickRuns.": "R4",
    "InlineScanner.scanOpeningBracket(": "R5",
    "InlineScanner.scanClosingBracket(": "R5",
    "LinkTail.": "R5",
    "InlineScanner.scanBareURL(": "R6",
    "InlineScanner.bareURL(": "R6",
    "InlineScanner.scanMarker(": "R7",
    "BodyWriter.appendText(": "R8",
    "InlineScanner.scanSpaces(": "R9",
    "BodyWriter.appendSpace(": "R9",
    "BodyWriter.startLine(": "R10",
    "BodyWriter.endLine(": "R10",
    "BodyWriter.put(": "R11",
    "BodyWriter.copy(": "R11",
    "BodyWriter.finish": "R11",
    "Cap.": "R12",
    "BodyWriter.bytesKept(": "R12",
    "BodyWriter.isFull": "R12",
  ]

  /// The rule `function` (as `enclosingFunction(_:)` gives it) belongs to,
  /// or nil when the table lists it under none.
  ///
  ///     CostCause.rule(of: "LinkTail.end(in:from:to:)")  // "R5"
  package static func rule(of function: String) -> String? {
    rules.first { function.hasPrefix($0.key) }?.value
  }
}
