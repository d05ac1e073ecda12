import NotificationBodyHarness
import NotificationBodyText

/// Where an input was made or read, so a finding can be found again.
package enum InputSource: Sendable, Hashable, CustomStringConvertible {
  /// Message `index` (from 0) of `MessageGenerator(seed: seed)`.
  case generated(index: Int, seed: UInt64)
  /// A corpus file, read with `FuzzInput(bytes:)`. The same bytes in
  /// another file (another target's folder) are the same input.
  case corpus(path: String)
  /// Case `index` (from 0) of a fixture file.
  case fixture(path: String, index: Int, name: String)

  /// The source in words, for `diff` and `gate --baseline`:
  /// `generated #17 (seed 42)`, `corpus file corpus/x/0a1b…`,
  /// `test-fixtures/notification-body.json: case 3 ("R7 bold")`.
  package var description: String {
    switch self {
    case .generated(let index, let seed): "generated #\(index) (seed \(seed))"
    case .corpus(let path): "corpus file \(path)"
    case .fixture(let path, let index, let name):
      "\(path): case \(index) (\(Escaped.forDisplay(name)))"
    }
  }

  /// Where the input is, for the snapshot's report, which names the input
  /// by its id already: `corpus/x/0a1b…`, `fixtures.json, case 3`.
  package var location: String {
    switch self {
    case .generated(let index, let seed): "generated #\(index) (seed \(seed))"
    case .corpus(let path): path
    case .fixture(let path, let index, _): "\(path), case \(index)"
    }
  }
}
