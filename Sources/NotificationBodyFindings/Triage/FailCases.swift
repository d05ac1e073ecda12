import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

/// The saved failures: every input a fuzz target once failed on, kept as
/// `Fuzz/FailCases/<target>/<sha1>` (the SHA-1 of its bytes, the name
/// libFuzzer gives it), with `<sha1>.txt` beside it saying in a line what it
/// showed. `promote` and `triage` save them; `swift test` replays them
/// in process and `notification-body replay` through the fuzz targets.
///
///     let failCases = FailCases()
///     failCases.all().map(\.name)  // ["917469e0…"]
package struct FailCases: Sendable {
  /// The folder from the repository's root.
  package static let folder = "Fuzz/FailCases"

  /// One saved input.
  package struct Saved: Sendable {
    package var target: FuzzTarget
    /// The SHA-1 of its bytes.
    package var name: String
    package var path: String

    /// What it showed when it was saved, from `<sha1>.txt`; empty when none.
    package var about: String {
      (try? String(contentsOfFile: path + ".txt", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }
  }

  /// The folder that holds a folder per target.
  package let root: String

  package init(_ root: String = folder) {
    self.root = root
  }

  /// The path a target's input with `digest` is saved at.
  package func path(_ target: FuzzTarget, _ digest: String) -> String {
    "\(root)/\(target.rawValue)/\(digest)"
  }

  /// Every saved input of every target, by target and then name; none when
  /// the folders are missing. A name with a dot is no input: `<sha1>.txt`
  /// says what the one beside it is.
  package func all() -> [Saved] {
    FuzzTarget.allCases.flatMap { target in
      let folder = "\(root)/\(target.rawValue)"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return names.filter { !$0.contains(".") }.sorted().map {
        Saved(target: target, name: $0, path: "\(folder)/\($0)")
      }
    }
  }

  /// Each target's saved inputs by the SHA-1 of their bytes (the first in
  /// name order, when two files hold the same bytes).
  package func byDigest() -> [FuzzTarget: [String: String]] {
    var found: [FuzzTarget: [String: String]] = [:]
    for saved in all() {
      guard let bytes = try? FileBytes.read(atPath: saved.path) else { continue }
      let digest = InputDigest.hex(of: bytes)
      if found[saved.target]?[digest] == nil {
        found[saved.target, default: [:]][digest] = saved.path
      }
    }
    return found
  }

  /// Saves `bytes` as an input of `target`, unless it is saved already.
  ///
  /// - Returns: Its path, and whether it was written now.
  /// - Throws: `FileBytes.Failure` when the file holds other bytes or
  ///   cannot be written.
  package func save(_ bytes: [UInt8], for target: FuzzTarget) throws(FileBytes.Failure) -> (
    path: String, wrote: Bool
  ) {
    let digest = InputDigest.hex(of: bytes)
    let wrote = try saveNew(bytes, in: "\(root)/\(target.rawValue)", as: digest)
    return (path(target, digest), wrote)
  }

  /// Writes what the input at `path` showed beside it, as `<sha1>.txt`.
  package func note(_ about: String, for path: String) throws(FileBytes.Failure) {
    try writeAtomically(Array((about + "\n").utf8), toPath: path + ".txt")
  }

  /// Adds `line` to the note beside the input at `path`, making it when
  /// there is none.
  package func addToNote(_ line: String, for path: String) throws(FileBytes.Failure) {
    let before = (try? FileBytes.read(atPath: path + ".txt")) ?? []
    try writeAtomically(before + Array((line + "\n").utf8), toPath: path + ".txt")
  }
}
