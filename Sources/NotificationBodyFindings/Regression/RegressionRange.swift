/// Which commit brought a cause: the answer of a search over the library's
/// history, as `fuzz-report.json` and the report give it for each cause.
///
/// The search (`RegressionRange.search`) is over the library's states, not
/// its commits: a commit that leaves `Sources/NotificationBody` as its
/// parent had it cannot bring a library bug, so each run of commits with
/// one library is built and probed once, and the first commit of the run
/// is the one that made it.
package struct RegressionRange: Codable, Sendable, Equatable {
  /// What the search concluded.
  package enum Verdict: String, Codable, Sendable {
    /// `commit` shows it and its parent, probed too, does not.
    case found = "brought by"
    /// The range's base shows it already: it is older than the range. In
    /// a pull request's run, the base is main: the cause is on main too.
    case older = "older than the range"
    /// The range's newest library, built here, does not show it.
    case notShown = "not shown by a build"
    /// Revisions that did not build or could not be checked hide the
    /// answer: it is one of `candidates`.
    case ambiguous = "one of several commits"
    /// It cannot be probed in a build of the library (`reason`).
    case notSearched = "not searched"
  }

  /// One library state's probe.
  package struct Probe: Codable, Sendable, Equatable {
    /// The first commit with that library, in full.
    package var commit: String
    /// "shows", "holds" or "cannot tell".
    package var result: String
  }

  package var verdict: Verdict
  /// The first bad commit, in full, and its subject: only when `found`.
  package var commit: String?
  package var subject: String?
  /// Its parent, in full, whose library (probed) does not show it: only
  /// when `found`.
  package var parent: String?
  /// The commits it may be, oldest first: only when `ambiguous`.
  package var candidates: [String]?
  /// The range's base, in full: the newest commit assumed not to have it.
  package var base: String
  /// How many commits the range holds after the base, and how many of them
  /// changed the library.
  package var commits: Int
  package var libraryChanges: Int
  /// Each probe made, in the order made.
  package var probes: [Probe]
  /// Why it was not searched, or what hid the answer.
  package var reason: String?

  /// The library's states in a range, oldest first: the base's, then one
  /// per commit that changed the library.
  package struct States: Sendable, Equatable {
    /// The first commit of each state, in full; the first is the base.
    package var commits: [String]
    /// The parent of each state's first commit, in full, whose library is
    /// the state before's; the base's is empty.
    package var parents: [String]
    /// How many commits the range holds after the base.
    package var rangeCommits: Int

    /// - Parameter parents: By default each state's predecessor's first
    ///   commit, as when every commit of the range changed the library.
    package init(commits: [String], parents: [String]? = nil, rangeCommits: Int) {
      self.commits = commits
      self.parents = parents ?? [""] + commits.dropLast()
      self.rangeCommits = rangeCommits
    }
  }

  /// A probe's answer in the report's words.
  private static func word(_ answer: FailureCheck) -> String {
    switch answer {
    case .fails: "shows"
    case .passes: "holds"
    case .cannotTell: "cannot tell"
    }
  }

  /// Bisects `states` for the first that shows the cause: the newest is
  /// probed first (it must show it), then the base, then the state nearest
  /// the middle of what is left, until a state that shows it follows one
  /// that does not. A state that does not build or cannot be checked is
  /// skipped, never counted as clean; when skipped states hide the answer,
  /// it is `ambiguous`.
  ///
  /// - Parameters:
  ///   - states: The range's library states; at least the base's.
  ///   - subject: A commit's subject line, for the answer.
  ///   - probe: The cause's outcome at a state, by index; called at most
  ///     once per state.
  /// - Complexity: O(log n) probes for n states when every state builds.
  package static func search(
    _ states: States, subject: (String) -> String, probe: (Int) -> FailureCheck
  ) -> RegressionRange {
    var probes: [Probe] = []
    var range = bisect(states, subject: subject) { index in
      let outcome = probe(index)
      probes.append(Probe(commit: states.commits[index], result: word(outcome)))
      return outcome
    }
    range.probes = probes
    return range
  }

  /// `search`'s bisection, calling `probe` at most once per state.
  private static func bisect(
    _ states: States, subject: (String) -> String, probe: (Int) -> FailureCheck
  ) -> RegressionRange {
    let newest = states.commits.count - 1
    var range = RegressionRange(
      verdict: .notSearched, base: states.commits[0], commits: states.rangeCommits,
      libraryChanges: newest, probes: [])
    var outcomes: [Int: FailureCheck] = [:]
    func at(_ index: Int) -> FailureCheck {
      let outcome = probe(index)
      outcomes[index] = outcome
      return outcome
    }
    switch at(newest) {
    case .fails: break
    case .passes:
      range.verdict = .notShown
      range.reason =
        "the newest library of the range, built here, does not show it: is it flaky, or "
        + "does it need the fuzzer's build?"
      return range
    case .cannotTell(let why):
      range.reason = why
      return range
    }
    // good: the newest state known to hold (-1: none yet); bad: the oldest
    // known to show it.
    var good = -1
    var bad = newest
    var skipped: [String] = []
    while true {
      let open = (good + 1..<bad).filter { outcomes[$0] == nil }
      // The base first, then the middle of what is left.
      let middle = (good + bad + 1) / 2
      guard
        let next = good == -1 && outcomes[0] == nil
          ? 0 : open.min(by: { abs($0 - middle) < abs($1 - middle) })
      else { break }
      switch at(next) {
      case .fails: bad = next
      case .passes: good = next
      case .cannotTell(let why):
        skipped.append("\(states.commits[next].prefix(12)): \(why)")
      }
    }
    if bad == 0 {
      range.verdict = .older
      return range
    }
    if good == bad - 1 {
      range.verdict = .found
      range.commit = states.commits[bad]
      range.subject = subject(states.commits[bad])
      range.parent = states.parents[bad]
      return range
    }
    // Every state between good and bad was skipped.
    range.verdict = .ambiguous
    range.candidates = Array(states.commits[(good + 1)...bad])
    range.reason =
      (good == -1 ? "the base could not be probed; " : "") + skipped.joined(separator: "; ")
    return range
  }
}
