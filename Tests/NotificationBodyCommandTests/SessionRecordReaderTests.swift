import Foundation
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyFindings

/// A session record `triage` cannot read is refused in plain words: the
/// file, the place, and no Foundation internals.
@Test(arguments: [
  (
    #"{"seconds": 5, "seconds": 6}"#,
    #"s.json: line 1, column 16: repeats key "seconds"; not a session record"#
  ),
  (#"{"seconds": 5,}"#, "s.json: line 1, column 14: trailing comma; not a session record"),
  (
    #"{"execs_per_second": "fast"}"#,
    #"s.json: not a session record: "execs_per_second" holds the wrong kind of value"#
  ),
  (
    #"{"new_artifacts": ["a", 2]}"#,
    #"s.json: not a session record: "new_artifacts[1]" holds the wrong kind of value"#
  ),
  ("[1]", "s.json: not a session record: the top level is not a JSON object"),
])
func aBadSessionRecordIsRefusedInPlainWords(_ json: String, _ message: String) {
  #expect {
    try TriageSession.read(Array(json.utf8), path: "s.json")
  } throws: { error in
    let text = (error as? FindingsError)?.message ?? ""
    return text == message && !text.contains("DecodingError") && !text.contains("NSCocoa")
  }
}

@Test func aSessionRecordIsRead() throws {
  let json = #"{"seconds": 5, "execs_per_second": 1200, "new_artifacts": ["crash-1"]}"#
  let session = try TriageSession.read(Array(json.utf8), path: "s.json")
  #expect(session.seconds == 5 && session.execsPerSecond == 1200)
  #expect(session.newArtifacts == ["crash-1"])
}
