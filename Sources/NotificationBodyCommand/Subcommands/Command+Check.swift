import Foundation
import NotificationBody
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyPorts
import NotificationBodyProcess
import NotificationBodyReference
import NotificationBodyText

extension Command {
  /// `notification-body check <file> ...`: runs fixture files' cases against
  /// the library and reports the ones that fail.
  enum Check: Subcommand {
    static let help = Help(
      name: "check",
      abstract: "Run fixture files' cases against the library or a port.",
      discussion: """
        Makes the body of each case's "input" at its "limit" (256 by default) and compares \
        it, scalar by scalar, with its "expect"; prints each failing case with both bodies \
        and the rule where they part, then "N passed, M failed" over all files. A file that \
        is missing or malformed counts as one failure; "-" is standard input.

        With --against, each case goes through the port instead, as diff sends it \
        (docs/against-protocol.md), a lone surrogate of a file that declares them as its \
        escape; the run ends with a line per port, "<port>: N passed, M failed". A case \
        listed by --expected-failures (given once for every port, or once per --against in \
        order) may fail that port, and is counted apart; a listed case that passes, or that \
        no file holds, fails the run, so the list never goes stale.

        Exits 0 when nothing failed, 1 otherwise, 64 for bad arguments.
        """,
      operands: "<file> ...",
      arguments: [Help.Entry(label: "<file>", text: "A fixture file.")],
      options: [
        Option(
          "--against <command>", "Run the cases through this port; repeatable.", repeatable: true),
        Option(
          "--expected-failures <file>", "The cases a port may fail, with reasons.",
          repeatable: true, path: .file),
        Option("--timeout <seconds>", "How long one answer may take. (default: 5)"),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      guard !arguments.positionals.isEmpty else {
        throw .usage("missing fixture file", help: help)
      }
      let ports = arguments.repeatedValues["--against"] ?? []
      let lists = try (arguments.repeatedValues["--expected-failures"] ?? []).map {
        (path) throws(CommandError) in
        try step { try ExpectedFailures.load(path: path) }
      }
      guard !ports.isEmpty || lists.isEmpty, lists.count <= 1 || lists.count == ports.count else {
        throw .usage(
          "'--expected-failures' goes with '--against': once, or once per port", help: help)
      }
      var unreadable = 0
      var files: [FixtureFile] = []
      for path in arguments.positionals {
        if let file = load(path, console: &console) { files.append(file) } else { unreadable += 1 }
      }
      guard !ports.isEmpty else {
        let (passed, failed) = check(files, console: &console)
        console.print("\(passed) passed, \(failed + unreadable) failed")
        return failed + unreadable == 0 ? ExitStatus.success : ExitStatus.failure
      }
      let timeout = try Diff.timeout(arguments.values["--timeout"])
      var failing = unreadable > 0
      var lines: [String] = []
      for (index, command) in ports.enumerated() {
        let expected = lists.isEmpty ? ExpectedFailures() : lists[min(index, lists.count - 1)]
        let line = try checkPort(
          command, timeout: timeout, files: files, expected: expected, console: &console)
        failing = failing || line.failed
        lines.append(line.text + (unreadable > 0 ? ", \(unreadable) unreadable file(s)" : ""))
      }
      for line in lines { console.print(line) }
      return failing ? ExitStatus.failure : ExitStatus.success
    }

    /// Every case of `files` through `command`, against `expected`.
    ///
    /// - Returns: The port's summary line, and whether it fails the run.
    private static func checkPort<Output, ErrorOutput>(
      _ command: String, timeout: Duration, files: [FixtureFile], expected: ExpectedFailures,
      console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> (text: String, failed: Bool) {
      let children = ChildProcessGroups()
      let watch = InterruptWatch(killing: children)
      defer { watch.cancel() }
      let port = try step {
        try ExternalImplementation(command: command, timeout: timeout, children: children)
      }
      defer { port.stop() }
      let name =
        command.hasSuffix("/serve")
        ? String(command.dropLast(6).split(separator: "/").last ?? "") : command
      var (passed, failed, asExpected) = (0, 0, 0)
      var listed = Set(expected.reasons.keys)
      for file in files {
        for (index, fixture) in file.cases.enumerated() {
          let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
          let body: String
          do {
            body = try port.body(for: fixture.withLoneSurrogates ?? fixture.input, limit: limit)
          } catch {
            console.printError("Error: \(port.name), given \(file.path) case \(index): \(error)")
            let why = "\(error)".prefix { $0 != "\n" && $0 != ";" }
            return (
              "\(name): \(passed) passed, \(failed + 1) failed, stopped at \(file.path) case \(index): \(why)",
              true
            )
          }
          let reason = listed.remove(fixture.name).map { _ in expected.reasons[fixture.name]! }
          switch (body.hasSameScalars(as: fixture.expect), reason) {
          case (true, nil): passed += 1
          case (false, .some): asExpected += 1
          case (true, .some(let why)):
            failed += 1
            console.print(
              "FAIL \(name): \(Escaped.forDisplay(fixture.name)) is listed as an expected failure "
                + "(\(why)) but passes: take it off the list")
          case (false, nil):
            failed += 1
            console.print(report(fixture, index: index, in: file.path, actual: body, by: name))
          }
        }
      }
      for stale in listed.sorted() {
        failed += 1
        console.print(
          "FAIL \(name): \(Escaped.forDisplay(stale)) is listed as an expected failure, but no file holds it"
        )
      }
      let also = asExpected == 0 ? "" : ", \(asExpected) failed as expected"
      return ("\(name): \(passed) passed, \(failed) failed\(also)", failed > 0)
    }

    /// The library on every case of `files`: the passed and failed counts,
    /// each failure printed.
    private static func check<Output, ErrorOutput>(
      _ files: [FixtureFile], console: inout Console<Output, ErrorOutput>
    ) -> (passed: Int, failed: Int) {
      var passed = 0
      var failed = 0
      for file in files {
        for (index, fixture) in file.cases.enumerated() {
          let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
          let actual = NotificationBody.make(from: fixture.input, limit: limit)
          // Scalar by scalar: String's == treats canonically equivalent text
          // ("é" and "e\u{301}") as equal, and the contract does not.
          if actual.hasSameScalars(as: fixture.expect) {
            passed += 1
          } else {
            failed += 1
            console.print(report(fixture, index: index, in: file.path, actual: actual))
          }
        }
      }
      return (passed, failed)
    }

    /// The fixture file `path`, read from standard input for "-"; nil,
    /// with the error on standard error, when it cannot be read or is not
    /// a fixture file.
    private static func load<Output, ErrorOutput>(
      _ path: String, console: inout Console<Output, ErrorOutput>
    ) -> FixtureFile? {
      do {
        guard path == "-" else { return try FixtureFile.load(path: path) }
        let bytes = try console.readStandardInput(.json)
        return try FixtureFile.parse(Data(bytes), path: "standard input")
      } catch let error as FixtureError {
        console.printError("Error: \(error)")
      } catch {
        console.printError("Error: standard input: cannot be read (\(error))")
      }
      return nil
    }

    /// A failing case as lines that show exactly what differs.
    private static func report(
      _ fixture: FixtureCase, index: Int, in path: String, actual: String, by port: String? = nil
    ) -> String {
      func shown(_ text: String) -> String {
        let units = text.utf16.count
        return "\(Escaped.forDisplay(text)) (\(units) UTF-16 unit\(units == 1 ? "" : "s"))"
      }
      var lines = [
        "FAIL " + (port.map { $0 + ": " } ?? "") + "\(path): case \(index) "
          + "(\(Escaped.forDisplay(fixture.name)))",
        "  input:    \(shown(fixture.input))",
      ]
      if let limit = fixture.limit {
        lines.append("  limit:    \(limit)")
      }
      lines += [
        "  expected: \(shown(fixture.expect))",
        "  actual:   \(shown(actual))",
      ]
      let limit = fixture.limit ?? NotificationBodyReference.defaultLimitUTF16Units
      if NotificationBodyReference.make(from: fixture.input, limit: limit)
        .hasSameScalars(as: fixture.expect),
        let rule = RuleAttribution.rule(
          whereBody: actual, differsFrom: fixture.input, limit: limit)
      {
        lines.append("  rule:     \(rule), where the bodies part")
      }
      return lines.joined(separator: "\n")
    }
  }
}
