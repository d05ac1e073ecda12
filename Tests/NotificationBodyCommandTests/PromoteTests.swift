import Foundation
import NotificationBodyFixtures
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyCommand

/// A small fixture file in the shared file's exact format.
private let smallFixtures = """
  {
    "$comment": "A small fixture file in the shared format.",
    "version": 1,
    "cases": [
      {"name": "R8 plain", "input": "plain words", "expect": "plain words"},
      {"name": "R7 bold", "input": "**a** b", "expect": "a b", "limit": 300}
    ]
  }

  """

/// What follows the last case line of `smallFixtures`.
private let closing = "\n  ]\n}\n"

/// A temporary copy of `smallFixtures` and a fail-cases folder to promote
/// artifacts into.
private struct Workspace: ~Copyable {
  let directory: TemporaryDirectory
  let fixtures: String
  let failCases: String

  init(fixtures contents: String = smallFixtures) throws {
    let directory = try TemporaryDirectory()
    fixtures = try directory.file("fixtures.json", Array(contents.utf8))
    failCases = directory.url.appendingPathComponent("FailCases").path
    self.directory = directory
  }

  /// Runs `promote` on `artifact` with this workspace's files.
  func promote(_ artifact: [UInt8], _ arguments: [String]) async throws -> BuiltTool.Run {
    let path = try directory.file("artifact.bin", artifact)
    return try await BuiltTool.run(
      ["promote", path] + arguments + ["--fixtures", fixtures, "--fail-cases", failCases])
  }

  /// The fixture file's bytes now.
  func fixtureBytes() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures)))
  }

  /// The fixture file's cases now, each as its JSON object.
  func cases() throws -> [[String: Any]] {
    let root = try JSONSerialization.jsonObject(with: Data(fixtureBytes())) as? [String: Any]
    return try #require(root?["cases"] as? [[String: Any]])
  }

  /// The files saved under `failCases`, as paths relative to it.
  func savedFiles() -> [String] {
    (FileManager.default.subpaths(atPath: failCases) ?? []).filter {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: failCases + "/" + $0, isDirectory: &isDirectory)
      return exists && !isDirectory.boolValue
    }.sorted()
  }
}

@Test func promoteAppendsTheReferenceBodyAndSavesTheBytes() async throws {
  let workspace = try Workspace()
  // Bits 1-2 of the first byte: the raised limit 1000.
  let artifact: [UInt8] = [0x03] + Array("Hello **world**".utf8)
  let hash = "1ba256e7fcff1cd638f8e4743fce79a8adba8bcd"  // sha1sum of artifact
  let run = try await workspace.promote(artifact, ["--target", "FuzzDifferential"])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stderr == "")

  let line = """
    {"name": "R? fuzz FuzzDifferential: regression \(hash.prefix(8))", \
    "input": "Hello **world**", "expect": "Hello world", "limit": 1000}
    """
  let expected = smallFixtures.dropLast(closing.count) + ",\n    " + line + closing
  #expect(try workspace.fixtureBytes() == Array(expected.utf8))
  let cases = try workspace.cases()
  #expect(cases.count == 3)
  #expect(cases.last?["expect"] as? String == "Hello world")

  #expect(workspace.savedFiles() == ["FuzzDifferential/\(hash)"])
  let saved = try Data(
    contentsOf: URL(fileURLWithPath: "\(workspace.failCases)/FuzzDifferential/\(hash)"))
  #expect([UInt8](saved) == artifact)
  #expect(run.stdout.contains("Appended to \(workspace.fixtures):\n    \(line)\n"))
  #expect(run.stdout.contains("Saved \(workspace.failCases)/FuzzDifferential/\(hash) (16 bytes)"))
  #expect(run.stdout.contains("The library passes it now."))
}

@Test func promoteKeepsAnIdenticalSavedFileAndTakesAGivenName() async throws {
  let workspace = try Workspace()
  let artifact: [UInt8] = [0x00] + Array("new ~~words~~".utf8)
  let hash = InputDigest.hex(of: artifact)
  let folder = workspace.failCases + "/FuzzDifferential"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  try Data(artifact).write(to: URL(fileURLWithPath: folder + "/" + hash))
  let run = try await workspace.promote(
    artifact, ["--target", "FuzzDifferential", "--name", "R7 strikethrough"])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(run.stdout.contains("Already saved: \(folder)/\(hash) (14 bytes)"))
  let last = try #require(try workspace.cases().last)
  #expect(last["name"] as? String == "R7 strikethrough")
  #expect(last["expect"] as? String == "new words")
  #expect(last["limit"] == nil)
}

/// An artifact whose message and limit a case of `smallFixtures` already has.
struct Duplicate: Sendable, CustomTestStringConvertible {
  var artifact: [UInt8]
  /// The case that has them.
  var name: String

  var testDescription: String { name }

  static let all = [
    Duplicate(artifact: [0x00] + Array("plain words".utf8), name: "R8 plain"),
    // Bit 0 and bits 1-2 = 0: the raised limit 300.
    Duplicate(artifact: [0x01] + Array("**a** b".utf8), name: "R7 bold"),
  ]
}

@Test(arguments: Duplicate.all)
func promoteRefusesAnInputAlreadyCovered(_ duplicate: Duplicate) async throws {
  let workspace = try Workspace()
  let run = try await workspace.promote(duplicate.artifact, ["--target", "FuzzDifferential"])
  #expect(run.status == 1)
  #expect(run.stdout == "")
  #expect(
    run.stderr.hasPrefix("Error: \(workspace.fixtures): case \"\(duplicate.name)\" already has"))
  #expect(try workspace.fixtureBytes() == Array(smallFixtures.utf8))
  #expect(workspace.savedFiles() == [])
}

@Test func promoteTreatsAnotherLimitAsANewCase() async throws {
  let workspace = try Workspace()
  // "plain words" is a case at 256; at 1000 it is not.
  let run = try await workspace.promote(
    [0x03] + Array("plain words".utf8), ["--target", "FuzzDifferential"])
  #expect(run.status == 0, "\(run.stderr)")
  #expect(try workspace.cases().count == 3)
}

@Test func promoteRefusesATakenName() async throws {
  let workspace = try Workspace()
  let run = try await workspace.promote(
    [0x00] + Array("other words".utf8), ["--target", "FuzzDifferential", "--name", "R7 bold"])
  #expect(run.status == 1)
  #expect(run.stderr.contains("a case is already named \"R7 bold\""))
  #expect(try workspace.fixtureBytes() == Array(smallFixtures.utf8))
  #expect(workspace.savedFiles() == [])
}

@Test func promoteRefusesAFileNotInTheSharedFormat() async throws {
  // Valid fixtures, but all on one line: appending would reformat them.
  let compact = #"{"version": 1, "cases": [{"name": "R8 a", "input": "a", "expect": "a"}]}"#
  let workspace = try Workspace(fixtures: compact)
  let run = try await workspace.promote([0x00, 0x62], ["--target", "FuzzDifferential"])
  #expect(run.status == 1)
  #expect(run.stderr.contains("the shared file's format"))
  #expect(try workspace.fixtureBytes() == Array(compact.utf8))
  #expect(workspace.savedFiles() == [])
}

@Test func promoteDecodesAUTF16Artifact() async throws {
  let workspace = try Workspace()
  // Bit 3 of the first byte: the message is UTF-16LE.
  let message = "\u{1F600} **b**"
  let artifact: [UInt8] =
    [0x08] + message.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
  let run = try await workspace.promote(artifact, ["--target", "FuzzDifferential"])
  #expect(run.status == 0, "\(run.stderr)")
  let last = try #require(try workspace.cases().last)
  #expect(last["input"] as? String == message)
  #expect(last["expect"] as? String == "\u{1F600} b")
  #expect(workspace.savedFiles() == ["FuzzDifferential/\(InputDigest.hex(of: artifact))"])
}

@Test func promoteRefusesAnUnknownTarget() async throws {
  let workspace = try Workspace()
  let run = try await workspace.promote([0x00, 0x62], ["--target", "FuzzNothing"])
  #expect(run.status == 64)
  #expect(
    run.stderr.hasPrefix(
      "Error: '--target' must be FuzzDifferential or FuzzLibrary; got 'FuzzNothing'\n"
        + "Usage: notification-body promote --target <target> [--name <name>]"))
  #expect(try workspace.fixtureBytes() == Array(smallFixtures.utf8))
}

@Test func promoteNeedsATarget() async throws {
  let workspace = try Workspace()
  let run = try await workspace.promote([0x00, 0x62], [])
  #expect(run.status == 64)
  #expect(run.stderr.hasPrefix("Error: missing '--target <target>'\n"))
}

@Test func promoteNamesAMissingArtifact() async throws {
  let directory = try TemporaryDirectory()
  let missing = directory.missingFile("crash-0")
  let run = try await BuiltTool.run(["promote", missing, "--target", "FuzzDifferential"])
  #expect(run.status == 1)
  #expect(run.stderr == "Error: \(missing): no such file\n")
}

@Test func promoteHelpHasTheHouseSections() async throws {
  let run = try await BuiltTool.run(["help", "promote"])
  #expect(run.status == 0)
  var rest = Substring(run.stdout)
  for section in ["OVERVIEW:", "USAGE: notification-body promote", "ARGUMENTS:", "OPTIONS:"] {
    let found = try #require(rest.range(of: section), "\(section) missing or out of order")
    rest = rest[found.upperBound...]
  }
  for option in ["--target <target>", "--name <name>", "--fixtures <file>", "--fail-cases"] {
    #expect(run.stdout.contains(option))
  }
}

/// Bytes and their SHA-1: FIPS 180 examples, and lengths around the 55/56-
/// and 64-byte padding edges (digests from `sha1sum`).
struct SHA1Vector: Sendable, CustomTestStringConvertible {
  var bytes: [UInt8]
  var hex: String

  var testDescription: String { "\(bytes.count) bytes" }

  static let all = [
    SHA1Vector(bytes: [], hex: "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    SHA1Vector(bytes: Array("abc".utf8), hex: "a9993e364706816aba3e25717850c26c9cd0d89d"),
    SHA1Vector(
      bytes: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      hex: "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    SHA1Vector(bytes: pattern(55), hex: "aecd1643c9903b9bae8cb94f53c50f8a4e18605b"),
    SHA1Vector(bytes: pattern(56), hex: "f5d65c621c02cc8e785159feff8088e3072da1bc"),
    SHA1Vector(bytes: pattern(64), hex: "1e17ae1fc093e5daca033553c97a5192ca164486"),
    SHA1Vector(bytes: pattern(65), hex: "ac44f5dbe3e9b5d2733fc9537fcad715c3c20bc3"),
    SHA1Vector(bytes: pattern(1000), hex: "38f3aa587f4aa04965a359f9151092759b3a4c2a"),
  ]

  /// Bytes 0, 7, 14, … (mod 256): `count` of them.
  private static func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }
  }
}

@Test(arguments: SHA1Vector.all)
func sha1MatchesKnownDigests(_ vector: SHA1Vector) {
  #expect(InputDigest.hex(of: vector.bytes) == vector.hex)
}
