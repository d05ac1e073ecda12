import Foundation
import NotificationBodyHarness
import Testing

// `recheck` is what a regression range asks each revision's build: it
// says, per input, whether the invariant fails, passes or cannot be
// told, and its exit status is the answer for them all (FailureCheck).
@Test func recheckSaysPerInputWhetherTheInvariantHolds() async throws {
  let folder = try TemporaryDirectory()
  // The default limit, then a message the library gets right.
  let input = try folder.file("input", [0x00] + Array("Hello **world** http://a.b/c.".utf8))
  let holds = try await BuiltTool.run([
    "recheck", "--target", "FuzzDifferential", "--invariant", "matches-reference", input,
  ])
  #expect(holds.status == 0, "\(holds.stderr)")
  #expect(holds.stdout == input + ": passes\n")

  // linear-work needs the work meter: checked in a metered build, else said so.
  let work = try await BuiltTool.run([
    "recheck", "--target", "FuzzLibrary", "--invariant", "linear-work", input,
  ])
  if WorkMeter.isLive {
    #expect(work.status == 0 && work.stdout == input + ": passes\n", "\(work.stdout)")
  } else {
    #expect(work.status == 2)
    #expect(work.stdout.hasPrefix(input + ": cannot tell: linear-work is not checked again here"))
  }

  // A file that cannot be read is named; with an input that passes, the
  // answer is that it cannot be told.
  let missing = try await BuiltTool.run([
    "recheck", "--target", "FuzzLibrary", "--invariant", "within-limit", input,
    input + "-missing",
  ])
  #expect(missing.status == 2)
  #expect(missing.stderr.contains(input + "-missing"))
}

// An invariant or target the fuzzers do not have is refused before
// anything runs, with the names it takes.
@Test func recheckRefusesAnUnknownInvariantOrTarget() async throws {
  let invariant = try await BuiltTool.run([
    "recheck", "--target", "FuzzLibrary", "--invariant", "fast", "x",
  ])
  #expect(invariant.status == 64)
  #expect(invariant.stderr.contains("unknown invariant 'fast'"))
  #expect(invariant.stderr.contains("matches-reference"))
  let target = try await BuiltTool.run([
    "recheck", "--target", "FuzzRender", "--invariant", "within-limit", "x",
  ])
  #expect(target.status == 64)
  #expect(target.stderr.contains("FuzzDifferential, FuzzLibrary"))
}
