import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot
import NotificationBodyText

/// Turning fuzz inputs into regression cases: a case of the fixture file
/// and a saved copy of the input's bytes. `promote` makes one; `triage`
/// makes many in one run, reading the fixture file and the saved failures
/// once and keeping them up to date in memory.
///
///     var promotion = try Promotion(fixtures: "test-fixtures/notification-body.json",
///                                   failCases: "Fuzz/FailCases")
///     let candidate = Promotion.Candidate(target: .differential, bytes: artifact,
///                                         failure: FuzzTarget.differential.problem(with: artifact))
///     if promotion.existing(candidate) == nil {
///       let promoted = try promotion.write(candidate, name: nil, source: path)
///     }
package struct Promotion {
  /// The fixture file as it is now, with the cases written so far.
  package private(set) var fixtures: FixtureAppender
  /// The folder with a folder of saved failures per target.
  package let failCases: FailCases
  /// The saved failures' paths, by target and the SHA-1 of their bytes.
  private var saved: [FuzzTarget: [String: String]]
  /// Asked for the library's body, to tell whether a case would pin one.
  package let library: LibraryProbe

  /// The contract as the reference spells it out, as an implementation the
  /// invariants can check.
  private static let reference = Implementation(name: "reference") {
    NotificationBodyReference.make(from: $0, limit: $1.utf16Units)
  }

  /// Reads the fixture file and the saved failures.
  ///
  /// - Throws: `FindingsError.failure` naming the fixture file when it cannot
  ///   be read or is not in the shared schema and format.
  package init(fixtures: String, failCases: String, library: LibraryProbe = .live)
    throws(FindingsError)
  {
    self.fixtures = try kept { try FixtureAppender(path: fixtures) }
    self.failCases = FailCases(failCases)
    self.library = library
    saved = self.failCases.byDigest()
  }

  /// Where `candidate` already is a regression case, if it is: a case of
  /// the fixture file with the same input and limit, or a saved failure of
  /// its target with the same bytes.
  ///
  /// - Returns: A phrase for a report, e.g. `already the fixture case "R5 x"`.
  package func existing(_ candidate: Candidate) -> String? {
    if let existing = fixtures.existingCase(input: candidate.input, limit: candidate.limit) {
      return "already the fixture case \(Escaped.forDisplay(existing.name))"
    }
    return saved[candidate.target]?[candidate.hash].map { "already saved as \($0)" }
  }

  /// What `write` did, to print.
  package struct Promoted {
    /// The case's line, as appended; nil when no case was.
    package var line: String?
    /// Why no case was appended, when none was: the input is saved as a
    /// failure only (see `failureOnly`).
    package var failureOnly: String?
    /// What happened to the bytes: "Saved <path> (<n> bytes)" or "Already saved: …".
    package var saved: String
    /// The saved file.
    package var path: String

    /// - Parameters:
    ///   - wrote: Whether `bytes` were written to `path` now, rather than
    ///     found there.
    package init(line: String?, failureOnly: String?, wrote: Bool, path: String, bytes: [UInt8]) {
      self.line = line
      self.failureOnly = failureOnly
      saved = (wrote ? "Saved" : "Already saved:") + " \(path) (\(bytes.count) bytes)"
      self.path = path
    }
  }

  /// Appends `candidate` as a case of the fixture file and saves its bytes;
  /// or only saves them, when a case would pin no body (`failureOnly`).
  ///
  /// - Parameters:
  ///   - candidate: The input to promote.
  ///   - name: The case's name; `candidate.defaultName()` when nil.
  ///   - source: The input's file, for messages.
  ///   - about: What the input shows, in a line, saved beside it as
  ///     `<sha1>.txt` for the test that replays it; nothing when nil.
  ///   - hang: What went wrong when the input hangs the library or runs it
  ///     out of memory (libFuzzer's `timeout`, `oom`), nil otherwise: a
  ///     cost finding, so no case.
  /// - Returns: What was written.
  /// - Throws: `FindingsError.failure`, writing nothing, when the reference
  ///   breaks an invariant on the input, a case already has its input and
  ///   limit or its name, or a file cannot be read or written.
  package mutating func write(
    _ candidate: Candidate, name: String?, source: String, about: String? = nil,
    hang: String? = nil
  ) throws(FindingsError) -> Promoted {
    let limit = candidate.bodyLimit
    let broken = Invariants.check(candidate.input, limit: limit, implementation: Self.reference)
    guard broken.isEmpty else {
      throw .failure(
        "\(source): the reference breaks invariant "
          + broken.map(\.description).joined(separator: "; invariant ")
          + "; the contract or the reference needs a person first, nothing was written")
    }
    let savedPath = failCases.path(candidate.target, candidate.hash)
    if let reason = failureOnly(candidate, savedAs: savedPath, hang: hang) {
      let wrote = try kept { try failCases.save(candidate.bytes, for: candidate.target).wrote }
      saved[candidate.target, default: [:]][candidate.hash] = savedPath
      if let about { try kept { try failCases.note(about, for: savedPath) } }
      return Promoted(
        line: nil, failureOnly: reason, wrote: wrote, path: savedPath, bytes: candidate.bytes)
    }
    let name = name ?? candidate.defaultName()
    let path = fixtures.path
    if let existing = fixtures.existingCase(input: candidate.input, limit: candidate.limit) {
      throw .failure(
        "\(path): case \(Escaped.forDisplay(existing.name)) already has this input "
          + "at limit \(limit.utf16Units); nothing was written")
    }
    if fixtures.hasCase(named: name) {
      throw .failure(
        "\(path): a case is already named \(Escaped.forDisplay(name)); give another "
          + "with --name; nothing was written")
    }
    let expect = Self.reference.make(candidate.input, limit)
    let fixture = FixtureCase(
      name: name, input: candidate.input, expect: expect, limit: candidate.limit)
    let updated = try kept { try fixtures.appending(fixture) }

    // The bytes first, then the case; when the case cannot be written, the
    // bytes saved just now are removed again, so a failed run leaves a
    // saved failure only when it was there before.
    let wrote = try kept { try failCases.save(candidate.bytes, for: candidate.target).wrote }
    do {
      try kept { try writeAtomically(updated.bytes, toPath: path) }
    } catch {
      guard wrote else { throw error }
      guard unlink(savedPath) == 0 else {
        throw .failure("\(error.message); \(savedPath) was saved and is kept")
      }
      throw error
    }
    fixtures = updated.appender
    saved[candidate.target, default: [:]][candidate.hash] = savedPath
    if let about {
      try kept { try failCases.note("\(about)\nfixture case: \(name)", for: savedPath) }
    }
    return Promoted(
      line: updated.line, failureOnly: nil, wrote: wrote, path: savedPath, bytes: candidate.bytes)
  }

  /// Appends `fixture` to the fixture file, a case with no saved input:
  /// how a port's finding is promoted.
  ///
  /// - Returns: The case's line, as appended.
  /// - Throws: `FindingsError.failure` naming the file, writing nothing,
  ///   when a case already has its name or its input at its limit, or the
  ///   file cannot be written.
  package mutating func append(_ fixture: FixtureCase) throws(FindingsError) -> String {
    let updated = try kept { try fixtures.appending(fixture) }
    try kept { try writeAtomically(updated.bytes, toPath: fixtures.path) }
    fixtures = updated.appender
    return updated.line
  }

  /// Why `candidate` is saved as a failure only, with no case of the
  /// fixture file, or nil when it becomes a case. The contract is about
  /// bodies: a case is added only when it pins one, that is when the
  /// library's body differs from the reference's at the case's input and
  /// limit, or when the library is not asked (an input it passes now, or
  /// one that crashes it, `failure` nil). So a cost finding (`no-leak`,
  /// `linear-work`, a timeout or running out of memory) is never a case:
  /// the metered tests replay the saved failure, where cost is checked. Nor is an input whose limit
  /// the fixture file cannot hold (above `JSONFormat.largestExactInteger`).
  private func failureOnly(
    _ candidate: Candidate, savedAs path: String, hang: String?
  ) -> String? {
    if let failure = candidate.failure, failure.invariant.isCost {
      return "saved as a cost failure: \(path); no contract case, since a cost finding "
        + "changes no body"
    }
    if let hang, candidate.failure == nil {
      return "saved as a cost failure: \(path); no contract case, since a \(hang) is a cost "
        + "finding and changes no body (the metered test run replays it)"
    }
    if let limit = candidate.limit, limit > JSONFormat.largestExactInteger {
      return "saved as a failure only: \(path); no contract case, since the fixture file "
        + "cannot hold its limit \(limit) (at most \(JSONFormat.largestExactInteger)), and "
        + (candidate.failure.map { "the input does not break \($0.invariant) at that one" }
          ?? "an input that crashes or hangs the library is not run here to try it")
    }
    guard let failure = candidate.failure else { return nil }
    let limit = candidate.bodyLimit
    let body = library.implementation.make(candidate.input, limit)
    guard body.hasSameScalars(as: Self.reference.make(candidate.input, limit)) else {
      return nil
    }
    return "saved as a failure only: \(path); no contract case, since the library's body "
      + "is the reference's at this input and limit, so a case would pin no body "
      + "(\(failure.invariant) is pinned by the saved failure)"
  }
}

extension Promotion {
  /// The fixture case an input of a fuzz target would become, before
  /// anything is written.
  package struct Candidate {
    package var target: FuzzTarget
    /// The input's bytes, as saved in the fail-cases folder.
    package var bytes: [UInt8]
    /// Their SHA-1, the saved file's name.
    package var hash: String
    /// The invariant the library breaks on the input, when that is known.
    package var failure: InvariantFailure?
    /// The case's input: the message of `bytes`, shrunk while `failure`
    /// stays the same.
    package var input: String
    /// The case's limit; nil for the default.
    package var limit: Int?
    /// `limit` as the library takes it, the default for nil.
    package var bodyLimit: NotificationBody.Limit {
      limit.map { NotificationBody.Limit(utf16Units: $0) } ?? .default
    }

    /// Reads `bytes` as `FuzzInput(bytes:)` does. With a `failure`, the
    /// limit is lowered first: to the default (256) when the message breaks
    /// the same invariant there (and again after shrinking, when the shrunk
    /// message does), else to `JSONFormat.largestExactInteger` from a
    /// limit above it when it breaks it there, so that a bug found at several
    /// limits is one case. Then the message is shrunk, once, at that limit,
    /// to the smallest one on which `target` still breaks that invariant, so
    /// the case is readable.
    ///
    /// - Parameters:
    ///   - target: The fuzz target the input is for.
    ///   - bytes: A fuzzer input.
    ///   - failure: What `target` reports on `bytes` (`FuzzTarget.problem`
    ///     or its trap); nil for an input that crashes or hangs the library
    ///     rather than breaking an invariant, which is not replayed.
    ///   - savingShrunkBytes: Whether the bytes to save are the shrunk
    ///     message's own (UTF-8, at the lowered limit) when they still break
    ///     the invariant, so that artifacts of one bug that shrink to the
    ///     same message are the same saved failure; else `bytes`.
    ///   - library: Asked whether an input still breaks the invariant.
    package init(
      target: FuzzTarget, bytes: [UInt8], failure: InvariantFailure? = nil,
      savingShrunkBytes: Bool = false, library: LibraryProbe = .live
    ) {
      self.target = target
      self.bytes = bytes
      self.failure = failure
      let fuzzInput = FuzzInput(bytes: bytes)
      var caseLimit = fuzzInput.limit
      input = fuzzInput.message
      if let invariant = failure?.invariant {
        func breaks(_ message: String, _ limit: NotificationBody.Limit) -> Bool {
          library.problem(target, FuzzInput(message: message, limit: limit).bytes)?.invariant
            == invariant
        }
        let largest = NotificationBody.Limit(utf16Units: JSONFormat.largestExactInteger)
        if caseLimit != .default, breaks(input, .default) {
          caseLimit = .default
        } else if caseLimit.utf16Units > largest.utf16Units, breaks(input, largest) {
          caseLimit = largest
        }
        // The shrinker asks first about the message as it is, and returns
        // it unchanged unless that held; what it returns then held as
        // exactly its own bytes.
        var heldAtFirst: Bool?
        input = Shrinker.shrink(input, maxEvaluations: 3_000) {
          let held = breaks($0, caseLimit)
          if heldAtFirst == nil { heldAtFirst = held }
          return held
        }
        // A bug that shows only past the default limit in the whole
        // message may show within it in the shrunk one: the same bug, one
        // case at the default.
        if heldAtFirst == true, caseLimit != .default, breaks(input, .default) {
          caseLimit = .default
        }
        if savingShrunkBytes, heldAtFirst == true {
          self.bytes = FuzzInput(message: input, limit: caseLimit).bytes
        }
      }
      limit = caseLimit == .default ? nil : caseLimit.utf16Units
      hash = InputDigest.hex(of: self.bytes)
    }

    /// "R5 fuzz FuzzDifferential: matches-reference 1a2b3c4d"; `rule` is
    /// the contract's rule it pins ("R?" when unknown), `problem` names
    /// what broke when no invariant did, and "regression" stands in when
    /// nothing did.
    package func defaultName(problem: String? = nil, rule: String? = nil) -> String {
      let what = failure.map { $0.invariant.rawValue } ?? problem ?? "regression"
      return "\(rule ?? "R?") fuzz \(target.rawValue): \(what) \(hash.prefix(8))"
    }
  }
}

extension Promotion {
  /// `notification-body promote`: one artifact of `target` made a
  /// regression case, named by its cause when the library fails it now.
  ///
  /// - Parameters:
  ///   - artifact: The artifact's path; its first 64 KiB are read.
  ///   - name: The case's name; `Candidate.defaultName` when nil.
  /// - Returns: The lines to print: the cause, the case appended, what was
  ///   saved, and what to check.
  /// - Throws: `FindingsError` when nothing could be written.
  package mutating func promote(artifact: String, of target: FuzzTarget, name: String?)
    throws(FindingsError) -> [String]
  {
    let bytes = try kept { try FileBytes.readMessage(atPath: artifact).bytes }
    let candidate = Candidate(target: target, bytes: bytes, failure: target.problem(with: bytes))
    // What the input shows, when the library fails it now: its rule names
    // the case, and the line is saved beside the input.
    let cause = candidate.failure.map {
      FindingCause(
        of: candidate, invariant: $0.invariant.rawValue, trap: "", library: .live,
        cost: CostCause.analyze)
    }
    let promoted = try write(
      candidate, name: name ?? candidate.defaultName(rule: cause?.rule), source: artifact,
      about: cause?.summary)
    var lines = cause.map { ["Cause: \($0.summary)"] } ?? []
    if let line = promoted.line { lines.append("Appended to \(fixtures.path):\n    \(line)") }
    lines.append(promoted.saved)
    lines.append(
      candidate.failure.map { "The library now fails it: \($0.trapMessage)" }
        ?? "The library passes it now.")
    lines.append(
      promoted.failureOnly.map { "Nothing appended to \(fixtures.path): " + $0 + "." }
        ?? "Check the case against docs/contract.md, and its rule and words in its name.")
    return lines
  }
}
