extension Shrinker.Search {
  /// Shortens runs of one ASCII character to 1, 2 or 3 characters or to half
  /// their length, whichever first still fails.
  ///
  /// All runs of the same character and length are tried together before
  /// each run alone, so `"``````a``````"` can become `"```a```"` even when
  /// the failure needs the two runs to match.
  ///
  /// - Complexity: At most four candidates per run and per group of runs for
  ///   each reduction, each candidate O(*n*).
  mutating func shortenRuns() {
    while !budgetExhausted, shortenOneRun() {}
  }

  /// Replaces scalars with simpler ones: letters of any script, and any
  /// other scalar but ASCII punctuation and white space, with `"a"`,
  /// decimal digits with `"0"`, `"\r\n"` and a lone `"\r"` with `"\n"`, and
  /// other white space but the line feed with `" "`.
  ///
  /// Every occurrence of one scalar is tried at once before each alone.
  ///
  /// - Complexity: At most one candidate per distinct scalar and one per
  ///   occurrence for each reduction, each candidate O(*n*).
  mutating func simplifyScalars() {
    while !budgetExhausted, simplifyOneScalar() {}
  }

  /// Drops the first, then the last, 1, 2, 4, … scalars, keeping each drop
  /// that still fails.
  ///
  /// - Complexity: O(log *n*) candidates per reduction, each O(*n*).
  mutating func dropEnds() {
    while !budgetExhausted, dropOneEnd() {}
  }

  private mutating func shortenOneRun() -> Bool {
    let runs = Self.runs(in: current)
    var kinds: [RunKind] = []
    var members: [RunKind: [Run]] = [:]
    for run in runs {
      let kind = RunKind(byte: run.byte, count: run.count)
      if members[kind] == nil { kinds.append(kind) }
      members[kind, default: []].append(run)
    }
    for kind in kinds where members[kind]!.count > 1 {
      for length in Self.shorterLengths(than: kind.count) {
        if attempt(replacing(members[kind]!, with: length)) { return true }
      }
    }
    for run in runs {
      for length in Self.shorterLengths(than: run.count) {
        if attempt(replacing([run], with: length)) { return true }
      }
    }
    return false
  }

  private mutating func simplifyOneScalar() -> Bool {
    let edits = simplerScalars()
    var originals: [[UInt8]] = []
    var occurrences: [[UInt8]: [Edit]] = [:]
    for edit in edits {
      if occurrences[edit.original] == nil { originals.append(edit.original) }
      occurrences[edit.original, default: []].append(edit)
    }
    for original in originals where occurrences[original]!.count > 1 {
      if attempt(applying(occurrences[original]!)) { return true }
    }
    for edit in edits {
      if attempt(applying([edit])) { return true }
    }
    return false
  }

  private mutating func dropOneEnd() -> Bool {
    let bounds = Shrinker.Granularity.scalars.boundaries(of: current)
    let scalars = bounds.count - 1
    var count = 1
    while count < scalars {
      if attempt(Array(current[bounds[count]...])) { return true }
      count *= 2
    }
    count = 1
    while count < scalars {
      if attempt(Array(current[..<bounds[scalars - count]])) { return true }
      count *= 2
    }
    return false
  }

  /// Runs that are shortened together: the same byte, the same length.
  private struct RunKind: Hashable {
    var byte: UInt8
    var count: Int
  }

  /// A maximal run of one ASCII byte, at least 2 long.
  private struct Run {
    var start: Int
    var count: Int
    var byte: UInt8
  }

  private static func runs(in text: [UInt8]) -> [Run] {
    var result: [Run] = []
    var start = 0
    while start < text.count {
      var end = start + 1
      while end < text.count, text[end] == text[start] { end += 1 }
      if end - start > 1, text[start] < 0x80 {
        result.append(Run(start: start, count: end - start, byte: text[start]))
      }
      start = end
    }
    return result
  }

  /// 1, 2, 3 and half of `count`, those below `count`, ascending.
  private static func shorterLengths(than count: Int) -> [Int] {
    var lengths = [1, 2, 3].filter { $0 < count }
    if count / 2 > 3 { lengths.append(count / 2) }
    return lengths
  }

  private func replacing(_ runs: [Run], with length: Int) -> [UInt8] {
    var result: [UInt8] = []
    var copied = 0
    for run in runs {
      result.append(contentsOf: current[copied..<run.start])
      result.append(contentsOf: repeatElement(run.byte, count: length))
      copied = run.start + run.count
    }
    result.append(contentsOf: current[copied...])
    return result
  }

  /// Replacing the bytes at `range` (one scalar, or `"\r\n"`) with
  /// `replacement`.
  private struct Edit {
    var range: Range<Int>
    var original: [UInt8]
    var replacement: [UInt8]
  }

  private func simplerScalars() -> [Edit] {
    var edits: [Edit] = []
    var offset = 0
    for scalar in String(decoding: current, as: UTF8.self).unicodeScalars {
      let range = offset..<(offset + UTF8.width(scalar))
      offset = range.upperBound
      if scalar == "\r" {
        let crlf = current[range.upperBound...].first == Shrinker.Byte.lineFeed
        let whole = crlf ? range.lowerBound..<(range.upperBound + 1) : range
        edits.append(Edit(range: whole, original: Array(current[whole]), replacement: [0x0A]))
      } else if let simpler = Self.simpler(than: scalar) {
        edits.append(Edit(range: range, original: Array(current[range]), replacement: [simpler]))
      }
    }
    return edits
  }

  /// The simpler ASCII byte to try for `scalar`, if any.
  private static func simpler(than scalar: Unicode.Scalar) -> UInt8? {
    switch scalar.properties.generalCategory {
    case _ where scalar == "a" || scalar == "0" || scalar == " " || scalar == "\n":
      return nil
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return UInt8(ascii: "a")
    case .decimalNumber:
      return UInt8(ascii: "0")
    case _ where scalar.properties.isWhitespace:
      return UInt8(ascii: " ")
    case _ where scalar.isASCII && scalar.properties.generalCategory != .control:
      // ASCII punctuation and symbols are the syntax: keep them.
      return nil
    default:
      // Anything else (controls, U+FFFD, emoji, marks, symbols) is tried
      // as a plain letter; the ones the failure needs stay.
      return UInt8(ascii: "a")
    }
  }

  private func applying(_ edits: [Edit]) -> [UInt8] {
    var result: [UInt8] = []
    var copied = 0
    for edit in edits {
      result.append(contentsOf: current[copied..<edit.range.lowerBound])
      result.append(contentsOf: edit.replacement)
      copied = edit.range.upperBound
    }
    result.append(contentsOf: current[copied...])
    return result
  }
}
