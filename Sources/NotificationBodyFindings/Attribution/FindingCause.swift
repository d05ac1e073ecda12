import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodyText

/// What made a finding, the way a crash is known by its top frames: the
/// night's artifacts with one cause are one finding, promoted once.
///
///     let cause = FindingCause(
///       of: candidate, invariant: "matches-reference", trap: "", library: .live,
///       cost: CostCause.analyze)
///     cause.summary  // "R7: matches-reference: at scalar 0 the library's body has …"
///
/// - A body finding's cause is the contract's rule where the library's body
///   parts from the reference's (`RuleAttribution.rule(whereBody:
///   differsFrom:limit:)`), whichever target, invariant and limit caught it;
///   its summary names the rule and shows where the bodies part.
/// - A `linear-work` finding's cause is where the work goes: the library's
///   function whose profile counters grow most (`CostCause`), with the
///   shape and growth of the input.
/// - A leak, a crash, a timeout or a sanitizer report is known by its name
///   and its trap line.
package struct FindingCause: Sendable, Equatable {
  /// Artifacts with the same key have the same cause.
  package var key: String
  /// The contract's rule, "R5", when it is known.
  package var rule: String?
  /// One line for a person: what differs, or how the work grows and where.
  package var summary: String
  /// A cost finding's shape and growth, when it has one.
  package var growth: CostCause.Report?
  /// Whether the library's body differs from the reference's at the input
  /// and limit, so that a fixture case would pin it.
  package var pinsBody = false

  /// The cause of `candidate`, a shrunk input that breaks `invariant` (its
  /// name, or what went wrong when no invariant did).
  ///
  /// - Parameters:
  ///   - candidate: The shrunk input, at its lowered limit.
  ///   - invariant: The broken invariant's name, or the diagnosis's.
  ///   - trap: The trap or diagnosis line.
  ///   - library: Asked for the library's body.
  ///   - cost: Asked where a `linear-work` input's work goes.
  package init(
    of candidate: Promotion.Candidate, invariant: String, trap: String,
    library: LibraryProbe, cost: (String, NotificationBody.Limit) -> CostCause.Report?
  ) {
    let limit = candidate.bodyLimit
    guard let failure = candidate.failure else {
      key = "\(invariant) \(Self.withoutAddresses(trap))"
      summary = trap.isEmpty ? invariant : "\(invariant): \(trap)"
      return
    }
    switch failure.invariant {
    case .linearWork:
      growth = cost(candidate.input, limit)
      rule = growth?.rule
      key = "linear-work " + (growth?.function ?? "")
      summary = "linear-work: " + (growth?.sentence ?? failure.detail)
    case .noLeak:
      key = "no-leak"
      summary = "no-leak: \(failure.detail)"
    default:
      // A body finding is known by the rule where the library's body parts
      // from the reference's, whichever target, invariant or limit caught
      // it. A body the reference shares (an invariant the reference breaks
      // too) has no rule, and is known by its shrunk message and limit.
      let body = library.implementation.make(candidate.input, limit)
      let reference = NotificationBodyReference.make(
        from: candidate.input, limit: limit.utf16Units)
      let difference = Self.difference(body, reference)
      pinsBody = !body.hasSameScalars(as: reference)
      if let parting = Self.rule(
        of: candidate.input, limit: limit, invariant: failure.invariant, library: library)
      {
        rule = parting.description
        key = "body \(parting)"
        summary = "\(parting): \(failure.invariant.rawValue): " + difference
      } else {
        key = "body \(Escaped.json(candidate.input)) at limit \(limit.utf16Units)"
        summary = "\(failure.invariant.rawValue): " + difference
      }
    }
  }

  /// The rule where the library's body parts from the reference's on
  /// `message`, as the fuzz targets trap with it
  /// (`RuleAttribution.rule(of:limit:invariant:implementation:)`), read on
  /// a smaller input where that helps.
  ///
  /// An input shrunk to keep breaking another invariant than
  /// matches-reference may hold syntax that invariant needs and the bug
  /// does not (the backticks of `` `a\r\na` `` for code-survives, where the
  /// bug is R2's): when its bodies part at its limit, its rule is read on
  /// the input shrunk again to keep only its bodies apart.
  package static func rule(
    of message: String, limit: NotificationBody.Limit, invariant: Invariant,
    library: LibraryProbe
  ) -> NotificationBodyReference.Rule? {
    let make = library.implementation.make
    func parts(_ message: String) -> Bool {
      !make(message, limit).hasSameScalars(
        as: NotificationBodyReference.make(from: message, limit: limit.utf16Units))
    }
    let found = RuleAttribution.rule(
      of: message, limit: limit, invariant: invariant, implementation: library.implementation)
    guard let found, invariant != .matchesReference, parts(message) else { return found }
    let smaller = Shrinker.shrink(message, maxEvaluations: 2_000, while: parts)
    return RuleAttribution.rule(
      whereBody: make(smaller, limit), differsFrom: smaller, limit: limit.utf16Units) ?? found
  }

  /// Where `body` first differs from `reference`, with a few scalars each
  /// side, both escaped: `the body has "[a" at scalar 0, the reference "a"`.
  package static func difference(_ body: String, _ reference: String) -> String {
    let mine = Array(body.unicodeScalars)
    let theirs = Array(reference.unicodeScalars)
    var index = 0
    while index < mine.count, index < theirs.count, mine[index] == theirs[index] {
      index += 1
    }
    guard index < mine.count || index < theirs.count else {
      return "the body is the reference's"
    }
    func around(_ scalars: [Unicode.Scalar]) -> String {
      let start = max(0, index - 8)
      let end = min(scalars.count, index + 8)
      guard start < end else { return "nothing" }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[start..<end])
      return (start > 0 ? "…" : "") + Escaped.json(String(text)) + (end < scalars.count ? "…" : "")
    }
    return "at scalar \(index) the library's body has \(around(mine)), "
      + "the reference's \(around(theirs))"
  }

  /// `trap` without hexadecimal addresses, which differ from run to run.
  package static func withoutAddresses(_ trap: String) -> String {
    var result = ""
    var rest = Substring(trap)
    while let start = rest.range(of: "0x") {
      result += rest[..<start.lowerBound]
      rest = rest[start.upperBound...].drop { $0.isHexDigit }
      result += "0x…"
    }
    return result + rest
  }
}
