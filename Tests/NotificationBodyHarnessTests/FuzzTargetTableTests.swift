import Foundation
import NotificationBodyFixtures
import Testing

@testable import NotificationBodyHarness

// Which invariants each fuzz target checks on every execution is written in
// code once, `FuzzTarget.checks`; Fuzz/README.md's table of the targets names
// the same ones, and no other.
@Test(arguments: FuzzTarget.allCases)
func theReadmesTableNamesTheInvariantsATargetChecks(_ target: FuzzTarget) throws {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let readme = try String(contentsOfFile: root + "/Fuzz/README.md", encoding: .utf8)
  let row = try #require(
    readme.split(separator: "\n").first { $0.hasPrefix("| `\(target.rawValue)` |") },
    "Fuzz/README.md has no row for \(target.rawValue)")
  let named = Set(
    row.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
      $0.offset % 2 == 1
    }
    .compactMap { Invariant(rawValue: String($0.element)) })
  #expect(named == Set(target.checks), "\(target.rawValue): the README names \(named)")
}
