import NotificationBodyFixtures

extension Command {
  /// `notification-body unicode-tables [options]`: the character data every
  /// platform cuts with, generated from one Unicode version's UCD files.
  enum UnicodeTables: Subcommand {
    static let help = Help(
      name: "unicode-tables",
      abstract: "Generate the grapheme break tables and the boundary fixtures from the UCD files.",
      discussion: """
        Reads GraphemeBreakProperty.txt, emoji-data.txt (Extended_Pictographic) and \
        DerivedCoreProperties.txt (InCB) of one Unicode version in \(UnicodeDataFiles.folder)/<version>/, \
        and writes every scalar's grapheme cluster properties as sorted ranges to \
        \(GraphemeTables.swiftPath), \(GraphemeTables.javaScriptPath) and \
        \(GraphemeTables.javaPath); then every line of that version's GraphemeBreakTest.txt \
        and the contract's own cases (\(UnicodeDataFiles.folder)/\(UnicodeDataFiles.contractBoundaries)) \
        to \(GraphemeTables.boundaryPath). Run it from the repository's root. Moving to a new \
        version: docs/contract.md, "Unicode versions".

        Exits 0 when the files were written (with --check: when they are up to date), 1 when \
        a UCD file cannot be read or holds what the rules do not know, or with --check when a \
        file differs, 64 for bad arguments.
        """,
      options: [
        Option(
          "--version <version>",
          "The Unicode version, a folder of \(UnicodeDataFiles.folder)/. (default: the newest there)"
        ),
        Option("--check", "Write nothing; name each generated file that differs from its source."),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let files: [(path: String, text: String)]
      do {
        let version = try arguments.values["--version"] ?? UnicodeDataFiles.newestVersion()
        files = try GraphemeTables(version: version).files()
      } catch {
        throw .failure("\(error)")
      }
      guard arguments.flags.contains("--check") else {
        for file in files {
          try step {
            try makeFolders(WriteDestination.folder(of: file.path))
            try writeAtomically(Array(file.text.utf8), toPath: file.path)
          }
          console.print("wrote \(file.path)")
        }
        return ExitStatus.success
      }
      var stale = 0
      for file in files {
        let current = try? FileBytes.read(atPath: file.path)
        if current == Array(file.text.utf8) {
          console.print("up to date: \(file.path)")
        } else {
          stale += 1
          console.print("differs from its source: \(file.path) (run `\(GraphemeTables.command)`)")
        }
      }
      return stale == 0 ? ExitStatus.success : ExitStatus.failure
    }
  }
}
