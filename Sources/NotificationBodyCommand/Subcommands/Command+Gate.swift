import Foundation
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot

extension Command {
  /// `notification-body gate [options]`: the regression gate for parser
  /// changes. Compares every corpus input's and fixture case's body with the
  /// snapshot in test-fixtures/corpus-bodies.json and reports each kind of
  /// change once; `--accept` rewrites the snapshot; `--baseline <rev>`
  /// compares this build's library with another revision's instead.
  enum Gate: Subcommand {
    static let help = Help(
      name: "gate",
      abstract: "Report every body a parser change alters.",
      discussion: """
        Makes the body of every fuzz corpus input (every file under --corpus, read as a \
        fuzzer input, the same bytes once) and every case input of --fixtures, at the \
        default limit (256), at \(SnapshotInput.secondLimit) and at the input's own limit, \
        and compares them with the snapshot, --snapshot. Each changed input is grouped \
        with the others whose bodies changed the same way (the syntax the change removes \
        or adds; for a change of white space or text only, what it removes or adds and \
        where; or that the cut before the final "…" moved), so one behaviour change reads \
        as one finding: its count, its smallest input in full with each body before and \
        after, then more of its inputs a line each. Inputs added to the corpus or the \
        fixtures and inputs gone from them are groups of their own. \
        With --accept, writes the bodies made now to the snapshot instead (atomically, \
        sorted by id, one entry a line), to commit with the change.

        With --baseline <rev>, checks <rev> out in a temporary git worktree, builds its \
        notification-body (release), and compares its bodies with this build's library's \
        over the corpus and fixture inputs at each limit and --count messages of \
        MessageGenerator with --seed (each 8th also at \(SnapshotInput.secondLimit)), as \
        `diff --against` its `serve` would. The report is the same: each kind of change \
        with its smallest input, its bodies was (<rev>) and now (this build), then that input \
        shrunk, with the reference's body, which tells which side the contract is on. A \
        revision from before `serve` (87eb038) is refused as too old. Progress goes to \
        standard error; the worktree is removed on every way out, SIGINT and SIGTERM \
        included.

        Exits 0 when nothing changed (or the snapshot was written), 1 when something \
        changed or a file, the worktree or the build failed, 64 for bad arguments.
        """,
      options: [
        Option("--accept", "Write the bodies made now to the snapshot instead of comparing."),
        Option(
          "--accept-added",
          """
          Add the bodies of inputs new to the corpus or the fixtures to the snapshot, \
          and nothing else: refused, writing nothing, when a known input's body changed \
          or an input is gone. Fuzz/fuzz runs it after merging into the corpus.
          """),
        Option("--all", "Show every input of each group in full, not only the smallest."),
        Option(
          "--snapshot <file>", "The snapshot. (default: \(SnapshotPaths.snapshot))", path: .kept),
        Option(
          "--corpus <folder>",
          "The fuzz corpus, read recursively. (default: \(SnapshotPaths.corpus))", path: .folder),
        Option(
          "--fixtures <file>",
          "The fixture file whose inputs are compared too. (default: \(SnapshotPaths.fixtures))",
          path: .file),
        Option(
          "--baseline <rev>",
          """
          Compare with the library at this git revision of the current directory's \
          repository instead of the snapshot, e.g. origin/main.
          """),
        Option(
          "--seed <s>",
          """
          With --baseline: the generator's seed, decimal or 0x hex. (default: \
          NOTIFICATION_BODY_SEED from the environment, else \(Diff.defaultSeed))
          """),
        Option(
          "--count <n>",
          """
          With --baseline: how many messages to generate; 0 for none. (default: \
          \(GateBaseline.defaultCount))
          """),
        Option(
          "--no-cost",
          """
          With --baseline: compare bodies only, not the two builds' instruction counts \
          (which a debug build of this command cannot give).
          """),
        Option(
          "--markdown <file>",
          """
          With --baseline: also write the instruction counts' comparison as a Markdown \
          table to this file, e.g. for $GITHUB_STEP_SUMMARY.
          """, path: .output),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      if let extra = arguments.positionals.first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
      let accept = arguments.flags.contains("--accept")
      let acceptAdded = arguments.flags.contains("--accept-added")
      let all = arguments.flags.contains("--all")
      if [accept, acceptAdded, all].filter({ $0 }).count > 1 {
        throw .usage("'--accept', '--accept-added' and '--all' exclude each other", help: help)
      }
      let corpus = arguments.values["--corpus"] ?? SnapshotPaths.corpus
      let fixtures = arguments.values["--fixtures"] ?? SnapshotPaths.fixtures

      if let revision = arguments.values["--baseline"] {
        for option in ["--accept", "--accept-added"]
        where arguments.flags.contains(option) {
          throw .usage("'\(option)' is for the snapshot, not '--baseline'", help: help)
        }
        if arguments.values["--snapshot"] != nil {
          throw .usage("'--snapshot' is for the snapshot, not '--baseline'", help: help)
        }
        if revision.isEmpty || revision.hasPrefix("-") {
          throw .usage("'--baseline' needs a revision; got '\(revision)'", help: help)
        }
        let seed = try ParsedArguments.seed(arguments.values["--seed"], help: help)
        let count = try ParsedArguments.count(
          arguments.values["--count"], default: GateBaseline.defaultCount, help: help)
        let cost = try costOptions(arguments)
        let inputs = try load(corpus: corpus, fixtures: fixtures)
        let outcome = try GateBaseline.run(
          revision: revision, seed: seed, count: count, inputs: inputs,
          listed: all ? nil : SnapshotComparison.listedMembers, cost: cost
        ) { console.printError($0) }
        console.print(outcome.report)
        if let markdown = cost?.markdown, let table = outcome.markdown {
          if markdown == "-" {
            console.write(table)
          } else {
            try writeAtomically(Array(table.utf8), toPath: markdown)
          }
        }
        return outcome.changed ? ExitStatus.failure : ExitStatus.success
      }
      for option in ["--seed", "--count", "--markdown"] where arguments.values[option] != nil {
        throw .usage("'\(option)' is for '--baseline' only", help: help)
      }
      if arguments.flags.contains("--no-cost") {
        throw .usage("'--no-cost' is for '--baseline' only", help: help)
      }

      let snapshotPath = arguments.values["--snapshot"] ?? SnapshotPaths.snapshot
      let inputs = try load(corpus: corpus, fixtures: fixtures)
      let current = Snapshot(making: inputs)
      if accept {
        return try write(current, to: snapshotPath, console: &console)
      }
      let old: Snapshot
      do {
        old = try Snapshot.load(path: snapshotPath)
      } catch {
        throw .failure(error.description)
      }
      let comparison = SnapshotComparison(
        old: old, new: current,
        origins: Dictionary(inputs.map { ($0.id, $0.origin) }, uniquingKeysWith: { old, _ in old }))
      if !comparison.isEmpty {
        console.print(comparison.report(listing: all ? nil : SnapshotComparison.listedMembers))
      }
      if acceptAdded {
        let recording: Snapshot.Recording
        do {
          recording = try Snapshot.recordAdded(inputs, to: old, path: snapshotPath)
        } catch {
          throw .failure(error.description)
        }
        guard case .refused = recording else {
          console.print(recording.line(snapshotPath))
          return ExitStatus.success
        }
        console.printError("Error: " + recording.line(snapshotPath))
        return ExitStatus.failure
      }
      // The accepting command names the same files this run read.
      var acceptCommand = [Snapshot.acceptCommand]
      for option in ["--snapshot", "--corpus", "--fixtures"] {
        if let value = arguments.values[option] {
          acceptCommand.append("\(option) \(shellQuoted(value))")
        }
      }
      console.print(
        comparison.summary(
          snapshotPath: snapshotPath, acceptCommand: acceptCommand.joined(separator: " ")))
      return comparison.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// Whether `--baseline` compares instruction counts, refused at once
    /// where this build's counts would not be a release build's.
    private static func costOptions(_ arguments: ParsedArguments) throws(CommandError)
      -> GateBaseline.CostOptions?
    {
      let markdown = arguments.values["--markdown"]
      if arguments.flags.contains("--no-cost") {
        if markdown != nil {
          throw .usage("'--markdown' and '--no-cost' exclude each other", help: help)
        }
        return nil
      }
      if let problem = ReleaseBuild.problem {
        throw .usage(
          "\(problem), so its instruction counts are not comparable with the baseline's "
            + "release build: run .build/release/notification-body after `swift build -c "
            + "release`, or add '--no-cost' to compare bodies only", help: help)
      }
      return GateBaseline.CostOptions(markdown: markdown)
    }

    /// Every input of the corpus and the fixture file.
    private static func load(corpus: String, fixtures: String) throws(CommandError)
      -> [SnapshotInput]
    {
      do {
        return try SnapshotInput.load(corpus: corpus, fixtures: fixtures)
      } catch {
        throw .failure(error.description)
      }
    }

    /// Writes `snapshot` to `path` atomically and says what it accepted.
    private static func write<Output, ErrorOutput>(
      _ snapshot: Snapshot, to path: String, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let contents = Array(snapshot.fileContents.utf8)
      var accepted = "a new snapshot"
      // Only a regular file holds an old snapshot; a device is written into.
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        let old = try? FileBytes.read(atPath: path, limit: FileBytes.jsonLimit)
      {
        if old == contents {
          console.print("gate: \(path) is up to date (\(snapshot.entries.count) inputs)")
          return ExitStatus.success
        }
        do {
          let comparison = SnapshotComparison(
            old: try Snapshot.parse(Data(old), path: path), new: snapshot)
          accepted =
            "\(comparison.count(.changed)) changed, \(comparison.count(.inputChanged)) "
            + "holding another input, \(comparison.count(.added)) added, "
            + "\(comparison.count(.removed)) removed"
        } catch {
          accepted = "replacing an unreadable snapshot (\(error))"
        }
      }
      try writeAtomically(contents, toPath: path)
      console.print(
        "gate: wrote \(path): \(snapshot.entries.count) inputs; accepted \(accepted). "
          + "Commit it with the change.")
      return ExitStatus.success
    }
  }
}
