import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness

/// One input the snapshot holds: a corpus file's message or a fixture case's
/// input, and the limits its bodies are made at.
public struct SnapshotInput: Sendable {
  /// Where an input was read, so a report can point at it.
  public enum Origin: Sendable, Hashable, CustomStringConvertible {
    /// A corpus file, read with `FuzzInput(bytes:)`. The same bytes in
    /// another file (another target's folder) are the same input.
    case corpus(path: String)
    /// Case `index` (from 0) of a fixture file.
    case fixture(path: String, index: Int, name: String)

    public var description: String {
      switch self {
      case .corpus(let path): path
      case .fixture(let path, let index, _): "\(path), case \(index)"
      }
    }
  }

  /// The key of the input in the snapshot: `corpus:` and the SHA-1 of the
  /// file's bytes (the name libFuzzer gives it), or `fixture:` and the case's
  /// name.
  public var id: String
  public var message: String
  /// The limits in UTF-16 units its bodies are made at, ascending and
  /// distinct: the default, `SnapshotInput.raisedLimit` and its own.
  public var limits: [Int]
  public var origin: Origin

  /// The raised limit every input's body is also made at.
  public static let raisedLimit = 1000

  /// An input made at the default limit, the raised one and `limit`.
  public init(id: String, message: String, limit: Int, origin: Origin) {
    self.id = id
    self.message = message
    self.limits = Array(
      Set([NotificationBody.Limit.default.utf16Units, Self.raisedLimit, limit])
    ).sorted()
    self.origin = origin
  }

  /// Every input of a corpus folder and a fixture file, sorted by id.
  ///
  ///     let inputs = try SnapshotInput.load(
  ///       corpus: "corpus", fixtures: "test-fixtures/notification-body.json")
  ///
  /// - Parameters:
  ///   - corpus: A folder of fuzzer inputs, read recursively; files whose
  ///     name starts with "." are skipped. Nil for none.
  ///   - fixtures: A fixture file; nil for none.
  /// - Returns: One input per distinct corpus file content and one per
  ///   fixture case.
  /// - Throws: `SnapshotError` naming the folder or file that is missing or
  ///   cannot be read.
  /// - Complexity: O(*n*) in the size of the files, read and hashed on all
  ///   cores.
  public static func load(corpus: String?, fixtures: String?) throws(SnapshotError)
    -> [SnapshotInput]
  {
    var inputs = try corpus.map(corpusInputs(in:)) ?? []
    if let fixtures {
      let file: FixtureFile
      do {
        file = try FixtureFile.load(path: fixtures)
      } catch {
        throw SnapshotError(description: error.description)
      }
      inputs += file.cases.enumerated().map { index, fixture in
        SnapshotInput(
          id: "fixture:" + fixture.name, message: fixture.input,
          limit: fixture.limit ?? NotificationBody.Limit.default.utf16Units,
          origin: .fixture(path: fixtures, index: index, name: fixture.name))
      }
    }
    return inputs.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// One input per distinct content of the regular files under `folder`;
  /// of files with the same bytes, the one first in path order names it.
  private static func corpusInputs(in folder: String) throws(SnapshotError) -> [SnapshotInput] {
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
    paths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let read = paths.concurrentMap { path -> SnapshotInput? in
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      let bytes = [UInt8](data)
      let input = FuzzInput(bytes: bytes)
      return SnapshotInput(
        id: "corpus:" + InputDigest.hex(of: bytes), message: input.message,
        limit: input.limit.utf16Units, origin: .corpus(path: path))
    }
    var seen: Set<String> = []
    var inputs: [SnapshotInput] = []
    for (path, input) in zip(paths, read) {
      guard let input else {
        throw SnapshotError(description: "\(path): cannot be read")
      }
      if seen.insert(input.id).inserted { inputs.append(input) }
    }
    return inputs
  }
}

/// Why the gate could not read its inputs or its snapshot, naming the file.
public struct SnapshotError: Error, Sendable, CustomStringConvertible {
  /// "path: problem", in the shape of `FixtureError`.
  public var description: String

  public init(description: String) {
    self.description = description
  }
}
