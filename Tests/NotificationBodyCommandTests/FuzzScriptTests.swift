import Foundation
import NotificationBodyFixtures
import NotificationBodyProcess
import Testing

/// `Fuzz/fuzz` takes its numbers as the command does: a value past what its
/// arithmetic holds is a usage error before anything is built, never a
/// number that wrapped.
@Test(arguments: [
  ["nightly", "--seconds", "99999999999999999999"], ["smoke", "--seconds", "1000000000"],
  ["run", "FuzzLibrary", "--jobs", "0"],
])
func fuzzScriptRefusesANumberPastItsRange(_ arguments: [String]) throws {
  let (status, text) = try runFuzzScript(arguments)
  #expect(status == 64, "\(arguments): \(text)")
  #expect(text.contains("a whole number from 1 to 999999999"), "\(arguments): \(text)")
}

/// Runs `Fuzz/fuzz` with `arguments`: its exit status and what it wrote to
/// standard error.
private func runFuzzScript(_ arguments: [String]) throws -> (status: Int32, errors: String) {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let process = Process()
  process.executableURL = URL(fileURLWithPath: root + "/Fuzz/fuzz")
  process.arguments = arguments
  let errors = Pipe()
  process.standardOutput = FileHandle.nullDevice
  process.standardError = errors
  try process.run()
  let text = String(
    decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, text)
}

/// `Fuzz/fuzz import` and `nightly --extra-corpus` refuse what they cannot
/// take before building anything.
@Test(arguments: [
  (["import"], "missing <path>"),
  (["import", "x", "--range-commits", "0"], "a whole number from 1 to 999999999"),
  (["nightly", "--extra-corpus", "/no/such"], "--extra-corpus needs a folder"),
])
func fuzzScriptRefusesAnImportOrCorpusItCannotTake(_ arguments: [String], _ message: String)
  throws
{
  let (status, text) = try runFuzzScript(arguments)
  #expect(status == 64, "\(arguments): \(text)")
  #expect(text.contains(message), "\(arguments): \(text)")
}

/// `Fuzz/fuzz speed` refuses what it cannot measure before building
/// anything: a number past its range, a folder that is not there.
@Test(arguments: [
  ["speed", "--seconds", "1000000"], ["speed", "--rounds", "0"],
  ["speed", "--binaries", "/no/such"],
  ["speed", "/no/such/inputs"], ["speed", "--fast"],
])
func fuzzSpeedRefusesWhatItCannotMeasure(_ arguments: [String]) throws {
  let (status, text) = try runFuzzScript(arguments)
  #expect(status == 64, "\(arguments): \(text)")
  #expect(text.hasPrefix("Error: "), "\(arguments): \(text)")
  #expect(text.contains("See 'Fuzz/fuzz help speed'."), "\(arguments): \(text)")
}

/// A stand-in fuzzer that finds a crash at once: it writes an artifact
/// where libFuzzer would and exits as a crashing fuzzer does.
private let crashingFuzzer = """
  #!/bin/sh
  for argument in "$@"; do
    case $argument in -artifact_prefix=*) prefix=${argument#-artifact_prefix=} ;; esac
  done
  echo crash >"${prefix}crash-0001"
  exit 77
  """

/// The planted-bug runner's fuzzing layer leaves a verdict for every
/// target, even when two find at once and the first find stops the other
/// in its last steps: stand-in fuzzers that crash at once, a hundred rounds
/// (the job that wrote its verdict last lost it in 6 to 22% of rounds).
@Test func everyStoppedFuzzJobLeavesItsVerdict() throws {
  let text = try runFuzzingLayer(
    fuzzers: ["FuzzA": crashingFuzzer, "FuzzB": crashingFuzzer], rounds: 100)
  let verdicts = text.split(separator: "\n")
  #expect(verdicts.count == 200, "\(text)")
  // Each round: at least one target found the crash; the other found it
  // too or was stopped.
  for round in stride(from: 0, to: verdicts.count - 1, by: 2) {
    let pair = verdicts[round...round + 1]
    #expect(pair.contains { $0.hasPrefix("1 ") && $0.hasSuffix(" crash") }, "\(pair)")
    #expect(pair.allSatisfy { $0.hasSuffix(" crash") || $0.hasSuffix(" stopped") }, "\(pair)")
  }
}

/// A find stops the fuzzer of the other target itself, not only the job
/// that waits for it: no stand-in is left running once the layer is done,
/// the stopped one's verdict says "stopped", and the shell prints no
/// "Terminated" of its own.
@Test func aFindEndsTheOtherTargetsFuzzer() throws {
  let endless = """
    #!/bin/sh
    for argument in "$@"; do
      case $argument in -artifact_prefix=*) prefix=${argument#-artifact_prefix=} ;; esac
    done
    echo $$ >"${prefix}../fuzzer.pid"
    exec sleep 600
    """
  let text = try runFuzzingLayer(
    fuzzers: ["FuzzA": crashingFuzzer, "FuzzB": endless], rounds: 5,
    afterEachRound: """
      sleep 0.2
      pid=$(cat "$work/FuzzB/fuzzer.pid" 2>/dev/null) || pid=""
      [[ -z $pid ]] || ! kill -0 "$pid" 2>/dev/null || { echo "FuzzB still running"; kill -KILL "$pid"; }
      """)
  #expect(!text.contains("still running"), "\(text)")
  #expect(!text.contains("Terminated"), "\(text)")
  let verdicts = text.split(separator: "\n")
  #expect(verdicts.count == 10, "\(text)")
  for round in stride(from: 0, to: verdicts.count - 1, by: 2) {
    #expect(verdicts[round].hasPrefix("1 ") && verdicts[round].hasSuffix(" crash"), "\(text)")
    #expect(
      verdicts[round + 1].hasPrefix("0 ") && verdicts[round + 1].hasSuffix(" stopped"), "\(text)")
  }
}

/// Runs the planted-bug runner's fuzzing layer (`Fuzz/planted-fuzz.sh`)
/// `rounds` times on stand-in fuzzers, each a shell script by its target's
/// name, two at a time: every round prints the targets' verdicts in name
/// order, then runs `afterEachRound`. Returns what the driver printed, and
/// fails the test when it exits other than 0 or runs past five minutes.
private func runFuzzingLayer(
  fuzzers: [String: String], rounds: Int, afterEachRound: String = ""
) throws -> String {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let folder = try TemporaryDirectory()
  let path = folder.url.path
  try FileManager.default.createDirectory(
    atPath: path + "/builds/fuzz/release", withIntermediateDirectories: true)
  let targets = fuzzers.keys.sorted()
  for target in targets {
    let file = try folder.file("builds/fuzz/release/" + target, Array(fuzzers[target]!.utf8))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
  }
  let driver = """
    set -euo pipefail
    cd \(shellQuoted(root))
    source Fuzz/fuzz-settings.sh && source Fuzz/planted-fuzz.sh
    fail() { echo "Error: $1" >&2; exit 1; }
    work=\(shellQuoted(path))/work builds=\(shellQuoted(path))/builds tree=$PWD
    logs=\(shellQuoted(path))/logs seconds=5 cores=2 fuzzing_only=0 targets=(\(targets.joined(separator: " ")))
    for target in "${targets[@]}"; do mkdir -p "$work/corpus/$target"; done
    mkdir -p "$logs"
    for round in $(seq \(rounds)); do
      fuzz_every_target
      for target in "${targets[@]}"; do cat "$work/$target.verdict"; done
      \(afterEachRound)
    done
    """
  // Through the package's own start: a child of this test's thread would
  // inherit a mask that blocks the SIGTERM a find stops a fuzzer with.
  let ending = ChildProcessGroups().run(
    ChildCommand("/bin/bash", ["-c", driver]), deadline: .seconds(300))
  #expect(ending.status == 0, "\(ending.ending): \(ending.output)")
  return ending.output
}
