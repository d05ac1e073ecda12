import Foundation

/// `Fuzz/artifacts/processed.tsv`: every artifact triage has processed, one
/// a line, so the next run skips it and recognizes its minimized bytes.
///
///     FuzzDifferential/crash-1a2b<TAB>matches-reference<TAB><sha1><TAB>new
///
/// The fields are the artifact as `<target>/<name>`, the invariant (or what
/// went wrong instead), the SHA-1 of the bytes the status is about (empty
/// when none) and the status.
struct TriageLedger: Sendable {
  /// The file.
  let path: String
  /// The artifacts already processed, as `<target>/<name>`.
  private(set) var processed: Set<String> = []
  /// The first artifact with each invariant and minimized bytes' SHA-1.
  private(set) var firstWith: [String: String] = [:]
  /// Lines added since reading, not yet written.
  private var added: [String] = []

  /// Reads the file at `path`; a missing file is an empty ledger, and lines
  /// with fewer than four fields are skipped.
  init(path: String) {
    self.path = path
    let text = FileManager.default.contents(atPath: path).map {
      String(decoding: $0, as: UTF8.self)
    }
    for line in (text ?? "").split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 4 else { continue }
      processed.insert(fields[0])
      if !fields[2].isEmpty, firstWith[Self.key(fields[1], fields[2])] == nil {
        firstWith[Self.key(fields[1], fields[2])] = fields[0]
      }
    }
  }

  /// The artifact processed first whose bytes had `sha1` and broke
  /// `invariant`, if any.
  func first(invariant: String, sha1: String) -> String? {
    firstWith[Self.key(invariant, sha1)]
  }

  /// Records `finding` about the artifact `<target>/<name>`.
  mutating func record(_ finding: TriageFinding, as artifact: String) {
    processed.insert(artifact)
    if let sha1 = finding.sha1, finding.status == .new,
      firstWith[Self.key(finding.invariant, sha1)] == nil
    {
      firstWith[Self.key(finding.invariant, sha1)] = artifact
    }
    added.append(
      [artifact, finding.invariant, finding.sha1 ?? "", finding.status.rawValue]
        .joined(separator: "\t"))
  }

  /// Appends the recorded lines to the file.
  ///
  /// - Throws: `CommandError.failure` naming the file when it cannot be written.
  mutating func save() throws(CommandError) {
    guard !added.isEmpty else { return }
    var bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    bytes += Array(added.map { $0 + "\n" }.joined().utf8)
    try writeAtomically(bytes, toPath: path)
    added = []
  }

  private static func key(_ invariant: String, _ sha1: String) -> String {
    invariant + "\t" + sha1
  }
}
