import Foundation
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyProcess
import NotificationBodySnapshot

/// The ports of a folder, checked as the nightly and a pull request's run
/// check them: each `<folder>/<name>/test`, then `diff --against` its
/// `serve` over generated messages, the corpus and the fixture file. A
/// finding on which the library and the reference agree is the port's
/// bug; a nightly appends it to the fixture file, so every platform checks
/// it from then on.
package enum PortCheck {
  package struct Settings {
    /// The folder of ports: `ports`.
    package var folder: String
    /// Generated messages per port.
    package var count: Int
    package var seed: UInt64
    package var corpora: [String]
    /// The shared fixture file: its cases are diffed, and findings appended.
    package var fixtures: String
    /// Whether the port's findings are appended to `fixtures`.
    package var promote: Bool
    /// The saved failures' folder, which promotion reads beside `fixtures`.
    package var failCases: String
    /// Where each port's test writes its log.
    package var logs: String

    package init(
      folder: String, count: Int, seed: UInt64, corpora: [String], fixtures: String,
      promote: Bool, failCases: String, logs: String
    ) {
      (self.folder, self.count, self.seed, self.corpora) = (folder, count, seed, corpora)
      (self.fixtures, self.promote, self.failCases, self.logs) = (
        fixtures, promote, failCases, logs
      )
    }
  }

  /// How long a port's `test` may take: it may install its runtime first.
  static let testDeadline: Duration = .seconds(1800)
  /// How long `serve` may take for one answer: a JVM's first includes its
  /// start.
  static let answerTimeout: Duration = .seconds(30)

  /// The ports' folders, by name: those with an executable `test` and `serve`.
  package static func ports(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().filter { name in
      ["test", "serve"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)/\($0)")
      }
    }
  }

  /// Checks every port of `settings.folder`.
  package static func run(
    _ settings: Settings, children: ChildProcessGroups, progress: (String) -> Void
  ) -> [TriageReport.Port] {
    let names = ports(in: settings.folder)
    progress("==> ports: \(names.joined(separator: ", ")), each its test then diff")
    // Findings go through the one promotion path; when the fixture file
    // cannot be read, each says so.
    var promotion: Result<Promotion, FindingsError>?
    if settings.promote {
      promotion = Result { () throws(FindingsError) in
        try Promotion(fixtures: settings.fixtures, failCases: settings.failCases)
      }
      if case .failure(let error)? = promotion {
        progress("ports: findings cannot be promoted: \(error.message)")
      }
    }
    try? makeFolders(settings.logs)
    return names.map { name in
      let (line, passed) = test(name, settings, children: children, progress: progress)
      var port = TriageReport.Port(
        name: name, test: line, testPassed: passed, diff: "", inputsPerSecond: 0, failure: nil,
        findings: [])
      do throws(FindingsError) {
        let outcome = try diff(name, settings, children: children, progress: progress)
        port.diff = outcome.summary
        port.inputsPerSecond = outcome.inputsPerSecond
        port.findings = outcome.findings.map { finding in
          promoted(finding, port: name, report: outcome.lines(for: finding), through: &promotion)
        }
        progress("ports: \(name): \(port.diff)")
      } catch {
        port.failure = error.message
        progress("ports: \(name): the diff could not run: \(error.message)")
      }
      return port
    }
  }

  /// Runs the port's `test`: its last line, and whether it passed.
  private static func test(
    _ name: String, _ settings: Settings, children: ChildProcessGroups,
    progress: (String) -> Void
  ) -> (line: String, passed: Bool) {
    let log = "\(settings.logs)/port-\(name)-test.log"
    progress("ports: \(name): running its test (log: \(log))")
    let ending = children.run(
      ChildCommand("\(settings.folder)/\(name)/test", output: .log(log)), deadline: testDeadline)
    let last =
      ending.output.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
      ?? ""
    let total = #/^(\S+: )?\d+ passed, 0 failed$/#
    let passed =
      ending.status == 0 && ending.startFailure == nil && last.wholeMatch(of: total) != nil
    progress("ports: \(name): \(last)" + (passed ? "" : " (\(ending.ending); see \(log))"))
    return (passed || !last.isEmpty ? last : "its test \(ending.ending)", passed)
  }

  /// `diff --against` the port's `serve`.
  private static func diff(
    _ name: String, _ settings: Settings, children: ChildProcessGroups,
    progress: (String) -> Void
  ) throws(FindingsError) -> DiffOutcome {
    let files: [SnapshotInput]
    do {
      files = try SnapshotInput.read(corpora: settings.corpora, fixtures: [settings.fixtures])
    } catch {
      throw .failure(error.description)
    }
    var inputs = ComparedInputs(
      seed: settings.seed, count: settings.count, limit: .default,
      files: files.map(\.atItsOwnLimit), filesFirst: false)
    let serve: ExternalImplementation
    do {
      serve = try ExternalImplementation(
        command: shellQuoted("\(settings.folder)/\(name)/serve"), timeout: answerTimeout,
        name: "the \(name) port's serve", children: children)
    } catch {
      throw .failure(error.description)
    }
    defer { serve.stop() }
    return try DiffRunner.run(&inputs, against: .external(serve)) {
      progress("ports: \(name): " + $0.dropFirst("diff: ".count))
    }
  }

  /// A finding for the report, appended to the fixture file through
  /// `promotion` when it is the port's bug and `promotion` is given (a
  /// nightly), or with the reason it was not.
  private static func promoted(
    _ finding: DiffFinding, port: String, report: [String],
    through promotion: inout Result<Promotion, FindingsError>?
  ) -> TriageReport.Port.Finding {
    let portsBug = finding.failure != nil || finding.cause?.wrong == .port
    let name = finding.fixtureName(against: port)
    var promoted: String?
    var notPromoted: String?
    // Only a port's bug is promoted, and only by a run that promotes.
    switch portsBug ? promotion : nil {
    case nil:
      break
    case _ where finding.loneSurrogates:
      notPromoted = "its input holds lone surrogates: a case for test-fixtures/lone-surrogates.json"
    case .failure(let error)?:
      notPromoted = error.message
    case .success(var current)?:
      let fixture = FixtureCase(
        name: name, input: finding.input, expect: finding.reference,
        limit: finding.limit == .default ? nil : finding.limit.utf16Units)
      do {
        _ = try current.append(fixture)
        promotion = .success(current)
        promoted = name
      } catch {
        notPromoted = error.message
      }
    }
    var reported = TriageReport.Port.Finding(
      cause: finding.cause?.description
        ?? "the port gave no body: \(finding.failure?.kind.rawValue ?? "")",
      portsBug: portsBug, report: report.joined(separator: "\n"),
      fixture: finding.fixtureLine(against: port), promoted: promoted)
    reported.notPromoted = notPromoted
    return reported
  }
}
