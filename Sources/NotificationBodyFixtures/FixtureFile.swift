import Foundation
import NotificationBodyText

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
  /// The input as written when it holds lone surrogates, each as its
  /// stand-in (`LoneSurrogates`), for a port; `input` holds U+FFFD in their
  /// place, the contract's rule, for the library. Nil when it holds none.
  package var withLoneSurrogates: String?

  /// The limit the case is checked at: `limit`, or 256 without one.
  package var effectiveLimit: Int { limit ?? 256 }

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
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(atPath: path, limit: FileBytes.jsonLimit)
    } catch {
      throw FixtureError(path: path, place: nil, problem: error.problem)
    }
    return try parse(Data(bytes), path: path)
  }

  /// The top-level key of a fixture file whose inputs hold lone UTF-16
  /// surrogates, written as `\u` escapes, and its one value: such a file
  /// is read with each of them as U+FFFD (`test-fixtures/lone-surrogates.json`).
  package static let loneSurrogatesKey = "loneSurrogates"
  package static let loneSurrogatesEscaped = "escaped"

  /// Checks fixture data already in memory; `path` is used in messages only.
  ///
  /// The JSON is read by `StrictJSON`, which refuses what platforms read
  /// differently (trailing commas, repeated keys, lone surrogates, a byte
  /// order mark); then the schema: `version` 1, a non-empty `cases` array of
  /// objects with string `name` (not empty, unique scalar by scalar),
  /// `input` and `expect`, an optional `limit` written as a whole number from
  /// 256 to 2^53 − 1 (`JSONFormat.largestExactInteger`), and no two cases
  /// with the same input at the same limit (`limit` absent is 256), as
  /// `promote` compares them.
  ///
  /// - Complexity: O(*n*) in the bytes of `data`.
  package static func parse(_ data: Data, path: String) throws(FixtureError) -> FixtureFile {
    let root: StrictJSON.Value
    // A file that declares lone surrogates has them read as stand-ins
    // (`LoneSurrogates`); in any other file they are refused where they stand.
    let rewritten = StrictJSON.replacingLoneSurrogateEscapes(data, standIns: true)
    do {
      root = try StrictJSON.parse(rewritten.replaced > 0 ? Data(rewritten.bytes) : data)
    } catch {
      throw FixtureError(path: path, place: place(of: error), problem: error.problem)
    }
    guard case .object(let object) = root else {
      throw FixtureError(path: path, place: nil, problem: "top level is not a JSON object")
    }
    var declaresLoneSurrogates = false
    if case .string(let value) = object[loneSurrogatesKey] {
      declaresLoneSurrogates = value == loneSurrogatesEscaped
    }
    if rewritten.replaced > 0, !declaresLoneSurrogates {
      do {
        _ = try StrictJSON.parse(data)
      } catch {
        throw FixtureError(path: path, place: place(of: error), problem: error.problem)
      }
    }
    guard case .number("1") = object["version"] else {
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
    // Names and inputs are compared scalar by scalar, as bodies are: by
    // their UTF-8 bytes.
    var names: [[UInt8]: Int] = [:]
    var inputs: [InputAtLimit: Int] = [:]
    for (index, raw) in rawCases.enumerated() {
      let fixture = try fixtureCase(raw, index: index, path: path)
      let place = Self.place(ofCase: index, named: fixture.name)
      guard !fixture.name.isEmpty else {
        throw FixtureError(path: path, place: place, problem: "has an empty name")
      }
      if let earlier = names.updateValue(index, forKey: Array(fixture.name.utf8)) {
        throw FixtureError(
          path: path, place: place, problem: "has the same name as case \(earlier)")
      }
      let key = InputAtLimit(
        input: Array((fixture.withLoneSurrogates ?? fixture.input).utf8),
        limit: fixture.effectiveLimit)
      if let earlier = inputs[key] {
        throw FixtureError(
          path: path, place: place,
          problem: "has the same input and limit as "
            + Self.place(ofCase: earlier, named: cases[earlier].name))
      }
      inputs[key] = index
      cases.append(fixture)
    }
    return FixtureFile(path: path, cases: cases)
  }

  /// A case's input, as UTF-8, at the limit it is checked at.
  private struct InputAtLimit: Hashable {
    var input: [UInt8]
    var limit: Int
  }

  /// Reads case `index` of the `cases` array.
  private static func fixtureCase(_ raw: StrictJSON.Value, index: Int, path: String)
    throws(FixtureError) -> FixtureCase
  {
    guard case .object(let fields) = raw else {
      throw FixtureError(path: path, place: "case \(index)", problem: "is not a JSON object")
    }
    var name: String?
    if case .string(let text) = fields["name"] { name = text }
    let place = Self.place(ofCase: index, named: name)
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
      // Digits only: `300.0` and `1e3` are 300 and 1000 to some readers and
      // not whole numbers to others.
      guard case .number(let text) = rawLimit,
        text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        let number = Int(text), (256...JSONFormat.largestExactInteger).contains(number)
      else {
        throw FixtureError(
          path: path, place: place,
          problem: "\"limit\" must be a whole number from 256 to \(JSONFormat.largestExactInteger)")
      }
      limit = number
    }
    let written = strings["input"]!
    var fixture = FixtureCase(
      name: strings["name"]!, input: written, expect: strings["expect"]!, limit: limit)
    if LoneSurrogates.has(written) {
      fixture.input = LoneSurrogates.replaced(written)
      fixture.withLoneSurrogates = written
    }
    guard !LoneSurrogates.has(fixture.expect) else {
      throw FixtureError(path: path, place: place, problem: "\"expect\" holds a lone surrogate")
    }
    return fixture
  }

  /// `case 12 ("R5 …")`, or `case 12` when the name is not known.
  private static func place(ofCase index: Int, named name: String?) -> String {
    "case \(index)" + (name.map { $0.isEmpty ? "" : " (\(Escaped.forDisplay($0)))" } ?? "")
  }

  /// `line 3, column 14`, and for a key repeated in a case, the case too:
  /// `line 3, column 14: case 12 ("R5 …")`.
  private static func place(of failure: StrictJSON.Failure) -> String {
    let place = "line \(failure.line), column \(failure.column)"
    guard let object = failure.objectSoFar, failure.path.count == 2,
      failure.path[0] == .key("cases"), case .index(let index) = failure.path[1]
    else { return place }
    var name: String?
    if case .string(let text) = object["name"] { name = text }
    return place + ": " + Self.place(ofCase: index, named: name)
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
