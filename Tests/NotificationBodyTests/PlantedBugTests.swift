import Foundation
import NotificationBodyFixtures
import Testing

private let root = FixtureFile.repositoryRoot(containing: #filePath)

/// The planted-bug catalogue (`Fuzz/planted/`) measures the harness only while
/// every patch still applies to the library: a change to
/// `Sources/NotificationBody/` that moves a patched line fails here, naming
/// the patch, rather than in the next nightly catalogue run.
@Suite struct PlantedBugTests {
  static let patches: [String] = {
    guard let root else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Fuzz/planted")) ?? []
    return names.filter { $0.hasSuffix(".patch") }.sorted()
  }()

  @Test func theCatalogueHoldsAtLeastFortyPlantedBugs() {
    #expect(Self.patches.count >= 40, "Fuzz/planted/ holds \(Self.patches.count) patches")
  }

  @Test(arguments: patches)
  func patchStartsWithItsDescriptionAndApplies(_ name: String) throws {
    let root = try #require(root, "no repository root found above \(#filePath)")
    let path = "Fuzz/planted/\(name)"
    let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    let description = text.prefix { $0 != "\n" }
    #expect(
      !description.isEmpty && !description.hasPrefix("diff "),
      "\(path): the first line must describe the mistake the patch plants")

    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "apply", "--check", path]
    git.currentDirectoryURL = URL(fileURLWithPath: root)
    let errors = Pipe()
    git.standardError = errors
    git.standardOutput = FileHandle.nullDevice
    try git.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    git.waitUntilExit()
    #expect(
      git.terminationStatus == 0,
      """
      \(path) no longer applies to Sources/NotificationBody/: plant the same \
      mistake in the changed code (Fuzz/README.md, "Planted bugs"). git apply said: \(message)
      """)
  }
}
