import NotificationBody
import NotificationBodyHarness
import NotificationBodyProcess
import NotificationBodyReference
import NotificationBodySnapshot

/// What the library's bodies are compared with.
enum OtherSide {
  /// `NotificationBodyReference`, the contract transcribed rule by rule.
  case reference
  /// A process behind the line protocol of docs/against-protocol.md: a
  /// port given to `diff --against`, or the baseline's `serve`.
  case external(ExternalImplementation)

  /// The external process's command; nil for the reference.
  var command: String? {
    if case .external(let external) = self { external.command } else { nil }
  }

  /// The other side's body of `message` at `limit`.
  ///
  /// - Parameter source: Where the message came from, for a message.
  /// - Throws: `CommandError.failure` naming the process and the input
  ///   when the process gives no body.
  func body(of message: String, limit: NotificationBody.Limit, source: String)
    throws(CommandError) -> String
  {
    switch self {
    case .reference:
      return NotificationBodyReference.make(from: message, limit: limit.utf16Units)
    case .external(let external):
      do {
        return try external.body(for: message, limit: limit)
      } catch {
        throw .failure(
          "\(external.name), given \(source) \(Displayed.shortened(message))"
            + (limit == .default ? "" : " at limit \(limit.utf16Units)") + ", \(error)")
      }
    }
  }
}

/// An input on which the library and the other side make different bodies.
struct Mismatch: Sendable {
  var input: ComparedInput
  /// This build's library's body.
  var library: String
  /// The other side's body.
  var other: String
  /// For a shrunk mismatch with an external process: its second answer for
  /// the shrunk input, asked right after the first, when that answer differs
  /// from the first or agrees with the library, so the mismatch does not
  /// reproduce: the process answers out of order or is not deterministic.
  var answeredAgain: String?

  /// What tells two shrunk mismatches apart: the input's UTF-8 (inputs that
  /// are canonically equivalent but differ in their scalars are different
  /// inputs) and its limit.
  struct Key: Hashable {
    var utf8: [UInt8]
    var limit: Int
  }

  var key: Key { Key(utf8: Array(input.message.utf8), limit: input.limit.utf16Units) }
}

/// The one comparison engine of `diff` and `gate --baseline`: runs the
/// library and the other side over a comparison's inputs, keeps what
/// differs, and shrinks a mismatch to a small input that still differs.
///
/// With the reference, each batch of inputs is split into chunks checked on
/// all cores while the next batch is made; an external process is one pipe,
/// so its inputs go one at a time while the library's bodies of a batch are
/// made on all cores. Results keep input order, so a seed and count always
/// give the same report.
enum Comparison {
  /// How far a run has got, for a progress line.
  struct Progress {
    var checked: Int
    var total: Int
    var mismatches: Int
    var perSecond: Int
  }

  /// The most mismatches (or kinds of change) shrunk; the rest are only
  /// counted, so a thoroughly broken implementation still gets a quick
  /// report.
  static let shrinkCap = 20
  /// The most evaluations one shrink may use.
  static let shrinkEvaluations = 2000
  /// How long a batch for the reference should take, so progress can be
  /// told on time.
  private static let batchTarget: Duration = .milliseconds(250)
  /// How many inputs of an external process have their library bodies
  /// made at once; progress is checked after each answer.
  private static let externalBatch = 256
  /// How often progress is told, once a run has taken that long.
  private static let progressInterval: Duration = .seconds(2)

  /// Checks every input.
  ///
  /// - Parameters:
  ///   - inputs: The comparison's inputs; consumed.
  ///   - other: What the library is compared with.
  ///   - keep: The most mismatches kept; the rest are only counted. Nil to
  ///     keep them all.
  ///   - progress: Receives how far the run has got every 2 s, from 2 s on.
  /// - Returns: How many inputs differ, and the first `keep` of them in
  ///   input order.
  /// - Throws: `CommandError.failure` when an external process fails.
  static func run(
    _ inputs: inout ComparedInputs, against other: OtherSide, keep: Int? = nil,
    progress: (Progress) -> Void
  ) throws(CommandError) -> (count: Int, kept: [Mismatch]) {
    let clock = ContinuousClock()
    let start = clock.now
    var lastTold = start
    var checked = 0
    var count = 0
    var kept: [Mismatch] = []
    let total = inputs.counts.total
    func record(_ found: [Mismatch]) {
      count += found.count
      kept += found.prefix(max(0, (keep ?? .max) - kept.count))
      tell()
    }
    /// Tells how far the run has got when it is time to.
    func tell() {
      let now = clock.now
      guard now - start >= progressInterval, now - lastTold >= progressInterval else { return }
      lastTold = now
      let seconds = max(Displayed.seconds(now - start), 0.001)
      progress(
        Progress(
          checked: checked, total: total, mismatches: count,
          perSecond: Int((Double(checked) / seconds).rounded())))
    }

    switch other {
    case .reference:
      var size = 256
      var batch = inputs.nextBatch(size: size)
      while !batch.isEmpty {
        let began = clock.now
        let (found, upcoming, remaining) = referenceMismatches(in: batch, then: inputs, size: size)
        inputs = remaining
        checked += batch.count
        let perInput = (clock.now - began) / max(1, batch.count)
        size = perInput > .zero ? min(8192, max(64, Int(batchTarget / perInput))) : 8192
        batch = upcoming
        record(found)
      }
    case .external:
      var batch = inputs.nextBatch(size: externalBatch)
      while !batch.isEmpty {
        let library = batch.concurrentMap {
          NotificationBody.make(from: $0.message, limit: $0.limit)
        }
        for (input, library) in zip(batch, library) {
          let body = try other.body(
            of: input.message, limit: input.limit, source: input.source.description)
          checked += 1
          // After each answer: a slow process must not keep a batch silent.
          record(
            library.hasSameScalars(as: body)
              ? [] : [Mismatch(input: input, library: library, other: body)])
        }
        batch = inputs.nextBatch(size: externalBatch)
      }
    }
    return (count, kept)
  }

  /// Each mismatch shrunk to a small input on which the two sides still
  /// differ, with both bodies of that input; on all cores for the
  /// reference, one at a time for an external process.
  ///
  /// - Throws: `CommandError.failure` when an external process fails.
  static func shrink(_ mismatches: [Mismatch], against other: OtherSide) throws(CommandError)
    -> [Mismatch]
  {
    if case .reference = other {
      return mismatches.concurrentMap { mismatch in
        let limit = mismatch.input.limit
        let small = Shrinker.shrink(mismatch.input.message, maxEvaluations: shrinkEvaluations) {
          !NotificationBody.make(from: $0, limit: limit).hasSameScalars(
            as: NotificationBodyReference.make(from: $0, limit: limit.utf16Units))
        }
        return shrunk(mismatch, to: small) {
          NotificationBodyReference.make(from: $0, limit: $1.utf16Units)
        }
      }
    }
    var results: [Mismatch] = []
    for mismatch in mismatches {
      let limit = mismatch.input.limit
      let source = "a shrunk form of \(mismatch.input.source)"
      var failure: CommandError?
      let small = Shrinker.shrink(mismatch.input.message, maxEvaluations: shrinkEvaluations) {
        candidate in
        guard failure == nil else { return false }
        do throws(CommandError) {
          let body = try other.body(of: candidate, limit: limit, source: source)
          return !NotificationBody.make(from: candidate, limit: limit).hasSameScalars(as: body)
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
      // Asked twice in a row: a process that answers each request with the
      // one before's body, or at random, can't give the same mismatch twice.
      let body = try other.body(of: small, limit: limit, source: source)
      let again = try other.body(of: small, limit: limit, source: source)
      var result = shrunk(mismatch, to: small) { _, _ in body }
      if !again.hasSameScalars(as: body) || again.hasSameScalars(as: result.library) {
        result.answeredAgain = again
      }
      results.append(result)
    }
    return results
  }

  /// `mismatch` with its input replaced by `small` and both bodies of it.
  private static func shrunk(
    _ mismatch: Mismatch, to small: String,
    other: (String, NotificationBody.Limit) -> String
  ) -> Mismatch {
    var input = mismatch.input
    input.message = small
    return Mismatch(
      input: input, library: NotificationBody.make(from: small, limit: input.limit),
      other: other(small, input.limit))
  }

  /// What one iteration of a concurrent batch gives.
  private enum BatchPart: Sendable {
    /// The inputs after making the next batch, and that batch.
    case next(ComparedInputs, [ComparedInput])
    /// A chunk's mismatches.
    case mismatches([Mismatch])
  }

  /// The mismatches of `batch` with the reference, in order, checked in
  /// chunks on all cores while one of them also makes the batch after it.
  ///
  /// - Returns: The mismatches, the batch after `batch` and the inputs that
  ///   remain once it is made.
  private static func referenceMismatches(
    in batch: [ComparedInput], then inputs: ComparedInputs, size: Int
  ) -> (mismatches: [Mismatch], next: [ComparedInput], inputs: ComparedInputs) {
    let chunks = min(batch.count, 64)
    let parts = Array(0...chunks).concurrentMap { iteration -> BatchPart in
      guard iteration > 0 else {
        var inputs = inputs
        let next = inputs.nextBatch(size: size)
        return .next(inputs, next)
      }
      let chunk = iteration - 1
      return .mismatches(
        batch[(chunk * batch.count / chunks)..<((chunk + 1) * batch.count / chunks)]
          .compactMap { input in
            let library = NotificationBody.make(from: input.message, limit: input.limit)
            let reference = NotificationBodyReference.make(
              from: input.message, limit: input.limit.utf16Units)
            return library.hasSameScalars(as: reference)
              ? nil : Mismatch(input: input, library: library, other: reference)
          })
    }
    var mismatches: [Mismatch] = []
    var next: [ComparedInput] = []
    var remaining = inputs
    for part in parts {
      switch part {
      case .next(let inputs, let batch):
        remaining = inputs
        next = batch
      case .mismatches(let found):
        mismatches += found
      }
    }
    return (mismatches, next, remaining)
  }
}
