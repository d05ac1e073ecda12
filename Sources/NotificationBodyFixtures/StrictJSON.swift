import Foundation

/// A JSON reader (RFC 8259) that refuses every text that JSON readers on
/// other platforms read differently, so a file it accepts means the same on
/// iOS, Android (Kotlin and Java), JavaScript (`JSON.parse`) and Python
/// (`json`).
///
///     let value = try StrictJSON.parse(Data(#"{"a": [1, "b"]}"#.utf8))
///     // .object with one member "a": .array([.number("1"), .string("b")])
///
/// It refuses, with the line and column:
/// - a trailing comma in an array or an object (`[1,]`, `{"a": 1,}`), which
///   `JSON.parse` and Python refuse and some other readers accept;
/// - a key repeated in one object, compared scalar by scalar after its
///   escapes are decoded (`"a"` and `"\u0061"` are the same key): Swift's
///   `JSONDecoder` keeps the first value, `JSON.parse` and Python the last;
/// - a number with a leading zero (`01`), or with a sign, point or exponent
///   and no digit after it;
/// - a `\u` escape of a lone UTF-16 surrogate (`"\uD800"` not followed by a
///   low surrogate, or a low one alone): Python keeps it as a surrogate,
///   `JSON.parse` as a lone UTF-16 unit, Swift refuses it or replaces it;
/// - a control character (U+0000 to U+001F) written raw inside a string,
///   and any byte sequence that is not UTF-8;
/// - a byte order mark at the start of the text: `JSON.parse` and Python's
///   `json.loads` of a string refuse it, other readers skip it. A U+FEFF
///   inside a string is text like any other and is kept;
/// - arrays and objects nested deeper than `depthBudget`, so that a hostile
///   file costs a bounded stack (the reader keeps its own stack, on the heap).
///
/// Strings are handed over exactly as written: no normalization, no
/// scalar dropped. Numbers keep their text (`"300"`, `"300.0"`, `"1e3"`),
/// so a schema can ask for a whole number written as one.
package enum StrictJSON {
  /// The most arrays and objects one value may nest.
  package static let depthBudget = 512

  /// A JSON value as written.
  package enum Value: Sendable {
    case string(String)
    /// A number's text, exactly as written: `"-12"`, `"300.0"`, `"1e3"`.
    case number(String)
    case bool(Bool)
    case null
    case array([Value])
    case object(Object)
  }

  /// An object's members in the order written, each key once.
  package struct Object: Sendable {
    /// The members in file order.
    package private(set) var members: [Member] = []
    /// Where each key's member is, by the key's UTF-8 bytes: scalar by
    /// scalar, as `String`'s `==` (canonical equivalence) would not compare.
    private var positions: [[UInt8]: Int] = [:]

    package init() {}

    /// The value of the member whose key has exactly the scalars of `key`.
    package subscript(key: String) -> Value? {
      positions[Array(key.utf8)].map { members[$0].value }
    }

    /// Adds a member unless its key is already there.
    ///
    /// - Returns: False, adding nothing, when `keyBytes` is already a key.
    mutating func insert(key: String, keyBytes: [UInt8], value: Value) -> Bool {
      guard positions[keyBytes] == nil else { return false }
      positions[keyBytes] = members.count
      members.append(Member(key: key, value: value))
      return true
    }

    /// Whether `keyBytes` is already a key.
    func contains(keyBytes: [UInt8]) -> Bool { positions[keyBytes] != nil }
  }

  /// One member of an object.
  package struct Member: Sendable {
    package var key: String
    package var value: Value
  }

  /// One step from a value into one of its members or elements.
  package enum PathStep: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  /// Why a text was refused, and where.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// The line of the problem, from 1.
    package var line: Int
    /// The column of the problem, from 1, in Unicode scalars (a byte that
    /// is not UTF-8 counts as one).
    package var column: Int
    /// What is wrong, in plain words: `trailing comma`.
    package var problem: String
    /// The way from the top value to the innermost array or object open at
    /// the problem: the key or the index each one on the way was reading.
    /// `[.key("cases"), .index(12)]` for a problem directly inside the 13th
    /// element of the top object's `"cases"`.
    package var path: [PathStep] = []
    /// For a repeated key: the object's members read before it, so that a
    /// message can name the object by one of them.
    package var objectSoFar: Object?

    /// `line 3, column 14: trailing comma`.
    package var description: String { "line \(line), column \(column): \(problem)" }
  }

  /// Reads a whole JSON text.
  ///
  /// - Parameter data: The text's bytes, UTF-8 without a byte order mark.
  /// - Returns: Its value.
  /// - Throws: `Failure` at the first thing the type's summary lists, or the
  ///   first place that is not JSON.
  /// - Complexity: O(*n*) in the bytes of `data`: each byte is examined a
  ///   bounded number of times (`read(_:)` counts them) and each string is
  ///   built once, by appending.
  package static func parse(_ data: Data) throws(Failure) -> Value {
    try read(data).value
  }

  /// Reads a whole JSON text, counting the bytes examined on the way.
  ///
  /// - Parameter data: As for `parse(_:)`.
  /// - Returns: The value, and how many times a byte of `data` was examined:
  ///   at most a few times its size.
  /// - Throws: As `parse(_:)`.
  package static func read(_ data: Data) throws(Failure) -> (value: Value, bytesExamined: Int) {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(Failure) in
        var parser = StrictJSONParser(bytes: raw.bindMemory(to: UInt8.self))
        let value = try parser.document()
        return (value, parser.scanner.examined)
      }
    }
    return try result.get()
  }
}
