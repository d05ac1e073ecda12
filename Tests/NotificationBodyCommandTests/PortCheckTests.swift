import Foundation
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyProcess
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyPorts

/// A folder of ports as `triage --ports` finds them: `good` (the library's
/// own serve, a test that passes), `naive` (docs/examples/naive_port.py,
/// a test that passes) and `failing` (a test that fails, the library's
/// serve).
private struct PortsWorkspace: ~Copyable {
  let directory: TemporaryDirectory
  var root: String { directory.url.path }

  init() throws {
    let directory = try TemporaryDirectory()
    let binary = try BuiltTool.location.get().path
    let naive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/examples/naive_port.py").path
    let ports: [(String, test: String, serve: String)] = [
      ("good", "echo 'good: 2 passed, 0 failed'", "exec '\(binary)' serve"),
      ("naive", "echo 'naive: 2 passed, 0 failed'", "exec python3 '\(naive)'"),
      ("failing", "echo 'failing: 1 passed, 1 failed'; exit 1", "exec '\(binary)' serve"),
    ]
    for (name, test, serve) in ports {
      let folder = directory.url.appendingPathComponent("ports/\(name)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (file, body) in [("test", test), ("serve", serve)] {
        let path = folder + "/" + file
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
      }
    }
    _ = try directory.file("fixtures.json", Array(oneCaseFixtureFile.utf8))
    self.directory = directory
  }

  func check(promote: Bool, fixtures: String = "fixtures.json") -> [TriageReport.Port] {
    let settings = PortCheck.Settings(
      folder: root + "/ports", count: 200, seed: 7, corpora: [], fixtures: root + "/" + fixtures,
      promote: promote, failCases: root + "/FailCases", logs: root + "/logs")
    return PortCheck.run(settings, children: ChildProcessGroups()) { _ in }
  }
}

@Test func portsAreTestedAndDiffedAndTheirOwnBugsPromoted() throws {
  let workspace = try PortsWorkspace()
  let ports = workspace.check(promote: true)
  #expect(ports.map(\.name) == ["failing", "good", "naive"])
  let (failing, good, naive) = (ports[0], ports[1], ports[2])
  #expect(good.passed && good.test == "good: 2 passed, 0 failed", "\(good)")
  #expect(good.diff.contains("0 mismatches on 0 inputs, 0 causes after shrinking"))
  #expect(!failing.testPassed && failing.test == "failing: 1 passed, 1 failed")
  #expect(failing.findings.isEmpty)
  // The naive port is wrong where the library and the reference agree:
  // each such cause is appended once, named for the port.
  #expect(!naive.passed && !naive.findings.isEmpty)
  let promoted = naive.findings.compactMap(\.promoted)
  #expect(promoted.count == naive.findings.filter(\.portsBug).count && !promoted.isEmpty)
  #expect(promoted.allSatisfy { $0.contains(" found by diff against the naive port: ") })
  let file = try FixtureFile.load(path: workspace.root + "/fixtures.json")
  #expect(file.cases.map(\.name) == ["R8 plain"] + promoted)
  // Run again: the same inputs are in the file now, so nothing more, and
  // each finding says why.
  let again = workspace.check(promote: true)
  #expect(again[2].findings.count == naive.findings.count)
  #expect(again[2].findings.allSatisfy { $0.promoted == nil })
  #expect(
    again[2].findings.filter(\.portsBug).allSatisfy {
      $0.notPromoted?.contains("already has a case of that name or that input") == true
    })
  #expect(
    try FixtureFile.load(path: workspace.root + "/fixtures.json").cases.count == file.cases.count)
}

@Test func aPullRequestsPortCheckPromotesNothing() throws {
  let workspace = try PortsWorkspace()
  let before = try workspace.text("fixtures.json")
  let ports = workspace.check(promote: false)
  #expect(!ports[2].findings.isEmpty && ports[2].findings.allSatisfy { $0.promoted == nil })
  #expect(try workspace.text("fixtures.json") == before)
}

/// A fixture file a case cannot be appended to (valid, but not in the
/// shared file's line format) promotes nothing, and every port's bug says
/// why.
@Test func aPortFindingThatCannotBeAppendedSaysWhy() throws {
  let workspace = try PortsWorkspace()
  let oneLine = oneCaseFixtureFile.split(separator: "\n").map { $0.trimmingPrefix(" ") }.joined()
  _ = try workspace.directory.file("one-line.json", Array(oneLine.utf8))
  let naive = workspace.check(promote: true, fixtures: "one-line.json")[2]
  let bugs = naive.findings.filter(\.portsBug)
  #expect(!bugs.isEmpty)
  #expect(
    bugs.allSatisfy {
      $0.promoted == nil && $0.notPromoted?.contains("one-line.json: does not end with") == true
    })
  #expect(try workspace.text("one-line.json") == oneLine)
}

extension PortsWorkspace {
  func text(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)), as: UTF8.self)
  }
}
