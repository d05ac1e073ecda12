import Foundation
import NotificationBodyFixtures
import NotificationBodyUnicodeTables
import Testing

private let root = FixtureFile.repositoryRoot(containing: #filePath)

/// The generated character data is what its generator makes of the
/// committed UCD files: the Swift table and the boundary fixture file both.
@Suite struct UnicodeTablesTests {
  static func tables(in folder: String) throws -> GraphemeTables {
    let version = try UnicodeDataFiles.newestVersion(in: folder)
    return try GraphemeTables(version: version, in: folder)
  }

  @Test func theCommittedTablesAreTheGeneratorsOutput() throws {
    let root = try #require(root)
    let tables = try Self.tables(in: root + "/" + UnicodeDataFiles.folder)
    for (path, generated) in try tables.files() {
      let committed = String(decoding: try FileBytes.read(atPath: root + "/" + path), as: UTF8.self)
      let difference = zip(committed.split(separator: "\n"), generated.split(separator: "\n"))
        .enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        committed == generated,
        """
        \(path) differs from its source at line \((difference?.offset ?? 0) + 1): \
        run `\(GraphemeTables.command)`
        """)
    }
  }

  /// The ranges cover every scalar from U+0000 in order, and one changed
  /// line of a UCD file changes the table: the comparison above can fail.
  @Test func aChangedPropertyLineChangesTheTable() throws {
    let root = try #require(root)
    let tables = try Self.tables(in: root + "/" + UnicodeDataFiles.folder)
    #expect(tables.ranges.first?.start == 0)
    #expect(zip(tables.ranges, tables.ranges.dropFirst()).allSatisfy { $0.start < $1.start })

    let copy = try TemporaryDirectory()
    let manager = FileManager.default
    let folder = copy.url.appendingPathComponent(tables.version).path
    try manager.copyItem(atPath: tables.folder, toPath: folder)
    try manager.copyItem(
      atPath: tables.root + "/" + UnicodeDataFiles.contractBoundaries,
      toPath: copy.url.path + "/" + UnicodeDataFiles.contractBoundaries)
    let path = folder + "/" + UnicodeDataFiles.graphemeBreakProperty
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // U+1039 MYANMAR SIGN VIRAMA stops being Extend.
    let edited = text.replacingOccurrences(
      of: "1039..103A    ; Extend", with: "103A          ; Extend")
    #expect(edited != text)
    try edited.write(toFile: path, atomically: true, encoding: .utf8)
    let changed = try Self.tables(in: copy.url.path)
    #expect(changed.swiftSource() != tables.swiftSource())
    #expect(try changed.boundaryFixtures() == tables.boundaryFixtures())
  }

  @Test func aValueTheRulesDoNotKnowIsRefusedWithItsFile() throws {
    let root = try #require(root)
    let tables = try Self.tables(in: root + "/" + UnicodeDataFiles.folder)
    let copy = try TemporaryDirectory()
    let folder = copy.url.appendingPathComponent(tables.version).path
    try FileManager.default.copyItem(atPath: tables.folder, toPath: folder)
    let path = folder + "/" + UnicodeDataFiles.graphemeBreakProperty
    try "0041 ; Vowel # A\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      try GraphemeTables(version: tables.version, in: copy.url.path)
    } throws: { error in
      "\(error)".contains("GraphemeBreakProperty.txt")
        && "\(error)".contains("\"Vowel\" is not one the rules know")
    }
  }
}
