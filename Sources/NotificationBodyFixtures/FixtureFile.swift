import Foundation

/// One case of a fixture file: a message, an optional raised limit, and the
/// body every platform must produce for it.
public struct FixtureCase: Sendable, Hashable {
  /// A unique name that starts with the contract rule it pins, e.g. `R7 …`.
  public var name: String
  /// The message as the sender typed it.
  public var input: String
  /// The body the contract requires.
  public var expect: String
  /// The limit in UTF-16 code units, when the case raises it above 256.
  public var limit: Int?

  public init(name: String, input: String, expect: String, limit: Int? = nil) {
    self.name = name
    self.input = input
    self.expect = expect
    self.limit = limit
  }
}

/// A fixture file of the shared schema:
/// `{"$comment": …, "version": 1, "cases": [{"name", "input", "expect", "limit"?}]}`.
public struct FixtureFile: Sendable {
  /// The path the file was read from, for messages.
  public var path: String
  /// The cases in file order.
  public var cases: [FixtureCase]

  /// Reads and checks a fixture file.
  ///
  /// - Parameter path: The file to read.
  /// - Throws: `FixtureError`, whose description names the file and the place
  ///   (line and column for bad JSON, the case's index and name otherwise).
  public static func load(path: String) throws(FixtureError) -> FixtureFile {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      throw FixtureError(
        path: path, place: nil,
        problem: exists
          ? (isDirectory.boolValue ? "is a directory, not a fixture file" : "cannot be read")
          : "no such file")
    }
    return try parse(data, path: path)
  }

  /// Checks fixture data already in memory; `path` is used in messages only.
  public static func parse(_ data: Data, path: String) throws(FixtureError) -> FixtureFile {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw FixtureError(
        path: path, place: jsonErrorPlace(error, in: data), problem: "is not valid JSON")
    }
    guard let object = root as? [String: Any] else {
      throw FixtureError(path: path, place: nil, problem: "top level is not a JSON object")
    }
    guard let version = object["version"] as? Int, version == 1 else {
      throw FixtureError(
        path: path, place: "\"version\"", problem: "must be 1 (this reader knows version 1)")
    }
    guard let rawCases = object["cases"] as? [Any] else {
      throw FixtureError(path: path, place: "\"cases\"", problem: "missing or not an array")
    }
    guard !rawCases.isEmpty else {
      throw FixtureError(path: path, place: "\"cases\"", problem: "holds no cases")
    }
    var cases: [FixtureCase] = []
    var seen: Set<String> = []
    for (index, raw) in rawCases.enumerated() {
      let place = { (name: String?) in
        "case \(index)" + (name.map { " (\(escapedForDisplay($0)))" } ?? "")
      }
      guard let fields = raw as? [String: Any] else {
        throw FixtureError(path: path, place: place(nil), problem: "is not a JSON object")
      }
      let name = fields["name"] as? String
      for key in ["name", "input", "expect"] where !(fields[key] is String) {
        throw FixtureError(
          path: path, place: place(name),
          problem: fields[key] == nil ? "has no \"\(key)\"" : "\"\(key)\" is not a string")
      }
      var limit: Int?
      if let rawLimit = fields["limit"] {
        guard let number = rawLimit as? Int, !(rawLimit is Bool), number >= 256 else {
          throw FixtureError(
            path: path, place: place(name),
            problem: "\"limit\" must be a whole number of at least 256")
        }
        limit = number
      }
      let fixture = FixtureCase(
        name: name!, input: fields["input"] as! String, expect: fields["expect"] as! String,
        limit: limit)
      guard seen.insert(fixture.name).inserted else {
        throw FixtureError(path: path, place: place(name), problem: "repeats an earlier name")
      }
      cases.append(fixture)
    }
    return FixtureFile(path: path, cases: cases)
  }

  /// Turns Foundation's "around character N" into a line and column.
  private static func jsonErrorPlace(_ error: any Error, in data: Data) -> String? {
    let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    guard let range = text.range(of: "character "),
      let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
    else { return nil }
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }
}

/// Why a fixture file was refused, naming the file and the place.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var place: String?
  public var problem: String

  public var description: String {
    "\(path)" + (place.map { ": \($0)" } ?? "") + ": \(problem)"
  }
}

extension FixtureFile {
  /// The shared contract fixtures' path inside the repository.
  public static let contractPath = "test-fixtures/notification-body.json"

  /// The repository's root: the nearest folder above `file` that holds
  /// `Package.swift` and `test-fixtures/`. Tests pass `#filePath`.
  public static func repositoryRoot(containing file: String) -> String? {
    var url = URL(fileURLWithPath: file).deletingLastPathComponent()
    while url.path != "/" {
      let manager = FileManager.default
      if manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
        manager.fileExists(atPath: url.appendingPathComponent("test-fixtures").path)
      {
        return url.path
      }
      url.deleteLastPathComponent()
    }
    return nil
  }

  /// Loads the contract fixtures of the repository that holds `file`.
  public static func loadContract(near file: String) throws(FixtureError) -> FixtureFile {
    guard let root = repositoryRoot(containing: file) else {
      throw FixtureError(
        path: contractPath, place: nil, problem: "no repository root found above \(file)")
    }
    return try load(path: root + "/" + contractPath)
  }
}
