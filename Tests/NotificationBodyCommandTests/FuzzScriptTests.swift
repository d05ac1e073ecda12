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

/// The planted-bug runner's fuzzing layer leaves a verdict for every
/// target, even when two find at once and the first find stops the other
/// in its last steps: stand-in fuzzers that crash at once, a hundred rounds
/// (the job that wrote its verdict last lost it in 6 to 22% of rounds).
@Test func everyStoppedFuzzJobLeavesItsVerdict() throws {
  let root = try #require(FixtureFile.repositoryRoot(containing: #filePath))
  let folder = try TemporaryDirectory()
  let path = folder.url.path
  let fuzzer = """
    #!/bin/sh
    for argument in "$@"; do
      case $argument in -artifact_prefix=*) prefix=${argument#-artifact_prefix=} ;; esac
    done
    echo crash >"${prefix}crash-0001"
    exit 77
    """
  try FileManager.default.createDirectory(
    atPath: path + "/builds/fuzz/release", withIntermediateDirectories: true)
  for target in ["FuzzA", "FuzzB"] {
    let file = try folder.file("builds/fuzz/release/" + target, Array(fuzzer.utf8))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
  }
  let driver = """
    set -euo pipefail
    cd \(shellQuoted(root))
    source Fuzz/fuzz-settings.sh && source Fuzz/planted-fuzz.sh
    fail() { echo "Error: $1" >&2; exit 1; }
    work=\(shellQuoted(path))/work builds=\(shellQuoted(path))/builds tree=$PWD
    logs=\(shellQuoted(path))/logs seconds=5 cores=2 fuzzing_only=0 targets=(FuzzA FuzzB)
    mkdir -p "$work/corpus/FuzzA" "$work/corpus/FuzzB" "$logs"
    for round in $(seq 100); do
      fuzz_every_target
      cat "$work/FuzzA.verdict" "$work/FuzzB.verdict"
    done
    """
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", driver]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "\(text)")
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
