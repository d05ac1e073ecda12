import Foundation

/// The JSON the command writes and reads, in one place: object keys sorted
/// and in snake case (`execs_per_second` for `execsPerSecond`), `/` not
/// escaped. The keys of `fuzz-report.json` and of `diff --json` are spelled
/// the same way, so the report's `elapsedSeconds` is `"elapsed_seconds"`.
package enum JSONFormat {
  /// 2^53 − 1 (9007199254740991), the largest integer every JSON reader
  /// reads exactly: the largest limit a fixture case holds (docs/contract.md)
  /// and a request carries (docs/against-protocol.md), and the largest
  /// `--limit` and `--count`, so a JSON report states each exactly.
  package static let largestExactInteger = (1 << 53) - 1

  /// One value on one line, as `serve`, `--against` and `diff --json`
  /// exchange them: the encoder escapes line breaks and every other control
  /// character.
  package static let line = encoder(outputFormatting: [])
  /// Pretty-printed, for the files people read too.
  package static let pretty = encoder(outputFormatting: .prettyPrinted)
  /// Reads what the encoders write, and the session files `Fuzz/fuzz`
  /// writes in the same keys.
  package static let decoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()

  private static func encoder(outputFormatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = outputFormatting.union([.sortedKeys, .withoutEscapingSlashes])
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }
}
