import Foundation
import NotificationBodyFixtures
import Testing

/// The shared reader must hand every platform's strings over exactly.
@Suite struct FixtureFileTests {
  @Test func aRawByteOrderMarkAtAStringsStartSurvives() throws {
    let json =
      "{\"version\": 1, \"cases\": [{\"name\": \"n\", \"input\": \"\u{FEFF}a\", \"expect\": \"\u{FEFF}a\"}]}"
    let file = try FixtureFile.parse(Data(json.utf8), path: "bom.json")
    #expect(Array(file.cases[0].input.unicodeScalars) == ["\u{FEFF}", "a"])
  }

  @Test func aSyntaxErrorNamesTheFileLineAndColumn() {
    let json = "{\"version\": 1,\n \"cases\": [,]}"
    #expect {
      try FixtureFile.parse(Data(json.utf8), path: "bad.json")
    } throws: { error in
      String(describing: error) == "bad.json: line 2, column 12: expected a value, found ','"
    }
  }

  @Test(arguments: [
    ("{\"version\": 2, \"cases\": []}", "\"version\": must be 1 (this reader knows version 1)"),
    ("{\"version\": true, \"cases\": []}", "\"version\": must be 1 (this reader knows version 1)"),
    ("{\"version\": 1, \"cases\": []}", "\"cases\": holds no cases"),
    (
      "{\"version\": 1, \"cases\": [{\"name\": \"a\", \"input\": \"x\"}]}",
      "case 0 (\"a\"): has no \"expect\""
    ),
    (
      "{\"version\": 1, \"cases\": [{\"name\": \"a\", \"input\": \"x\", \"expect\": \"x\", \"limit\": 10}]}",
      "case 0 (\"a\"): \"limit\" must be a whole number from 256 to 9007199254740991"
    ),
  ])
  func aMalformedFileIsRefusedWithItsPlace(_ json: String, _ message: String) {
    #expect {
      try FixtureFile.parse(Data(json.utf8), path: "f.json")
    } throws: { error in
      String(describing: error) == "f.json: " + message
    }
  }
}
