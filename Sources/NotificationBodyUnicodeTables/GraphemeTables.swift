import NotificationBodyFixtures
import NotificationBodyText

/// The one generator of the character data every platform cuts with: from
/// one Unicode version's UCD files, every scalar's grapheme cluster
/// properties as sorted ranges, written as each language's source; and the
/// boundary fixture file, from Unicode's own test and the contract's cases.
///
///     let tables = try GraphemeTables(version: "17.0.0")
///     tables.swiftSource()  // Sources/NotificationBodyUnicodeData/GraphemeBreakProperty.swift
///
/// A scalar's properties are one byte: Grapheme_Cluster_Break in the low
/// four bits (`clusterBreaks`' order), Extended_Pictographic in bit 4, and
/// Indic_Conjunct_Break in bits 5 and 6 (`conjunctBreaks`' order). A range
/// entry is `start << 8 | properties`: the properties of every scalar from
/// `start` up to the next entry's start.
package struct GraphemeTables {
  /// Grapheme_Cluster_Break's values in the order of their codes, each with
  /// its name in the generated sources.
  package static let clusterBreaks: [(ucd: String, name: String)] = [
    ("Other", "other"), ("CR", "cr"), ("LF", "lf"), ("Control", "control"),
    ("Extend", "extend"), ("ZWJ", "zwj"), ("Regional_Indicator", "regionalIndicator"),
    ("Prepend", "prepend"), ("SpacingMark", "spacingMark"), ("L", "l"), ("V", "v"),
    ("T", "t"), ("LV", "lv"), ("LVT", "lvt"),
  ]
  /// Extended_Pictographic=Yes, as a bit.
  package static let extendedPictographic: UInt8 = 0x10
  /// Indic_Conjunct_Break's values in the order of their codes, from bit 5.
  package static let conjunctBreaks: [(ucd: String, name: String)] = [
    ("None", "conjunctNone"), ("Linker", "conjunctLinker"), ("Consonant", "conjunctConsonant"),
    ("Extend", "conjunctExtend"),
  ]

  /// Where the generated files go, from the repository's root.
  package static let swiftPath = "Sources/NotificationBodyUnicodeData/GraphemeBreakProperty.swift"
  package static let boundaryPath = "test-fixtures/grapheme-boundaries.json"
  package static let javaScriptPath = "ports/javascript/src/grapheme-break-property.js"
  package static let javaPath =
    "ports/java/src/main/java/app/buzz/notificationbody/GraphemeBreakProperty.java"

  /// The command that writes them.
  package static let command = "swift run unicode-tables"

  /// The Unicode version, the name of its folder: `17.0.0`.
  package let version: String
  /// The folder the UCD files were read from.
  package let folder: String
  /// The folder of versions, which also holds the contract's boundary cases.
  package let root: String
  /// Sorted by start, from U+0000; each holds until the next one's start.
  package let ranges: [(start: UInt32, properties: UInt8)]

  /// Reads one version's UCD files.
  ///
  /// - Parameters:
  ///   - version: The version folder's name.
  ///   - root: The folder of versions.
  /// - Throws: `FileBytes.Failure` naming a file that cannot be read, a line
  ///   that is not a property line, or a value the rules do not know.
  package init(version: String, in root: String = UnicodeDataFiles.folder) throws(FileBytes.Failure)
  {
    self.version = version
    self.root = root
    folder = root + "/" + version
    var properties = [UInt8](repeating: 0, count: 0x11_0000)
    try Self.set(
      &properties, from: folder + "/" + UnicodeDataFiles.graphemeBreakProperty,
      field: nil, values: Self.clusterBreaks.map(\.ucd), shift: 0)
    for entry in try UnicodeDataFiles.entries(atPath: folder + "/" + UnicodeDataFiles.emojiData)
    where entry.fields == ["Extended_Pictographic"] {
      for scalar in entry.scalars { properties[Int(scalar)] |= Self.extendedPictographic }
    }
    try Self.set(
      &properties, from: folder + "/" + UnicodeDataFiles.derivedCoreProperties,
      field: "InCB", values: Self.conjunctBreaks.map(\.ucd), shift: 5)
    var ranges: [(start: UInt32, properties: UInt8)] = []
    for (scalar, value) in properties.enumerated() where ranges.last?.properties != value {
      ranges.append((UInt32(scalar), value))
    }
    self.ranges = ranges
  }

  /// Sets each listed scalar's value of one property: the entries whose
  /// first field is `field` (all entries when nil), valued by the next.
  private static func set(
    _ properties: inout [UInt8], from path: String, field: String?, values: [String], shift: UInt8
  ) throws(FileBytes.Failure) {
    for entry in try UnicodeDataFiles.entries(atPath: path) {
      let fields = entry.fields
      if let field, fields.first != field { continue }
      let name = field == nil ? fields[0] : fields.count > 1 ? fields[1] : ""
      guard let code = values.firstIndex(of: name) else {
        throw FileBytes.Failure(
          path: path,
          problem:
            "\(field ?? "Grapheme_Cluster_Break") value \"\(name)\" is not one the rules know")
      }
      for scalar in entry.scalars { properties[Int(scalar)] |= UInt8(code) << shift }
    }
  }

  /// Every generated file, from the repository's root, and its text.
  package func files() throws(FileBytes.Failure) -> [(path: String, text: String)] {
    [
      (Self.swiftPath, swiftSource()), (Self.javaScriptPath, javaScriptSource()),
      (Self.javaPath, javaSource()), (Self.boundaryPath, try boundaryFixtures()),
    ]
  }

  /// The header every generated table starts with, as `//` lines.
  private var header: [String] {
    [
      "// Generated by `\(Self.command)` from Unicode \(version)'s",
      "// \(UnicodeDataFiles.folder)/\(version)/\(UnicodeDataFiles.graphemeBreakProperty),",
      "// \(UnicodeDataFiles.folder)/\(version)/\(UnicodeDataFiles.emojiData) (Extended_Pictographic) and",
      "// \(UnicodeDataFiles.folder)/\(version)/\(UnicodeDataFiles.derivedCoreProperties) (InCB).",
      "// Do not edit: docs/contract.md (\"Unicode versions\") says how to move to another",
      "// version. Each scalar's properties are one byte: Grapheme_Cluster_Break in the",
      "// low four bits, Extended_Pictographic in bit 4, Indic_Conjunct_Break in bits 5",
      "// and 6. The ranges are \(ranges.count) entries `start << 8 | properties`, sorted: each",
      "// holds from `start` up to the next entry's start (the last one to U+10FFFF).",
      "",
    ]
  }

  /// The codes every language's table names, in order: each
  /// Grapheme_Cluster_Break value, Extended_Pictographic's bit, each
  /// Indic_Conjunct_Break value, then the masks of the two properties'
  /// bits.
  private var codes: [(name: String, ucd: String, value: UInt8)] {
    Self.clusterBreaks.enumerated().map {
      ($0.element.name, "Grapheme_Cluster_Break=\($0.element.ucd)", UInt8($0.offset))
    } + [("extendedPictographic", "Extended_Pictographic=Yes", Self.extendedPictographic)]
      + Self.conjunctBreaks.enumerated().map {
        ($0.element.name, "Indic_Conjunct_Break=\($0.element.ucd)", UInt8($0.offset) << 5)
      } + [
        ("clusterBreakMask", "Grapheme_Cluster_Break's bits", Self.extendedPictographic - 1),
        (
          "conjunctBreakMask", "Indic_Conjunct_Break's bits",
          UInt8(Self.conjunctBreaks.count - 1) << 5
        ),
      ]
  }

  /// The ranges as they are written, eight hex digits each, `perRow` to a
  /// line, each digit string passed through `written`.
  private func rows(
    _ perRow: Int, indent: String, separator: String = " ", _ written: (String) -> String
  ) -> [String] {
    let entries = ranges.map { written(Self.hex($0.start << 8 | UInt32($0.properties), digits: 8)) }
    return stride(from: 0, to: entries.count, by: perRow).map {
      indent + entries[$0..<min($0 + perRow, entries.count)].joined(separator: separator)
    }
  }

  /// `regionalIndicator` as JavaScript and Java constants write it:
  /// `REGIONAL_INDICATOR`.
  private static func constantName(_ name: String) -> String {
    name.reduce(into: "") { result, character in
      if character.isUppercase { result += "_" }
      result += character.uppercased()
    }
  }

  /// The Swift table the library and the reference read; its codes are
  /// inlinable, so the breakers' comparisons cost no call.
  package func swiftSource() -> String {
    var lines =
      header + [
        "/// The properties UAX #29's grapheme cluster rules read, for every scalar,",
        "/// from Unicode \(version).", "package enum GraphemeBreakProperty {",
        "  /// The Unicode version of the data.",
        "  package static let unicodeVersion = \"\(version)\"", "",
      ]
    for code in codes {
      lines.append("  /// \(code.ucd).")
      lines.append(
        "  @inlinable package static var \(code.name): UInt8 { 0x\(Self.hex(code.value)) }")
    }
    lines += [
      "", "  /// Every scalar's properties, as the header says.",
      "  package static let ranges: [UInt32] = [",
    ]
    lines += rows(7, indent: "    ") { "0x\($0.prefix(4))_\($0.suffix(4))," }
    return (lines + ["  ]", "}", ""]).joined(separator: "\n")
  }

  /// The JavaScript port's table: an ES module of constants and a
  /// `Uint32Array` of the ranges.
  package func javaScriptSource() -> String {
    var lines = header + ["export const UNICODE_VERSION = \"\(version)\";", ""]
    for code in codes {
      lines.append("/** \(code.ucd). */")
      lines.append("export const \(Self.constantName(code.name)) = 0x\(Self.hex(code.value));")
    }
    lines += ["", "export const RANGES = new Uint32Array(["]
    lines += rows(8, indent: "  ") { "0x\($0)," }
    return (lines + ["]);", ""]).joined(separator: "\n")
  }

  /// The Java port's table: constants, and the ranges as the `int[]` its
  /// binary search reads, so loading the class decodes nothing (about 8
  /// bytes of the class initializer an entry, some 17 KB of its 64 KB).
  package func javaSource() -> String {
    var lines =
      header + [
        "package app.buzz.notificationbody;", "",
        "/** The grapheme cluster properties of every scalar, from Unicode \(version). */",
        "final class GraphemeBreakProperty {", "  private GraphemeBreakProperty() {}", "",
        "  static final String UNICODE_VERSION = \"\(version)\";", "",
      ]
    for code in codes {
      lines.append("  /** \(code.ucd). */")
      lines.append(
        "  static final int \(Self.constantName(code.name)) = 0x\(Self.hex(code.value));")
    }
    lines += ["", "  static final int[] RANGES = {"]
    lines += rows(8, indent: "    ") { "0x\($0)," }
    lines += ["  };", "}", ""]
    return lines.joined(separator: "\n")
  }

  /// The boundary fixture file: every line of Unicode's grapheme break test,
  /// then the contract's own boundary cases, each its input and the
  /// characters it is made of.
  package func boundaryFixtures() throws(FileBytes.Failure) -> String {
    let unicode = try UnicodeDataFiles.breakTests(
      atPath: folder + "/" + UnicodeDataFiles.graphemeBreakTest)
    let contract = try UnicodeDataFiles.breakTests(
      atPath: root + "/" + UnicodeDataFiles.contractBoundaries)
    let comment = """
      The contract's characters (docs/contract.md, Terms): extended grapheme clusters as UAX #29 \
      defines them over Unicode \(version)'s data. Each case is a text (input) and the characters \
      it is made of, in order (characters). A port runs these with the breaker it cuts R1 and R12 \
      with, before any body case: a wrong engine fails here, on a few scalars, rather than at the \
      cap. The cases are every line of Unicode's \(UnicodeDataFiles.graphemeBreakTest) for \
      \(version) (named for the line, its boundaries written as ÷ and its joins as ×), then the \
      contract's own (\(UnicodeDataFiles.folder)/\(UnicodeDataFiles.contractBoundaries)). \
      Generated by `\(Self.command)`; do not edit.
      """
    var cases: [String] = []
    for test in unicode {
      cases.append(Self.boundaryCase(name: "\(test.place): \(test.written)", test))
    }
    for test in contract {
      cases.append(Self.boundaryCase(name: "contract: \(test.comment)", test))
    }
    return """
      {
        "$comment": \(Escaped.json(comment)),
        "version": 1,
        "unicode": "\(version)",
        "cases": [
          \(cases.joined(separator: ",\n    "))
        ]
      }

      """
  }

  private static func boundaryCase(name: String, _ test: UnicodeDataFiles.BreakTest) -> String {
    let input = String(String.UnicodeScalarView(test.scalars))
    let characters = test.characters.map { Escaped.json($0) }.joined(separator: ", ")
    return "{\"name\": \(Escaped.json(name)), \"input\": \(Escaped.json(input)), "
      + "\"characters\": [\(characters)]}"
  }

  private static func hex(_ value: some BinaryInteger, digits: Int = 2) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// Writes every generated file, or with `check` only compares them.
  ///
  /// - Parameters:
  ///   - check: Whether to write nothing and name each file that differs.
  ///   - say: Takes a line for each file: `wrote …`, `up to date: …` or
  ///     `differs from its source: …`.
  /// - Returns: How many files differ (0 when writing).
  /// - Throws: `FileBytes.Failure` naming a file that cannot be written.
  package func write(check: Bool, say: (String) -> Void) throws(FileBytes.Failure) -> Int {
    var stale = 0
    for file in try files() {
      let text = Array(file.text.utf8)
      if !check {
        try makeFolders(WriteDestination.folder(of: file.path))
        try writeAtomically(text, toPath: file.path)
        say("wrote \(file.path)")
      } else if (try? FileBytes.read(atPath: file.path)) == text {
        say("up to date: \(file.path)")
      } else {
        stale += 1
        say("differs from its source: \(file.path) (run `\(Self.command)`)")
      }
    }
    return stale
  }
}
