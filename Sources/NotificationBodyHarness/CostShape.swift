/// A message seen as `prefix + unit × count + suffix`: the one repeated
/// unit that covers most of it, so that a cost finding can be grown and
/// shrunk along the repeat (`CostGrowth`) and described to a person.
///
///     let shape = CostShape(of: "`\na\na\na\n`")
///     shape.description           // "\"`\" + \"\\na\" × k + \"\\n`\""
///     shape.message(count: 5)     // "`\na\na\na\na\na\n`"
///
/// The parts are cut between Unicode scalars, never inside one (a unit may
/// still split a grapheme cluster: a letter and its combining mark can fall
/// on either side of a cut). The unit is 1 to `longestUnit` scalars long and
/// repeats at least twice; among the decompositions that cover the same
/// number of scalars the shortest unit wins, then the earliest start.
///
/// A message with no repeated unit of at most `longestUnit` scalars (an
/// empty one too) is its own unit: count 1, no prefix or suffix, so growing
/// it repeats the whole message.
package struct CostShape: Sendable, Equatable, CustomStringConvertible {
  /// What comes before the repeat.
  package var prefix: String
  /// The repeated unit.
  package var unit: String
  /// How many times the unit repeats in the message.
  package var count: Int
  /// What comes after the repeat.
  package var suffix: String

  /// The longest unit, in scalars, that is looked for.
  package static let longestUnit = 64

  /// A shape from its parts.
  package init(prefix: String, unit: String, count: Int, suffix: String) {
    self.prefix = prefix
    self.unit = unit
    self.count = count
    self.suffix = suffix
  }

  /// The shape of `message`: its repeat that covers the most scalars.
  ///
  /// For each unit length *p* from 1 to `longestUnit`, every maximal run of
  /// scalars equal to the scalar *p* further on is a stretch of period *p*;
  /// the stretch starting at the run's first scalar holds its unit as many
  /// whole times as fit.
  ///
  /// - Parameter message: Any message; a cost finding is at most 16 KiB.
  /// - Complexity: O(`longestUnit` × *n*) in the scalars of `message`: linear,
  ///   well within the quadratic a 16 KiB finding could afford.
  package init(of message: String) {
    let scalars = Array(message.unicodeScalars)
    var best: (start: Int, length: Int, count: Int)? = nil
    for length in 1...Self.longestUnit where 2 * length <= scalars.count {
      var start = 0
      while start + length < scalars.count {
        guard scalars[start] == scalars[start + length] else {
          start += 1
          continue
        }
        var end = start
        while end + length < scalars.count && scalars[end] == scalars[end + length] {
          end += 1
        }
        // scalars[start..<end + length] has period `length`.
        let count = (end - start + length) / length
        if count >= 2 && count * length > (best.map { $0.count * $0.length } ?? 0) {
          best = (start, length, count)
        }
        start = end + 1
      }
    }
    guard let best else {
      self.init(prefix: "", unit: message, count: 1, suffix: "")
      return
    }
    let repeatEnd = best.start + best.length * best.count
    self.init(
      prefix: Self.string(scalars[..<best.start]),
      unit: Self.string(scalars[best.start..<best.start + best.length]),
      count: best.count,
      suffix: Self.string(scalars[repeatEnd...]))
  }

  /// The message with the unit repeated `count` times instead.
  ///
  /// - Parameter count: How many units; 0 or less gives prefix and suffix.
  /// - Returns: `prefix + unit × count + suffix`.
  /// - Complexity: O(*count* × the unit's length).
  package func message(count: Int) -> String {
    prefix + String(repeating: unit, count: max(count, 0)) + suffix
  }

  /// The shape for a person, each part as `Escaped.forDisplay` quotes it
  /// and the count as *k*: `"`" + "\na" × k + "\n`"`; an empty prefix or
  /// suffix is left out.
  package var description: String {
    var parts: [String] = []
    if !prefix.isEmpty { parts.append(Escaped.forDisplay(prefix)) }
    parts.append(Escaped.forDisplay(unit) + " × k")
    if !suffix.isEmpty { parts.append(Escaped.forDisplay(suffix)) }
    return parts.joined(separator: " + ")
  }

  /// Scalars as a string.
  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }
}
