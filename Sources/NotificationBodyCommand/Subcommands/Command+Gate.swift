import Foundation
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyProcess
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
        Makes the body of every --corpus input and --fixtures case at 256, \
        \(Snapshot.secondLimit) and its own limit, compares them with --snapshot, and \
        reports each kind of change once: its count, its smallest input with each body \
        before and after, then more inputs a line each. --accept writes the bodies made now.

        --baseline <rev> builds <rev> in a temporary worktree (release) and compares its \
        bodies, through its `serve`, with this build's over the same inputs and --count \
        generated messages, each kind of change shrunk; then both builds' instruction counts \
        as `cost` does, unless --no-cost. docs/gate.md has the rest.

        Exits 0 when nothing changed or the snapshot was written, 1 when something changed \
        or a file, the worktree or a build failed, 64 for bad arguments.
        """,
      options: [
        Option("--accept", "Write the bodies made now to the snapshot."),
        Option("--accept-added", "Add only new inputs' bodies; refused when another changed."),
        Option("--all", "Show every input of each group in full."),
        Option(
          "--snapshot <file>", "The snapshot. (default: \(SnapshotPaths.snapshot))", path: .kept),
        Option(
          "--corpus <folder>", "The fuzz corpus. (default: \(SnapshotPaths.corpus))", path: .folder),
        Option(
          "--fixtures <file>", "The fixture file. (default: \(SnapshotPaths.fixtures))", path: .file
        ),
        Option("--baseline <rev>", "Compare with this git revision's build, e.g. origin/main."),
        Option(
          "--seed <s>", "With --baseline: the generator's seed. (default: \(Diff.defaultSeed))"),
        Option(
          "--count <n>",
          "With --baseline: messages to generate. (default: \(GateBaseline.defaultCount))"),
        Option("--no-cost", "With --baseline: compare bodies only, not instruction counts."),
        Option(
          "--markdown <file>", "With --baseline: write the counts' table here too.", path: .output),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let accept = arguments.flags.contains("--accept")
      let acceptAdded = arguments.flags.contains("--accept-added")
      let all = arguments.flags.contains("--all")
      if [accept, acceptAdded, all].filter({ $0 }).count > 1 {
        throw .usage("'--accept', '--accept-added' and '--all' exclude each other", help: help)
      }
      if let revision = arguments.values["--baseline"] {
        return try compare(with: revision, arguments, console: &console)
      }
      for option in ["--seed", "--count", "--markdown"] where arguments.values[option] != nil {
        throw .usage("'\(option)' is for '--baseline' only", help: help)
      }
      if arguments.flags.contains("--no-cost") {
        throw .usage("'--no-cost' is for '--baseline' only", help: help)
      }

      let snapshotPath = arguments.values["--snapshot"] ?? SnapshotPaths.snapshot
      let inputs = try load(
        corpus: arguments.values["--corpus"] ?? SnapshotPaths.corpus,
        fixtures: arguments.values["--fixtures"] ?? SnapshotPaths.fixtures)
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
        return try recordAdded(inputs, to: old, path: snapshotPath, console: &console)
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

    /// `--accept-added`: the bodies of inputs the snapshot lacks, recorded
    /// unless another input's changed.
    private static func recordAdded<Output, ErrorOutput>(
      _ inputs: [SnapshotInput], to old: Snapshot, path: String,
      console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let recording: Snapshot.Recording
      do {
        recording = try Snapshot.recordAdded(inputs, to: old, path: path)
      } catch {
        throw .failure(error.description)
      }
      guard case .refused = recording else {
        console.print(recording.line(path))
        return ExitStatus.success
      }
      console.printError("Error: " + recording.line(path))
      return ExitStatus.failure
    }

    /// `--baseline <rev>`: this build against `revision`'s, bodies and
    /// instruction counts (`GateBaseline`).
    private static func compare<Output, ErrorOutput>(
      with revision: String, _ arguments: ParsedArguments,
      console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      for option in ["--accept", "--accept-added"] where arguments.flags.contains(option) {
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
      let countingCost = try countsCost(arguments)
      let inputs = try load(
        corpus: arguments.values["--corpus"] ?? SnapshotPaths.corpus,
        fixtures: arguments.values["--fixtures"] ?? SnapshotPaths.fixtures)
      let outcome = try GateBaseline.run(
        revision: revision, seed: seed, count: count, inputs: inputs,
        listed: arguments.flags.contains("--all") ? nil : SnapshotComparison.listedMembers,
        countingCost: countingCost
      ) { console.printError($0) }
      console.print(outcome.report)
      if let markdown = arguments.values["--markdown"], let table = outcome.markdown {
        if markdown == "-" {
          console.write(table)
        } else {
          try step { try writeAtomically(Array(table.utf8), toPath: markdown) }
        }
      }
      return outcome.changed ? ExitStatus.failure : ExitStatus.success
    }

    /// Whether `--baseline` compares instruction counts, refused at once
    /// where this build's counts would not be a release build's.
    private static func countsCost(_ arguments: ParsedArguments) throws(CommandError) -> Bool {
      if arguments.flags.contains("--no-cost") {
        if arguments.values["--markdown"] != nil {
          throw .usage("'--markdown' and '--no-cost' exclude each other", help: help)
        }
        return false
      }
      if let problem = ReleaseBuild.problem {
        throw .usage(
          "\(problem), so its instruction counts are not comparable with the baseline's "
            + "release build: run .build/release/notification-body after `swift build -c "
            + "release`, or add '--no-cost' to compare bodies only", help: help)
      }
      return true
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
      try step { try writeAtomically(contents, toPath: path) }
      console.print(
        "gate: wrote \(path): \(snapshot.entries.count) inputs; accepted \(accepted). "
          + "Commit it with the change.")
      return ExitStatus.success
    }
  }
}
