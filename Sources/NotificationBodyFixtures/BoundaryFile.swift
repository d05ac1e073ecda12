import Foundation

/// One case of the boundary fixture file: a text and the characters it is
/// made of.
package struct BoundaryCase: Sendable, Hashable {
  /// `GraphemeBreakTest.txt line 27: ÷ 000D ÷ 000D ÷`, or `contract: …`.
  package var name: String
  package var input: String
  /// The characters of `input`, in order.
  package var characters: [String]
}

/// `test-fixtures/grapheme-boundaries.json`: where the contract's characters
/// end (docs/contract.md, Terms), for every port's breaker to run before any
/// body case. `notification-body unicode-tables` writes it.
package struct BoundaryFile: Sendable {
  /// The file's path inside the repository.
  package static let path = "test-fixtures/grapheme-boundaries.json"

  /// The Unicode version whose data and rules the cases follow.
  package var unicodeVersion: String
  package var cases: [BoundaryCase]

  /// Reads and checks a boundary file: `version` 1, a `unicode` version,
  /// and cases whose characters, joined, are their input.
  ///
  /// - Throws: `FixtureError` naming the file and the place.
  package static func load(path: String) throws(FixtureError) -> BoundaryFile {
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(
        Data(try FileBytes.read(atPath: path, limit: FileBytes.jsonLimit)))
    } catch let failure as StrictJSON.Failure {
      throw FixtureError(path: path, place: "line \(failure.line)", problem: failure.problem)
    } catch {
      throw FixtureError(path: path, place: nil, problem: "\(error)")
    }
    guard case .object(let object) = root, case .number("1") = object["version"],
      case .string(let version) = object["unicode"], case .array(let rawCases) = object["cases"]
    else {
      throw FixtureError(
        path: path, place: nil,
        problem: "is not a boundary file: {\"version\": 1, \"unicode\": …, \"cases\": […]}")
    }
    var cases: [BoundaryCase] = []
    for (index, raw) in rawCases.enumerated() {
      guard case .object(let fields) = raw, case .string(let name) = fields["name"],
        case .string(let input) = fields["input"],
        case .array(let rawCharacters) = fields["characters"]
      else {
        throw FixtureError(
          path: path, place: "case \(index)", problem: "needs a name, an input and characters")
      }
      let characters = rawCharacters.compactMap { value -> String? in
        guard case .string(let character) = value, !character.isEmpty else { return nil }
        return character
      }
      guard characters.count == rawCharacters.count,
        Array(characters.joined().unicodeScalars) == Array(input.unicodeScalars)
      else {
        throw FixtureError(
          path: path, place: "case \(index) (\(name))",
          problem: "its characters are not non-empty strings that make up its input")
      }
      cases.append(BoundaryCase(name: name, input: input, characters: characters))
    }
    return BoundaryFile(unicodeVersion: version, cases: cases)
  }
}
