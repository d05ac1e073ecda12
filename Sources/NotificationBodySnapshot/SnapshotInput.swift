import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

/// One input read from a corpus folder or a fixture file, and the limits its
/// bodies are made at: what the snapshot holds, and what `diff` and
/// `gate --baseline` read from files.
package struct SnapshotInput: Sendable {
  /// Where an input was read, so a report can point at it.
  package typealias Origin = InputSource

  /// The key of the input in the snapshot: `corpus:` and the SHA-1 of the
  /// file's bytes (the name libFuzzer gives it), or `fixture:` and the case's
  /// name.
  package var id: String
  package var message: String
  /// Its own limit in UTF-16 units: the fuzz input's, or the fixture case's.
  package var limit: Int
  /// The limits in UTF-16 units its bodies are made at, ascending and
  /// distinct: the default, `Snapshot.secondLimit` and its own.
  package var limits: [Int]
  package var origin: Origin

  /// The limit every input's body is made at beside the default and its own.
  package static var secondLimit: Int { Snapshot.secondLimit }

  /// An input made at the default limit, the raised one and `limit`.
  package init(id: String, message: String, limit: Int, origin: Origin) {
    self.id = id
    self.message = message
    self.limit = limit
    self.limits = Array(
      Set([NotificationBody.Limit.default.utf16Units, Self.secondLimit, limit])
    ).sorted()
    self.origin = origin
  }

  /// Every input of a corpus folder and a fixture file, sorted by id.
  ///
  ///     let inputs = try SnapshotInput.load(
  ///       corpus: "corpus", fixtures: "test-fixtures/notification-body.json")
  ///
  /// - Parameters:
  ///   - corpus: A folder of fuzzer inputs; nil for none.
  ///   - fixtures: A fixture file; nil for none.
  /// - Returns: `read(corpora:fixtures:)`'s inputs, sorted by id.
  /// - Throws: `SnapshotError` naming the folder or file that is missing or
  ///   cannot be read.
  package static func load(corpus: String?, fixtures: String?) throws(SnapshotError)
    -> [SnapshotInput]
  {
    sortedByID(
      try read(corpora: corpus.map { [$0] } ?? [], fixtures: fixtures.map { [$0] } ?? []))
  }

  /// `inputs` in the order of their ids' UTF-8 bytes.
  private static func sortedByID(_ inputs: [SnapshotInput]) -> [SnapshotInput] {
    inputs.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// Every input of some corpus folders and fixture files, in the order
  /// they were read: the corpus files by path, then each fixture file's
  /// cases in order.
  ///
  /// - Parameters:
  ///   - corpora: Folders of fuzzer inputs, read recursively; files and
  ///     folders whose name starts with "." are skipped, and of files with
  ///     the same bytes (in one folder or several) only the first in path
  ///     order is read as an input.
  ///   - fixtures: Fixture files.
  /// - Returns: One input per distinct corpus file content and one per
  ///   fixture case.
  /// - Throws: `SnapshotError` naming the folder or file that is missing or
  ///   cannot be read.
  /// - Complexity: O(*n*) in the size of the files, read and hashed on all
  ///   cores; at most 64 KiB of each corpus file is kept.
  package static func read(corpora: [String], fixtures: [String]) throws(SnapshotError)
    -> [SnapshotInput]
  {
    var paths: [String] = []
    for folder in corpora {
      paths += try corpusPaths(in: folder)
    }
    let files = try fixtures.map { path throws(SnapshotError) in
      do throws(FixtureError) {
        return try FixtureFile.load(path: path)
      } catch {
        throw SnapshotError(description: error.description)
      }
    }
    return try corpusInputs(at: paths) + files.flatMap(inputs(of:))
  }

  /// Every input of a corpus folder, and the cases of a fixture file
  /// already read: sorted by id, as `load(corpus:fixtures:)` gives them.
  package static func load(corpus: String, fixtures: FixtureFile) throws(SnapshotError)
    -> [SnapshotInput]
  {
    sortedByID(try corpusInputs(at: corpusPaths(in: corpus)) + inputs(of: fixtures))
  }

  /// A fixture file's cases as inputs, in order.
  private static func inputs(of file: FixtureFile) -> [SnapshotInput] {
    file.cases.enumerated().map { index, fixture in
      SnapshotInput(
        id: "fixture:" + fixture.name, message: fixture.input,
        limit: fixture.limit ?? NotificationBody.Limit.default.utf16Units,
        origin: .fixture(path: file.path, index: index, name: fixture.name))
    }
  }

  /// The regular files under `folder`, in path order, skipping names that
  /// start with ".".
  private static func corpusPaths(in folder: String) throws(SnapshotError) -> [String] {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw SnapshotError(description: "\(folder): no such corpus folder")
    }
    guard isDirectory.boolValue, let walk = manager.enumerator(atPath: folder) else {
      throw SnapshotError(
        description: "\(folder): "
          + (isDirectory.boolValue ? "cannot be read" : "is a file, not a corpus folder"))
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    var paths: [String] = []
    while let relative = walk.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") {
        if walk.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
          walk.skipDescendants()
        }
        continue
      }
      if walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
        paths.append(prefix + relative)
      }
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// One input per distinct content of the files at `paths`; of files with
  /// the same bytes, the first names it.
  private static func corpusInputs(at paths: [String]) throws(SnapshotError) -> [SnapshotInput] {
    let read = paths.concurrentMap { path -> Result<SnapshotInput, FileBytes.Failure> in
      Result { () throws(FileBytes.Failure) in
        // A file past 64 KiB is kept as its first 64 KiB (the same body).
        let file = try FileBytes.readMessage(atPath: path)
        let input = FuzzInput(bytes: file.bytes)
        return SnapshotInput(
          id: "corpus:" + file.digest, message: input.message,
          limit: input.limit.utf16Units, origin: .corpus(path: path))
      }
    }
    var seen: Set<String> = []
    var inputs: [SnapshotInput] = []
    for result in read {
      let input: SnapshotInput
      do {
        input = try result.get()
      } catch {
        throw SnapshotError(description: error.description)
      }
      if seen.insert(input.id).inserted { inputs.append(input) }
    }
    return inputs
  }
}
