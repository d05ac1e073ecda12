import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyProcess

/// The testcases the engines hand out, read so triage takes them as the
/// nightly's own artifacts: `notification-body triage --import`.
///
/// - ClusterFuzzLite's crash download, as `gh run download` unpacks it:
///   `<Target>/<sanitizer>/crash-<sha1>` (or `timeout-`, `oom-`, `leak-`,
///   `slow-unit-`), in the folder given or any folder below it; or the
///   artifact's zip. The `.summary` beside each, logs and SARIF are never
///   read.
/// - OSS-Fuzz's testcases: `clusterfuzz-testcase[-minimized]-<Target>-<id>`,
///   where the target may carry a build's suffix (`FuzzLibrary_release`).
///
///     let found = try EngineTestcases.read(["Downloads/cflite"])
///     try EngineTestcases.lay(found, into: "Fuzz/artifacts/import")
///
/// Every path is read, and every testcase checked, before anything is
/// written.
package enum EngineTestcases {
  /// One testcase, read.
  package struct Testcase: Sendable, Equatable {
    package var target: FuzzTarget
    /// libFuzzer's kind of artifact, `crash` for OSS-Fuzz's testcases.
    package var kind: String
    /// Where it was read, for messages; a zip's entry as `<zip>:<entry>`.
    package var path: String
    package var bytes: [UInt8]

    /// The artifact's name triage reads: its kind and digest, as libFuzzer
    /// names an artifact.
    package var artifactName: String { kind + "-" + InputDigest.hex(of: bytes) }
  }

  /// Why the input cannot be imported: one line naming the file.
  package struct BadInput: Error, Sendable, Equatable {
    package var message: String
  }

  /// Every testcase under `paths`, each a folder, a ClusterFuzzLite zip or
  /// one OSS-Fuzz testcase file.
  ///
  /// - Returns: The testcases, by path; the same bytes for the same target
  ///   once.
  /// - Throws: `BadInput` for a path that does not exist or holds no
  ///   testcase, a testcase of an unknown target, an empty or unreadable
  ///   testcase, or a zip that is not ClusterFuzzLite's.
  package static func read(_ paths: [String]) throws(BadInput) -> [Testcase] {
    var found: [Testcase] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw BadInput(message: "\(path): no such file or folder")
      }
      let here: [Testcase]
      if isFolder.boolValue {
        here = try read(folder: path, shownAs: path)
      } else if path.hasSuffix(".zip") {
        here = try read(zip: path)
      } else if let target = try ossFuzzTarget(path) {
        here = [try testcase(path, target: target, kind: "crash", shownAs: path)]
      } else {
        throw BadInput(
          message: "\(path): neither a folder, a ClusterFuzzLite zip nor an OSS-Fuzz testcase")
      }
      guard !here.isEmpty else {
        throw BadInput(
          message: "\(path): no testcase (<Target>/<sanitizer>/crash-<sha1> of ClusterFuzzLite, "
            + "or clusterfuzz-testcase-<Target>-<id> of OSS-Fuzz)")
      }
      found += here
    }
    var seen = Set<String>()
    return found.filter { seen.insert($0.target.rawValue + "/" + $0.artifactName).inserted }
  }

  /// Writes `testcases` into `artifacts` as the nightly leaves its own:
  /// each in `<artifacts>/<Target>/`, listed in `sessions/<Target>.json`
  /// (an empty list for a target with none), so triage replays these and
  /// nothing else.
  ///
  /// - Throws: `FindingsError.failure` naming a file that cannot be written.
  package static func lay(_ testcases: [Testcase], into artifacts: String) throws(FindingsError) {
    try kept { try makeFolders(artifacts + "/sessions") }
    for target in FuzzTarget.allCases {
      let folder = artifacts + "/" + target.rawValue
      let mine = testcases.filter { $0.target == target }
      try kept { try makeFolders(folder) }
      for testcase in mine {
        try kept {
          try writeAtomically(testcase.bytes, toPath: folder + "/" + testcase.artifactName)
        }
      }
      var session = TriageSession()
      session.newArtifacts = mine.map { folder + "/" + $0.artifactName }
      let json = try kept { try JSONFormat.pretty.encode(session) }
      try kept {
        try writeAtomically(Array(json), toPath: "\(artifacts)/sessions/\(target.rawValue).json")
      }
    }
  }

  /// The kinds of libFuzzer's artifacts, as ClusterFuzzLite keeps their names.
  private static let kinds = TriageRun.kinds.map { String($0.dropLast()) }

  /// The testcases of a folder and the folders below it; `shownAs` names
  /// it in messages (a zip's, for an unpacked zip).
  private static func read(folder: String, shownAs shown: String) throws(BadInput) -> [Testcase] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else {
      throw BadInput(message: "\(shown): cannot be read")
    }
    var found: [Testcase] = []
    for case let relative as String in walker {
      let path = folder + "/" + relative
      let parts = relative.split(separator: "/").map(String.init)
      let name = parts[parts.count - 1]
      let display = shown == folder ? path : shown + ":" + relative
      if let kind = cfliteKind(name), parts.count >= 3 {
        let target = try target(named: parts[parts.count - 3], in: display)
        found.append(try testcase(path, target: target, kind: kind, shownAs: display))
      } else if let target = try ossFuzzTarget(name, shownAs: display) {
        found.append(try testcase(path, target: target, kind: "crash", shownAs: display))
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The testcases of a ClusterFuzzLite artifact's zip, unpacked into a
  /// temporary folder that is removed after.
  private static func read(zip: String) throws(BadInput) -> [Testcase] {
    let notCFLite = BadInput(
      message: "\(zip): not a ClusterFuzzLite crash download (no <Target>/<sanitizer>/crash-<sha1>)"
    )
    let listed = runToEnd(["unzip", "-Z1", zip], separateErrors: true)
    guard listed.status == 0 else { throw notCFLite }
    let entries = listed.output.split(separator: "\n").map(String.init)
    guard
      entries.contains(where: { entry in
        let parts = entry.split(separator: "/")
        return parts.count >= 3 && cfliteKind(String(parts[parts.count - 1])) != nil
      })
    else { throw notCFLite }
    guard let folder = try? makeTemporaryFolder("notification-body-import") else {
      throw BadInput(message: "\(zip): cannot be unpacked (no temporary folder)")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let unpacked = runToEnd(["unzip", "-qq", "-o", zip, "-d", folder], separateErrors: true)
    guard unpacked.status == 0 else {
      throw BadInput(message: "\(zip): cannot be unpacked (unzip exited \(unpacked.status))")
    }
    return try read(folder: folder, shownAs: zip)
  }

  /// The kind of a libFuzzer artifact's name, `crash` of `crash-<hex>`;
  /// nil for any other name (`crash-<hex>.summary`).
  private static func cfliteKind(_ name: String) -> String? {
    kinds.first { kind in
      guard name.hasPrefix(kind + "-") else { return false }
      let digest = name.dropFirst(kind.count + 1)
      return !digest.isEmpty && digest.allSatisfy(\.isHexDigit)
    }
  }

  /// The target of an OSS-Fuzz testcase's name (the last part of `path`),
  /// or nil when it is not named as one.
  private static func ossFuzzTarget(_ path: String, shownAs shown: String? = nil) throws(BadInput)
    -> FuzzTarget?
  {
    var rest = path.split(separator: "/").last ?? Substring(path)
    for prefix in ["clusterfuzz-testcase-minimized-", "clusterfuzz-testcase-"]
    where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(prefix.count)
      guard let dash = rest.lastIndex(of: "-"),
        rest[rest.index(after: dash)...].allSatisfy(\.isNumber)
      else { return nil }
      return try target(named: String(rest[..<dash]), in: shown ?? path)
    }
    return nil
  }

  /// The fuzz target named `name`, or by `name` less a build's suffix
  /// (`_release`, `_debug`).
  private static func target(named name: String, in path: String) throws(BadInput) -> FuzzTarget {
    let base = name.split(separator: "_", maxSplits: 1).first.map(String.init) ?? name
    guard let target = FuzzTarget(rawValue: name) ?? FuzzTarget(rawValue: base) else {
      let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      throw BadInput(message: "\(path): unknown target '\(name)' (targets: \(known))")
    }
    return target
  }

  /// One testcase read, refused when it cannot be read or is empty;
  /// `shown` names it in messages.
  private static func testcase(
    _ path: String, target: FuzzTarget, kind: String, shownAs shown: String
  ) throws(BadInput) -> Testcase {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(atPath: path)
    } catch {
      throw BadInput(message: "\(shown): \(error.problem)")
    }
    guard !bytes.isEmpty else { throw BadInput(message: "\(shown): an empty testcase") }
    return Testcase(target: target, kind: kind, path: shown, bytes: bytes)
  }
}
