import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

extension TriageSession {
  /// Reads a session record as `Fuzz/fuzz` writes it, its JSON through
  /// `StrictJSON` as fixture files are read, so a repeated key or a trailing
  /// comma is refused rather than read one way here and another elsewhere.
  ///
  ///     let session = try TriageSession.read(bytes, path: "Fuzz/artifacts/sessions/FuzzRender.json")
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file, for messages.
  /// - Returns: The session.
  /// - Throws: `FindingsError.failure` naming the file and, in plain words,
  ///   the line and column of bad JSON or the field of the wrong kind.
  /// `target`'s last session in the artifacts' folder, as `Fuzz/fuzz`
  /// writes it to `sessions/<target>.json`, or an empty one when there is none.
  package static func read(_ artifacts: String, _ target: FuzzTarget) throws(FindingsError)
    -> TriageSession
  {
    let path = "\(artifacts)/sessions/\(target.rawValue).json"
    guard FileManager.default.fileExists(atPath: path) else { return TriageSession() }
    return try read(
      kept { try FileBytes.read(atPath: path, limit: FileBytes.jsonLimit) }, path: path)
  }

  package static func read(_ bytes: [UInt8], path: String) throws(FindingsError) -> TriageSession {
    do {
      _ = try StrictJSON.parse(Data(bytes))
    } catch {
      throw .failure("\(path): \(error); not a session record")
    }
    do {
      return try JSONFormat.decoder.decode(TriageSession.self, from: Data(bytes))
    } catch {
      throw .failure("\(path): not a session record: \(plainProblem(error))")
    }
  }

  /// What a `DecodingError` says, without Foundation's internals: the
  /// field, spelled as in the file (`new_artifacts[2]`).
  private static func plainProblem(_ error: any Error) -> String {
    let context: DecodingError.Context
    switch error as? DecodingError {
    case .typeMismatch(_, let found)?, .valueNotFound(_, let found)?, .dataCorrupted(let found)?:
      context = found
    case .keyNotFound(let key, let found)?:
      return "\(field(found.codingPath + [key])) is missing"
    default:
      return "it cannot be read"
    }
    return context.codingPath.isEmpty
      ? "the top level is not a JSON object"
      : "\(field(context.codingPath)) holds the wrong kind of value"
  }

  /// `"new_artifacts[2]"`: the keys in snake case, as the file spells them.
  private static func field(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
        continue
      }
      if !text.isEmpty { text += "." }
      for character in key.stringValue {
        if character.isUppercase {
          text += "_" + character.lowercased()
        } else {
          text.append(character)
        }
      }
    }
    return "\"\(text)\""
  }
}
