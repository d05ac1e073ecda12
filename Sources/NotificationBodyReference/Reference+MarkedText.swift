extension NotificationBodyReference {
  /// What a stretch of the body came from, as far as R9–R11 need to know.
  enum Kind: Sendable, Equatable {
    /// Prose read by R5, R7 and R8: spaces in it collapse (R9).
    case text
    /// Code from a fenced block (R3) or a code span (R4), kept verbatim:
    /// R9 never touches it, R10 never empties a line because of it.
    case code
    /// A bare URL (R6), kept exactly; it holds no spaces.
    case url
  }

  /// One scalar of the body with the kind of what it came from, the rule
  /// that put it there and where it stands in the text after R2.
  struct MarkedScalar: Sendable, Equatable {
    var scalar: Unicode.Scalar
    var kind: Kind
    /// The rule that decided to keep this scalar (see `Rule.keeping(_:)`).
    var rule: Rule
    /// Its index in the text after R2 (`normalizedLineEndings(_:)`).
    var source: Int
  }

  /// The text produced by R3–R8, one marked scalar after another, and each
  /// code line, code span's content and bare URL as it was read (for
  /// `analysis(of:limit:)`).
  struct MarkedText: Sendable {
    var scalars: [MarkedScalar] = []
    /// What R3–R8 dropped of the text after R2, and which rule dropped it.
    var drops: [Drop] = []
    /// Each fenced code line and code span's content, in order, empty ones
    /// included.
    var code: [ArraySlice<Unicode.Scalar>] = []
    /// Each bare URL, in order.
    var urls: [ArraySlice<Unicode.Scalar>] = []

    /// Appends a stretch of the given kind, kept by `rule`; code and URLs
    /// are also listed.
    ///
    /// - Parameters:
    ///   - stretch: The scalars.
    ///   - kind: What they are.
    ///   - rule: The rule that kept them; nil for prose, each scalar then
    ///     named by `Rule.keeping(_:)`.
    ///   - source: Where the stretch starts in the text after R2.
    mutating func append(
      _ stretch: ArraySlice<Unicode.Scalar>, kind: Kind, rule: Rule?, source: Int
    ) {
      for (offset, scalar) in stretch.enumerated() {
        scalars.append(
          MarkedScalar(
            scalar: scalar, kind: kind, rule: rule ?? .keeping(scalar), source: source + offset))
      }
      switch kind {
      case .text: break
      case .code: code.append(stretch)
      case .url: urls.append(stretch)
      }
    }

    /// Records that `rule` dropped the scalars at `range` of the text after
    /// R2.
    mutating func drop(_ range: Range<Int>, by rule: Rule) {
      if !range.isEmpty { drops.append(Drop(range: range, rule: rule)) }
    }

    /// Appends another text, such as a paragraph read on its own.
    mutating func append(_ other: MarkedText) {
      scalars.append(contentsOf: other.scalars)
      drops.append(contentsOf: other.drops)
      code.append(contentsOf: other.code)
      urls.append(contentsOf: other.urls)
    }
  }

  /// A string of the given scalars.
  ///
  /// - Parameter scalars: Any scalars.
  /// - Returns: The string that holds them, in order.
  static func string(of scalars: some Collection<Unicode.Scalar>) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(scalars.count * 4)
    for scalar in scalars {
      if scalar.isASCII {
        utf8.append(UInt8(scalar.value))
      } else {
        UTF8.encode(scalar) { utf8.append($0) }
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }
}
