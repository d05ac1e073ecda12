/// One cause of the night's findings, as a line of `fuzz-report.json`'s
/// `causes`: the artifacts it groups, across targets, and what became of
/// the one promoted for it.
struct TriageCause: Codable, Sendable, Equatable {
  /// `FindingCause.key`, e.g. "body R5" or "linear-work LinkTail.end(in:from:to:)".
  var cause: String
  /// The contract's rule, when known.
  var rule: String?
  /// What differs, or how the work grows and where, in one line.
  var summary: String
  /// The invariant its promoted member broke, or what went wrong.
  var invariant: String
  /// How many artifacts it groups.
  var artifacts: Int
  /// The targets that found it.
  var targets: [String]
  /// The member promoted for it, as `<target>/<artifact name>`: the smallest.
  var from: String
  /// What became of that member: `new` (promoted, or tried to be) or `known`.
  var status: TriageFinding.Status
  /// Where it was promoted to, or why not.
  var detail: String?
  /// A linear-work finding's shape, growth and function, when measured.
  var growth: CostCause.Report?
}
