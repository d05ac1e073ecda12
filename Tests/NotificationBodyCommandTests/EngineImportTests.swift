import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyFindings

// `triage --import`: what ClusterFuzzLite and OSS-Fuzz hand out, read as
// testcases (`EngineTestcases`), each layout and each bad input.

/// A file at `relative` under `root`, its folders made.
private func put(_ root: String, _ relative: String, _ bytes: [UInt8]) throws {
  let path = root + "/" + relative
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// What `gh run download` unpacks of a ClusterFuzzLite crash: the testcase
/// and the stack text beside it.
private func cfliteDownload(_ root: String, target: String = "FuzzDifferential") throws {
  try put(root, "\(target)/address/crash-0123abcd", [0x00] + Array("a\r\nb".utf8))
  try put(root, "\(target)/address/crash-0123abcd.summary", Array("==1==ERROR: ILL".utf8))
}

/// Runs `unzip`'s sibling `zip` in `folder`: `zip -qr <zip> .`.
private func zip(_ folder: String, into zip: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["zip", "-qr", zip, "."]
  process.currentDirectoryURL = URL(fileURLWithPath: folder)
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
}

@Suite("Import: the engines' layouts")
struct EngineLayoutTests {
  @Test func aClusterFuzzLiteDownloadGivesItsTestcaseAndNeverItsSummary() throws {
    let folder = try TemporaryDirectory()
    try cfliteDownload(folder.url.path)
    let found = try EngineTestcases.read([folder.url.path])
    #expect(found.map(\.target) == [.differential])
    #expect(found.map(\.kind) == ["crash"])
    #expect(found.first?.bytes == [0x00] + Array("a\r\nb".utf8))
    #expect(found.first?.artifactName == "crash-" + InputDigest.hex(of: found[0].bytes))
  }

  @Test func theFolderHoldingADownloadGivesItsTestcases() throws {
    let folder = try TemporaryDirectory()
    try cfliteDownload(folder.url.path + "/cifuzz-crash-address", target: "FuzzLibrary")
    try put(folder.url.path, "cifuzz-sarif/results.sarif", Array("{}".utf8))
    let found = try EngineTestcases.read([folder.url.path])
    #expect(found.map(\.target) == [.library])
  }

  @Test func aDownloadsZipGivesItsTestcase() throws {
    let folder = try TemporaryDirectory()
    try cfliteDownload(folder.url.path + "/download")
    let archive = folder.url.path + "/download.zip"
    try zip(folder.url.path + "/download", into: archive)
    let found = try EngineTestcases.read([archive])
    #expect(found.map(\.target) == [.differential])
    #expect(found.map(\.path) == [archive + ":FuzzDifferential/address/crash-0123abcd"])
  }

  @Test func ossFuzzTestcasesAreNamedByTheirTargetWithOrWithoutABuildSuffix() throws {
    let folder = try TemporaryDirectory()
    let root = folder.url.path
    try put(root, "clusterfuzz-testcase-minimized-FuzzLibrary_release-5012345678901234", [1, 0x61])
    try put(root, "clusterfuzz-testcase-FuzzDifferential-6012345678901234", [0, 0x62])
    try put(
      root, "clusterfuzz-testcase-minimized-FuzzDifferential_debug-7012345678901234", [0, 0x63])
    try put(root, "stacktrace.txt", Array("==1==ERROR: ILL".utf8))
    let found = try EngineTestcases.read([root])
    #expect(found.map(\.target) == [.differential, .differential, .library])  // by path
    #expect(found.map(\.kind) == ["crash", "crash", "crash"])
    let single = try EngineTestcases.read([
      root + "/clusterfuzz-testcase-minimized-FuzzLibrary_release-5012345678901234"
    ])
    #expect(single.map(\.bytes) == [[1, 0x61]])
  }

  @Test func theSameTestcaseTwiceIsImportedOnce() throws {
    let folder = try TemporaryDirectory()
    try cfliteDownload(folder.url.path + "/one")
    try cfliteDownload(folder.url.path + "/two")
    #expect(try EngineTestcases.read([folder.url.path]).count == 1)
  }

  @Test func theTestcasesAreLaidOutAsTheNightlysArtifacts() throws {
    let folder = try TemporaryDirectory()
    try cfliteDownload(folder.url.path + "/download")
    let found = try EngineTestcases.read([folder.url.path + "/download"])
    let artifacts = folder.url.path + "/artifacts"
    try EngineTestcases.lay(found, into: artifacts)
    let session = try TriageSession.read(artifacts, .differential)
    let listed = try #require(session.newArtifacts)
    #expect(listed == ["\(artifacts)/FuzzDifferential/\(found[0].artifactName)"])
    #expect(FileManager.default.contents(atPath: listed[0]).map(Array.init) == found[0].bytes)
    #expect(try TriageSession.read(artifacts, .library).newArtifacts == [])
  }
}

/// One bad input and the file its one line must name.
struct BadImport: Sendable, CustomTestStringConvertible {
  var name: String
  /// Makes the input under the folder given; returns the operand and the
  /// path the error names.
  var make: @Sendable (String) throws -> (operand: String, named: String)
  var testDescription: String { name }

  static let all: [BadImport] = [
    BadImport(name: "an empty folder") { root in (root, root) },
    BadImport(name: "a folder with only a .summary") { root in
      try put(root, "FuzzLibrary/address/crash-0a.summary", Array("stack".utf8))
      return (root, root)
    },
    BadImport(name: "no such path") { root in (root + "/gone", root + "/gone") },
    BadImport(name: "an unknown target of ClusterFuzzLite's") { root in
      try put(root, "FuzzBogus/address/crash-0a", [0, 0x61])
      return (root, root + "/FuzzBogus/address/crash-0a")
    },
    BadImport(name: "an unknown target of OSS-Fuzz's") { root in
      try put(root, "clusterfuzz-testcase-minimized-FuzzBogus_release-12", [0, 0x61])
      return (root, root + "/clusterfuzz-testcase-minimized-FuzzBogus_release-12")
    },
    BadImport(name: "an empty testcase") { root in
      try put(root, "FuzzLibrary/address/crash-0a", [])
      return (root, root + "/FuzzLibrary/address/crash-0a")
    },
    BadImport(name: "an unreadable testcase") { root in
      try FileManager.default.createDirectory(
        atPath: root + "/FuzzLibrary/address", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: root + "/FuzzLibrary/address/crash-0a", withDestinationPath: root + "/nowhere")
      return (root, root + "/FuzzLibrary/address/crash-0a")
    },
    BadImport(name: "a zip that is not ClusterFuzzLite's") { root in
      try put(root + "/inside", "notes/readme.txt", Array("hello".utf8))
      try zip(root + "/inside", into: root + "/other.zip")
      return (root + "/other.zip", root + "/other.zip")
    },
    BadImport(name: "a file named .zip that is no zip") { root in
      try put(root, "download.zip", Array("not a zip".utf8))
      return (root + "/download.zip", root + "/download.zip")
    },
    BadImport(name: "a file that is no testcase") { root in
      try put(root, "notes.txt", Array("hello".utf8))
      return (root + "/notes.txt", root + "/notes.txt")
    },
  ]
}

@Test(arguments: BadImport.all)
func badInputExits64OnOneLineNamingTheFileAndWritesNothing(_ bad: BadImport) throws {
  let folder = try TemporaryDirectory()
  let input = folder.url.path + "/input"
  try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
  let (operand, named) = try bad.make(input)
  let artifacts = folder.url.path + "/artifacts"
  let failCases = folder.url.path + "/FailCases"
  for made in [artifacts, failCases] {
    try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
  }
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    [
      "triage", "--import", operand, "--artifacts", artifacts, "--report",
      folder.url.path + "/report", "--fixtures", folder.url.path + "/fixtures.json",
      "--fail-cases", failCases,
    ], stdin: { [] }, stdout: &stdout, stderr: &stderr)
  #expect(status == 64, "\(stderr)")
  #expect(stderr.hasPrefix("Error: \(named)"), "\(stderr)")
  #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
  #expect(stdout == "")
  #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts) == [])
  #expect(!FileManager.default.fileExists(atPath: folder.url.path + "/report.md"))
}
