import Foundation
import NotificationBody
import NotificationBodyHarness

/// Appends one case to a fixture file written in the shared file's format,
/// keeping every byte already there.
///
///     let appender = try FixtureAppender(path: "test-fixtures/notification-body.json")
///     let fixture = FixtureCase(name: "R? x", input: "**a**", expect: "a")
///     let line = FixtureLine.json(name: "R? x", input: "**a**", expect: "a")
///     try writeAtomically(appender.appending(fixture, line: line).bytes, toPath: appender.path)
///
/// The format is the one `test-fixtures/notification-body.json` holds: the
/// cases one object a line, indented by 4 spaces, with `,` after each but
/// the last, then the lines `  ]` and `}`. The new line goes after the last
/// case; nothing else changes.
package struct FixtureAppender: Sendable {
  /// The file, as given.
  package let path: String
  /// Its bytes when read.
  package let original: [UInt8]
  /// Its cases when read.
  package let file: FixtureFile

  /// What follows the last case line: the end of `cases` and of the object.
  private static let closing = Array("\n  ]\n}".utf8)
  /// What goes before each case line but the first.
  private static let separator = Array(",\n    ".utf8)
  /// How each case line starts.
  private static let caseIndent = Array("    {\"".utf8)

  /// Reads and checks the fixture file at `path`.
  ///
  /// - Parameter path: A fixture file in the shared schema and format.
  /// - Throws: `FixtureError` naming the file when it is missing,
  ///   unreadable or not a valid fixture file.
  package init(path: String) throws(FixtureError) {
    self.path = path
    do {
      original = try FileBytes.read(atPath: path, limit: FileBytes.jsonLimit)
    } catch {
      throw FixtureError(path: path, place: nil, problem: error.problem)
    }
    file = try FixtureFile.parse(Data(original), path: path)
  }

  private init(path: String, original: [UInt8], file: FixtureFile) {
    self.path = path
    self.original = original
    self.file = file
  }

  /// The case already in the file with `input` at `limit`, if there is one.
  ///
  /// - Parameters:
  ///   - input: A message; compared scalar by scalar, as `check` compares.
  ///   - limit: The case's limit; compared as the library clamps it, so nil,
  ///     256 and anything below are the same.
  /// - Returns: The first such case.
  package func existingCase(input: String, limit: Int?) -> FixtureCase? {
    let units = NotificationBody.Limit(utf16Units: limit ?? 0).utf16Units
    return file.cases.first {
      NotificationBody.Limit(utf16Units: $0.limit ?? 0).utf16Units == units
        && $0.input.hasSameScalars(as: input)
    }
  }

  /// Whether a case of the file is named `name`, scalar for scalar, as
  /// `FixtureFile` compares names.
  package func hasCase(named name: String) -> Bool {
    file.cases.contains { $0.name.hasSameScalars(as: name) }
  }

  /// The file's bytes with `line`, the one-line JSON of `fixture`, after the
  /// last case, checked to read back as the old cases plus `fixture`, and
  /// the appender of those bytes. Write them with
  /// `writeAtomically(_:toPath:)`.
  ///
  /// - Parameters:
  ///   - fixture: The case `line` holds, to check the result against.
  ///   - line: The case as `FixtureLine.json` writes it, without indent.
  /// - Returns: The new contents, every byte of the old one kept, and the
  ///   appender that reads them. The file is not parsed again: the old
  ///   cases were read once, and only the new line is read back, alone.
  /// - Throws: `FixtureError` naming the file when it is not in the
  ///   shared format, already has the case's name or input, or the line
  ///   would not read back as the case.
  package func appending(_ fixture: FixtureCase, line: String) throws(FixtureError) -> (
    bytes: [UInt8], appender: FixtureAppender
  ) {
    if hasCase(named: fixture.name)
      || existingCase(input: fixture.input, limit: fixture.limit) != nil
    {
      throw FixtureError(
        path: path, place: nil, problem: "already has a case of that name or that input")
    }
    let alone = Data((#"{"version": 1, "cases": ["# + line + "]}").utf8)
    let read: FixtureFile
    do {
      read = try FixtureFile.parse(alone, path: path)
    } catch {
      throw FixtureError(
        path: path, place: nil, problem: "the new case would not read back: \(error)")
    }
    guard read.cases.count == 1, Self.identical(read.cases[0], fixture) else {
      throw FixtureError(
        path: path, place: nil, problem: "the new case's line does not read back as the case")
    }
    let updated = try inserting(line)
    return (
      updated,
      FixtureAppender(
        path: path, original: updated, file: FixtureFile(path: path, cases: file.cases + read.cases)
      )
    )
  }

  /// The original bytes with `line` inserted after the last case line.
  private func inserting(_ line: String) throws(FixtureError) -> [UInt8] {
    var end = original.endIndex
    while end > original.startIndex, original[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    let body = original[..<end]
    let cases = body.dropLast(Self.closing.count)
    let lastLine = cases[(cases.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)...]
    guard body.suffix(Self.closing.count).elementsEqual(Self.closing),
      lastLine.starts(with: Self.caseIndent), lastLine.last == UInt8(ascii: "}")
    else {
      throw FixtureError(
        path: path, place: nil,
        problem: "does not end with a case line, a \"  ]\" line and a \"}\" line, the shared "
          + "file's format; append the case by hand")
    }
    let insertion = cases.endIndex
    var updated = Array(original[..<insertion])
    updated += Self.separator
    updated += Array(line.utf8)
    updated += original[insertion...]
    return updated
  }

  /// Whether two cases are the same scalar for scalar.
  private static func identical(_ lhs: FixtureCase, _ rhs: FixtureCase) -> Bool {
    lhs.limit == rhs.limit
      && [(lhs.name, rhs.name), (lhs.input, rhs.input), (lhs.expect, rhs.expect)].allSatisfy {
        $0.hasSameScalars(as: $1)
      }
  }
}
