import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

private let root = FixtureFile.repositoryRoot(containing: #filePath)

// no-leak and linear-work (invariants 10 and 11) on every corpus input and
// fixture case, at each limit the snapshot makes its body at. Prints the most
// memory one call held and, with the work meter built in
// (NOTIFICATION_BODY_WORK_METER=1), the most work per byte and how close
// any input came to the bound.
@Test func noInputOfTheCorpusOrTheFixturesLeaksOrWorksPastTheBound() throws {
  let root = try #require(root, "no repository root found above \(#filePath)")
  #expect(AllocationMeter.isLive, "CAllocationCounting is not linked into the test bundle")
  let inputs = try SnapshotInput.load(
    corpus: root + "/" + SnapshotPaths.corpus, fixtures: root + "/" + SnapshotPaths.fixtures)
  var mostBytes = (bytes: 0, id: "")
  var mostPerByte = (work: 0, bytes: 1, id: "")
  var closest = (share: 0.0, work: 0, bytes: 0, id: "")
  var failures = 0
  for input in inputs {
    for units in input.limits {
      let cost = CallCost(of: .library, on: input.message, limit: .init(utf16Units: units))
      for failure in cost.failures {
        failures += 1
        if failures <= 3 { Issue.record("\(input.id) at limit \(units): \(failure)") }
      }
      if cost.allocations.peakBytes > mostBytes.bytes {
        mostBytes = (cost.allocations.peakBytes, input.id)
      }
      if cost.readBytes >= 64, cost.work * mostPerByte.bytes > mostPerByte.work * cost.readBytes {
        mostPerByte = (cost.work, cost.readBytes, input.id)
      }
      let share = Double(cost.work) / Double(LinearWork.bound(readBytes: cost.readBytes))
      if share > closest.share { closest = (share, cost.work, cost.readBytes, input.id) }
    }
  }
  print("cost: \(inputs.count) inputs, \(failures) breaking no-leak or linear-work")
  print("no-leak: the most bytes one call held: \(mostBytes.bytes), by \(mostBytes.id)")
  if WorkMeter.isLive {
    print(
      "linear-work: the most work per byte read (64 bytes or more): "
        + "\(mostPerByte.work) / \(mostPerByte.bytes), by \(mostPerByte.id); the closest "
        + "to the bound: \(closest.work) on \(closest.bytes) bytes, "
        + "\(Int(closest.share * 100))% of it, by \(closest.id)")
  }
  #expect(failures == 0)
}
