import Foundation
import NotificationBody
import NotificationBodyText

/// Appends one case to a fixture file written in the shared file's format,
/// keeping every byte already there.
///
///     let appender = try FixtureAppender(path: "test-fixtures/notification-body.json")
///     let fixture = FixtureCase(name: "R? x", input: "**a**", expect: "a")
///     try writeAtomically(appender.appending(fixture).bytes, toPath: appender.path)
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

  /// The file's bytes with `fixture` after the last case, on one line as
  /// `FixtureLine.json` writes it (its lone surrogates, if any, as their
  /// escapes), and the appender of those bytes. Write them with
  /// `writeAtomically(_:toPath:)`.
  ///
  /// - Parameter fixture: The case to append.
  /// - Returns: The new contents, every byte of the old one kept, the
  ///   appender that reads them, and the case's line.
  /// - Throws: `FixtureError` naming the file when it is not in the
  ///   shared format, or already has the case's name or input.
  package func appending(_ fixture: FixtureCase) throws(FixtureError) -> (
    bytes: [UInt8], appender: FixtureAppender, line: String
  ) {
    if hasCase(named: fixture.name)
      || existingCase(input: fixture.input, limit: fixture.limit) != nil
    {
      throw FixtureError(
        path: path, place: nil, problem: "already has a case of that name or that input")
    }
    let line = FixtureLine.json(
      name: fixture.name, input: fixture.withLoneSurrogates ?? fixture.input,
      expect: fixture.expect, limit: fixture.limit,
      loneSurrogates: fixture.withLoneSurrogates != nil)
    let updated = try inserting(line)
    let appender = FixtureAppender(
      path: path, original: updated, file: FixtureFile(path: path, cases: file.cases + [fixture]))
    return (updated, appender, line)
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
}
