import Foundation
import NotificationBodyHarness

/// One case of a fixture file: a message, an optional raised limit, and the
/// body every platform must produce for it.
package struct FixtureCase: Sendable, Hashable {
  /// A unique name that starts with the contract rule it pins, e.g. `R7 …`.
  package var name: String
  /// The message as the sender typed it.
  package var input: String
  /// The body the contract requires.
  package var expect: String
  /// The limit in UTF-16 code units, when the case raises it above 256.
  package var limit: Int?

  package init(name: String, input: String, expect: String, limit: Int? = nil) {
    self.name = name
    self.input = input
    self.expect = expect
    self.limit = limit
  }
}

/// A fixture file of the shared schema:
/// `{"$comment": …, "version": 1, "cases": [{"name", "input", "expect", "limit"?}]}`.
package struct FixtureFile: Sendable {
  /// The path the file was read from, for messages.
  package var path: String
  /// The cases in file order.
  package var cases: [FixtureCase]

  /// Reads and checks a fixture file.
  ///
  /// - Parameter path: The file to read.
  /// - Throws: `FixtureError`, whose description names the file and the place
  ///   (line and column for bad JSON, the case's index and name otherwise).
  package static func load(path: String) throws(FixtureError) -> FixtureFile {
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
  package static func parse(_ data: Data, path: String) throws(FixtureError) -> FixtureFile {
    // JSONDecoder, not JSONSerialization: on Linux the latter silently drops
    // a U+FEFF written raw at the start of a string, and fixture strings
    // must arrive exactly as written.
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw FixtureError(
        path: path, place: syntaxErrorPlace(in: data), problem: "is not valid JSON")
    }
    guard case .object(let object) = root else {
      throw FixtureError(path: path, place: nil, problem: "top level is not a JSON object")
    }
    guard case .integer(1) = object["version"] else {
      throw FixtureError(
        path: path, place: "\"version\"", problem: "must be 1 (this reader knows version 1)")
    }
    guard case .array(let rawCases) = object["cases"] else {
      throw FixtureError(path: path, place: "\"cases\"", problem: "missing or not an array")
    }
    guard !rawCases.isEmpty else {
      throw FixtureError(path: path, place: "\"cases\"", problem: "holds no cases")
    }
    var cases: [FixtureCase] = []
    var seen: Set<[Unicode.Scalar]> = []
    for (index, raw) in rawCases.enumerated() {
      guard case .object(let fields) = raw else {
        throw FixtureError(path: path, place: "case \(index)", problem: "is not a JSON object")
      }
      var name: String?
      if case .string(let text) = fields["name"] { name = text }
      let place = "case \(index)" + (name.map { " (\(Escaped.forDisplay($0)))" } ?? "")
      var strings: [String: String] = [:]
      for key in ["name", "input", "expect"] {
        guard case .string(let text) = fields[key] else {
          throw FixtureError(
            path: path, place: place,
            problem: fields[key] == nil ? "has no \"\(key)\"" : "\"\(key)\" is not a string")
        }
        strings[key] = text
      }
      var limit: Int?
      if let rawLimit = fields["limit"] {
        guard case .integer(let number) = rawLimit, number >= 256 else {
          throw FixtureError(
            path: path, place: place, problem: "\"limit\" must be a whole number of at least 256")
        }
        limit = number
      }
      let fixture = FixtureCase(
        name: strings["name"]!, input: strings["input"]!, expect: strings["expect"]!, limit: limit)
      // Names are compared scalar by scalar, as bodies are.
      guard seen.insert(Array(fixture.name.unicodeScalars)).inserted else {
        throw FixtureError(path: path, place: place, problem: "repeats an earlier name")
      }
      cases.append(fixture)
    }
    return FixtureFile(path: path, cases: cases)
  }

  /// Where Foundation's parser stops on `data`: its "around character N",
  /// as a line and column.
  private static func syntaxErrorPlace(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      return jsonErrorPlace(error, in: data)
    }
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
package struct FixtureError: Error, Sendable, CustomStringConvertible {
  package var path: String
  package var place: String?
  package var problem: String

  package var description: String {
    "\(path)" + (place.map { ": \($0)" } ?? "") + ": \(problem)"
  }
}

extension FixtureFile {
  /// The shared contract fixtures' path inside the repository.
  package static let contractPath = "test-fixtures/notification-body.json"

  /// The repository's root: the nearest folder above `file` that holds
  /// `Package.swift` and `test-fixtures/`. Tests pass `#filePath`.
  package static func repositoryRoot(containing file: String) -> String? {
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
  package static func loadContract(near file: String) throws(FixtureError) -> FixtureFile {
    guard let root = repositoryRoot(containing: file) else {
      throw FixtureError(
        path: contractPath, place: nil, problem: "no repository root found above \(file)")
    }
    return try load(path: root + "/" + contractPath)
  }
}

/// Any JSON value, decoded exactly (see `FixtureFile.parse`).
private enum JSONValue: Decodable, Equatable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    if var items = try? decoder.unkeyedContainer() {
      var values: [JSONValue] = []
      while !items.isAtEnd { values.append(try items.decode(JSONValue.self)) }
      self = .array(values)
    } else if let keyed = try? decoder.container(keyedBy: Key.self) {
      var values: [String: JSONValue] = [:]
      for key in keyed.allKeys {
        values[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
      }
      self = .object(values)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let value = try? single.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? single.decode(Int.self) {
        self = .integer(value)
      } else if let value = try? single.decode(Double.self) {
        self = .number(value)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
