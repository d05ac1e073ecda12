import Foundation
import NotificationBodyCost
import NotificationBodyFindings
import NotificationBodyHarness
import NotificationBodySnapshot

extension Command {
  /// `notification-body cost [options]`: the cost gate. Counts the library's
  /// instructions per workload class in this release build, under
  /// callgrind, and compares them with the snapshot in
  /// test-fixtures/library-instructions.json; `--accept --reason` rewrites it.
  enum Cost: Subcommand {
    static let help = Help(
      name: "cost",
      abstract: "Count the library's instructions per workload class against the snapshot.",
      discussion: """
        Runs this build's `serve` under valgrind's callgrind, once per workload class \
        (CostClass.all: short, typical and code-heavy chat, long messages, each adversarial \
        family at 1 and 4 KiB, and every --corpus input at its own limit), counting only the \
        instructions executed inside NotificationBody.make(from:limit:), with \
        SWIFT_DETERMINISTIC_HASHING=1: the same count on every run of the same build. \
        Compares each class with --snapshot: a class that grew more than \
        \(CostComparison.toleranceShown) fails, with its counts before and after, the factor, \
        and the library functions whose own instructions per window byte grew most; one \
        that shrank more is reported and passes. A class counted on other calls than the \
        snapshot's (the corpus was minimized) is not compared and fails until accepted.

        Counts belong to a release build without the work meter: a debug or metered build \
        refuses. Build with `swift build -c release` and run \
        .build/release/notification-body cost from the repository's root.

        Exits 0 when no class grew past the tolerance (or the snapshot was written), 1 when \
        one did, the inputs changed or counting failed, 64 for bad arguments or a build \
        whose counts are not a release build's.
        """,
      options: [
        Option(
          "--accept",
          """
          Write the counts made now to the snapshot instead of failing, with --reason: \
          a slower class accepted on purpose, or a faster one recorded so the baseline \
          ratchets down.
          """),
        Option(
          "--reason <text>",
          "With --accept: one line saying why the counts changed, kept in the snapshot."),
        Option(
          "--accept-added",
          """
          Record the counts of classes whose inputs changed or that are new, and nothing \
          else: refused, writing nothing, when any other class grew past the tolerance. \
          Fuzz/fuzz minimize runs it after refreshing the corpus.
          """),
        Option("--snapshot <file>", "The snapshot. (default: \(CostSnapshot.path))", path: .kept),
        Option(
          "--corpus <folder>",
          "The fuzz corpus, read recursively. (default: \(SnapshotPaths.corpus))", path: .folder),
        Option(
          "--markdown <file>",
          """
          Also write the comparison as a Markdown table to this file, e.g. for \
          $GITHUB_STEP_SUMMARY; "-" writes it to standard output after the report.
          """, path: .output),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      try checkOptions(arguments)
      if let problem = ReleaseBuild.problem {
        throw .usage("\(problem); the cost gate counts release builds only", help: help)
      }
      return try perform(arguments, binary: ReleaseBuild.ownExecutable, console: &console)
    }

    /// Refuses options that do not go together, before anything is counted.
    static func checkOptions(_ arguments: ParsedArguments) throws(CommandError) {
      if let extra = arguments.positionals.first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
      let accept = arguments.flags.contains("--accept")
      if accept && arguments.flags.contains("--accept-added") {
        throw .usage("'--accept' and '--accept-added' exclude each other", help: help)
      }
      let reason = arguments.values["--reason"]
      if accept {
        guard let reason, !reason.allSatisfy(\.isWhitespace), !reason.contains(where: \.isNewline)
        else {
          throw .usage(
            "'--accept' needs '--reason <text>': one line saying why the counts change, "
              + "which a reviewer reads in the snapshot's diff", help: help)
        }
      } else if reason != nil {
        throw .usage("'--reason' goes with '--accept' only", help: help)
      }
    }

    /// Counts `binary` and compares, writes or merges as `arguments` ask;
    /// `run` without the release build's check, so tests can count a debug
    /// build's `serve`.
    ///
    /// - Parameter classes: The classes to count, from the corpus inputs.
    static func perform<Output, ErrorOutput>(
      _ arguments: ParsedArguments, binary: String,
      classes: ([SnapshotInput]) -> [CostClass] = CostClass.all(corpus:),
      console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let snapshotPath = arguments.values["--snapshot"] ?? CostSnapshot.path
      let accept = arguments.flags.contains("--accept")
      var old: CostSnapshot?
      do {
        old = try CostSnapshot.load(path: snapshotPath)
      } catch {
        // Only --accept may start from no snapshot, or an unreadable one.
        if !accept { throw .failure(error.description) }
      }
      let corpus: [SnapshotInput]
      do {
        corpus = try SnapshotInput.load(
          corpus: arguments.values["--corpus"] ?? SnapshotPaths.corpus, fixtures: nil)
      } catch {
        throw .failure(error.description)
      }
      let measured = try count(binary: binary, classes: classes(corpus)) {
        console.printError($0)
      }
      let comparison = CostComparison(before: old?.entries ?? [], after: measured)
      console.print(comparison.report(before: "the snapshot", after: "this build"))
      if let markdown = arguments.values["--markdown"] {
        let table = comparison.markdown(before: "snapshot", after: "this build")
        if markdown == "-" {
          console.write(table)
        } else {
          try writeAtomically(Array(table.utf8), toPath: markdown)
        }
      }
      if accept {
        let snapshot = CostSnapshot(reason: arguments.values["--reason"]!, entries: measured)
        try writeAtomically(Array(snapshot.fileContents.utf8), toPath: snapshotPath)
        console.print(
          "cost: wrote \(snapshotPath): \(measured.count) classes, reason "
            + "\"\(snapshot.reason)\". Commit it with the change.")
        return ExitStatus.success
      }
      if arguments.flags.contains("--accept-added"), let old {
        return try writeAdded(comparison, old: old, path: snapshotPath, console: &console)
      }
      if comparison.failed {
        console.print(
          "cost: if every change is intended, run `\(CostSnapshot.acceptCommand) '<why>'` "
            + "and commit \(snapshotPath) with the change (docs/cost.md)")
      }
      return comparison.failed ? ExitStatus.failure : ExitStatus.success
    }

    /// Counts every class of `binary`, ending its valgrind runs on SIGINT
    /// and SIGTERM.
    ///
    /// - Parameter children: The run's children, when a watch of the
    ///   caller's own ends them on a signal; nil to watch here.
    static func count(
      binary: String, classes: [CostClass], children: ChildProcessGroups? = nil,
      progress: (String) -> Void
    ) throws(CommandError) -> [CostEntry] {
      let watched = children ?? ChildProcessGroups()
      let watch = children == nil ? InterruptWatch(killing: watched) : nil
      defer { watch?.cancel() }
      return try CostCount.measure(
        binary: binary, classes: classes, children: watched, progress: progress)
    }

    /// `--accept-added`: the counts of changed and new classes, the old
    /// ones of every other class, unless a class grew past the tolerance.
    private static func writeAdded<Output, ErrorOutput>(
      _ comparison: CostComparison, old: CostSnapshot, path: String,
      console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let slower = comparison.rows(.slower)
      guard slower.isEmpty else {
        console.printError(
          "Error: \(path): \(slower.count) class(es) grew past \(CostComparison.toleranceShown) "
            + "(\(slower.map(\.name).joined(separator: ", "))); --accept-added records only "
            + "classes whose inputs changed, so nothing was written")
        return ExitStatus.failure
      }
      let recorded = comparison.rows.filter { $0.verdict == .inputsChanged || $0.verdict == .added }
      guard !recorded.isEmpty || !comparison.rows(.removed).isEmpty else {
        console.print("cost: \(path) is up to date (\(old.entries.count) classes)")
        return ExitStatus.success
      }
      let entries = comparison.rows.compactMap { row -> CostEntry? in
        switch row.verdict {
        case .inputsChanged, .added: row.after
        case .removed: nil
        case .slower, .faster, .within: row.before
        }
      }
      let snapshot = CostSnapshot(reason: old.reason, entries: entries)
      try writeAtomically(Array(snapshot.fileContents.utf8), toPath: path)
      console.print(
        "cost: wrote \(path): recorded \(recorded.map(\.name).joined(separator: ", ")); "
          + "changed nothing else; commit it with the inputs.")
      return ExitStatus.success
    }
  }
}

/// Whether this command's counts are a release build's: what the cost gate
/// measures is the running executable's `serve`.
enum ReleaseBuild {
  /// Why this build's counts are not a release build's, or nil.
  static var problem: String? {
    #if DEBUG
      return "this notification-body is a debug build"
    #else
      return WorkMeter.isLive ? "this notification-body has the work meter built in" : nil
    #endif
  }

  /// The running executable's path.
  static var ownExecutable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}
