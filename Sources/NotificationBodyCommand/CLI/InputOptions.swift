import NotificationBodySnapshot

/// The options that choose what `diff` and `work` read, and the inputs they
/// ask for: generated messages, corpus folders and fixture files.
enum InputOptions {
  /// `--seed`, `--count`, `--corpus`, `--fixtures` and `--limit`.
  static func options(defaultCount: Int) -> [Option] {
    [
      Option(
        "--seed <s>",
        "The generator's seed, decimal or 0x hex. (default: \(Command.Diff.defaultSeed))"),
      Option(
        "--count <n>", "How many messages to generate; 0 for none. (default: \(defaultCount))"),
      Option(
        "--corpus <folder>", "A folder of fuzzer inputs, read recursively.", repeatable: true,
        path: .folder),
      Option("--fixtures <file>", "A fixture file.", repeatable: true, path: .file),
      Option("--limit <n>", "The generated messages' limit, 256 to 2^53 - 1. (default: 256)"),
    ]
  }

  /// The inputs `arguments` ask for: each corpus and fixture input at its
  /// own limit, and the generated messages.
  ///
  /// - Throws: `CommandError.usage` for a bad value, `.failure` naming a
  ///   folder or file that cannot be read.
  static func inputs(
    _ arguments: ParsedArguments, defaultCount: Int, filesFirst: Bool, help: Help
  ) throws(CommandError) -> ComparedInputs {
    let seed = try ParsedArguments.seed(arguments.values["--seed"], help: help)
    let count = try ParsedArguments.count(
      arguments.values["--count"], default: defaultCount, help: help)
    let limit = try ParsedArguments.limit(arguments.values["--limit"], help: help)
    let files: [SnapshotInput]
    do {
      files = try SnapshotInput.read(
        corpora: arguments.repeatedValues["--corpus"] ?? [],
        fixtures: arguments.repeatedValues["--fixtures"] ?? [])
    } catch {
      throw .failure(error.description)
    }
    return ComparedInputs(
      seed: seed, count: count, limit: limit, files: files.map(\.atItsOwnLimit),
      filesFirst: filesFirst)
  }
}
