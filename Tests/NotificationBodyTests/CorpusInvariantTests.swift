import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

private let root = FixtureFile.repositoryRoot(containing: #filePath)

// Every invariant, over the whole body, on every input the fuzzers kept
// (corpus/) and every fixture case, at each limit the snapshot makes its
// body at. The fuzz targets check each execution's body the cheap way
// (BodyChecks); this is where what they kept gets the whole check.
@Test func everyInvariantHoldsOnEveryCorpusInput() throws {
  let root = try #require(root, "no repository root found above \(#filePath)")
  let inputs = try SnapshotInput.load(
    corpus: root + "/" + SnapshotPaths.corpus, fixtures: root + "/" + SnapshotPaths.fixtures)
  var checked = 0
  var failures = 0
  for input in inputs {
    for units in input.limits {
      checked += 1
      let limit = NotificationBody.Limit(utf16Units: units)
      for failure in Invariants.check(input.message, limit: limit, checkingCost: false) {
        failures += 1
        if failures <= 3 { Issue.record("\(input.id) at limit \(units): \(failure)") }
      }
    }
  }
  print("invariants: \(inputs.count) corpus inputs and fixture cases, \(checked) bodies checked")
  #expect(inputs.count > 1000)
  #expect(failures == 0)
}
