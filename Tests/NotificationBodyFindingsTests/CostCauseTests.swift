import Foundation
import NotificationBody
import NotificationBodyHarness
import Testing

@testable import NotificationBodyFindings

/// The function a cost finding's work grows in. The lookups that call the
/// library run only with the work meter (`NOTIFICATION_BODY_WORK_METER=1`);
/// the rule table, the profile reading and the tool search run everywhere.
@Suite struct CostCauseTests {
  @Test(arguments: [
    ("LinkTail.end(in:from:to:)", "R5"),
    ("closure #1 in static LinkTail.end(in:from:to:)", "R5"),
    ("InlineScanner.scanOpeningBracket(at:pending:end:into:)", "R5"),
    (
      "implicit closure #2 in implicit closure #1 in InlineScanner.scanCodeSpan(at:pending:end:into:)",
      "R4"
    ),
    ("static BacktickRuns.nextRun(from:to:in:)", "R4"),
    ("flushParagraph #1 (_:_:) in static BlockScanner.scan(_:into:inline:)", "R3"),
    ("static LineEndings.normalized<A>(_:_:)", "R2"),
    ("InlineScanner.bareURL(colon:pending:paragraph:)", "R6"),
    ("InlineScanner.scanMarker(at:pending:end:into:)", "R7"),
    ("InlineScanner.scan(paragraph:into:)", "reading a paragraph, R8"),
    ("BodyWriter.appendSpace()", "R9"),
    ("BodyWriter.startLine()", "R10"),
    ("BodyWriter.copy(_:)", "R11"),
    ("closure #1 in static Cap.apply(to:limit:leftTextOut:)", "R12"),
    ("static CharacterBoundary.scalarPrefix(of:units:)", "R1"),
  ])
  func namesTheRuleAFunctionBelongsTo(_ function: String, _ rule: String) {
    #expect(CostCause.rule(of: CostCause.enclosingFunction(function)) == rule)
  }

  @Test func aHelperTheTableDoesNotListHasNoRule() {
    #expect(
      CostCause.rule(of: CostCause.enclosingFunction("static ByteSearch.first(_:in:from:to:)"))
        == nil)
    #expect(
      CostCause.enclosingFunction("static ByteSearch.first(_:in:from:to:)")
        == "ByteSearch.first(_:in:from:to:)")
  }

  @Test func readsEachFunctionsCountsFromLLVMProfdata() {
    let output = """
      Counters:
        /work/Sources/NotificationBody/BacktickRuns.swift:$s16NotificationBody12BacktickRunsV7nextRunF:
          Hash: 0x0000000000000000
          Counters: 4
          Function count: 2
          Block counts: [2, 0, 7]
        $s16NotificationBody12BacktickRunsVACycfC:
          Hash: 0x0000000000000000
          Counters: 1
          Function count: 1
          Block counts: []
      Instrumentation level: Front-end
      Functions shown: 2
      """
    #expect(
      ProfileTools.functionCounts(parsing: output) == [
        "$s16NotificationBody12BacktickRunsV7nextRunF": 11,
        "$s16NotificationBody12BacktickRunsVACycfC": 1,
      ])
  }

  @Test func saysWhenNoToolchainIsOnThePath() throws {
    guard case .missing(let reason) = ProfileTools.onPath("") else {
      Issue.record("found tools on an empty PATH")
      return
    }
    #expect(reason.contains("no swiftc on PATH"))
    // A swiftc with nothing beside it.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cost-cause-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      FileManager.default.createFile(
        atPath: folder + "/swiftc", contents: Data("#!/bin/sh\n".utf8),
        attributes: [.posixPermissions: 0o755]))
    #expect(
      ProfileTools.onPath(folder)
        == .missing("no llvm-profdata and swift-demangle beside swiftc in \(folder)"))
  }

  @Test(.enabled(if: !WorkMeter.isLive))
  func withoutTheMeterTheCauseIsUnknownAndSaysWhy() {
    let growth = CostGrowth(of: CostShape(of: String(repeating: "[", count: 100)), limit: .default)
    let lookup = CostCause.find(for: growth, limit: .default)
    #expect(lookup.cause == nil)
    #expect(
      lookup
        == .unknown("this binary has no work meter (build it with NOTIFICATION_BODY_WORK_METER=1)"))
  }

  @Test(.enabled(if: WorkMeter.isLive))
  func writingAProfileDoesNoWork() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cost-cause-\(getpid()).profraw").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var written = false
    #expect(WorkMeter.measure { written = WorkMeter.writeProfile(to: path) } == 0)
    #expect(written)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func pastLinearWorkOutranksMoreLinearWork() throws {
    // The writer copies 8 more per unit; the link tail's count more than doubles.
    let atTwoK = [
      "BodyWriter.copy(_:)": 16_000, "LinkTail.end(in:from:to:)": 400, "Cap.fits(_:limit:)": 3,
    ]
    let atFourK = [
      "BodyWriter.copy(_:)": 32_000, "LinkTail.end(in:from:to:)": 1_600, "Cap.fits(_:limit:)": 3,
    ]
    let cause = try #require(CostCause.hottest(atTwoK: atTwoK, atFourK: atFourK))
    #expect(
      cause
        == CostCause(function: "LinkTail.end(in:from:to:)", rule: "R5", growth: 1_200, excess: 800))
  }

  @Test func linearWorkNamesTheFunctionThatGrowsMost() throws {
    let atTwoK = [
      "BodyWriter.copy(_:)": 16_000,
      "InlineScanner.scanOpeningBracket(at:pending:end:into:)": 4_000,
    ]
    let atFourK = [
      "BodyWriter.copy(_:)": 32_000,
      "InlineScanner.scanOpeningBracket(at:pending:end:into:)": 8_000,
    ]
    let cause = try #require(CostCause.hottest(atTwoK: atTwoK, atFourK: atFourK))
    #expect(cause.function == "BodyWriter.copy(_:)")
    #expect(cause.excess == 0)
    // A count past doubling, as a buffer that grows once more makes, is not
    // work past linear.
    var withABuffer = (atTwoK, atFourK)
    withABuffer.0["ScratchList.grow(to:)"] = 2
    withABuffer.1["ScratchList.grow(to:)"] = 5
    #expect(
      CostCause.hottest(atTwoK: withABuffer.0, atFourK: withABuffer.1)?.function
        == "BodyWriter.copy(_:)")
    #expect(
      CostCause.hottest(atTwoK: ["Cap.fits(_:limit:)": 3], atFourK: ["Cap.fits(_:limit:)": 3])
        == nil)
  }

  /// On the library as it is, a long run of a construct's opener grows in
  /// the functions that read it or write its text, and in none of them
  /// past linear: no function's count more than doubles when the run does.
  @Test(
    .enabled(if: WorkMeter.isLive),
    arguments: [
      ("[", ["InlineScanner.scanOpeningBracket(", "BodyWriter.copy("]),
      ("`a", ["InlineScanner.scanCodeSpan(", "BacktickRuns.", "BodyWriter.copy("]),
      ("\n```", ["BlockScanner.", "BodyWriter."]),
    ])
  func theHotFunctionReadsOrWritesTheRepeatedConstruct(_ unit: String, _ handlers: [String]) throws
  {
    let limit = NotificationBody.Limit(utf16Units: 10_000)
    let growth = CostGrowth(
      of: CostShape(of: "x" + String(repeating: unit, count: 1_000)), limit: limit)
    let lookup = CostCause.find(for: growth, limit: limit)
    let cause = try #require(lookup.cause, "\(lookup)")
    #expect(handlers.contains { cause.function.hasPrefix($0) }, "\(cause)")
    #expect(cause.growth > 0 && cause.excess <= 0, "\(cause)")
  }

  /// The sentences for messages of the shapes cost findings take, for a
  /// person to read in the test's output.
  @Test(
    .enabled(if: WorkMeter.isLive),
    arguments: [
      "`" + String(repeating: "\na", count: 60) + "\n`",
      "Read " + String(repeating: "[a](b ", count: 300),
      "**note** " + String(repeating: "~~x ", count: 400) + "https://example.com",
    ])
  func sentencesNameTheShapeTheGrowthAndTheFunction(_ message: String) {
    let sentence = CostCause.sentence(for: message, limit: .init(utf16Units: 10_000))
    print(sentence)
    #expect(sentence.hasPrefix("work grows as k^"))
    #expect(sentence.contains(", in "))
  }
}
