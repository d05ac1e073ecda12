import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

/// The inputs of one comparison, handed out a batch at a time: generated
/// messages, made as they are needed, and the inputs read from corpus
/// folders and fixture files, in the order the caller puts them.
///
///     var inputs = ComparedInputs(
///       seed: 42, count: 1000, limit: .default, files: [], filesFirst: false)
///     while case let batch = inputs.nextBatch(size: 256), !batch.isEmpty { … }
package struct ComparedInputs: Sendable {
  /// How many inputs each source gives.
  package struct Counts: Sendable {
    package var generated = 0
    /// Generated messages checked a second time at the raised limit.
    package var raised = 0
    /// Distinct corpus inputs and fixture cases.
    package var corpus = 0
    package var fixtures = 0
    /// The corpus and fixture inputs at each limit they are checked at.
    package var files = 0

    /// Every input checked, at every limit; `Int.max` when there are more.
    package var total: Int {
      let (partial, overflow) = generated.addingReportingOverflow(raised)
      let (sum, overflowAgain) = partial.addingReportingOverflow(files)
      return overflow || overflowAgain ? .max : sum
    }
  }

  package let seed: UInt64
  /// The limit of the generated messages.
  package let limit: NotificationBody.Limit
  /// The limit every 8th generated message is checked at too: 1000, or
  /// twice `limit` when that is more, but not past `JSONFormat.largestExactInteger` (nor
  /// below `limit`).
  package let recheckLimit: NotificationBody.Limit
  package let counts: Counts

  private var generator: MessageGenerator
  private var nextIndex = 0
  private let files: [ComparedInput]
  private var nextFile = 0
  private let filesFirst: Bool

  /// Every how many generated messages one is also checked at `recheckLimit`.
  package static let raisedEvery = 8

  /// The inputs of a comparison.
  ///
  /// - Parameters:
  ///   - seed: The generator's seed.
  ///   - count: How many messages to generate.
  ///   - limit: Their limit.
  ///   - files: The corpus and fixture inputs, each at the limits it is
  ///     checked at (`SnapshotInput.atItsOwnLimit` or `atEachLimit`).
  ///   - filesFirst: Whether `files` come before the generated messages.
  package init(
    seed: UInt64, count: Int, limit: NotificationBody.Limit, files: [ComparedInput],
    filesFirst: Bool
  ) {
    self.seed = seed
    self.limit = limit
    recheckLimit = Self.raised(limit)
    generator = MessageGenerator(seed: seed)
    let count = max(0, count)
    // Rounded up without adding first, which could overflow at Int.max.
    let raised = count / Self.raisedEvery + (count % Self.raisedEvery == 0 ? 0 : 1)
    var counts = Counts(generated: count, raised: raised)
    var seen: Set<InputSource> = []
    for input in files where seen.insert(input.source).inserted {
      if case .corpus = input.source { counts.corpus += 1 } else { counts.fixtures += 1 }
    }
    counts.files = files.count
    self.counts = counts
    self.files = files
    self.filesFirst = filesFirst
  }

  /// The raised limit of `limit`: 1000, or twice `limit` when that is
  /// more, saturating at `JSONFormat.largestExactInteger`; never below `limit`.
  ///
  ///     ComparedInputs.raised(.init(utf16Units: 600)).utf16Units  // 1200
  ///     ComparedInputs.raised(.init(utf16Units: .max)).utf16Units  // Int.max
  package static func raised(_ limit: NotificationBody.Limit) -> NotificationBody.Limit {
    let units = limit.utf16Units
    let doubled =
      units > JSONFormat.largestExactInteger / 2 ? JSONFormat.largestExactInteger : 2 * units
    return NotificationBody.Limit(utf16Units: max(units, 1000, doubled))
  }

  /// The next inputs: up to `size` of the files or generated messages
  /// (each 8th also at the raised limit), in the order `filesFirst` says;
  /// once all are handed out, nothing.
  package mutating func nextBatch(size: Int) -> [ComparedInput] {
    let size = max(1, size)
    if filesFirst || nextIndex >= counts.generated, nextFile < files.count {
      let end = nextFile + min(files.count - nextFile, size)
      defer { nextFile = end }
      return Array(files[nextFile..<end])
    }
    var batch: [ComparedInput] = []
    let end = nextIndex + min(counts.generated - nextIndex, size)
    while nextIndex < end {
      let source = InputSource.generated(index: nextIndex, seed: seed)
      var input = ComparedInput(source: source, message: generator.next(), limit: limit)
      if nextIndex % Self.loneSurrogatesEvery == Self.loneSurrogatesEvery / 2 {
        // Their own generator, so that the messages stay the generator's.
        var random = SplitMix64(seed: seed ^ (UInt64(nextIndex) &* 0x9E37_79B9_7F4A_7C15))
        let sent = Self.withLoneSurrogates(input.message, limit: limit, random: &random)
        input.message = LoneSurrogates.replaced(sent)
        input.withLoneSurrogates = sent
      }
      batch.append(input)
      if nextIndex % Self.raisedEvery == 0 {
        input.limit = recheckLimit
        batch.append(input)
      }
      nextIndex += 1
    }
    return batch
  }
}
