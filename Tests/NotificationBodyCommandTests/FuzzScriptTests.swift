import Foundation
import NotificationBodyFixtures
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
