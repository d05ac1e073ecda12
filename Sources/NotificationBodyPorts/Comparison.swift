import Dispatch
import NotificationBody
import NotificationBodyFindings
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot
import NotificationBodyText

/// What the library's bodies are compared with.
package enum OtherSide {
  /// `NotificationBodyReference`, the contract transcribed rule by rule.
  case reference
  /// A process behind the line protocol of docs/against-protocol.md: a
  /// port given to `diff --against`, or the baseline's `serve`.
  case external(ExternalImplementation)

  /// The external process's command; nil for the reference.
  package var command: String? {
    if case .external(let external) = self { external.command } else { nil }
  }
}

/// An input the other side gave no body for: it exited, timed out, refused
/// the request or answered something else.
package struct PortFailure: Sendable {
  package var input: ComparedInput
  package var failure: ExternalImplementation.Failure
  /// The input before shrinking, when it was shrunk.
  package var original: ComparedInput?

  /// The failure as an error that names the process and the input.
  package func error(naming name: String) -> FindingsError {
    let limit = input.limit
    return .failure(
      "\(name), given \(input.source) \(Displayed.shortened(input.message))"
        + (limit == .default ? "" : " at limit \(limit.utf16Units)") + ", \(failure)")
  }
}

/// An input on which the library and the other side make different bodies.
package struct Mismatch: Sendable {
  package var input: ComparedInput
  /// This build's library's body.
  package var library: String
  /// The other side's body.
  package var other: String
  /// For a shrunk mismatch with an external process: its second answer for
  /// the shrunk input, asked right after the first, when that answer differs
  /// from the first or agrees with the library, so the mismatch does not
  /// reproduce: the process answers out of order or is not deterministic.
  package var answeredAgain: String?

  /// What tells two shrunk mismatches apart: the input's UTF-8 (inputs that
  /// are canonically equivalent but differ in their scalars are different
  /// inputs) and its limit.
  package struct Key: Hashable {
    package var utf8: [UInt8]
    package var limit: Int
  }

  package var key: Key { Key(utf8: Array(input.message.utf8), limit: input.limit.utf16Units) }
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
package enum Comparison {
  /// How far a run has got, for a progress line.
  package struct Progress {
    package var checked: Int
    package var total: Int
    package var mismatches: Int
    package var perSecond: Int
  }

  /// The most mismatches (or kinds of change) shrunk; the rest are only
  /// counted, so a thoroughly broken implementation still gets a quick
  /// report.
  package static let shrinkCap = 20
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

  /// What a run over the inputs found.
  package struct Found {
    /// How many input and limit pairs were compared.
    package var checked = 0
    /// How many input and limit pairs differ.
    package var count = 0
    /// How many inputs differ, at one limit or more.
    package var inputs = 0
    /// The first mismatches, in input order.
    package var kept: [Mismatch] = []
    /// The input the other side gave no body for, which ended the run.
    package var stoppedBy: PortFailure?
  }

  /// The counts of a run as it goes, and when to tell them.
  private struct Tally {
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant
    var lastTold: ContinuousClock.Instant
    var found = Found()
    var differing: Set<String> = []
    let keep: Int
    let total: Int

    init(keep: Int?, total: Int) {
      start = clock.now
      lastTold = start
      self.keep = keep ?? .max
      self.total = total
    }

    /// Counts `checked` more inputs and their mismatches, and tells how far
    /// the run has got when it is time to.
    mutating func record(
      _ mismatches: [Mismatch], checked: Int, progress: (Progress) -> Void
    ) {
      found.checked += checked
      found.count += mismatches.count
      for mismatch in mismatches { differing.insert(mismatch.input.source.description) }
      found.inputs = differing.count
      found.kept += mismatches.prefix(max(0, keep - found.kept.count))
      let now = clock.now
      guard now - start >= progressInterval, now - lastTold >= progressInterval else { return }
      lastTold = now
      let seconds = max(Displayed.seconds(now - start), 0.001)
      progress(
        Progress(
          checked: found.checked, total: total, mismatches: found.count,
          perSecond: Int((Double(found.checked) / seconds).rounded())))
    }
  }

  /// Checks every input, or every input until an external process gives
  /// no body.
  ///
  /// - Parameters:
  ///   - inputs: The comparison's inputs; consumed.
  ///   - other: What the library is compared with.
  ///   - keep: The most mismatches kept; the rest are only counted. Nil to
  ///     keep them all.
  ///   - progress: Receives how far the run has got every 2 s, from 2 s on.
  /// - Returns: The counts, the first `keep` mismatches in input order, and
  ///   the failure that stopped the run.
  package static func run(
    _ inputs: inout ComparedInputs, against other: OtherSide, keep: Int? = nil,
    progress: (Progress) -> Void
  ) -> Found {
    var tally = Tally(keep: keep, total: inputs.counts.total)
    switch other {
    case .reference:
      var size = 256
      var batch = inputs.nextBatch(size: size)
      while !batch.isEmpty {
        let began = tally.clock.now
        let (mismatches, upcoming, remaining) = referenceMismatches(
          in: batch, then: inputs, size: size)
        inputs = remaining
        let perInput = (tally.clock.now - began) / max(1, batch.count)
        size = perInput > .zero ? min(8192, max(64, Int(batchTarget / perInput))) : 8192
        tally.record(mismatches, checked: batch.count, progress: progress)
        batch = upcoming
      }
    case .external(let external):
      tally.found.stoppedBy = compare(&inputs, with: external) {
        // After each answer: a slow process must not keep a batch silent.
        tally.record($0.map { [$0] } ?? [], checked: 1, progress: progress)
      }
    }
    return tally.found
  }

  /// The inputs through `external` one at a time, until one gets no body;
  /// each next batch and its library bodies are made on other threads
  /// while the process answers this one.
  ///
  /// - Parameter answered: Receives each answer's mismatch, nil when the
  ///   bodies agree.
  /// - Returns: The input that got no body, which ended the run.
  private static func compare(
    _ inputs: inout ComparedInputs, with external: ExternalImplementation,
    answered: (Mismatch?) -> Void
  ) -> PortFailure? {
    var upcoming = Upcoming(after: inputs)
    while true {
      let (rest, batch, library) = upcoming.take()
      inputs = rest
      guard !batch.isEmpty else { return nil }
      upcoming = Upcoming(after: rest)
      for (input, library) in zip(batch, library) {
        let body: String
        do {
          body = try external.body(for: input.sent, limit: input.limit)
        } catch {
          return PortFailure(input: input, failure: error)
        }
        answered(
          library.hasSameScalars(as: body)
            ? nil : Mismatch(input: input, library: library, other: body))
      }
    }
  }

  /// The batch after some inputs, with the library's bodies, being made on
  /// another thread.
  private final class Upcoming: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Set once, by the thread that makes it, before `done` is signalled.
    private var made: (ComparedInputs, [ComparedInput], [String])?

    init(after inputs: ComparedInputs) {
      DispatchQueue.global().async { [self] in
        var inputs = inputs
        let batch = inputs.nextBatch(size: externalBatch)
        let library = batch.concurrentMap {
          NotificationBody.make(from: $0.message, limit: $0.limit)
        }
        made = (inputs, batch, library)
        done.signal()
      }
    }

    /// The inputs left after the batch, the batch and its bodies, once made.
    func take() -> (ComparedInputs, [ComparedInput], [String]) {
      done.wait()
      return made!
    }
  }

  /// Each mismatch shrunk to a small input on which the two sides still
  /// differ, with both bodies of that input; on all cores for the
  /// reference, one at a time for an external process. A candidate the
  /// process gives no body for does not count as the mismatch, and the
  /// process is started again.
  ///
  /// - Throws: `FindingsError.failure` when an external process cannot be
  ///   started again, or fails on a shrunk input it answered before.
  package static func shrink(_ mismatches: [Mismatch], against other: OtherSide)
    throws(FindingsError)
    -> [Mismatch]
  {
    guard case .external(let external) = other else {
      return mismatches.concurrentMap { mismatch in
        let limit = mismatch.input.limit
        let small = Shrinker.shrink(mismatch.input.message, maxEvaluations: shrinkEvaluations) {
          !NotificationBody.make(from: $0, limit: limit).hasSameScalars(
            as: NotificationBodyReference.make(from: $0, limit: limit.utf16Units))
        }
        var input = mismatch.input
        (input.message, input.withLoneSurrogates) = (small, nil)
        return shrunk(mismatch, to: input) {
          NotificationBodyReference.make(from: $0.message, limit: $0.limit.utf16Units)
        }
      }
    }
    var results: [Mismatch] = []
    for mismatch in mismatches {
      let limit = mismatch.input.limit
      var restartFailure: ExternalImplementation.Failure?
      // The message as sent is shrunk: its lone surrogates may be the cause.
      let small = Shrinker.shrink(mismatch.input.sent, maxEvaluations: shrinkEvaluations) {
        candidate in
        guard restartFailure == nil else { return false }
        let tried = mismatch.input.sending(candidate)
        do throws(ExternalImplementation.Failure) {
          let body = try external.body(for: tried.sent, limit: limit)
          return !NotificationBody.make(from: tried.message, limit: limit).hasSameScalars(as: body)
        } catch {
          restartFailure = external.restart()
          return false
        }
      }
      if let restartFailure { throw .failure("\(external.name): \(restartFailure)") }
      // Asked twice in a row: a process that answers each request with the
      // one before's body, or at random, can't give the same mismatch twice.
      let input = mismatch.input.sending(small)
      let body: String
      let again: String
      do throws(ExternalImplementation.Failure) {
        body = try external.body(for: input.sent, limit: limit)
        again = try external.body(for: input.sent, limit: limit)
      } catch {
        throw PortFailure(input: input, failure: error).error(naming: external.name)
      }
      var result = shrunk(mismatch, to: input) { _ in body }
      if !again.hasSameScalars(as: body) || again.hasSameScalars(as: result.library) {
        result.answeredAgain = again
      }
      results.append(result)
    }
    return results
  }

  /// The most timeouts one failure's shrink waits through: each costs the
  /// whole timeout.
  static let shrinkTimeouts = 10

  /// The input a process gave no body for, shrunk to a small one on which
  /// it fails the same way (exits, times out, refuses or answers something
  /// else), the process started again after each failure.
  ///
  /// - Throws: `FindingsError.failure` when the process cannot be started
  ///   again.
  package static func shrink(_ stop: PortFailure, against external: ExternalImplementation)
    throws(FindingsError) -> PortFailure
  {
    let limit = stop.input.limit
    var timeouts = 0
    var last = stop.failure
    var restartFailure = external.restart()
    let small = Shrinker.shrink(stop.input.sent, maxEvaluations: shrinkEvaluations) {
      candidate in
      guard restartFailure == nil, timeouts < shrinkTimeouts else { return false }
      do throws(ExternalImplementation.Failure) {
        _ = try external.body(for: stop.input.sending(candidate).sent, limit: limit)
        return false
      } catch {
        if error.kind == .timedOut { timeouts += 1 }
        if error.kind != .refused { restartFailure = external.restart() }
        guard error.kind == stop.failure.kind else { return false }
        last = error
        return true
      }
    }
    if let restartFailure { throw .failure("\(external.name): \(restartFailure)") }
    return PortFailure(
      input: stop.input.sending(small), failure: small == stop.input.sent ? stop.failure : last,
      original: stop.input)
  }

  /// `mismatch` with its input replaced by `small` and both bodies of it.
  private static func shrunk(
    _ mismatch: Mismatch, to small: ComparedInput, other: (ComparedInput) -> String
  ) -> Mismatch {
    Mismatch(
      input: small, library: NotificationBody.make(from: small.message, limit: small.limit),
      other: other(small))
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
