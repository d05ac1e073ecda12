import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import Testing

/// One input a fuzz target once failed on, saved by `notification-body
/// promote` as `Fuzz/FailCases/<target>/<sha1>`.
struct FailCase: Sendable, CustomTestStringConvertible {
  var target: FuzzTarget
  /// The file's path from the repository's root, e.g.
  /// `Fuzz/FailCases/FuzzDifferential/1ba256e7…`.
  var relativePath: String
  var path: String
  /// What the input showed when it was saved (`<sha1>.txt` beside it, as
  /// triage writes it), for the failure's message; empty when none.
  var about: String {
    (try? String(contentsOfFile: path + ".txt", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  var testDescription: String { relativePath }

  /// The folder of saved inputs, per target, from the repository's root.
  static let folder = "Fuzz/FailCases"

  /// Every saved input of every target, in path order; none when the folders
  /// are empty or missing.
  static let all: [FailCase] = {
    guard let root = FixtureFile.repositoryRoot(containing: #filePath) else { return [] }
    return FuzzTarget.allCases.flatMap { target in
      let relativeFolder = "\(folder)/\(target.rawValue)"
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(relativeFolder)"))
        ?? []
      // A name with a dot is no input: `<sha1>.txt` says what one is.
      return names.filter { !$0.contains(".") }.sorted().map { name in
        FailCase(
          target: target, relativePath: "\(relativeFolder)/\(name)",
          path: "\(root)/\(relativeFolder)/\(name)")
      }
    }
  }()
}

// Every input a fuzzer ever failed on stays fixed: the target's own check,
// and every invariant besides, pass on it.
@Test(arguments: FailCase.all)
func failCaseStaysFixed(_ failCase: FailCase) throws {
  let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: failCase.path)))
  let problem = failCase.target.problem(with: bytes)
  #expect(
    problem == nil,
    "\(failCase.relativePath): \(problem?.trapMessage ?? ""); saved as: \(failCase.about)")
  let input = FuzzInput(bytes: bytes)
  let failures = Invariants.check(input.message, limit: input.limit)
  let broken = failures.map { "invariant \($0)" }.joined(separator: "; ")
  #expect(failures.isEmpty, "\(failCase.relativePath): \(broken); saved as: \(failCase.about)")
}

@Test func failCasesFolderIsFound() throws {
  // A root not found would make the replay above silently run no case.
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  #expect(FileManager.default.fileExists(atPath: "\(root)/\(FixtureFile.contractPath)"))
}
