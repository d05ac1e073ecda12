import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// The work meter and the linear-work invariant (11). `swift test` runs them
/// without the meter, which must then count nothing; `.ci/run` runs them
/// again with NOTIFICATION_BODY_WORK_METER=1, where the meter must count.
@Suite struct WorkMeterTests {
  static let metered = HarnessEnvironment.workMeterRequested

  @Test func theMeterIsBuiltInExactlyWhenAsked() {
    #expect(WorkMeter.isLive == Self.metered)
    if !Self.metered {
      #expect(WorkMeter.measure { _ = NotificationBody.make(from: "**a** [b](c)") } == 0)
    }
  }

  @Test(.enabled(if: metered))
  func theSameCallDoesTheSameWork() {
    let message = "Run `make`\n```sh\nmake test\n```\n**now** [docs](https://x.io)"
    let first = WorkMeter.measure { _ = NotificationBody.make(from: message) }
    let second = WorkMeter.measure { _ = NotificationBody.make(from: message) }
    #expect(first > 0)
    #expect(first == second)
  }

  @Test(.enabled(if: metered))
  func workGrowsWithTheWindowAndStopsAtIt() {
    func work(_ message: String) -> Int {
      WorkMeter.measure {
        _ = NotificationBody.make(from: message, limit: .init(utf16Units: 10_000))
      }
    }
    let small = work(String(repeating: "a **b** ", count: 100))
    let large = work(String(repeating: "a **b** ", count: 400))
    #expect(large > 3 * small && large < 5 * small, "\(small) then \(large)")
    // Past the window nothing more is read.
    #expect(work(String(repeating: "a **b** ", count: 4000)) < 2 * large)
  }

  /// What a call allocates counts beside its regions, a unit per word: the
  /// copies into a block run where no counter sees them.
  @Test func allocatedWordsCountAsWork() {
    let message = String(repeating: "[a", count: 2_000)
    let cost = CallCost(of: .library, on: message, limit: .default)
    #expect(cost.allocations.allocatedBytes > 2_000)
    let regions = WorkMeter.measure { _ = NotificationBody.make(from: message) }
    #expect(cost.work == regions + cost.allocations.allocatedBytes / LinearWork.bytesPerUnit)
  }

  @Test func workOverTheBoundBreaksLinearWork() {
    let over = CallCost(
      readBytes: 100, work: LinearWork.bound(readBytes: 100) + 1,
      allocations: .init(
        allocations: 0, liveBlocks: 0, liveBytes: 0, peakBytes: 0, allocatedBytes: 0),
      implementationName: "library")
    #expect(over.failures.map(\.invariant) == [.linearWork])
    var within = over
    within.work -= 1
    #expect(within.failures == [])
  }

  /// A body function that calls the library once per scalar of its input:
  /// quadratic, as a rescan from the start would be.
  static let quadratic = Implementation(name: "quadratic") { input, limit in
    for _ in input.unicodeScalars { _ = NotificationBody.make(from: input, limit: limit) }
    return NotificationBody.make(from: input, limit: limit)
  }

  @Test(.enabled(if: metered))
  func aQuadraticImplementationBreaksLinearWork() {
    let message = String(repeating: "[a](b) ", count: 200)
    #expect(CallCost(of: Self.quadratic, on: "ab", limit: .default).failures == [])
    #expect(
      CallCost(of: Self.quadratic, on: message, limit: .default).failures.map(\.invariant)
        == [.linearWork])
    #expect(
      Invariants.check(message, implementation: Self.quadratic).map(\.invariant) == [.linearWork])
  }
}
