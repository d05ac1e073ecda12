import Testing

@testable import NotificationBodyFindings
@testable import NotificationBodyProcess

/// A history of library states written as one character per state, the
/// base first: "." holds, "x" shows the cause, "!" does not build, "?"
/// cannot be checked. The probe reads the character and counts its calls.
private final class History {
  let states: RegressionRange.States
  private let marks: [Character]
  private(set) var probed: [Int] = []

  init(_ text: String) {
    marks = Array(text)
    states = RegressionRange.States(
      commits: marks.indices.map { "c\($0)" }, rangeCommits: marks.count - 1)
  }

  func probe(_ index: Int) -> FailureCheck {
    probed.append(index)
    switch marks[index] {
    case "x": return .fails
    case ".": return .passes
    case "!": return .cannotTell("no build")
    default: return .cannotTell("no meter")
    }
  }

  func search() -> RegressionRange {
    RegressionRange.search(states, subject: { "subject of \($0)" }, probe: probe)
  }
}

// The first state that shows the cause after one that holds is named, with
// the state before it as its parent, for every place it can be.
@Test(arguments: [
  ("......x", "c6"), (".x", "c1"), (".xxxxxxxx", "c1"), ("....xxxxx", "c4"),
  ("........xxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "c8"), ("..!..xxx", "c5"),
])
func theFirstStateThatShowsItIsNamed(history text: String, first: String) {
  let history = History(text)
  let range = history.search()
  #expect(range.verdict == .found)
  #expect(range.commit == first)
  #expect(range.subject == "subject of \(first)")
  let index = Int(first.dropFirst())!
  #expect(range.parent == "c\(index - 1)")
  // Validated: the named state and the one before it were both probed.
  #expect(history.probed.contains(index) && history.probed.contains(index - 1))
  // Never a state probed twice.
  #expect(Set(history.probed).count == history.probed.count)
}

// Bisection, not a walk: 33 states cost at most the newest, the base and
// log2(32) = 5 more.
@Test func thirtyThreeStatesTakeAtMostSevenProbes() {
  for first in 1...32 {
    let text = String(repeating: ".", count: first) + String(repeating: "x", count: 33 - first)
    let history = History(text)
    let range = history.search()
    #expect(range.commit == "c\(first)")
    #expect(history.probed.count <= 7, "first bad c\(first): \(history.probed)")
  }
}

// A base that shows it already makes the cause older than the range; a
// newest state that does not show it is said so; neither is searched on.
@Test func anOlderCauseAndAnUnshownOneAreSaidSo() {
  let older = History("xxxx")
  #expect(older.search().verdict == .older)
  #expect(older.probed == [3, 0])
  let unshown = History("....")
  let range = unshown.search()
  #expect(range.verdict == .notShown)
  #expect(unshown.probed == [3])
}

// A state that does not build is skipped, never counted clean: when it
// stands between the last that holds and the first that shows, the answer
// is both commits, with why.
@Test func aStateThatDoesNotBuildIsNeverCountedClean() {
  let history = History("...!x")
  let range = history.search()
  #expect(range.verdict == .ambiguous)
  #expect(range.candidates == ["c3", "c4"])
  #expect(range.reason?.contains("c3: no build") == true)
  #expect(range.probes.contains(RegressionRange.Probe(commit: "c3", result: "cannot tell")))
  // An unbuildable base: older than the range or brought in it, unknown.
  let base = History("!xx")
  #expect(base.search().verdict == .ambiguous)
  #expect(base.search().candidates == ["c0", "c1"])
  // A newest state that cannot be checked leaves the cause unsearched.
  #expect(History("..?").search().verdict == .notSearched)
}

// A probe reads `recheck`'s answer from its exit status alone: 0 passes,
// 1 fails, 2 cannot tell with its last line as the reason; a signal or
// the deadline cannot tell either. Several inputs: a failure wins.
@Test func aRecheckIsReadFromItsExitStatus() {
  let log = "probe.log"
  #expect(FailureCheck(recheck: .init(status: 0, output: "x: passes\n"), log: log) == .passes)
  #expect(FailureCheck(recheck: .init(status: 1, output: "anything\n"), log: log) == .fails)
  #expect(
    FailureCheck(recheck: .init(status: 2, output: "x: cannot tell: no meter\n"), log: log)
      == .cannotTell("x: cannot tell: no meter"))
  #expect(
    FailureCheck(recheck: .init(status: -1, output: "", signal: 9), log: log)
      == .cannotTell("its recheck was killed by signal 9; see probe.log"))
  #expect(
    FailureCheck(recheck: .init(status: 1, output: "", killedAtDeadline: true), log: log)
      == .cannotTell("its recheck ran past its deadline and was killed; see probe.log"))
  #expect(FailureCheck.combined([.passes, .cannotTell("a"), .fails]) == .fails)
  #expect(FailureCheck.combined([.passes, .cannotTell("a")]) == .cannotTell("a"))
  #expect(FailureCheck.combined([.passes, .passes]) == .passes)
  for answer in [FailureCheck.passes, .fails, .cannotTell("why")] {
    #expect(
      FailureCheck(recheck: .init(status: answer.exitStatus, output: "why\n"), log: log) == answer)
  }
}
