import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

extension Command {
  /// `notification-body seeds [options]`: every fixture case as a seed input
  /// of each fuzz target's corpus.
  enum Seeds: Subcommand {
    static let help = Help(
      name: "seeds",
      abstract: "Write the fixture cases as the fuzz targets' seed corpus.",
      discussion: """
        Writes each fixture case as the fuzzer input that reads back as its input at its \
        limit into <corpus>/<target>/ for each target, named by the SHA-1 of its bytes; a \
        file that exists is left. With --names, prints the seeds' file names instead.

        Exits 0 on success, 1 when a file cannot be read or written or exists with other \
        bytes, 64 for bad arguments.
        """,
      options: [
        Option(
          "--fixtures <file>", "The fixture file. (default: \(FixtureFile.contractPath))",
          path: .file),
        Option(
          "--corpus <folder>", "The targets' corpus folders. (default: corpus)", path: .folder),
        Option("--names", "Print the seeds' file names; write nothing."),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let path = arguments.fixtures
      let cases: [FixtureCase]
      do {
        cases = try FixtureFile.load(path: path).cases
      } catch {
        throw .failure("\(error)")
      }
      let seeds = self.seeds(of: cases)
      if arguments.flags.contains("--names") {
        for seed in seeds { console.print(seed.name) }
        return ExitStatus.success
      }
      let corpus = arguments.values["--corpus"] ?? "corpus"
      for target in FuzzTarget.allCases {
        let folder = corpus + "/" + target.rawValue
        var written = 0
        for seed in seeds where try step({ try saveNew(seed.bytes, in: folder, as: seed.name) }) {
          written += 1
        }
        console.print(
          "\(folder): \(written) new seed files (\(seeds.count) from \(cases.count) fixture cases)")
      }
      return ExitStatus.success
    }

    /// One seed file per distinct input and limit, sorted by name.
    static func seeds(of cases: [FixtureCase]) -> [(name: String, bytes: [UInt8])] {
      var byName: [String: [UInt8]] = [:]
      for fixture in cases {
        let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
        let bytes = FuzzInput(message: fixture.input, limit: limit).bytes
        byName[InputDigest.hex(of: bytes)] = bytes
      }
      return byName.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
  }
}
