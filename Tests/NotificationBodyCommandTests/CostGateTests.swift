import Foundation
import NotificationBodyFixtures
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyCost

// The cost gate: callgrind's profile read, the snapshot's file, the
// comparison and its reports, and the counting itself on the debug build's
// `serve` (a debug build's counts are not the release build's that CI
// gates, but they are as repeatable).

/// A callgrind file in the shape callgrind writes it: a callee named first
/// by `cfn=`, a call's inclusive cost after `calls=`, relative positions.
private let sampleProfile = """
  # callgrind format
  version: 1
  positions: line
  events: Ir
  summary: 1060

  ob=(1) /bin/tool
  fl=(1) Scan.swift
  fn=(1) $s4Scan4scanyyF
  10 500
  +2 40
  cfl=(2) Alloc.c
  cfn=(2) malloc
  calls=3 0
  12 300
  * 20

  fl=(2)
  fn=(2)
  0 300

  fn=(3) memchr
  0 200
  """

@Test func callgrindOutputIsReadAsEachFunctionsOwnInstructions() throws {
  let profile = try CostProfile(callgrindOutput: sampleProfile)
  #expect(profile.instructions == 1060)
  #expect(profile.functions == ["$s4Scan4scanyyF": 560, "malloc": 300, "memchr": 200])
}

@Test func aProfileWhoseSummaryIsNotItsFunctionsSumIsRefused() {
  #expect(throws: CostProfile.Failure.self) {
    try CostProfile(callgrindOutput: sampleProfile.replacingOccurrences(of: "1060", with: "1360"))
  }
  #expect(throws: CostProfile.Failure.self) { try CostProfile(callgrindOutput: "not a profile") }
}

/// An entry of `instructions` over 1000 window bytes, its functions given.
private func entry(
  _ name: String, _ instructions: Int, inputs: String = "d1", functions: [String: Int] = [:]
) -> CostEntry {
  CostEntry(
    name: name, inputDigest: inputs, calls: 10, windowBytes: 1000, instructions: instructions,
    functions: functions.isEmpty ? ["f": instructions] : functions)
}

@Test func aClassFailsWhenItGrowsPastTheToleranceAndPassesWhenItShrinks() {
  let before = [
    entry("same", 10_000), entry("slower", 10_000), entry("faster", 10_000),
    entry("just under", 10_000), entry("changed", 10_000), entry("removed", 10_000),
  ]
  let after = [
    entry("same", 10_000), entry("slower", 11_000), entry("faster", 8_000),
    entry("just under", 10_299), entry("changed", 10_000, inputs: "d2"), entry("added", 5),
  ]
  let comparison = CostComparison(before: before, after: after)
  #expect(
    comparison.rows.map(\.verdict) == [
      .within, .slower, .faster, .within, .inputsChanged, .added, .removed,
    ])
  #expect(comparison.failed)
  let improvement = CostComparison(before: [entry("a", 10_000)], after: [entry("a", 5_000)])
  #expect(!improvement.failed)
  #expect(improvement.rows(.faster).count == 1)
  let regression = CostComparison(before: [entry("a", 10_000)], after: [entry("a", 10_301)])
  #expect(regression.failed)
}

@Test func theReportNamesTheClassTheFactorAndTheFunctionsThatGrew() {
  let before = entry(
    "chat-typical", 13_050,
    functions: ["InlineScanner.scan(paragraph:into:)": 10_000, "malloc": 3_050])
  let after = entry(
    "chat-typical", 52_590,
    functions: [
      "InlineScanner.scan(paragraph:into:)": 39_500, "malloc": 3_090, "Set.contains(_:)": 10_000,
    ])
  let comparison = CostComparison(before: [before], after: [after])
  let report = comparison.report(before: "main", after: "this build")
  #expect(
    report.contains(
      "SLOWER chat-typical: 13.05 → 52.59 instructions per window byte (4.030×)"))
  #expect(report.contains("InlineScanner.scan(paragraph:into:)  +29.50 per byte\n"))
  #expect(report.contains("Set.contains(_:)                     +10.00 per byte (new)"))
  #expect(report.hasSuffix("1 slower and 0 faster past 3%; largest move chat-typical 4.030×"))
  let lines = report.split(separator: "\n")
  #expect(
    lines.firstIndex { $0.contains("InlineScanner") }! < lines.firstIndex {
      $0.contains("Set.contains")
    }!)
  // The runtime's C++ names run to hundreds of characters: cut at 72.
  let long = String(repeating: "x", count: 200)
  var grown = after
  grown.functions[long] = 1_000
  let cut = CostComparison(before: [before], after: [grown]).report(before: "a", after: "b")
  #expect(cut.contains("  " + String(repeating: "x", count: 71) + "…  +1.00 per byte (new)"))
  let table = comparison.markdown(before: "main", after: "this build")
  #expect(table.contains("| chat-typical | 13.05 | 52.59 | 4.030× | **slower** |"))
  #expect(table.contains("`Set.contains(_:)` +10.00 (new)"))
}

@Test func theCostSnapshotReadsBackWhatItWrote() throws {
  let snapshot = CostSnapshot(
    reason: "InlineScanner: specials from a table again",
    entries: [
      entry("chat-short", 42, functions: ["a \"quoted\" name": 40, "malloc": 2]),
      entry("corpus", 7),
    ])
  let read = try CostSnapshot.parse(Data(snapshot.fileContents.utf8), path: "s.json")
  #expect(read == snapshot)
  let repeated = snapshot.fileContents.replacingOccurrences(
    of: "\"corpus\"", with: "\"chat-short\"")
  #expect(throws: SnapshotError.self) {
    try CostSnapshot.parse(Data(repeated.utf8), path: "s.json")
  }
}

/// Two small classes, counted quickly in a debug build's `serve`.
private func smallClasses(_ corpus: [SnapshotInput]) -> [CostClass] {
  [
    CostClass(
      name: "chat", calls: [.init(message: "Hello **world** `code` [a](b)", limit: 256)]),
    CostClass(
      name: "corpus", calls: corpus.map { .init(message: $0.message, limit: $0.limit) }),
  ]
}

/// `notification-body cost` run in process on the debug build's binary.
private func cost(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
  var console = Console(readStandardInput: { _ in [] }, output: "", errorOutput: "")
  let parsed = try ParsedArguments(arguments, for: Command.Cost.help)
  try Command.Cost.checkOptions(parsed)
  let status = try Command.Cost.perform(
    parsed, binary: BuiltTool.location.get().path, classes: smallClasses, console: &console)
  return (status, console.output, console.errorOutput)
}

@Test func countingOneBuildTwiceGivesTheSameCountsAndAGrownCountFails() throws {
  let folder = try TemporaryDirectory()
  let corpus = folder.url.appendingPathComponent("corpus").path
  try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
  try Data([0, 0x2A, 0x2A, 0x61, 0x2A, 0x2A]).write(to: URL(fileURLWithPath: corpus + "/a"))
  let snapshot = folder.url.appendingPathComponent("cost.json").path
  let markdown = folder.url.appendingPathComponent("cost.md").path
  let common = ["--snapshot", snapshot, "--corpus", corpus]

  let accepted = try cost(common + ["--accept", "--reason", "first counts"])
  #expect(accepted.status == 0)
  #expect(accepted.stdout.contains("cost: wrote \(snapshot): 2 classes, reason \"first counts\""))
  let first = try CostSnapshot.load(path: snapshot)
  #expect(first.entries.allSatisfy { $0.instructions > 0 })
  // Demangled as a person looks the library's functions up.
  #expect(first.entries[0].functions.keys.contains("NotificationBody.make(from:limit:)"))

  let again = try cost(common + ["--markdown", markdown])
  #expect(again.status == 0)
  #expect(again.stdout.contains("every count the same"))
  #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| chat | "))

  // The snapshot says the library once did half the work: now it is slower.
  var halved = first
  halved.entries[0].instructions /= 2
  halved.entries[0].functions = halved.entries[0].functions.mapValues { $0 / 2 }
  try Data(halved.fileContents.utf8).write(to: URL(fileURLWithPath: snapshot))
  let slower = try cost(common)
  #expect(slower.status == 1)
  #expect(slower.stdout.contains("SLOWER chat: "))
  #expect(slower.stdout.contains("(2.000×)"))
  let added = try cost(common + ["--accept-added"])
  #expect(added.status == 1)
  #expect(added.stderr.contains("--accept-added records only classes whose inputs changed"))
  #expect(try CostSnapshot.load(path: snapshot) == halved)
}

/// Arguments `cost` refuses, and the start of its message.
struct CostUsageCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var message: String

  var testDescription: String { arguments.joined(separator: " ") }

  static let all = [
    CostUsageCase(arguments: ["--accept"], message: "'--accept' needs '--reason <text>'"),
    CostUsageCase(
      arguments: ["--accept", "--reason", "two\nlines"], message: "'--accept' needs '--reason"),
    CostUsageCase(arguments: ["--reason", "why"], message: "'--reason' goes with '--accept' only"),
    CostUsageCase(
      arguments: ["--accept", "--reason", "x", "--accept-added"],
      message: "'--accept' and '--accept-added' exclude each other"),
    CostUsageCase(arguments: ["--snapshot", "-"], message: "'--snapshot' must be a file"),
    CostUsageCase(arguments: ["--markdown", ""], message: "'--markdown' needs a path"),
    CostUsageCase(arguments: ["extra"], message: "unexpected argument 'extra'"),
    // `swift test` builds the command in debug: its counts are refused.
    CostUsageCase(
      arguments: [],
      message: "this notification-body is a debug build; the cost gate counts release builds"),
  ]
}

@Test(arguments: CostUsageCase.all)
func costRefusesBadArgumentsAndDebugBuilds(_ usage: CostUsageCase) async throws {
  let run = try await BuiltTool.run(["cost"] + usage.arguments)
  #expect(run.status == 64)
  #expect(run.stdout == "")
  #expect(run.stderr.hasPrefix("Error: \(usage.message)"))
}
