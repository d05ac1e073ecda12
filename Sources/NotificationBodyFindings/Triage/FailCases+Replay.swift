import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyProcess

extension FailCases {
  /// Replays every saved input through its target's libFuzzer binary, as
  /// `Fuzz/fuzz smoke` does after fuzzing: a finding that stays fixed passes.
  ///
  /// - Parameters:
  ///   - fuzzers: The folder of the libFuzzer binaries, one per target.
  ///   - options: libFuzzer flags for every replay, e.g. `-timeout=2`.
  ///   - logs: Where each replay's output is written.
  ///   - progress: Receives a line per target.
  /// - Returns: A line per saved input that fails again: its path, how the
  ///   binary ended and its trap line.
  /// - Throws: `FindingsError` when a target's binary or the logs' folder is
  ///   missing.
  package func replay(
    fuzzers: String, options: [String], logs: String, progress: (String) -> Void
  ) throws(FindingsError) -> [String] {
    try kept { try makeFolders(logs) }
    let children = ChildProcessGroups()
    let watch = InterruptWatch(killing: children)
    defer { watch.cancel() }
    var problems: [String] = []
    for target in FuzzTarget.allCases {
      let saved = all().filter { $0.target == target }
      let fuzzer = TriageFuzzer(
        target: target, path: "\(fuzzers)/\(target.rawValue)", options: options,
        deadline: .seconds(60), children: children)
      guard FileManager.default.isExecutableFile(atPath: fuzzer.path) else {
        throw .failure("\(fuzzer.path): no libFuzzer binary to replay with; build it first")
      }
      for input in saved {
        let outcome = fuzzer.replay(input.path, log: "\(logs)/saved-\(input.name).log")
        switch FailureCheck(replay: outcome) {
        case .passes: continue
        case .fails:
          let trap = outcome.invariantFailure?.trapMessage ?? outcome.diagnosis(fallback: "").line
          problems.append("\(input.path) fails again (\(outcome.ending)): \(trap.prefix(300))")
        case .cannotTell(let why):
          problems.append("\(input.path): cannot tell whether it still fails: \(why)")
        }
      }
      progress(
        "==> \(target.rawValue): replayed \(saved.count) saved failure(s) from \(root)/\(target.rawValue)/"
      )
    }
    return problems
  }
}
