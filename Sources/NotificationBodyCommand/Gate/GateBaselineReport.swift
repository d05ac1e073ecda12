import NotificationBodySnapshot

extension GateBaseline.Outcome {
  /// The report: each kind of change with its shrunk input and the bodies
  /// before (the baseline) and after (this build), then a summary.
  ///
  ///     CHANGE 1 of 1, 3 inputs: "" → " " (after "\u{600}", before "…")
  ///       found in:    test-fixtures/notification-body.json: case 397 (…), limit 256
  ///       shrunk to:   "xxxx … x\u{600} y" (258 UTF-16 units), limit 256
  ///       before:      "xxxx … x\u{600}…" (256 UTF-16 units)
  ///       after:       "xxxx … x\u{600} …" (257 UTF-16 units)
  ///       edit:        ⋯"xxxx\u{600}{+ +}…"
  ///       reference:   the same as after
  ///
  ///     gate: bb076d6 (bb076d673159) against this build: 31234 inputs compared (…)
  ///     gate: 3 differ in 1 kind of change; before = bb076d6, asked through its `serve`; …
  var text: String {
    var lines: [String] = []
    for (index, finding) in findings.enumerated() {
      lines += report(finding, number: index + 1) + [""]
    }
    let limits = "\(SnapshotInput.secondLimit)"
    lines.append(
      "gate: \(revision) (\(commit.prefix(12))) against this build: \(counts.total) inputs "
        + "compared (\(counts.corpus) corpus files and \(counts.fixtures) fixture cases at 256, "
        + "\(limits) and their own limit: \(counts.files); \(counts.generated) generated at 256, "
        + "\(counts.raised) of them again at \(limits))")
    let verdict =
      mismatches == 0
      ? "no change"
      : "\(mismatches) differ in "
        + Displayed.counting(findings.count, "kind of change", plural: "kinds of change")
    lines.append(
      "gate: \(verdict); before = \(revision), asked through \(GateBaseline.method); after = this build; "
        + "seed \(seed); \(GateBaseline.seconds(elapsed))")
    return lines.joined(separator: "\n")
  }

  private func report(_ finding: GateBaseline.Finding, number: Int) -> [String] {
    func row(_ label: String, _ value: String) -> String {
      "  " + label + String(repeating: " ", count: max(1, 13 - label.count)) + value
    }
    let shown = Displayed.shown
    let count = finding.mismatches.count
    var lines = [
      "CHANGE \(number) of \(findings.count), \(Displayed.counting(count, "input")): "
        + finding.signatures.joined(separator: " | ")
    ]
    let first = finding.mismatches[0]
    lines.append(row("found in:", "\(first.input.source), limit \(first.input.limit.utf16Units)"))
    let others = finding.mismatches.dropFirst().prefix(3).map {
      "\($0.input.source), limit \($0.input.limit.utf16Units)"
    }
    if !others.isEmpty {
      lines.append(
        row("also in:", others.joined(separator: "; "))
          + (count > 4 ? "; and \(count - 4) more" : ""))
    }
    guard let shrunk = finding.shrunk else {
      lines += [
        row("input:", shown(first.input.message)),
        row("before:", shown(first.before)),
        row("after:", shown(first.after)),
        row("edit:", BodyEdit(from: first.before, to: first.after).excerpt),
        row("", "(not shrunk: only the first \(Comparison.shrinkCap) kinds are)"),
      ]
      return lines
    }
    var shrunkFrom = ""
    if shrunk.input.message.utf16.count != first.input.message.utf16.count {
      shrunkFrom = "; from \(first.input.message.utf16.count) UTF-16 units"
    }
    lines += [
      row(
        "shrunk to:",
        shown(shrunk.input.message) + ", limit \(shrunk.input.limit.utf16Units)"
          + shrunkFrom),
      row("before:", shown(shrunk.before)),
      row("after:", shown(shrunk.after)),
      row("edit:", BodyEdit(from: shrunk.before, to: shrunk.after).excerpt),
    ]
    if let reference = finding.reference {
      let agrees =
        reference.hasSameScalars(as: shrunk.after)
        ? "the same as after"
        : reference.hasSameScalars(as: shrunk.before) ? "the same as before" : shown(reference)
      lines.append(row("reference:", agrees))
    }
    return lines
  }
}
