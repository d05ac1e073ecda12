import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// The allocation meter and the no-leak invariant (10). Their replay over
/// the corpus and the fixture cases is `NoLeakReplayTests`.
@Suite struct NoLeakTests {
  @Test func theMeterHearsAllocationsInTheTestBundle() {
    #expect(AllocationMeter.isLive, "CAllocationCounting is not linked into the test bundle")
  }

  @Test func theMeterCountsABlockLeftUnfreedAndOneFreed() {
    var kept: UnsafeMutableRawPointer?
    let leaked = AllocationMeter.measure {
      kept = UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 8)
    }
    kept?.deallocate()
    #expect(leaked.allocations == 1)
    #expect(leaked.liveBlocks == 1)
    #expect(leaked.liveBytes >= 100)
    let freed = AllocationMeter.measure {
      UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 8).deallocate()
    }
    #expect(freed.allocations == 1)
    #expect(freed.liveBlocks == 0)
    #expect(freed.peakBytes >= 100)
  }

  @Test(arguments: [
    "", "Hello **world**", "[a](b) `c` https://x.io", String(repeating: "[", count: 100),
  ])
  func theLibraryLeaksNothing(_ message: String) {
    #expect(CallCost(of: .library, on: message, limit: .default).failures.first == nil)
    #expect(
      CallCost(of: .library, on: message, limit: .init(utf16Units: .max)).failures.first == nil)
  }

  @Test func aLeakingImplementationBreaksNoLeak() {
    let leaking = BrokenImplementations.leaksOnLinks
    #expect(CallCost(of: leaking, on: "no link", limit: .default).failures.first == nil)
    let failure = CallCost(of: leaking, on: "[a](b)", limit: .default).failures.first
    #expect(failure?.invariant == .noLeak)
    #expect(failure?.detail.contains("leaves 1 of the") == true)
    #expect(Invariants.check("[a](b)", implementation: leaking).map(\.invariant) == [.noLeak])
    #expect(
      Invariants.check("[a](b)", implementation: leaking, usingReference: false).map(\.invariant)
        == [.noLeak])
  }
}
