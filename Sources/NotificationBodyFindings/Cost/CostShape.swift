import NotificationBodyHarness
import NotificationBodyText

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
///
/// `repeats(of:)` sees every repeat of the message instead, each grown to
/// the same count.
package struct CostShape: Sendable, Equatable, CustomStringConvertible {
  /// A stretch of the message: text kept as it is, or a unit repeated.
  package enum Segment: Sendable, Equatable {
    case text(String)
    case repeated(String, count: Int)
  }

  /// The message, stretch by stretch; `message(count:)` repeats every
  /// repeated unit `count` times.
  package var segments: [Segment]

  /// What comes before the first repeat.
  package var prefix: String {
    Self.joined(segments.prefix { if case .text = $0 { true } else { false } }, count: nil)
  }
  /// The first repeated unit.
  package var unit: String { firstRepeat.map { $0.unit } ?? "" }
  /// How many times the first unit repeats in the message.
  package var count: Int { firstRepeat.map { $0.count } ?? 1 }
  /// What comes after the first repeat, with any later repeats as they are
  /// in the message.
  package var suffix: String {
    guard let index = segments.firstIndex(where: { if case .repeated = $0 { true } else { false } })
    else { return "" }
    return Self.joined(segments[(index + 1)...], count: nil)
  }

  /// The longest unit, in scalars, that is looked for.
  package static let longestUnit = 64

  /// A shape from its parts.
  package init(prefix: String, unit: String, count: Int, suffix: String) {
    segments = []
    if !prefix.isEmpty { segments.append(.text(prefix)) }
    segments.append(.repeated(unit, count: count))
    if !suffix.isEmpty { segments.append(.text(suffix)) }
  }

  /// A shape from its stretches.
  package init(segments: [Segment]) {
    self.segments = segments
  }

  private var firstRepeat: (unit: String, count: Int)? {
    for segment in segments {
      if case .repeated(let unit, let count) = segment { return (unit, count) }
    }
    return nil
  }

  /// The message's every repeat: the repeat that covers most, then, in the
  /// text before and after it, theirs, as long as each repeats at least
  /// three times. A cost that grows with two things at once (the lines of
  /// a block and the length of its fence) grows as a square only when both
  /// are repeated together.
  ///
  ///     CostShape.repeats(of: "````\na\na\na\n").description
  ///     // "`" × k + "\na" × k + "\n"
  ///
  /// - Parameter message: Any message; a cost finding is at most 16 KiB.
  /// - Complexity: O(`longestUnit` × *n*) per repeat found.
  package static func repeats(of message: String) -> CostShape {
    func split(_ scalars: ArraySlice<Unicode.Scalar>) -> [Segment] {
      guard let best = bestRepeat(in: scalars), best.count >= 3 else {
        return scalars.isEmpty ? [] : [.text(string(scalars))]
      }
      let repeatEnd = best.start + best.length * best.count
      return split(scalars[..<best.start])
        + [.repeated(string(scalars[best.start..<(best.start + best.length)]), count: best.count)]
        + split(scalars[repeatEnd...])
    }
    let segments = split(Array(message.unicodeScalars)[...])
    guard segments.contains(where: { if case .repeated = $0 { true } else { false } }) else {
      return CostShape(of: message)
    }
    return CostShape(segments: segments)
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
    guard let best = Self.bestRepeat(in: scalars[...]) else {
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

  /// The repeat of at most `longestUnit` scalars, at least twice, that
  /// covers most of `scalars` (see `init(of:)`), with `start` an index of
  /// `scalars`.
  private static func bestRepeat(
    in scalars: ArraySlice<Unicode.Scalar>
  ) -> (start: Int, length: Int, count: Int)? {
    var best: (start: Int, length: Int, count: Int)? = nil
    for length in 1...Self.longestUnit where 2 * length <= scalars.count {
      var start = scalars.startIndex
      while start + length < scalars.endIndex {
        guard scalars[start] == scalars[start + length] else {
          start += 1
          continue
        }
        var end = start
        while end + length < scalars.endIndex && scalars[end] == scalars[end + length] {
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
    return best
  }

  /// The message with the unit repeated `count` times instead.
  ///
  /// - Parameter count: How many units; 0 or less gives prefix and suffix.
  /// - Returns: `prefix + unit × count + suffix`.
  /// - Complexity: O(*count* × the unit's length).
  package func message(count: Int) -> String {
    Self.joined(segments[...], count: count)
  }

  /// The UTF-16 units of the message that do not repeat, and those each
  /// further `count` adds.
  package var units: (fixed: Int, perCount: Int) {
    var fixed = 0
    var perCount = 0
    for segment in segments {
      switch segment {
      case .text(let text): fixed += text.utf16.count
      case .repeated(let unit, _): perCount += unit.utf16.count
      }
    }
    return (fixed, perCount)
  }

  /// The stretches as one string, each unit repeated `count` times, or as
  /// often as in the message when `count` is nil.
  private static func joined(_ segments: ArraySlice<Segment>, count: Int?) -> String {
    var text = ""
    for segment in segments {
      switch segment {
      case .text(let part): text += part
      case .repeated(let unit, let own):
        text += String(repeating: unit, count: max(count ?? own, 0))
      }
    }
    return text
  }

  /// The shape for a person, each part as `Escaped.forDisplay` quotes it
  /// and the count as *k*: `"`" + "\na" × k + "\n`"`; an empty prefix or
  /// suffix is left out.
  package var description: String {
    segments.map { segment in
      switch segment {
      case .text(let text): Escaped.forDisplay(text)
      case .repeated(let unit, _): Escaped.forDisplay(unit) + " × k"
      }
    }.joined(separator: " + ")
  }

  /// Scalars as a string.
  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars)
    return String(text)
  }
}
