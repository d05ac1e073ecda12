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

  /// A stretch of the intermediate text, with where it came from.
  struct Piece: Sendable, Equatable {
    var scalars: [Unicode.Scalar]
    var kind: Kind

    /// The piece's text.
    var string: String { String(String.UnicodeScalarView(scalars)) }
  }

  /// One scalar of the body with the kind of the piece it came from.
  struct MarkedScalar: Sendable, Equatable {
    var scalar: Unicode.Scalar
    var kind: Kind
  }

  /// The pieces laid end to end, each scalar carrying its piece's kind.
  static func marked(_ pieces: [Piece]) -> [MarkedScalar] {
    var result: [MarkedScalar] = []
    for piece in pieces {
      for scalar in piece.scalars {
        result.append(MarkedScalar(scalar: scalar, kind: piece.kind))
      }
    }
    return result
  }
}
