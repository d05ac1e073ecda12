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

/// The built binary's `serve`, as a command for `check --against`.
private func serveCommand() throws -> String {
  "'" + (try BuiltTool.location.get().path) + "' serve"
}

/// A port that answers every request with the body "fixed", named `fixed`
/// by the folder its `serve` sits in.
private func fixedPort(in directory: borrowing TemporaryDirectory) throws -> String {
  let folder = directory.missingFile("fixed")
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
  let serve = folder + "/serve"
  try Data(
    """
    #!/bin/sh
    while read -r line; do echo '{"body":"fixed"}'; done

    """.utf8
  ).write(to: URL(fileURLWithPath: serve))
  try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: serve)
  return serve
}

/// A list of expected failures: each entry a case's name and its reason.
private func expectedFailuresJSON(_ names: [String]) throws -> Data {
  let entries = names.map { ["name": $0, "reason": "the port is a stand-in"] }
  return try JSONSerialization.data(withJSONObject: ["version": 1, "expected_failures": entries])
}

@Test func checkAgainstTheLibrarysServePassesTheSharedFiles() async throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  let run = try await BuiltTool.run([
    "check", "--against", serveCommand(), root + "/test-fixtures/lone-surrogates.json",
  ])
  #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  #expect(run.stdout.hasSuffix(" serve: 15 passed, 0 failed\n"), "\(run.stdout)")
}

@Test func checkAgainstAPortCountsListedFailuresApartAndFailsOnTheRest() async throws {
  let directory = try TemporaryDirectory()
  let port = try fixedPort(in: directory)
  let cases = try directory.file(
    "cases.json",
    fixtureJSON([["R8 fixed", "fixed", "fixed"], ["R8 known", "a", "a"], ["R8 new", "b", "b"]]))
  let known = try directory.file("known.json", expectedFailuresJSON(["R8 known"]))
  let none = try directory.file("none.json", expectedFailuresJSON([]))
  // One list per port, in the order of the ports.
  let run = try await BuiltTool.run([
    "check", "--against", port, "--expected-failures", known,
    "--against", serveCommand(), "--expected-failures", none, cases,
  ])
  #expect(run.status == 1)
  #expect(run.stdout.contains("FAIL fixed: \(cases): case 2 (\"R8 new\")"), "\(run.stdout)")
  #expect(!run.stdout.contains("\"R8 known\")"))
  let summary = run.stdout.split(separator: "\n").suffix(2)
  #expect(summary.first == "fixed: 1 passed, 1 failed, 1 failed as expected")
  #expect(summary.last?.hasSuffix(" serve: 3 passed, 0 failed") == true)
}

@Test func checkAgainstAPortFailsWhenAListedCasePassesOrIsGone() async throws {
  let directory = try TemporaryDirectory()
  let port = try fixedPort(in: directory)
  let cases = try directory.file("cases.json", fixtureJSON([["R8 fixed", "fixed", "fixed"]]))
  let stale = try directory.file("stale.json", expectedFailuresJSON(["R8 fixed", "R8 removed"]))
  let run = try await BuiltTool.run([
    "check", "--against", port, "--expected-failures", stale, cases,
  ])
  #expect(run.status == 1)
  #expect(run.stdout.contains("\"R8 fixed\" is listed as an expected failure"))
  #expect(run.stdout.contains("\"R8 removed\" is listed as an expected failure, but no file"))
  #expect(run.stdout.hasSuffix("\nfixed: 0 passed, 2 failed\n"), "\(run.stdout)")
}

@Test(arguments: [
  (#"{"version": 2, "expected_failures": []}"#, ": is not a list of expected failures"),
  (#"{"version": 1, "expected_failures": [{"name": "R8 a"}]}"#, ": entry 0: needs a case's"),
  (
    #"{"version": 1, "expected_failures": [{"name": "a", "reason": "x"}, {"name": "a", "reason": "y"}]}"#,
    ": entry 1: lists a twice"
  ),
])
func checkNamesTheFileAndEntryOfABadList(_ list: String, _ message: String) async throws {
  let directory = try TemporaryDirectory()
  let port = try fixedPort(in: directory)
  let cases = try directory.file("cases.json", fixtureJSON([["R8 fixed", "fixed", "fixed"]]))
  let bad = try directory.file("bad.json", list.utf8)
  let run = try await BuiltTool.run(["check", "--against", port, "--expected-failures", bad, cases])
  #expect(run.status == 1)
  #expect(run.stderr.hasPrefix("Error: \(bad)\(message)"), "\(run.stderr)")
}

@Test func checkRefusesExpectedFailuresWithoutAPort() async throws {
  let directory = try TemporaryDirectory()
  let cases = try directory.file("cases.json", fixtureJSON([["R8 fixed", "fixed", "fixed"]]))
  let list = try directory.file("list.json", expectedFailuresJSON(["R8 fixed"]))
  let run = try await BuiltTool.run(["check", "--expected-failures", list, cases])
  #expect(run.status == 64)
  #expect(run.stderr.contains("'--expected-failures' goes with '--against'"))
}
