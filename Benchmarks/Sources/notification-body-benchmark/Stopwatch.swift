import CAllocationCount

/// Times calls on the monotonic clock, and counts their heap allocations.
enum Stopwatch {
  /// How long one batch of calls should run, so the clock's own cost and
  /// granularity vanish: a call shorter than this is repeated.
  static let batchNanoseconds = 50_000.0

  /// The time of one call of `body`, in nanoseconds: the fastest of
  /// `rounds` batches, each long enough to time, divided by its calls.
  ///
  /// The fastest batch, not the mean, is the estimate least disturbed by
  /// the other work on a shared machine.
  static func nanosecondsPerCall(
    rounds: Int, batchNanoseconds: Double = batchNanoseconds, _ body: () -> Int
  ) -> (Double, Int) {
    var checksum = 0
    let first = time { checksum &+= body() }
    let calls = max(1, min(1_000_000, Int(batchNanoseconds / max(first, 1))))
    var best = Double.infinity
    for _ in 0..<rounds {
      let batch = time {
        for _ in 0..<calls { checksum &+= body() }
      }
      best = min(best, batch / Double(calls))
    }
    return (best, checksum)
  }

  /// Heap allocations one call of `body` makes.
  static func allocations(_ body: () -> Int) -> (Int, Int) {
    let before = allocation_count()
    let checksum = body()
    return (Int(allocation_count() - before), checksum)
  }

  private static func time(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
