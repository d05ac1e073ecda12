import Foundation
import Testing

/// `diff` under faults of the port and of CI: a port that answers late, a
/// slow port, and a run that fails under `--json`.
@Suite struct DiffFaultTests {
  /// `text` quoted for `/bin/sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// A port that answers each request with the body of the request before
  /// it (the first with ""): one answer late.
  static let latePort = #"""
    import json, sys
    previous = ""
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps({"body": previous}), flush=True)
        previous = request["input"]
    """#

  @Test func aPortThatAnswersLateIsSaidToAnswerOutOfOrder() async throws {
    let directory = try TemporaryDirectory()
    let port = try directory.file("late.py", Self.latePort.utf8)
    let run = try await BuiltTool.run([
      "diff", "--count", "3", "--seed", "1", "--against", "python3 " + Self.quoted(port),
    ])
    #expect(run.status == 1, "\(run.stderr)")
    let findings = run.stdout.components(separatedBy: "\nMISMATCH ").count
    let notes = run.stdout.components(
      separatedBy: "\n  note:      the port answers out of order or is not deterministic: "
        + "asked again for this input, it answered ")
    #expect(notes.count - 1 == findings, "\(run.stdout)")
    #expect(findings >= 1)
  }

  @Test func aPortThatAnswersInOrderGetsNoNote() async throws {
    let port =
      "python3 "
      + Self.quoted(
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("docs/examples/naive_port.py").path)
    let run = try await BuiltTool.run(["diff", "--count", "20", "--seed", "1", "--against", port])
    #expect(run.status == 1)
    #expect(run.stdout.contains("\nMISMATCH ") || run.stdout.hasPrefix("MISMATCH "))
    #expect(!run.stdout.contains("note:"))
  }

  /// `serve` behind a shell loop that waits 0.25 s before passing each
  /// request on: 11 inputs take at least 2.75 s, and progress is due at 2 s,
  /// after at most 8 answers, well before the last one.
  @Test func aSlowPortGetsProgressBeforeItsLastAnswer() async throws {
    let serve = try Self.quoted(BuiltTool.location.get().path) + " serve"
    let slow =
      #"while IFS= read -r line; do sleep 0.25; printf '%s\n' "$line"; done | "# + serve
    let run = try await BuiltTool.run([
      "diff", "--count", "9", "--seed", "1", "--against", slow,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(": 11 inputs (9 generated, 2 of them again"))
    // Old: one progress check per 256 inputs, so at best "diff: 11/11".
    let early = run.stderr.split(separator: "\n").filter {
      $0.hasPrefix("diff: ") && $0.contains("/11 inputs") && !$0.hasPrefix("diff: 11/11")
    }
    #expect(!early.isEmpty, "\(run.stderr)")
  }

  /// Failures of a `--json` run, and the status each gives.
  @Test(arguments: [
    (["--against", "exit 3"], Int32(1), "exited with status 3 without answering"),
    (["--limit", "3"], Int32(64), "'--limit' must be a whole number of at least 256"),
    (["--corpus", "/nonexistent-corpus"], Int32(1), "/nonexistent-corpus: no such corpus folder"),
  ])
  func aJSONRunThatFailsPrintsAJSONError(
    _ arguments: [String], _ status: Int32, _ message: String
  ) async throws {
    let run = try await BuiltTool.run(["diff", "--json", "--count", "2"] + arguments)
    #expect(run.status == status)
    #expect(run.stdout.hasSuffix("}\n") && run.stdout.filter { $0 == "\n" }.count == 1)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    // A port that fails stops a run that still reports what it found.
    #expect(Set(object.keys).isSuperset(of: ["error", "exit"]))
    #expect(arguments[0] == "--against" || object.count == 2)
    #expect(object["exit"] as? Int == Int(status))
    let error = try #require(object["error"] as? String)
    #expect(error.contains(message))
    // The text on standard error is unchanged: the same message.
    #expect(run.stderr.hasPrefix("Error: " + error + "\n"))
  }
}
