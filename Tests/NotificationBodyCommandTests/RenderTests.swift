import Foundation
import Testing

// "plain words" has no syntax: its body is itself under the contract, and
// also under the library's placeholder, so these tests hold for both.

@Test func renderReadsStandardInput() async throws {
  let run = try await BuiltTool.run(["render"], stdin: Array("plain words".utf8))
  #expect(run.status == 0)
  #expect(run.stdout == "plain words\n")
  #expect(run.stderr == "")
}

@Test func renderReadsAFile() async throws {
  let directory = try TemporaryDirectory()
  let path = try directory.file("message.md", "plain words".utf8)
  let run = try await BuiltTool.run(["render", path])
  #expect(run.status == 0)
  #expect(run.stdout == "plain words\n")
  #expect(run.stderr == "")
}

@Test func renderReadsStandardInputForADash() async throws {
  let run = try await BuiltTool.run(["render", "-"], stdin: Array("plain words".utf8))
  #expect(run.status == 0)
  #expect(run.stdout == "plain words\n")
}

@Test func renderReplacesInvalidUTF8() async throws {
  let run = try await BuiltTool.run(["render"], stdin: [0x61, 0xFF, 0x62, 0xC3])
  #expect(run.status == 0)
  #expect(run.stdout == "a\u{FFFD}b\u{FFFD}\n")
  #expect(run.stderr == "")
}

@Test(arguments: [["--limit", "256"], ["--limit", "300"], ["--limit=4096"], ["--limit", "+300"]])
func renderAcceptsALimitOfAtLeast256(_ limit: [String]) async throws {
  let run = try await BuiltTool.run(["render"] + limit, stdin: Array("plain words".utf8))
  #expect(run.status == 0)
  #expect(run.stdout == "plain words\n")
  #expect(run.stderr == "")
}

@Test func renderNamesAnUnreadableFile() async throws {
  let directory = try TemporaryDirectory()
  let path = directory.missingFile("absent.md")
  let run = try await BuiltTool.run(["render", path])
  #expect(run.status == 1)
  #expect(run.stdout == "")
  #expect(run.stderr == "Error: \(path): no such file\n")
}

@Test func renderRefusesADirectory() async throws {
  let directory = try TemporaryDirectory()
  let run = try await BuiltTool.run(["render", directory.url.path])
  #expect(run.status == 1)
  #expect(run.stderr.hasPrefix("Error: \(directory.url.path): is a directory"))
}
