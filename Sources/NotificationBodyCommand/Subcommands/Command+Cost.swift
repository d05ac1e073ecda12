import Foundation
import NotificationBodyCost
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyProcess
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
        Runs this release build's `serve` under callgrind once per workload class \
        (CostClass.all), counting only inside NotificationBody.make(from:limit:), and \
        compares each class with --snapshot: one more than \(CostComparison.toleranceShown) \
        slower fails, with its factor and the functions that grew; one faster passes. A \
        debug or metered build refuses. docs/cost.md, "The cost gate", has the rest.

        Exits 0 when no class grew past the tolerance or the snapshot was written, 1 when one \
        did, its inputs changed or counting failed, 64 for bad arguments or such a build.
        """,
      options: [
        Option("--accept", "Write the counts made now to the snapshot, with --reason."),
        Option("--reason <text>", "With --accept: one line saying why the counts changed."),
        Option(
          "--accept-added", "Record only classes whose inputs changed; refused when another grew."),
        Option("--snapshot <file>", "The snapshot. (default: \(CostSnapshot.path))", path: .kept),
        Option(
          "--corpus <folder>", "The fuzz corpus. (default: \(SnapshotPaths.corpus))", path: .folder),
        Option(
          "--markdown <file>", "Write the comparison as a Markdown table too; \"-\": stdout.",
          path: .output),
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
          try step { try writeAtomically(Array(table.utf8), toPath: markdown) }
        }
      }
      if accept {
        let snapshot = CostSnapshot(reason: arguments.values["--reason"]!, entries: measured)
        try step { try writeAtomically(Array(snapshot.fileContents.utf8), toPath: snapshotPath) }
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
    private static func count(
      binary: String, classes: [CostClass], progress: (String) -> Void
    ) throws(CommandError) -> [CostEntry] {
      let children = ChildProcessGroups()
      let watch = InterruptWatch(killing: children)
      defer { watch.cancel() }
      return try step {
        try CostCount.measure(
          binary: binary, classes: classes, children: children, progress: progress)
      }
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
      try step { try writeAtomically(Array(snapshot.fileContents.utf8), toPath: path) }
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
