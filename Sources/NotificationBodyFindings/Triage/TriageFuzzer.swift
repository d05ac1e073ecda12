import Foundation
import NotificationBodyHarness
import NotificationBodyProcess

/// A libFuzzer binary of one fuzz target, run on one input at a time: to
/// replay an artifact, or to minimize one. The only place that reads what a
/// libFuzzer binary prints.
///
///     let fuzzer = TriageFuzzer(target: .differential, path: "Fuzz/.build/release/FuzzDifferential",
///                               options: ["-timeout=2"], deadline: .seconds(60),
///                               children: children)
///     let outcome = fuzzer.replay("Fuzz/artifacts/FuzzDifferential/crash-1a2b", log: "replay.log")
///     outcome.passed  // false when the input still fails
///
/// No run outlives its deadline or the command: each binary runs with a
/// libFuzzer `-timeout` (`defaultTimeout` unless `options` give one) and is
/// killed, with its process group, when it runs past its deadline, when it
/// ends (whatever it left behind in its group), and on SIGINT or SIGTERM
/// (through `children`, which `InterruptWatch` kills).
package struct TriageFuzzer: Sendable {
  package var target: FuzzTarget
  /// The binary.
  package var path: String
  /// libFuzzer flags for every run, e.g. `-timeout=2`.
  package var options: [String]
  /// How long one replay may run in all; a minimization may run this much
  /// longer than its seconds.
  package var deadline: Duration
  /// Where each run's process is recorded while it runs.
  package var children: ChildProcessGroups

  /// libFuzzer's `-timeout`, in seconds, when `options` give none: its own
  /// default is 1200 s per input.
  package static let defaultTimeout = 10

  /// How one run ended: the run's own ending, read as libFuzzer's.
  package typealias Outcome = ChildEnding

  /// Runs the binary on the input at `path` once.
  ///
  /// - Parameters:
  ///   - path: The input.
  ///   - log: Where its output is written.
  package func replay(_ path: String, log: String) -> Outcome {
    run(options + [path], log: log, deadline: deadline)
  }

  /// Minimizes the crashing input at `path` with `-minimize_crash=1` for at
  /// most `seconds`, writing the smallest input that still crashes to
  /// `output`.
  ///
  /// - Returns: The minimized bytes; nil when libFuzzer wrote none.
  package func minimize(_ path: String, seconds: Int, output: String, log: String) -> [UInt8]? {
    try? FileManager.default.removeItem(atPath: output)
    let outcome = run(
      options + [
        "-minimize_crash=1", "-runs=10000", "-max_total_time=\(seconds)",
        "-exact_artifact_path=\(output)", path,
      ], log: log, deadline: .seconds(seconds) + deadline, extraASanOptions: "symbolize=0")
    // Killed at its deadline, it may have left half a file.
    guard !outcome.killedAtDeadline else { return nil }
    return FileManager.default.contents(atPath: output).map { [UInt8]($0) }
  }

  /// Runs the binary with `arguments` (and `-timeout` when they give
  /// none), its output going to `log`, for at most `deadline`.
  private func run(
    _ arguments: [String], log: String, deadline: Duration, extraASanOptions: String? = nil
  ) -> Outcome {
    let timeout = arguments.contains { $0.hasPrefix("-timeout=") }
    var environment: [String: String]?
    if let extraASanOptions {
      var inherited = ProcessInfo.processInfo.environment
      inherited["ASAN_OPTIONS"] = [inherited["ASAN_OPTIONS"], extraASanOptions]
        .compactMap { $0 }.joined(separator: ":")
      environment = inherited
    }
    var command = ChildCommand(
      path, (timeout ? [] : ["-timeout=\(Self.defaultTimeout)"]) + arguments, output: .log(log))
    command.environment = environment
    return children.run(command, deadline: deadline)
  }
}

/// What a libFuzzer binary's run says about its input.
extension ChildEnding {
  /// Whether the input passed.
  package var passed: Bool { status == 0 }

  /// Whether the output says why the run failed: an AddressSanitizer or
  /// other sanitizer report, libFuzzer's own error (a crash, a deadly
  /// signal, a timeout, out-of-memory, a leak) or a Swift trap. A failed
  /// run without one (a binary that only exits 1: built before a fix,
  /// missing a shared library, killed by the system) diagnoses nothing
  /// about its input.
  package var hasDiagnosis: Bool {
    let markers = [
      "==ERROR: ", "== ERROR: ", "ERROR: libFuzzer: ", "SUMMARY: ", "Fatal error: ",
      "deadly signal", "ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error: ",
    ]
    return !killedAtDeadline && markers.contains { output.contains($0) }
  }

  /// The failure the input trapped with in `FuzzTarget.run`, read back
  /// from its trap line (`InvariantFailure.trapMessage`, whose detail may
  /// be cut); nil when it trapped on no invariant.
  package var invariantFailure: InvariantFailure? {
    let marker = "Fatal error: " + InvariantFailure.trapPrefix
    for line in output.split(whereSeparator: \.isNewline) {
      guard let start = line.range(of: marker)?.upperBound,
        let colon = line[start...].range(of: ": "),
        let invariant = Invariant(rawValue: String(line[start..<colon.lowerBound]))
      else { continue }
      return InvariantFailure(invariant, String(line[colon.upperBound...]))
    }
    return nil
  }

  /// What went wrong when it is not an invariant, as a short name and the
  /// line that says so: `asan-<kind>` for an AddressSanitizer report,
  /// libFuzzer's own name for a timeout or `oom`, `fatal-error` for
  /// another trap, else `fallback` and no line.
  ///
  /// - Parameter fallback: The name when the output names nothing, e.g.
  ///   the artifact's kind (`crash`).
  package func diagnosis(fallback: String) -> (name: String, line: String) {
    let lines = output.split(whereSeparator: \.isNewline)
    let sanitizer = "SUMMARY: AddressSanitizer: "
    if let line = lines.first(where: { $0.contains(sanitizer) }) {
      let kind = Self.firstWord(after: sanitizer, in: line)
      return ("asan-" + kind, sanitizer + kind)
    }
    let libFuzzer = "ERROR: libFuzzer: "
    for line in lines where line.contains(libFuzzer) {
      let kind = Self.firstWord(after: libFuzzer, in: line)
      if kind != "deadly" {
        return (kind == "out-of-memory" ? "oom" : kind, libFuzzer + kind)
      }
    }
    if let line = lines.first(where: { $0.contains("Fatal error: ") }),
      let start = line.range(of: "Fatal error: ")?.lowerBound
    {
      return ("fatal-error", String(line[start...].prefix(300)))
    }
    return (fallback, "")
  }

  private static func firstWord(after marker: String, in line: Substring) -> String {
    guard let range = line.range(of: marker) else { return "" }
    return String(line[range.upperBound...].prefix { !$0.isWhitespace })
  }
}
