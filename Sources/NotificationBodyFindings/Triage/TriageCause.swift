import Foundation

/// One cause of the night's findings, as a line of `fuzz-report.json`'s
/// `causes`: the artifacts it groups, across targets, and what became of
/// the one promoted for it.
package struct TriageCause: Codable, Sendable, Equatable {
  /// `FindingCause.key`, e.g. "body R5" or "linear-work LinkTail.end(in:from:to:)".
  package var cause: String
  /// The contract's rule, when known.
  package var rule: String?
  /// What differs, or how the work grows and where, in one line.
  package var summary: String
  /// The invariant its promoted member broke, or what went wrong.
  package var invariant: String
  /// How many artifacts it groups.
  package var artifacts: Int
  /// The targets that found it.
  package var targets: [String]
  /// The member promoted for it, as `<target>/<artifact name>`: the smallest.
  package var from: String
  /// What became of that member: `new` (promoted, or tried to be) or `known`.
  package var status: TriageFinding.Status
  /// Where it was promoted to, or why not.
  package var detail: String?
  /// A linear-work finding's shape, growth and function, when measured.
  package var growth: CostCause.Report?
  /// The promoted member's artifact as the fuzzer saved it, and its
  /// smallest input: the two files to look at.
  package var original: String?
  package var minimized: String?
  /// That smallest input's bytes in hex, as its fuzzer reads them: what
  /// the next run rechecks to say whether the cause is fixed.
  package var input: String?
  /// Which commit brought it, when a range was searched.
  package var regression: RegressionRange?
  /// In a pull request's run: whether the base shows it too ("on main
  /// too"), which then does not fail the run.
  package var onBase: Bool?

  /// `bytes` as `input` holds them: two lowercase hex digits a byte.
  package static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  /// `input`'s bytes; nil when there is none or it is not pairs of hex digits.
  package var inputBytes: [UInt8]? {
    guard let digits = input.map({ Array($0.utf8) }), digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}
