extension MessageGenerator {
  /// A message being written: its text, its length in UTF-16 units, and the
  /// random source every choice draws from.
  ///
  /// Every choice goes through `below(_:)`, which reads `SplitMix64` with an
  /// arithmetic of its own (never the standard library's `random(in:)`,
  /// whose algorithm may change), so a seed gives the same message on every
  /// platform and toolchain.
  struct Writer {
    var random: SplitMix64
    private(set) var text = ""
    /// `text.utf16.count`, kept as pieces are added.
    private(set) var units = 0
    /// Whether inline content is mostly plain words, as most chat is,
    /// rather than dense with syntax.
    var calm = false

    init(random: SplitMix64) {
      self.random = random
    }

    // MARK: Choices

    /// A number in `0..<bound`; `bound` must be positive.
    mutating func below(_ bound: Int) -> Int {
      Int(truncatingIfNeeded: random.next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A number in `range`, small ones more likely (the less of two draws).
    mutating func small(_ range: ClosedRange<Int>) -> Int {
      min(int(range), int(range))
    }

    /// True `percent` times in a hundred.
    mutating func percent(_ percent: Int) -> Bool {
      below(100) < percent
    }

    /// One of `items`, each as likely. (Not generic: a debug build runs
    /// unspecialized generics slowly.)
    mutating func pick(_ items: [String]) -> String {
      items[below(items.count)]
    }

    /// One of `items`, each as likely.
    mutating func pick(_ items: [Unicode.Scalar]) -> Unicode.Scalar {
      items[below(items.count)]
    }

    // MARK: Writing

    mutating func reserve(_ units: Int) {
      text.reserveCapacity(units + units / 2)
    }

    mutating func add(_ piece: String) {
      text += piece
      units += piece.utf16.count
    }

    mutating func add(_ scalar: Unicode.Scalar) {
      text.unicodeScalars.append(scalar)
      units += scalar.utf16.count
    }

    /// `piece`, `count` times over.
    mutating func add(_ piece: String, times count: Int) {
      guard count > 0 else { return }
      text += String(repeating: piece, count: count)
      units += piece.utf16.count * count
    }

    /// What `write` adds, taken out of the message: for a piece whose
    /// length must be known before the text in front of it is written.
    mutating func detached(_ write: (inout Writer) -> Void) -> String {
      let savedText = text
      let savedUnits = units
      text = ""
      units = 0
      write(&self)
      let piece = text
      text = savedText
      units = savedUnits
      return piece
    }

    // MARK: Lengths

    /// Cuts the text to its first `target` units, or `target - 1` where
    /// unit `target` would split a surrogate pair. It may split a
    /// character (a ZWJ sequence, a flag) or a construct (a closing fence),
    /// which is fine: both are good input.
    mutating func cut(to target: Int) {
      guard units > target else { return }
      let scalars = text.unicodeScalars
      var end = scalars.endIndex
      if units - target < 256 {
        // Step back from the end: cheap when little goes.
        while units > target {
          scalars.formIndex(before: &end)
          units -= scalars[end].utf16.count
        }
      } else {
        end = text.utf16.index(text.utf16.startIndex, offsetBy: target)
        units = target
        if end.samePosition(in: scalars) == nil {
          text.utf16.formIndex(before: &end)
          units -= 1
        }
      }
      text = String(Substring(scalars[..<end]))
    }

    /// Adds words, letters and spaces until the text is `target` units
    /// long.
    mutating func pad(to target: Int) {
      while target - units >= 8 { add(pick(Self.fillerWords)) }
      while units < target { add(pick(Self.padding)) }
    }

    /// Cuts or pads the text to exactly `target` units.
    mutating func fit(to target: Int) {
      cut(to: target)
      pad(to: target)
    }

    /// Cuts or pads the text to exactly `target` units, the last of them a
    /// letter, so a character written next starts at unit `target` (and
    /// combining marks written next join the letter).
    mutating func fitEndingInLetter(to target: Int) {
      guard target > 0 else {
        cut(to: 0)
        return
      }
      fit(to: target - 1)
      add(pick(Self.letters))
    }

    private static let fillerWords = ["lorem ", "ipsum ", "dolor ", "sit ", "amet, ", "padding "]
    private static let letters = ["a", "b", "e", "o", "x", "z"]
    private static let padding = ["a", "b", "e", "o", "x", "z", " ", "a", "e"]
  }
}
