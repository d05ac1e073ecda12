import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

private let root = FixtureFile.repositoryRoot(containing: #filePath)

// no-leak (invariant 10) on every corpus input and fixture case, at each
// limit the snapshot makes its body at; prints the most memory one call held.
@Test func noInputOfTheCorpusOrTheFixturesLeaks() throws {
  let root = try #require(root, "no repository root found above \(#filePath)")
  #expect(AllocationMeter.isLive, "CAllocationCounting is not linked into the test bundle")
  let inputs = try SnapshotInput.load(
    corpus: root + "/" + SnapshotPaths.corpus, fixtures: root + "/" + SnapshotPaths.fixtures)
  var most = (bytes: 0, id: "", limit: 0)
  var leaks = 0
  for input in inputs {
    for units in input.limits {
      let limit = NotificationBody.Limit(utf16Units: units)
      if let failure = Invariants.leak(of: .library, on: input.message, limit: limit) {
        leaks += 1
        if leaks <= 3 { Issue.record("\(input.id) at limit \(units): \(failure)") }
      }
      let reading = AllocationMeter.measure {
        _ = NotificationBody.make(from: input.message, limit: limit)
      }
      if reading.peakBytes > most.bytes { most = (reading.peakBytes, input.id, units) }
    }
  }
  print(
    "no-leak: \(inputs.count) inputs, \(leaks) leaking; the most bytes one call held: "
      + "\(most.bytes), by \(most.id) at limit \(most.limit)")
  #expect(leaks == 0)
}
