import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

/// One cause of the last nightly's report, rechecked on this revision: the
/// report's "The last run's causes", which says which are fixed now.
///
///     let last = PreviousCause.recheck("Fuzz/working-corpus/last-nightly.json", library: .live)
///     last.filter { $0.status == .fixed }  // fixed since that night
package struct PreviousCause: Codable, Sendable, Equatable {
  /// What its input does on this revision.
  package enum Status: String, Codable, Sendable {
    /// The library keeps the invariant on its input now.
    case fixed = "fixed on this revision"
    /// It still breaks it.
    case open = "still open"
    /// It cannot be checked in this process (`reason`).
    case unchecked = "not checked"
  }

  /// Its key, its promoted member and the commit that night's run was of.
  package var cause: String
  package var from: String
  package var night: String
  package var status: Status
  package var reason: String?

  /// The causes of the report at `path` that carry their input, rechecked
  /// with `library`; one `unchecked` entry naming the file when it cannot
  /// be read.
  package static func recheck(_ path: String, library: LibraryProbe) -> [PreviousCause] {
    let report: TriageReport
    do {
      report = try JSONFormat.decoder.decode(
        TriageReport.self, from: Data(FileBytes.read(atPath: path)))
    } catch {
      return [
        PreviousCause(
          cause: "-", from: path, night: "", status: .unchecked,
          reason: "\(path): not a fuzz report that can be read (\(error))")
      ]
    }
    return report.causes.compactMap { cause in
      guard let bytes = cause.inputBytes else { return nil }
      var entry = PreviousCause(
        cause: cause.cause, from: cause.from, night: report.commit, status: .unchecked)
      let targetName = String(cause.from.prefix { $0 != "/" })
      guard let target = FuzzTarget(rawValue: targetName),
        let invariant = Invariant(rawValue: cause.invariant)
      else {
        entry.reason = "\(cause.invariant) is only replayed by a fuzzer build"
        return entry
      }
      switch library.recheck(invariant, target, bytes) {
      case .fails: entry.status = .open
      case .passes: entry.status = .fixed
      case .cannotTell(let reason): entry.reason = reason
      }
      return entry
    }
  }
}
