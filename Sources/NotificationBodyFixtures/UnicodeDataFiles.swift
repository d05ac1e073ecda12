import Foundation

/// The Unicode Character Database files that define the contract's
/// characters (docs/contract.md, Terms): `unicode/<version>/` holds one
/// version's files, unchanged from Unicode's own, and this reads them for
/// the table generator (`swift run unicode-tables`) and for the
/// conformance tests.
///
///     try UnicodeDataFiles.breakTests(atPath: "unicode/17.0.0/auxiliary/GraphemeBreakTest.txt")
///     // 766 lines, each its scalars and where a character boundary lies
package enum UnicodeDataFiles {
  /// The repository's folder of UCD versions.
  package static let folder = "unicode"

  /// The UCD files the generator reads, relative to a version's folder.
  package static let graphemeBreakProperty = "auxiliary/GraphemeBreakProperty.txt"
  package static let emojiData = "emoji/emoji-data.txt"
  package static let derivedCoreProperties = "DerivedCoreProperties.txt"
  /// Unicode's own grapheme cluster conformance test.
  package static let graphemeBreakTest = "auxiliary/GraphemeBreakTest.txt"
  /// The contract's own boundary cases, in the break test's format.
  package static let contractBoundaries = "contract-boundaries.txt"

  /// One data line of a property file: `0600..0605 ; Prepend # …` gives
  /// 0x600...0x605 and `["Prepend"]`; `094D ; InCB; Linker` gives
  /// `["InCB", "Linker"]`.
  package struct Entry: Sendable, Equatable {
    package var scalars: ClosedRange<UInt32>
    package var fields: [String]
  }

  /// One line of a break test: its scalars, and before each of them and at
  /// the end whether a character boundary lies there.
  package struct BreakTest: Sendable {
    /// The file's name and the line's number, from 1: `GraphemeBreakTest.txt line 27`.
    package var place: String
    /// The line's test as written, without its comment: `÷ 000D × 000A ÷`.
    package var written: String
    /// The line's comment, or what follows `#` in the contract's file.
    package var comment: String
    package var scalars: [Unicode.Scalar]
    /// `scalars.count + 1` answers: `breaks[i]` is whether a boundary lies
    /// before `scalars[i]` (at the end for `i == scalars.count`).
    package var breaks: [Bool]

    /// The characters the line's boundaries make.
    package var characters: [String] {
      var characters: [String] = []
      var current = String.UnicodeScalarView()
      for (index, scalar) in scalars.enumerated() {
        if breaks[index], !current.isEmpty {
          characters.append(String(current))
          current = String.UnicodeScalarView()
        }
        current.append(scalar)
      }
      if !current.isEmpty { characters.append(String(current)) }
      return characters
    }
  }

  /// The newest version in `folder`: its subfolders are named for versions
  /// (`17.0.0`), compared number by number.
  ///
  /// - Throws: `FileBytes.Failure` when the folder holds no version.
  package static func newestVersion(in folder: String = folder) throws(FileBytes.Failure) -> String
  {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let versions = names.filter { $0.split(separator: ".").compactMap { Int($0) }.count == 3 }
    guard let newest = versions.max(by: { $0.compare($1, options: .numeric) == .orderedAscending })
    else {
      throw FileBytes.Failure(path: folder, problem: "holds no Unicode version folder (17.0.0)")
    }
    return newest
  }

  /// The data lines of a UCD property file, in file order.
  ///
  /// - Throws: `FileBytes.Failure` naming the file, and the line that is not
  ///   `<scalar>[..<scalar>] ; <field> …`.
  package static func entries(atPath path: String) throws(FileBytes.Failure) -> [Entry] {
    var entries: [Entry] = []
    for (number, line) in try lines(atPath: path) {
      let data = line.prefix { $0 != "#" }
      if data.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let fields = data.split(separator: ";").map(trimmed)
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
        .map { UInt32($0, radix: 16) }
      guard fields.count >= 2, (1...2).contains(bounds.count), let first = bounds[0],
        let last = bounds.last!, first <= last, last <= 0x10_FFFF
      else {
        throw FileBytes.Failure(path: path, problem: "line \(number): not a property line")
      }
      entries.append(Entry(scalars: first...last, fields: fields.dropFirst().map(String.init)))
    }
    return entries
  }

  /// The tests of a break test file: `÷ 0020 × 0308 ÷	# comment` lines.
  ///
  /// - Throws: `FileBytes.Failure` naming the file and the line that is not
  ///   a test: a mark (`÷` or `×`) before, between and after hex scalars.
  package static func breakTests(atPath path: String) throws(FileBytes.Failure) -> [BreakTest] {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var tests: [BreakTest] = []
    for (number, line) in try lines(atPath: path) {
      let hash = line.firstIndex(of: "#") ?? line.endIndex
      let written = trimmed(line[..<hash])
      if written.isEmpty { continue }
      let comment = hash < line.endIndex ? trimmed(line[line.index(after: hash)...]) : ""
      let tokens = written.split(whereSeparator: { $0 == " " || $0 == "\t" })
      var scalars: [Unicode.Scalar] = []
      var breaks: [Bool] = []
      for (index, token) in tokens.enumerated() {
        if index % 2 == 0 {
          guard token == "÷" || token == "×" else { return try notATest(path, number) }
          breaks.append(token == "÷")
        } else {
          guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
            return try notATest(path, number)
          }
          scalars.append(scalar)
        }
      }
      guard !scalars.isEmpty, breaks.count == scalars.count + 1 else {
        return try notATest(path, number)
      }
      tests.append(
        BreakTest(
          place: "\(name) line \(number)", written: String(written), comment: String(comment),
          scalars: scalars, breaks: breaks))
    }
    return tests
  }

  private static func notATest(_ path: String, _ number: Int) throws(FileBytes.Failure)
    -> [BreakTest]
  {
    throw FileBytes.Failure(
      path: path, problem: "line \(number): not a break test (÷ or × around hex scalars)")
  }

  /// The file's lines, numbered from 1.
  private static func lines(atPath path: String) throws(FileBytes.Failure)
    -> [(Int, Substring)]
  {
    let bytes = try FileBytes.read(atPath: path)
    return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated().map { ($0.offset + 1, Substring(decoding: $0.element, as: UTF8.self)) }
  }

  private static func trimmed(_ text: Substring) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isBlank($0) }) else {
      return text[text.endIndex...]
    }
    let last = text.lastIndex(where: { !isBlank($0) })!
    return text[first...last]
  }
}
