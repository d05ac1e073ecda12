/// What one engine did on one corpus: a time and an allocation count per
/// message, and how many of its bodies equal the library's.
struct Measurement {
  let engine: String
  var nanoseconds: [Double] = []
  var allocations: [Int] = []
  /// Messages whose body is the library's, scalar for scalar; `nil` for an
  /// engine that makes no body.
  var sameBodies: Int?

  var median: Double { percentile(50) }
  var p99: Double { percentile(99) }
  var totalNanoseconds: Double { nanoseconds.reduce(0, +) }
  var allocationsPerCall: Double {
    Double(allocations.reduce(0, +)) / Double(max(allocations.count, 1))
  }

  /// The nearest-rank percentile of the per-message times.
  func percentile(_ percent: Int) -> Double {
    guard !nanoseconds.isEmpty else { return .nan }
    let sorted = nanoseconds.sorted()
    let rank = (percent * sorted.count + 99) / 100
    return sorted[max(rank, 1) - 1]
  }

  /// Millions of window bytes read per second, over the whole corpus.
  func megabytesPerSecond(windowBytes: Int) -> Double {
    Double(windowBytes) / totalNanoseconds * 1e3
  }
}

/// Every engine's measurement on one corpus.
struct CorpusMeasurement {
  let corpus: Corpus
  /// The UTF-8 bytes of every message's window (R1): what any engine must read.
  let windowBytes: Int
  var measurements: [Measurement]

  /// The library's measurement; the table's ratios are to it.
  var library: Measurement { measurements[0] }
}
