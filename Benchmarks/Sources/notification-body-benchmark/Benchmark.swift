import NotificationBody

/// Runs engines over corpora and measures them.
struct Benchmark {
  let engines: [Engine]
  let rounds: Int
  /// Called with a line of progress now and then.
  let progress: (String) -> Void

  /// Times every engine on every message of `corpus`, the engines in turn
  /// on each message so that the machine's drift falls on all alike.
  func measure(_ corpus: Corpus) -> CorpusMeasurement {
    var measurements = engines.map { Measurement(engine: $0.name) }
    for index in measurements.indices where engines[index].body != nil {
      measurements[index].sameBodies = 0
    }
    var checksum = 0
    var windowBytes = 0
    var lastReport = ContinuousClock.now
    for (number, message) in corpus.messages.enumerated() {
      windowBytes += Floor.windowBytes(of: message.text)
      let libraryBody = NotificationBody.make(from: message.text)
      for (index, engine) in engines.enumerated() {
        let (time, sum) = Stopwatch.nanosecondsPerCall(rounds: rounds) { engine.run(message.text) }
        let (allocations, check) = Stopwatch.allocations { engine.run(message.text) }
        measurements[index].nanoseconds.append(time)
        measurements[index].allocations.append(allocations)
        if let body = engine.body,
          body(message.text).unicodeScalars.elementsEqual(libraryBody.unicodeScalars)
        {
          measurements[index].sameBodies! += 1
        }
        checksum &+= sum &+ check
      }
      if ContinuousClock.now - lastReport > .seconds(5) {
        lastReport = ContinuousClock.now
        progress("\(corpus.name): \(number + 1) of \(corpus.messages.count) messages")
      }
    }
    progress("\(corpus.name): done (checksum \(checksum & 0xFFFF))")
    return CorpusMeasurement(corpus: corpus, windowBytes: windowBytes, measurements: measurements)
  }

  /// The library's time per call on each message, and the ratio of each
  /// message's time to the one before it, with far more rounds than the
  /// tables use: these figures are compared with each other.
  ///
  /// Each round times every message in turn, in batches of at least 200 µs,
  /// so that the ratios come from times taken within a millisecond of each
  /// other; a slow spell of the shared machine then falls on both sides of
  /// a ratio. Times are each message's fastest round, ratios the median
  /// round's.
  func libraryNanoseconds(_ messages: [String]) -> (times: [Double], ratios: [Double]) {
    var best = [Double](repeating: .infinity, count: messages.count)
    var ratios = [[Double]](repeating: [], count: max(messages.count - 1, 0))
    for _ in 0..<(rounds * 40) {
      var times: [Double] = []
      for (index, message) in messages.enumerated() {
        let time = Stopwatch.nanosecondsPerCall(rounds: 1, batchNanoseconds: 200_000) {
          NotificationBody.make(from: message).utf8.count
        }.0
        best[index] = min(best[index], time)
        times.append(time)
      }
      for index in ratios.indices { ratios[index].append(times[index + 1] / times[index]) }
    }
    return (best, ratios.map { $0.sorted()[$0.count / 2] })
  }
}
