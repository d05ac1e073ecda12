import NotificationBodyFixtures
import NotificationBodyUnicodeData
import Testing

@testable import NotificationBody

private let root = FixtureFile.repositoryRoot(containing: #filePath)

/// The library's property lookup at every code point against the UCD files
/// themselves: GraphemeBreakTest has no Control but U+0000 and no scalar
/// above U+1F6D1, so a lookup that is wrong at its edges (the ASCII fast
/// path, the first or last range) passes every boundary case.
@Suite struct PropertyLookupTests {
  private typealias Property = GraphemeBreakProperty

  /// Each code point's properties as the version's three files state them,
  /// packed as `GraphemeBreakProperty` documents: Other where no line names
  /// the code point.
  private static func stated() throws -> [UInt8] {
    let folder = "\(root ?? ".")/\(UnicodeDataFiles.folder)/\(Property.unicodeVersion)/"
    let clusterBreaks: [String: UInt8] = [
      "CR": Property.cr, "LF": Property.lf, "Control": Property.control, "Extend": Property.extend,
      "ZWJ": Property.zwj, "Regional_Indicator": Property.regionalIndicator,
      "Prepend": Property.prepend, "SpacingMark": Property.spacingMark, "L": Property.l,
      "V": Property.v, "T": Property.t, "LV": Property.lv, "LVT": Property.lvt,
    ]
    let conjunctBreaks: [String: UInt8] = [
      "Linker": Property.conjunctLinker, "Consonant": Property.conjunctConsonant,
      "Extend": Property.conjunctExtend,
    ]
    var stated = [UInt8](repeating: Property.other, count: 0x11_0000)
    func mark(_ file: String, _ value: ([String]) throws -> UInt8?) throws {
      for entry in try UnicodeDataFiles.entries(atPath: folder + file) {
        guard let bits = try value(entry.fields) else { continue }
        for scalar in entry.scalars { stated[Int(scalar)] |= bits }
      }
    }
    try mark(UnicodeDataFiles.graphemeBreakProperty) { fields in
      let bits: UInt8 = try #require(
        clusterBreaks[fields[0]], "unknown Grapheme_Cluster_Break \(fields[0])")
      return bits
    }
    try mark(UnicodeDataFiles.emojiData) {
      $0 == ["Extended_Pictographic"] ? Property.extendedPictographic : nil
    }
    try mark(UnicodeDataFiles.derivedCoreProperties) { fields in
      guard fields.count == 2, fields[0] == "InCB" else { return nil }
      let bits: UInt8 = try #require(conjunctBreaks[fields[1]], "unknown InCB \(fields[1])")
      return bits
    }
    return stated
  }

  @Test func everyCodePointHasTheFilesProperties() throws {
    let stated = try Self.stated()
    // The files are read: a few code points whose properties are known.
    #expect(stated[0x1F] == Property.control)
    #expect(stated[0x7F] == Property.control)
    #expect(stated[0x0A] == Property.lf)
    #expect(stated[0x94D] == Property.extend | Property.conjunctLinker)
    #expect(stated[0x1F600] == Property.extendedPictographic)
    #expect(stated[0x10_FFFF] == Property.other)
    var wrong: [String] = []
    for codePoint in 0..<UInt32(stated.count) {
      let looked = GraphemeBreak.properties(of: codePoint)
      if looked != stated[Int(codePoint)], wrong.count < 10 {
        wrong.append(
          "U+\(String(codePoint, radix: 16, uppercase: true)): looked up 0x\(String(looked, radix: 16))"
            + ", the files say 0x\(String(stated[Int(codePoint)], radix: 16))")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }
}
