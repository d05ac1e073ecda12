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

  /// The library's time per call for each message, with more rounds than
  /// the tables use: these figures are compared with each other. The rounds
  /// go over all the messages in turn, so that a slow spell of the machine
  /// falls on all of them, and each message keeps its fastest round.
  func libraryNanoseconds(_ messages: [String]) -> [Double] {
    var best = [Double](repeating: .infinity, count: messages.count)
    for _ in 0..<(rounds * 8) {
      for (index, message) in messages.enumerated() {
        let time = Stopwatch.nanosecondsPerCall(rounds: 1) {
          NotificationBody.make(from: message).utf8.count
        }.0
        best[index] = min(best[index], time)
      }
    }
    return best
  }
}
