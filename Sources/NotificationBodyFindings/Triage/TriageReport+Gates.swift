extension TriageReport {
  /// A pull request's body and cost gates against its base, written by the
  /// run that fuzzed it: in `fuzz-report.json` beside the causes, so a tool
  /// that reads the JSON can tell a failed gate from a passed one, and as
  /// the last section of `fuzz-report.md`.
  package struct Gates: Codable, Sendable, Equatable {
    /// The base as named.
    package var base: String
    /// Whether both passed: no body changed, no cost class grew past its
    /// tolerance, and they could run.
    package var passed: Bool
    /// Why they could not run, when they could not.
    package var failure: String?
    /// The instruction counts compared, as a Markdown table, when counted.
    package var costTable: String?
    /// The gates' own report: each kind of body change, the cost lines,
    /// the summary; at most its last 60 lines.
    package var report: String

    package init(
      base: String, passed: Bool, failure: String? = nil, costTable: String? = nil, report: String
    ) {
      self.base = base
      self.passed = passed
      self.failure = failure
      self.costTable = costTable
      self.report = report.split(separator: "\n", omittingEmptySubsequences: false).suffix(60)
        .joined(separator: "\n")
    }

    /// "## The gates against <base>": the verdict, the table, the report.
    var markdown: [String] {
      var lines = ["## The gates against \(base)", ""]
      if let failure {
        lines.append("**Failed**: the gates could not run: \(failure)")
      } else if passed {
        lines.append("**Passed**: every body and every cost class as on \(base).")
      } else {
        lines.append("**Failed**: a body changed or a cost class grew past its tolerance.")
      }
      lines.append("")
      if let costTable { lines += [costTable, ""] }
      return lines + ["```", report, "```", ""]
    }
  }
}
