import NotificationBody
import NotificationBodyReference

/// A property every body must have, named so a failure says which one broke.
package enum Invariant: String, CaseIterable, Sendable, CustomStringConvertible {
  /// 1. The body is at most `limit` UTF-16 units.
  case withinLimit = "within-limit"
  /// 2. When "…" was added, what precedes it is the longest prefix of whole
  /// characters of the uncapped body that R12 allows.
  case wholeCharacters = "whole-characters"
  /// 3. "…" is added exactly when R1 left text out or the uncapped body is
  /// over the limit; otherwise the body is the uncapped body.
  case ellipsisExactly = "ellipsis-exactly"
  /// 4. The content of every fenced block and code span appears in the body.
  case codeSurvives = "code-survives"
  /// 5. No `**` or `~~` outside code and URLs, and no `](` of a formed link.
  case noMarkupResidue = "no-markup-residue"
  /// 6. Every scalar of the body but "…" and line breaks is in the input.
  case nothingNew = "nothing-new"
  /// 7. Plain text short enough comes back unchanged.
  case plainTextPasses = "plain-text-passes"
  /// 8. Text after the window never changes the body.
  case windowHolds = "window-holds"
  /// 9. The implementation agrees with the reference.
  case matchesReference = "matches-reference"
  /// 10. Every block a call allocates is freed by its end.
  case noLeak = "no-leak"
  /// 11. A call's work is within `LinearWork.bound(readBytes:)`.
  case linearWork = "linear-work"

  package var description: String { rawValue }

  /// Whether the invariant is about what a call costs rather than the body
  /// it makes: `no-leak` and `linear-work`.
  package var isCost: Bool { self == .noLeak || self == .linearWork }
}

/// One broken invariant, with what was seen: what the invariant checks
/// return, and what a fuzz target fails with.
///
///     let failure = InvariantFailure(.withinLimit, "257 units")
///     failure.trapMessage  // "invariant within-limit: 257 units"
package struct InvariantFailure: Sendable, CustomStringConvertible, Hashable {
  package var invariant: Invariant
  package var detail: String

  package init(_ invariant: Invariant, _ detail: String) {
    self.invariant = invariant
    self.detail = detail
  }

  /// `failures` in `Invariant`'s order, the order every check reports in.
  package static func inOrder(_ failures: [InvariantFailure]) -> [InvariantFailure] {
    failures.sorted {
      Invariant.allCases.firstIndex(of: $0.invariant)!
        < Invariant.allCases.firstIndex(of: $1.invariant)!
    }
  }

  package var description: String { "\(invariant): \(detail)" }

  /// How every trap message of a fuzz target starts, so a libFuzzer log can
  /// tell an invariant's trap from any other crash.
  package static let trapPrefix = "invariant "

  /// The longest trap message, in characters; longer details are cut.
  package static let maxTrapLength = 2_000

  /// The message a fuzz target traps with: `invariant <name>: <detail>`, at
  /// most `maxTrapLength` characters. The only place it is written.
  package var trapMessage: String { trapMessage(inputBytes: nil) }

  /// The trap message with what a person reading a crash log needs first:
  /// the rule where the bodies part, when there is one, and the input's
  /// size, ahead of the detail.
  ///
  ///     InvariantFailure(.matchesReference, "library gives …").trapMessage(inputBytes: 7, rule: .r7)
  ///     // "invariant matches-reference: bodies part at R7, 7-byte input: library gives …"
  ///
  /// - Parameters:
  ///   - inputBytes: The fuzzer input's size in bytes, or nil.
  ///   - rule: The contract's rule where the bodies part, or nil.
  /// - Returns: At most `maxTrapLength` characters.
  package func trapMessage(
    inputBytes: Int?, rule: NotificationBodyReference.Rule? = nil
  ) -> String {
    var about = rule.map { ["bodies part at \($0)"] } ?? []
    if let inputBytes { about.append("\(inputBytes)-byte input") }
    let detail = about.isEmpty ? detail : about.joined(separator: ", ") + ": " + detail
    return String((Self.trapPrefix + "\(invariant): \(detail)").prefix(Self.maxTrapLength))
  }
}

/// A body function under test: the library, the reference, or (in tests) a
/// deliberately broken one.
package struct Implementation: Sendable {
  package var name: String
  package var make: @Sendable (String, NotificationBody.Limit) -> String

  package init(name: String, make: @escaping @Sendable (String, NotificationBody.Limit) -> String) {
    self.name = name
    self.make = make
  }

  /// The fast library.
  package static let library = Implementation(name: "library") {
    NotificationBody.make(from: $0, limit: $1)
  }
}
