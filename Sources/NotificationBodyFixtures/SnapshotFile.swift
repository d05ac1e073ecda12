import Foundation

/// How the gate's two snapshots (bodies, instruction counts) are read: a
/// JSON file up to `FileBytes.jsonLimit`, read by `StrictJSON`, whose every
/// problem names the file and the command that writes it again.
package enum SnapshotFile {
  /// The bytes of the snapshot at `path`; a missing one says how to write it.
  package static func bytes(at path: String, writtenBy command: String) throws(SnapshotError)
    -> Data
  {
    do {
      return Data(try FileBytes.read(atPath: path, limit: FileBytes.jsonLimit))
    } catch {
      let hint = error.problem == "no such file" ? "; write it with `\(command)`" : ""
      throw SnapshotError(description: error.description + hint)
    }
  }

  /// The top-level object of a snapshot of `version`, `path` for messages:
  /// a merge conflict, bad JSON or another version is refused.
  package static func object(_ data: Data, path: String, writtenBy command: String, version: String)
    throws(SnapshotError) -> StrictJSON.Object
  {
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(data)
    } catch {
      let conflict = data.range(of: Data("\n<<<<<<< ".utf8)) != nil
      throw SnapshotError(
        description: "\(path): " + (conflict ? "holds merge conflict markers" : error.description)
          + "; regenerate it with `\(command)`")
    }
    guard case .object(let file) = root else {
      throw SnapshotError(
        description: "\(path): top level is not a JSON object; regenerate it with `\(command)`")
    }
    guard case .number(version) = file["version"] else {
      throw SnapshotError(
        description:
          "\(path): \"version\" must be \(version) (this reader knows version \(version))")
    }
    return file
  }
}
