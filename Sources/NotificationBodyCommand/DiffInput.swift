import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

/// One message `diff` checks, with its limit and where it came from.
struct DiffInput: Sendable {
  /// Where an input came from, so a mismatch can be found again.
  enum Source: Sendable, Hashable, CustomStringConvertible {
    /// Message `index` (from 0) of `MessageGenerator(seed: seed)`.
    case generated(index: Int, seed: UInt64)
    /// A corpus file, read with `FuzzInput(bytes:)`.
    case corpus(path: String)
    /// Case `index` of a fixture file.
    case fixture(path: String, index: Int, name: String)

    var description: String {
      switch self {
      case .generated(let index, let seed): "generated #\(index) (seed \(seed))"
      case .corpus(let path): "corpus file \(path)"
      case .fixture(let path, let index, let name):
        "\(path): case \(index) (\(escapedForDisplay(name)))"
      }
    }
  }

  var source: Source
  var message: String
  var limit: NotificationBody.Limit

  /// `text` escaped for display and cut to its first 60 scalars, with its
  /// length when it was cut: `"Hello **wor"… (812 UTF-16 units)`.
  static func shortened(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > 60 else { return escapedForDisplay(text) }
    let prefix = String(String.UnicodeScalarView(scalars.prefix(60)))
    return escapedForDisplay(prefix) + "… (\(text.utf16.count) UTF-16 units)"
  }
}

/// The inputs of one `diff` run: generated messages, made a batch at a time,
/// then corpus files and fixture cases, read before the run starts.
struct DiffInputs: Sendable {
  /// How many inputs each source gives.
  struct Counts: Sendable {
    var generated = 0
    /// Generated messages checked a second time at the raised limit.
    var raised = 0
    var corpus = 0
    var fixtures = 0

    var total: Int { generated + raised + corpus + fixtures }
  }

  let seed: UInt64
  let limit: NotificationBody.Limit
  /// The limit every 8th generated message is checked at too.
  let raisedLimit: NotificationBody.Limit
  let counts: Counts

  private var generator: MessageGenerator
  private var nextIndex = 0
  private var files: [DiffInput]

  /// Every how many generated messages one is also checked at `raisedLimit`.
  static let raisedEvery = 8

  /// The inputs of a run.
  ///
  /// - Parameters:
  ///   - seed: The generator's seed.
  ///   - count: How many messages to generate.
  ///   - limit: Their limit.
  ///   - corpora: Folders of corpus files.
  ///   - fixtureFiles: Fixture files.
  /// - Throws: `CommandError.failure` naming a folder or file that can't be
  ///   read.
  init(
    seed: UInt64, count: Int, limit: NotificationBody.Limit, corpora: [String],
    fixtureFiles: [String]
  ) throws(CommandError) {
    self.seed = seed
    self.limit = limit
    raisedLimit = NotificationBody.Limit(utf16Units: max(1000, 2 * limit.utf16Units))
    generator = MessageGenerator(seed: seed)
    var counts = Counts(generated: count, raised: (count + Self.raisedEvery - 1) / Self.raisedEvery)
    files = []
    for folder in corpora {
      let corpus = try Self.corpus(in: folder)
      counts.corpus += corpus.count
      files += corpus
    }
    for path in fixtureFiles {
      let fixtures = try Self.fixtures(in: path)
      counts.fixtures += fixtures.count
      files += fixtures
    }
    self.counts = counts
  }

  /// The next inputs: up to `size` generated messages, each 8th also at
  /// the raised limit; once they are all made, the corpus files and
  /// fixture cases; then nothing.
  mutating func nextBatch(size: Int) -> [DiffInput] {
    guard nextIndex < counts.generated else {
      defer { files = [] }
      return files
    }
    var batch: [DiffInput] = []
    let end = min(counts.generated, nextIndex + max(1, size))
    while nextIndex < end {
      let source = DiffInput.Source.generated(index: nextIndex, seed: seed)
      let message = generator.next()
      batch.append(DiffInput(source: source, message: message, limit: limit))
      if nextIndex % Self.raisedEvery == 0 {
        batch.append(DiffInput(source: source, message: message, limit: raisedLimit))
      }
      nextIndex += 1
    }
    return batch
  }

  /// Every regular file under `folder`, in path order.
  private static func corpus(in folder: String) throws(CommandError) -> [DiffInput] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw .failure("\(folder): no such corpus folder")
    }
    guard isDirectory.boolValue else {
      throw .failure("\(folder): is a file, not a corpus folder")
    }
    guard let walk = FileManager.default.enumerator(atPath: folder) else {
      throw .failure("\(folder): cannot be read")
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    var paths: [String] = []
    while let relative = walk.nextObject() as? String {
      if walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
        paths.append(prefix + relative)
      }
    }
    var inputs: [DiffInput] = []
    for path in paths.sorted() {
      let fuzz = FuzzInput(bytes: try readFile(atPath: path))
      inputs.append(
        DiffInput(source: .corpus(path: path), message: fuzz.message, limit: fuzz.limit))
    }
    return inputs
  }

  /// Every case of the fixture file at `path`, at its own limit.
  private static func fixtures(in path: String) throws(CommandError) -> [DiffInput] {
    let file: FixtureFile
    do {
      file = try FixtureFile.load(path: path)
    } catch {
      throw .failure(error.description)
    }
    return file.cases.enumerated().map { index, fixture in
      DiffInput(
        source: .fixture(path: path, index: index, name: fixture.name), message: fixture.input,
        limit: fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default)
    }
  }
}
