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

  /// One scalar of the body with the kind of what it came from.
  struct MarkedScalar: Sendable, Equatable {
    var scalar: Unicode.Scalar
    var kind: Kind
  }

  /// The text produced by R3–R8, one marked scalar after another, and each
  /// code line, code span's content and bare URL as it was read (for
  /// `analysis(of:limit:)`).
  struct MarkedText: Sendable {
    var scalars: [MarkedScalar] = []
    /// Each fenced code line and code span's content, in order, empty ones
    /// included.
    var code: [ArraySlice<Unicode.Scalar>] = []
    /// Each bare URL, in order.
    var urls: [ArraySlice<Unicode.Scalar>] = []

    /// Appends one scalar of prose, kept as typed (R8).
    mutating func appendText(_ scalar: Unicode.Scalar) {
      scalars.append(MarkedScalar(scalar: scalar, kind: .text))
    }

    /// Appends a stretch of the given kind; code and URLs are also listed.
    mutating func append(_ stretch: ArraySlice<Unicode.Scalar>, kind: Kind) {
      for scalar in stretch {
        scalars.append(MarkedScalar(scalar: scalar, kind: kind))
      }
      switch kind {
      case .text: break
      case .code: code.append(stretch)
      case .url: urls.append(stretch)
      }
    }

    /// Appends another text, such as a paragraph read on its own.
    mutating func append(_ other: MarkedText) {
      scalars.append(contentsOf: other.scalars)
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
