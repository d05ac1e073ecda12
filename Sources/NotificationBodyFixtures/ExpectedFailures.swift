import Foundation

/// The cases a port may fail, each with its reason, as `check
/// --expected-failures` reads them: a platform's known differences live
/// here, never in the shared cases.
///
///     {"version": 1, "expected_failures": [
///       {"name": "R12 …", "reason": "the platform's JSON reader refuses lone surrogates"}]}
package struct ExpectedFailures: Sendable {
  /// Each listed case's reason, by the case's name.
  package var reasons: [String: String]

  package init(reasons: [String: String] = [:]) {
    self.reasons = reasons
  }

  /// Reads and checks a list: `version` 1, and each entry a case's name and
  /// a reason, neither empty, no name twice.
  ///
  /// - Throws: `FixtureError` naming the file and the entry.
  package static func load(path: String) throws(FixtureError) -> ExpectedFailures {
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
      case .array(let entries) = object["expected_failures"]
    else {
      throw FixtureError(
        path: path, place: nil,
        problem: "is not a list of expected failures: {\"version\": 1, \"expected_failures\": […]}")
    }
    var reasons: [String: String] = [:]
    for (index, entry) in entries.enumerated() {
      guard case .object(let fields) = entry, case .string(let name) = fields["name"],
        case .string(let reason) = fields["reason"], !name.isEmpty,
        !reason.trimmingCharacters(in: .whitespaces).isEmpty
      else {
        throw FixtureError(
          path: path, place: "entry \(index)", problem: "needs a case's \"name\" and a \"reason\"")
      }
      guard reasons.updateValue(reason, forKey: name) == nil else {
        throw FixtureError(path: path, place: "entry \(index)", problem: "lists \(name) twice")
      }
    }
    return ExpectedFailures(reasons: reasons)
  }
}
