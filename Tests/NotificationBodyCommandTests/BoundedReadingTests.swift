import Foundation
import NotificationBody
import NotificationBodyCost
import NotificationBodyFixtures
import NotificationBodyHarness
import Testing

// What the command keeps of what it reads is bounded by what it needs: a
// message's first 64 KiB, a JSON file up to 16 MiB (docs/faults.md,
// "Memory: what each subcommand keeps").

/// `count` bytes of chat text, non-ASCII included, from a fixed seed.
private func longMessage(_ count: Int) -> [UInt8] {
  Array(ChatText.longMessage(bytes: count, seed: 7).utf8.prefix(count))
}

@Test func aDigestMadeInChunksIsTheDigestOfTheWhole() {
  let bytes = longMessage(10_000)
  var random = SplitMix64(seed: 3)
  var digest = InputDigest()
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + Int.random(in: 0...130, using: &random))
    digest.update(bytes[start..<end])
    start = end
  }
  #expect(digest.hex == InputDigest.hex(of: bytes))
  #expect(InputDigest.hex(of: Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
}

@Test func aLongMessageIsKeptAsItsFirst64KiBAndHashedWhole() throws {
  let folder = try TemporaryDirectory()
  let path = folder.url.appendingPathComponent("long.md").path
  let bytes = longMessage(200_000)
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  let message = try FileBytes.readMessage(atPath: path)
  #expect(message.bytes == Array(bytes.prefix(FileBytes.messageBytesKept)))
  #expect(message.size == 200_000)
  #expect(message.digest == InputDigest.hex(of: bytes))
  let unhashed = try FileBytes.readMessage(atPath: path, digesting: false)
  #expect(unhashed.bytes == message.bytes)
  let short = folder.url.appendingPathComponent("short.md").path
  try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: short))
  #expect(
    try FileBytes.readMessage(atPath: short, digesting: false).bytes == Array(bytes.prefix(100)))
}

/// R1 reads at most 12,293 bytes, so a message's first 64 KiB make its body
/// at every limit; a cut inside a scalar only changes what R1 never reads.
@Test func theFirst64KiBOfAMessageMakeItsBody() {
  let kept = FileBytes.messageBytesKept
  var messages = [longMessage(100_000)]
  // Multi-byte scalars across the cut, and one character longer than the window.
  messages.append(Array(String(repeating: "é👍🏽", count: 20_000).utf8))
  messages.append(Array(("a" + String(repeating: "\u{301}", count: 40_000)).utf8))
  messages.append(
    Array(
      (String(repeating: "**", count: 2_047) + "b" + String(repeating: "x", count: 70_000)).utf8))
  for bytes in messages {
    let whole = String(decoding: bytes, as: UTF8.self)
    let prefix = String(decoding: bytes.prefix(kept), as: UTF8.self)
    for units in [256, 1000, 4096, 10_000, Int.max] {
      let limit = NotificationBody.Limit(utf16Units: units)
      #expect(
        NotificationBody.make(from: prefix, limit: limit)
          == NotificationBody.make(from: whole, limit: limit))
    }
  }
}

@Test func renderOfALongFileIsItsWholeBody() async throws {
  let folder = try TemporaryDirectory()
  let path = folder.url.appendingPathComponent("long.md").path
  let bytes = longMessage(300_000)
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  let expected = NotificationBody.make(
    from: String(decoding: bytes, as: UTF8.self), limit: .init(utf16Units: 4096))
  let fromFile = try await BuiltTool.run(["render", "--limit", "4096", path])
  #expect(fromFile.status == 0)
  #expect(fromFile.stdout == expected + "\n")
  // Standard input: the same message, read to its end, its first 64 KiB kept.
  let process = Process()
  process.executableURL = try BuiltTool.location.get()
  process.arguments = ["render", "--limit", "4096"]
  process.standardInput = FileHandle(forReadingAtPath: path)
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
  #expect(String(decoding: data, as: UTF8.self) == expected + "\n")
}

@Test func aJSONFileOverItsLimitIsRefusedBeforeItIsRead() async throws {
  let folder = try TemporaryDirectory()
  let path = folder.url.appendingPathComponent("huge.json").path
  // Sparse: no disk is used, and nothing of it is read.
  #expect(FileManager.default.createFile(atPath: path, contents: nil))
  #expect(truncate(path, off_t(FileBytes.jsonLimit + 1)) == 0)
  let run = try await BuiltTool.run(["check", path])
  #expect(run.status == 1)
  #expect(
    run.stderr == "Error: \(path): cannot be read (File too large: more than 16777216 bytes)\n")
}
