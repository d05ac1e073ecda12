import Foundation
import Testing

/// A fixture file's JSON text with `cases`, each `[name, input, expect]`.
private func fixtureJSON(_ cases: [[String]], limit: Int? = nil) throws -> Data {
  let objects = cases.map { fields -> [String: Any] in
    var object: [String: Any] = ["name": fields[0], "input": fields[1], "expect": fields[2]]
    object["limit"] = limit
    return object
  }
  return try JSONSerialization.data(withJSONObject: ["version": 1, "cases": objects])
}

@Test func checkPassesCasesTheLibraryMeets() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file(
    "pass.json",
    fixtureJSON([
      ["R8 plain", "plain words", "plain words"], ["R8 two", "two words", "two words"],
    ]))
  let raised = try directory.file(
    "raised.json", fixtureJSON([["R12 raised", "plain words", "plain words"]], limit: 300))
  let run = try await BuiltTool.run(["check", path, raised])
  #expect(run.status == 0)
  #expect(run.stdout == "3 passed, 0 failed\n")
  #expect(run.stderr == "")
}

@Test func checkReportsAFailingCase() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file(
    "fail.json", fixtureJSON([["R8 wrong", "plain words", "other\nwords"]], limit: 300))
  let run = try await BuiltTool.run(["check", path])
  #expect(run.status == 1)
  #expect(run.stdout.hasSuffix("\n0 passed, 1 failed\n"))
  #expect(run.stdout.contains("\(path): case 0 (\"R8 wrong\")"))
  #expect(run.stdout.contains("input:    \"plain words\" (11 UTF-16 units)"))
  #expect(run.stdout.contains("limit:    300"))
  #expect(run.stdout.contains("expected: \"other\\nwords\" (11 UTF-16 units)"))
  #expect(run.stdout.contains("actual:   \"plain words\" (11 UTF-16 units)"))
  #expect(run.stderr == "")
}

@Test func checkComparesScalarsNotCanonicalEquivalence() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file(
    "nfc.json", fixtureJSON([["R8 decomposed", "caf\u{E9}", "cafe\u{301}"]]))
  let run = try await BuiltTool.run(["check", path])
  #expect(run.status == 1)
  #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
}

@Test func checkNamesTheFileAndPlaceOfMalformedJSON() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file("broken.json", #"{"version": 1,\#n "cases": [}"#.utf8)
  let run = try await BuiltTool.run(["check", path])
  #expect(run.status == 1)
  #expect(run.stdout == "0 passed, 1 failed\n")
  #expect(run.stderr.hasPrefix("Error: \(path): line 2, column "))
  #expect(run.stderr.hasSuffix(": expected a value, found '}'\n"))
}

@Test func checkNamesACaseWithoutExpect() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file(
    "no-expect.json", #"{"version": 1, "cases": [{"name": "R1 lost", "input": "a"}]}"#.utf8)
  let run = try await BuiltTool.run(["check", path])
  #expect(run.status == 1)
  #expect(run.stdout == "0 passed, 1 failed\n")
  #expect(run.stderr == "Error: \(path): case 0 (\"R1 lost\"): has no \"expect\"\n")
}

@Test func checkCountsAMissingFileAndGoesOn() async throws {
  let directory = try TemporaryDirectory()
  let missing = directory.missingFile("absent.json")
  let path = try directory.file(
    "pass.json", fixtureJSON([["R8 plain", "plain words", "plain words"]]))
  let run = try await BuiltTool.run(["check", missing, path])
  #expect(run.status == 1)
  #expect(run.stdout == "1 passed, 1 failed\n")
  #expect(run.stderr == "Error: \(missing): no such file\n")
}
