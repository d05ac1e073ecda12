import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodySnapshot
import Testing

/// Numbers at and past the largest each option takes: refused with exit 64
/// and a message that names the largest, or run; never a trap. And a seed
/// from the environment is read as strictly as `--seed`.
@Suite struct NumberFaultTests {
  /// 2^53 − 1, the largest `--limit` and `--count`.
  static let largest = "9007199254740991"

  /// An invocation that once trapped on arithmetic with its number, and the
  /// words its refusal must hold.
  struct Refused: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }

    static let all = [
      // 2 × limit overflowed.
      Refused(
        arguments: ["diff", "--count", "10", "--limit", "4611686018427387904"],
        message: "'--limit' must be a whole number of at least 256, the contract's floor,"
          + " and at most 9007199254740991 (2^53 - 1); got '4611686018427387904'"),
      Refused(
        arguments: ["diff", "--count", "1", "--limit", "9223372036854775807"],
        message: "and at most 9007199254740991 (2^53 - 1)"),
      // count + 7 overflowed.
      Refused(
        arguments: ["work", "--count", "9223372036854775807"],
        message: "'--count' must be a whole number of at least 0 and at most"
          + " 9007199254740991 (2^53 - 1); got '9223372036854775807'"),
      Refused(
        arguments: ["diff", "--count", "9223372036854775800"],
        message: "'--count' must be a whole number of at least 0 and at most"),
      Refused(
        arguments: ["diff", "--count", "9007199254740992"],
        message: "got '9007199254740992'"),
      Refused(
        arguments: ["work", "--count", "0", "--limit", "9007199254740992"],
        message: "and at most 9007199254740991 (2^53 - 1)"),
      Refused(
        arguments: ["render", "--limit", "9007199254740992"],
        message: "and at most 9007199254740991 (2^53 - 1)"),
      // Refused before any worktree or build: the run takes no time.
      Refused(
        arguments: ["gate", "--baseline", "HEAD", "--count", "9223372036854775807"],
        message: "'--count' must be a whole number of at least 0 and at most"),
    ]
  }

  @Test(arguments: Refused.all)
  func aNumberPastTheLargestIsRefusedNotTrapped(_ refused: Refused) async throws {
    // BuiltTool.run throws when the binary ends by a signal.
    let run = try await BuiltTool.run(refused.arguments, stdin: Array("hi".utf8))
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("Error: "))
    #expect(run.stderr.contains(refused.message), "\(run.stderr)")
  }

  @Test func theLargestLimitRuns() async throws {
    let render = try await BuiltTool.run(
      ["render", "--limit", Self.largest], stdin: Array("**hi**".utf8))
    #expect(render.status == 0)
    #expect(render.stdout == "hi\n")
    let diff = try await BuiltTool.run([
      "diff", "--count", "9", "--seed", "1", "--limit", Self.largest, "--json",
    ])
    #expect(diff.status == 0, "\(diff.stderr)")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: Any])
    #expect(object["limit"] as? Int == Int(Self.largest))
    // Twice the limit saturates at the largest.
    #expect(object["recheck_limit"] as? Int == Int(Self.largest))
    #expect(object["inputs"] as? Int == 9 + 2)
  }

  @Test func theLargestCountIsTakenAndAllItsInputsCounted() {
    let inputs = ComparedInputs(
      seed: 1, count: .max, limit: .init(utf16Units: .max), files: [], filesFirst: false)
    #expect(inputs.counts.raised == Int.max / 8 + 1)
    #expect(inputs.counts.total == .max)
    #expect(inputs.recheckLimit.utf16Units == .max)
    #expect(ComparedInputs.raised(.init(utf16Units: 600)).utf16Units == 1200)
    #expect(ComparedInputs.raised(.default).utf16Units == 1000)
    #expect(
      ComparedInputs.raised(.init(utf16Units: 1 << 52)).utf16Units
        == JSONFormat.largestExactInteger)
    var batches = inputs
    // 3 messages, the first also at the raised limit.
    #expect(batches.nextBatch(size: 3).count == 4)
  }

  // A fixture file holds limits up to 2^53 - 1, the contract's largest,
  // which every platform's JSON reader reads exactly; one past it is refused
  // by the reader every check goes through (StrictFixtureReaderTests).
  @Test func fixtureLimitsUpToTheLargestRunInCheckAndDiff() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "largest.json",
      #"""
      {"version": 1, "cases": [
        {"name": "R12 largest", "input": "**b**", "expect": "b", "limit": 9007199254740991}
      ]}
      """#.utf8)
    let check = try await BuiltTool.run(["check", path])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.hasSuffix("1 passed, 0 failed\n"))
    let diff = try await BuiltTool.run(["diff", "--count", "0", "--fixtures", path])
    #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
    let huge = try directory.file(
      "huge.json",
      #"""
      {"version": 1, "cases": [
        {"name": "R12 huge", "input": "**a**", "expect": "a", "limit": 9223372036854775807}
      ]}
      """#.utf8)
    for arguments in [["check", huge], ["diff", "--count", "0", "--fixtures", huge]] {
      let run = try await BuiltTool.run(arguments)
      #expect(run.status == 1, "\(arguments)")
      #expect(
        run.stderr.contains(#""limit" must be a whole number from 256 to 9007199254740991"#),
        "\(arguments): \(run.stderr)")
    }
  }

  @Test func serveTakesLimitsUpToIntMaxAndNamesTheRangePastIt() async throws {
    let requests = """
      {"input": "**a**", "limit": 9223372036854775807}
      {"input": "**a**", "limit": 9223372036854775808}

      """
    let run = try await BuiltTool.run(["serve"], stdin: Array(requests.utf8))
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {"body":"a"}
        {"error":"line 2 has a \\"limit\\" that is not a whole number of at least 256 and at most 9223372036854775807"}

        """)
  }

  /// Every subcommand that reads NOTIFICATION_BODY_SEED.
  static let seedReaders: [[String]] = [
    ["diff", "--count", "1"],
    ["work", "--count", "1"],
    // Refused before any worktree or build.
    ["gate", "--baseline", "HEAD", "--count", "1"],
  ]

  @Test(arguments: seedReaders)
  func aSeedFromTheEnvironmentThatIsNoSeedIsRefused(_ arguments: [String]) async throws {
    let run = try await BuiltTool.run(arguments, environment: ["NOTIFICATION_BODY_SEED": "abc"])
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "Error: NOTIFICATION_BODY_SEED must be a whole number from 0 to 2^64 - 1, decimal or"
          + " 0x hex; got 'abc'\nUsage: notification-body \(arguments[0]) "),
      "\(run.stderr)")
  }

  @Test func aSeedFromTheEnvironmentIsUsedAndTheOptionWins() async throws {
    let environment = ["NOTIFICATION_BODY_SEED": "0x10"]
    let fromEnvironment = try await BuiltTool.run(
      ["diff", "--count", "1", "--json"], environment: environment)
    #expect(fromEnvironment.status == 0)
    #expect(fromEnvironment.stdout.contains(#""seed":16,"#))
    let fromOption = try await BuiltTool.run(
      ["diff", "--count", "1", "--json", "--seed", "7"],
      environment: ["NOTIFICATION_BODY_SEED": "abc"])
    #expect(fromOption.status == 0)
    #expect(fromOption.stdout.contains(#""seed":7,"#))
  }
}
