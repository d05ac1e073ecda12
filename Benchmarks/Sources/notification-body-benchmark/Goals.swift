/// The performance goals of the library, each with the figure measured and
/// whether it was met.
struct Goals {
  struct Line {
    let goal: String
    let measured: String
    let met: Bool?
  }

  var lines: [Line] = []

  /// A goal "measured ≤ bound" (or ≥ when `atLeast`); `nil` figures are
  /// reported as not measured in this run.
  mutating func add(_ goal: String, _ measured: Double?, bound: Double, atLeast: Bool = false) {
    guard let measured, measured.isFinite else {
      lines.append(Line(goal: goal, measured: "not measured in this run", met: nil))
      return
    }
    let met = atLeast ? measured >= bound : measured <= bound
    lines.append(Line(goal: goal, measured: Report.fixed(measured, 2) + "×", met: met))
  }

  mutating func note(_ goal: String, _ measured: String) {
    lines.append(Line(goal: goal, measured: measured, met: nil))
  }

  var markdown: String {
    var text = "| goal | measured | met |\n|---|---:|---|\n"
    for line in lines {
      let met = line.met.map { $0 ? "yes" : "**no**" } ?? "—"
      text += "| \(line.goal) | \(line.measured) | \(met) |\n"
    }
    return text
  }
}

/// The window bound: the library's time on a message much longer than the
/// window against one just longer than it.
struct WindowBound {
  let shortBytes: Int
  let longBytes: Int
  let shortNanoseconds: Double
  let longNanoseconds: Double

  var ratio: Double { longNanoseconds / shortNanoseconds }

  var markdown: String {
    "| message | library, time per call |\n|---|---:|\n"
      + "| \(Corpus.label(bytes: shortBytes)) | \(Report.time(shortNanoseconds)) |\n"
      + "| \(Corpus.label(bytes: longBytes)) | \(Report.time(longNanoseconds)) |\n"
  }
}

/// How the library's time grows on each adversarial family as the input
/// doubles, below the window.
struct Scaling {
  /// The sizes measured, in bytes (= UTF-16 code units: the families are ASCII).
  static let sizes = [1024, 2048, 4096]

  struct Row {
    let family: String
    /// The fastest time at each size.
    let nanoseconds: [Double]
    /// The median ratio of each size's time to the size before it, taken
    /// round by round.
    let doublings: [Double]

    /// The largest of `doublings`.
    var worstDoubling: Double { doublings.max() ?? .nan }

    /// Nanoseconds per byte at the largest size.
    var perByte: Double { nanoseconds.last! / Double(Scaling.sizes.last!) }
  }

  var rows: [Row] = []

  func markdown(typicalPerByte: Double?) -> String {
    var text =
      "| family | " + Self.sizes.map { "\($0) B" }.joined(separator: " | ")
      + " | time ×, size doubled (median round) | per byte at 4096 vs typical |\n"
      + "|---|" + String(repeating: "---:|", count: Self.sizes.count + 2) + "\n"
    for row in rows {
      let perByte = typicalPerByte.map { Report.fixed(row.perByte / $0, 2) + "×" } ?? "—"
      text +=
        "| \(row.family) | " + row.nanoseconds.map(Report.time).joined(separator: " | ")
        + " | \(row.doublings.map { Report.fixed($0, 2) + "×" }.joined(separator: ", "))"
        + " | \(perByte) |\n"
    }
    return text
  }
}
