/// Writes the benchmark's results as Markdown tables, so the README can carry
/// a run's output as it is.
enum Report {
  static func table(_ result: CorpusMeasurement) -> String {
    var lines = [
      "### \(result.corpus.name)",
      "",
      "\(result.corpus.summary); \(grouped(result.windowBytes)) window bytes in all.",
      "",
      "| engine | median | p99 | MB/s | time vs library | allocations/call (most) | same body as library |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    let library = result.library.totalNanoseconds
    for measurement in result.measurements {
      let same = measurement.sameBodies.map { "\($0) of \(result.corpus.messages.count)" } ?? "—"
      lines.append(
        "| \(measurement.engine) | \(time(measurement.median)) | \(time(measurement.p99))"
          + " | \(fixed(measurement.megabytesPerSecond(windowBytes: result.windowBytes), 1))"
          + " | \(fixed(measurement.totalNanoseconds / library, 2))×"
          + " | \(fixed(measurement.allocationsPerCall, 1))"
          + " (\(measurement.allocations.max() ?? 0)) | \(same) |")
    }
    if result.corpus.messages.count <= 20 {
      lines += ["", "Per input, time per call:", ""]
      lines.append("| input | " + result.measurements.map(\.engine).joined(separator: " | ") + " |")
      lines.append("|---|" + String(repeating: "---:|", count: result.measurements.count))
      for (index, message) in result.corpus.messages.enumerated() {
        let times = result.measurements.map { time($0.nanoseconds[index]) }
        lines.append("| \(message.label) | " + times.joined(separator: " | ") + " |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func time(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: "\(fixed(nanoseconds, 0)) ns"
    case ..<1_000_000: "\(fixed(nanoseconds / 1e3, nanoseconds < 1e4 ? 2 : 1)) µs"
    case ..<1_000_000_000: "\(fixed(nanoseconds / 1e6, nanoseconds < 1e7 ? 2 : 1)) ms"
    default: "\(fixed(nanoseconds / 1e9, 2)) s"
    }
  }

  /// `value` with `digits` digits after the point and thousands grouped.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(abs(scaled - Double(whole) * scale))
    var text = grouped(whole)
    if digits > 0 {
      let digitsText = String(fraction)
      text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
    return text
  }

  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }
}
