extension TriageReport {
  /// One platform's port as the nightly and a pull request's run check it:
  /// its own `test`, then `diff --against` its `serve`, in `fuzz-report.json`
  /// and as a section of `fuzz-report.md`.
  package struct Port: Codable, Sendable, Equatable {
    /// The port's folder name under `ports/`.
    package var name: String
    /// The last line of its `test`: `javascript: 1356 passed, 0 failed`.
    package var test: String
    package var testPassed: Bool
    /// The summary of `diff --against` its `serve`, and its count of
    /// inputs a second.
    package var diff: String
    package var inputsPerSecond: Int
    /// Why the diff could not run, when it could not.
    package var failure: String?
    /// One per cause, each with the fixture case it pins.
    package var findings: [Finding]

    package init(
      name: String, test: String, testPassed: Bool, diff: String, inputsPerSecond: Int,
      failure: String?, findings: [Finding]
    ) {
      self.name = name
      self.test = test
      self.testPassed = testPassed
      self.diff = diff
      self.inputsPerSecond = inputsPerSecond
      self.failure = failure
      self.findings = findings
    }

    /// Whether the port passed its test and agreed with the library on
    /// every input.
    package var passed: Bool { testPassed && failure == nil && findings.isEmpty }

    /// What went wrong that is no finding: a failed test, a diff that could
    /// not run.
    var problem: String? {
      if !testPassed { return "the \(name) port failed its test: \(test)" }
      return failure.map { "the \(name) port could not be diffed: \($0)" }
    }

    /// A cause on which the port and the library differ.
    package struct Finding: Codable, Sendable, Equatable {
      /// `R12, the port's body: the cut moved later`.
      package var cause: String
      /// Whether the port's body is the wrong one: the library and the
      /// reference agree. Only such a finding is promoted.
      package var portsBug: Bool
      /// `diff`'s lines for it: the input, each body, where they differ.
      package var report: String
      /// Its fixture case, one JSON line.
      package var fixture: String
      /// The case's name, when the run appended it to the fixture file.
      package var promoted: String?
      /// Why the port's bug was not appended, when the run promotes: the
      /// file has the case, cannot be written, or the case is not for it.
      package var notPromoted: String?

      package init(
        cause: String, portsBug: Bool, report: String, fixture: String, promoted: String?
      ) {
        self.cause = cause
        self.portsBug = portsBug
        self.report = report
        self.fixture = fixture
        self.promoted = promoted
      }
    }
  }

  /// "## Ports": a row per port, then each finding.
  static func markdown(_ ports: [Port]) -> [String] {
    var lines = [
      "## Ports", "",
      "Each port's `test`, then `diff --against` its `serve`; a finding where the library and "
        + "the reference agree is the port's, and a nightly promotes it.", "",
      "| Port | Test | Diff | Inputs/s | Findings |", "| --- | --- | --- | ---: | ---: |",
    ]
    for port in ports {
      let diff = port.failure.map { "could not run: " + $0 } ?? port.diff
      lines.append(
        "| \(port.name) | \(cell(port.test)) | \(cell(diff)) | \(port.inputsPerSecond) "
          + "| \(port.findings.count) |")
    }
    lines.append("")
    for port in ports {
      for finding in port.findings {
        let promoted =
          finding.promoted.map { "promoted as \"\($0)\"" }
          ?? "not promoted" + (finding.notPromoted.map { ": " + $0 } ?? "")
        lines += [
          "- \(port.name): \(cell(finding.cause)); \(promoted)", "", "```", finding.report, "```",
          "",
        ]
      }
    }
    return lines
  }
}
