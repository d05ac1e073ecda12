import Dispatch
import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference

/// What `diff` compares the library with.
enum DiffOther {
  /// `NotificationBodyReference`, the contract transcribed rule by rule.
  case reference
  /// Another platform's implementation behind the line protocol.
  case external(ExternalImplementation)

  /// How reports name it: `reference`, or the command in quotes.
  var name: String {
    switch self {
    case .reference: "reference"
    case .external(let external): "'\(external.command)'"
    }
  }

  /// The command of an external implementation.
  var command: String? {
    if case .external(let external) = self { external.command } else { nil }
  }
}

/// One distinct mismatch: the smallest input the shrinker reached, what each
/// side makes of it, and the first input that shrank to it.
struct DiffFinding: Sendable {
  /// The first mismatching input that shrank to `input`.
  var source: DiffInput.Source
  /// That input's length in UTF-16 units, before shrinking.
  var originalUnits: Int
  /// The shrunk input.
  var input: String
  var limit: NotificationBody.Limit
  /// The library's body for `input`.
  var library: String
  /// The other side's body for `input`.
  var other: String
  /// The reference's body for `input`: what a fixture case must expect.
  var reference: String
  /// How many of the shrunk mismatches shrank to `input`.
  var occurrences: Int
}

/// What a `diff` run found.
struct DiffOutcome: Sendable {
  /// How the report names the other side: `reference` or the quoted command.
  var otherName: String
  /// The `--against` command; nil when the other side is the reference.
  var command: String?
  var seed: UInt64
  var count: Int
  var limit: NotificationBody.Limit
  var raisedLimit: NotificationBody.Limit
  var counts: DiffInputs.Counts
  /// Inputs on which the two sides differ.
  var mismatches: Int
  /// How many of those were shrunk: the first `DiffRunner.shrinkCap`.
  var shrunk: Int
  /// The shrunk mismatches, one per distinct shrunk input, in input order.
  var findings: [DiffFinding]
  var elapsed: Duration
}

/// Runs the library and another implementation over a run's inputs and
/// shrinks what differs.
///
/// With the reference, each batch of inputs is split into chunks checked on
/// all cores while the next batch is generated; results keep input order, so
/// a seed and count always give the same report. An external implementation
/// is one pipe, so its inputs go one at a time.
enum DiffRunner {
  /// The most mismatches shrunk; the rest are only counted, so a thoroughly
  /// broken implementation still gets a quick report.
  static let shrinkCap = 20
  /// The most evaluations one shrink may use.
  static let shrinkEvaluations = 2000
  /// How long a batch should take, so progress can be told on time.
  private static let batchTarget: Duration = .milliseconds(500)
  /// How often progress is told, and after how long a run starts telling it.
  private static let progressInterval: Duration = .seconds(2)

  /// Checks every input and shrinks the first mismatches.
  ///
  /// - Parameters:
  ///   - inputs: The run's inputs; consumed.
  ///   - other: What the library is compared with.
  ///   - progress: Receives a progress line now and then in a long run.
  /// - Returns: The counts and the distinct shrunk mismatches.
  /// - Throws: `CommandError.failure` when an external implementation fails.
  static func run(
    _ inputs: inout DiffInputs, against other: DiffOther, progress: (String) -> Void
  ) throws(CommandError) -> DiffOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    var lastTold = start
    var checked = 0
    var mismatches = 0
    var firstMismatches: [DiffInput] = []
    let total = inputs.counts.total

    func tell(_ line: @autoclosure () -> String) {
      let now = clock.now
      guard now - start >= progressInterval, now - lastTold >= progressInterval else { return }
      lastTold = now
      progress(line())
    }
    func progressLine() -> String {
      let seconds = max(Self.seconds(clock.now - start), 0.001)
      return "diff: \(checked)/\(total) inputs, \(mismatches) mismatches, "
        + "\(Int((Double(checked) / seconds).rounded()))/s"
    }
    func record(_ input: DiffInput) {
      mismatches += 1
      if firstMismatches.count < shrinkCap { firstMismatches.append(input) }
    }

    switch other {
    case .reference:
      var size = 256
      var batch = inputs.nextBatch(size: size)
      while !batch.isEmpty {
        let began = clock.now
        let (differing, upcoming, remaining) = referenceMismatches(
          in: batch, then: inputs, size: size)
        inputs = remaining
        for index in differing { record(batch[index]) }
        checked += batch.count
        let perInput = (clock.now - began) / max(1, batch.count)
        size = perInput > .zero ? min(8192, max(64, Int(batchTarget / perInput))) : 8192
        batch = upcoming
        tell(progressLine())
      }
    case .external(let external):
      var batch = inputs.nextBatch(size: 1024)
      while !batch.isEmpty {
        for input in batch {
          let library = NotificationBody.make(from: input.message, limit: input.limit)
          let body = try externalBody(
            external, input.message, input.limit, input.source.description)
          if !library.unicodeScalars.elementsEqual(body.unicodeScalars) { record(input) }
          checked += 1
          tell(progressLine())
        }
        batch = inputs.nextBatch(size: 1024)
      }
    }

    if !firstMismatches.isEmpty {
      tell("diff: shrinking \(firstMismatches.count) mismatches")
    }
    let shrunk = try shrink(firstMismatches, against: other)
    let findings = try distinctFindings(firstMismatches, shrunk: shrunk, against: other)
    return DiffOutcome(
      otherName: other.name, command: other.command,
      seed: inputs.seed, count: inputs.counts.generated, limit: inputs.limit,
      raisedLimit: inputs.raisedLimit, counts: inputs.counts, mismatches: mismatches,
      shrunk: firstMismatches.count, findings: findings, elapsed: clock.now - start)
  }

  /// Whether the library and the reference make the same body, scalar by
  /// scalar: `String`'s `==` would take canonically equivalent text as equal.
  private static func agree(_ message: String, _ limit: NotificationBody.Limit) -> Bool {
    NotificationBody.make(from: message, limit: limit).unicodeScalars.elementsEqual(
      NotificationBodyReference.make(from: message, limit: limit).unicodeScalars)
  }

  /// What one iteration of a concurrent batch gives.
  private enum BatchPart: Sendable {
    /// The inputs after generating the next batch, and that batch.
    case next(DiffInputs, [DiffInput])
    /// The indices of a chunk's mismatches.
    case mismatches([Int])
  }

  /// The indices of `batch` whose input the library and the reference
  /// disagree on, in order, checked in chunks on all cores while one of
  /// them also makes the batch after it.
  ///
  /// - Returns: The mismatches' indices, the batch after `batch` and the
  ///   inputs that remain once it is made.
  private static func referenceMismatches(
    in batch: [DiffInput], then inputs: DiffInputs, size: Int
  ) -> (mismatches: [Int], next: [DiffInput], inputs: DiffInputs) {
    let chunks = min(batch.count, 64)
    let parts = concurrentMap(chunks + 1) { iteration -> BatchPart in
      guard iteration > 0 else {
        var inputs = inputs
        let next = inputs.nextBatch(size: size)
        return .next(inputs, next)
      }
      let chunk = iteration - 1
      return .mismatches(
        ((chunk * batch.count / chunks)..<((chunk + 1) * batch.count / chunks)).filter {
          !agree(batch[$0].message, batch[$0].limit)
        })
    }
    var mismatches: [Int] = []
    var next: [DiffInput] = []
    var remaining = inputs
    for part in parts {
      switch part {
      case .next(let inputs, let batch):
        remaining = inputs
        next = batch
      case .mismatches(let indices):
        mismatches += indices
      }
    }
    return (mismatches, next, remaining)
  }

  /// `work(0)`, `work(1)`, … `work(count - 1)`, run on all cores.
  private static func concurrentMap<Element: Sendable>(
    _ count: Int, _ work: @Sendable (Int) -> Element
  ) -> [Element] {
    let slots = Slots<Element>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { slots[$0] = work($0) }
    return slots.elements
  }

  /// The external implementation's body, its failure told as a message
  /// that names the input.
  private static func externalBody(
    _ external: ExternalImplementation, _ message: String, _ limit: NotificationBody.Limit,
    _ source: String
  ) throws(CommandError) -> String {
    do {
      return try external.body(for: message, limit: limit)
    } catch {
      throw .failure(
        "--against '\(external.command)', given \(source) \(DiffInput.shortened(message))"
          + (limit == .default ? "" : " at limit \(limit.utf16Units)") + ", \(error)")
    }
  }

  /// Each mismatch shrunk to a small input that still mismatches.
  private static func shrink(
    _ mismatches: [DiffInput], against other: DiffOther
  ) throws(CommandError) -> [String] {
    switch other {
    case .reference:
      return concurrentMap(mismatches.count) { index in
        let limit = mismatches[index].limit
        return Shrinker.shrink(mismatches[index].message, maxEvaluations: shrinkEvaluations) {
          !agree($0, limit)
        }
      }
    case .external(let external):
      var shrunk: [String] = []
      for mismatch in mismatches {
        var failure: CommandError?
        let source = "a shrunk form of \(mismatch.source)"
        let small = Shrinker.shrink(mismatch.message, maxEvaluations: shrinkEvaluations) {
          candidate in
          guard failure == nil else { return false }
          do throws(CommandError) {
            let body = try externalBody(external, candidate, mismatch.limit, source)
            return !NotificationBody.make(from: candidate, limit: mismatch.limit).unicodeScalars
              .elementsEqual(body.unicodeScalars)
          } catch {
            failure = error
            return false
          }
        }
        if let failure { throw failure }
        shrunk.append(small)
      }
      return shrunk
    }
  }

  /// One finding per distinct shrunk input and limit, in the order of the
  /// mismatches they came from.
  private static func distinctFindings(
    _ mismatches: [DiffInput], shrunk: [String], against other: DiffOther
  ) throws(CommandError) -> [DiffFinding] {
    // Keyed by UTF-8, not by String: inputs that are canonically equivalent
    // but differ in their scalars are different inputs.
    struct Key: Hashable {
      var utf8: [UInt8]
      var limit: Int
    }
    var findings: [DiffFinding] = []
    var seen: [Key: Int] = [:]
    for (mismatch, input) in zip(mismatches, shrunk) {
      let key = Key(utf8: Array(input.utf8), limit: mismatch.limit.utf16Units)
      if let index = seen[key] {
        findings[index].occurrences += 1
        continue
      }
      seen[key] = findings.count
      let reference = NotificationBodyReference.make(from: input, limit: mismatch.limit)
      let otherBody: String
      switch other {
      case .reference:
        otherBody = reference
      case .external(let external):
        otherBody = try externalBody(
          external, input, mismatch.limit, "a shrunk form of \(mismatch.source)")
      }
      findings.append(
        DiffFinding(
          source: mismatch.source, originalUnits: mismatch.message.utf16.count, input: input,
          limit: mismatch.limit,
          library: NotificationBody.make(from: input, limit: mismatch.limit), other: otherBody,
          reference: reference, occurrences: 1))
    }
    return findings
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// Slots that the iterations of `DispatchQueue.concurrentPerform` fill, each
/// slot by one iteration only, so no two threads touch the same memory.
private final class Slots<Element>: @unchecked Sendable {
  private let buffer: UnsafeMutableBufferPointer<Element?>

  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  deinit {
    buffer.deinitialize()
    buffer.deallocate()
  }

  subscript(index: Int) -> Element? {
    get { buffer[index] }
    set { buffer[index] = newValue }
  }

  /// Every slot's element, once all are filled.
  var elements: [Element] { buffer.map { $0! } }
}
