import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import Testing

/// `notification-body seeds`: the fixture cases as seed files of every
/// target, named by the SHA-1 of their bytes, written once.
@Test func seedsWritesEachCaseOnceForEveryTarget() async throws {
  let directory = try TemporaryDirectory()
  let fixtures = try directory.file(
    "fixtures.json",
    Array(
      """
      {
        "version": 1,
        "cases": [
          {"name": "a", "input": "abc", "expect": "abc"},
          {"name": "b", "input": "abc", "expect": "abc", "limit": 1000},
          {"name": "c", "input": "abc", "expect": "abc", "limit": 5000}
        ]
      }
      """.utf8))
  let corpus = directory.url.appendingPathComponent("corpus").path
  // "abc" at limit 1000 (options 0x03) and at the default limit (0x00),
  // which 5000 falls back to: `sha1sum` of those bytes, sorted.
  let listed = try await BuiltTool.run(["seeds", "--fixtures", fixtures, "--names"])
  #expect(listed.status == 0)
  let seedNames = listed.stdout.split(separator: "\n").map(String.init)
  #expect(
    seedNames == [
      "44ba8821161c91a7b3855dbbde12f44799c21a77", "dd3742ec1a4d2a5b563a2b62aef7fc4a46fa6cca",
    ])

  let first = try await BuiltTool.run(["seeds", "--fixtures", fixtures, "--corpus", corpus])
  #expect(first.status == 0)
  #expect(first.stdout.contains("/FuzzLibrary: 2 new seed files (2 from 3 fixture cases)"))
  for target in ["FuzzDifferential", "FuzzLibrary"] {
    let folder = corpus + "/" + target
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(files == seedNames, "\(target)")
    let bytes = try files.map {
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))
    }
    #expect(Set(bytes) == [[0x00] + Array("abc".utf8), [0x03] + Array("abc".utf8)])
  }
  let again = try await BuiltTool.run(["seeds", "--fixtures", fixtures, "--corpus", corpus])
  #expect(again.stdout.contains("/FuzzLibrary: 0 new seed files"))
}

@Test func seedsRefusesAFileWithOtherBytes() async throws {
  let directory = try TemporaryDirectory()
  let fixtures = try directory.file(
    "fixtures.json",
    Array(#"{"version": 1, "cases": [{"name": "a", "input": "abc", "expect": "abc"}]}"#.utf8))
  let corpus = directory.url.appendingPathComponent("corpus").path
  let name = try await BuiltTool.run(["seeds", "--fixtures", fixtures, "--names"]).stdout
    .trimmingCharacters(in: .whitespacesAndNewlines)
  try FileManager.default.createDirectory(
    atPath: corpus + "/FuzzLibrary", withIntermediateDirectories: true)
  try Data("other".utf8).write(to: URL(fileURLWithPath: corpus + "/FuzzLibrary/" + name))
  let run = try await BuiltTool.run(["seeds", "--fixtures", fixtures, "--corpus", corpus])
  #expect(run.status == 1)
  #expect(run.stderr.contains("FuzzLibrary/\(name): exists with other bytes"))
}

@Test func seedsNamesAMissingFixtureFile() async throws {
  let directory = try TemporaryDirectory()
  let missing = directory.missingFile("none.json")
  let run = try await BuiltTool.run(["seeds", "--fixtures", missing, "--names"])
  #expect(run.status == 1)
  #expect(run.stderr.contains(missing))
}

/// The targets `seeds` writes for are the ones the fuzzing scripts build
/// and run: `FuzzTarget`'s cases and `fuzz_targets` in `Fuzz/fuzz-settings.sh`.
@Test func seedsWritesForTheTargetsTheScriptsRun() throws {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let settings = try String(contentsOfFile: root + "/Fuzz/fuzz-settings.sh", encoding: .utf8)
  let line = try #require(
    settings.split(separator: "\n").first { $0.hasPrefix("fuzz_targets=(") })
  let named = line.dropFirst("fuzz_targets=(".count).prefix { $0 != ")" }.split(separator: " ")
  #expect(named.map(String.init) == FuzzTarget.allCases.map(\.rawValue))
}
