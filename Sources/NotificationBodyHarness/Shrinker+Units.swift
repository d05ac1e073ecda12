import NotificationBodyReference

extension Shrinker {
  /// The units delta debugging removes, coarsest first.
  enum Granularity: CaseIterable {
    /// Lines, each with its line break (`"\n"`, `"\r\n"` or a lone `"\r"`).
    case lines
    /// Maximal runs of one ASCII punctuation, space or tab character
    /// (`"````"`, `"**"`, `"[[["`), words (letters, digits and their marks,
    /// any script), and single other characters.
    case tokens
    /// Characters (extended grapheme clusters).
    case characters
    /// Unicode scalars, so a lone combining mark or half a ZWJ sequence can go.
    case scalars

    /// The byte offsets where the units of `text` start, followed by
    /// `text.count`.
    ///
    ///     Granularity.lines.boundaries(of: Array("a\nb".utf8))  // [0, 2, 3]
    ///
    /// - Parameter text: Valid UTF-8.
    /// - Returns: Strictly increasing offsets from 0 to `text.count`; `[0]`
    ///   when `text` is empty.
    /// - Complexity: O(*n*), where *n* is the length of `text`.
    func boundaries(of text: [UInt8]) -> [Int] {
      switch self {
      case .lines: return Self.lineBoundaries(of: text)
      case .tokens: return Self.tokenBoundaries(of: text)
      case .characters: return Self.characterBoundaries(of: text)
      case .scalars: return Self.scalarBoundaries(of: text)
      }
    }

    private static func lineBoundaries(of text: [UInt8]) -> [Int] {
      var result = [0]
      for (offset, byte) in text.enumerated() {
        let endsLine =
          byte == Byte.lineFeed
          || (byte == Byte.carriageReturn
            && (offset + 1 == text.count || text[offset + 1] != Byte.lineFeed))
        if endsLine, offset + 1 < text.count { result.append(offset + 1) }
      }
      if !text.isEmpty { result.append(text.count) }
      return result
    }

    private static func scalarBoundaries(of text: [UInt8]) -> [Int] {
      var result: [Int] = []
      result.reserveCapacity(text.count + 1)
      for (offset, byte) in text.enumerated() where !Byte.isContinuation(byte) {
        result.append(offset)
      }
      result.append(text.count)
      return result
    }

    private static func characterBoundaries(of text: [UInt8]) -> [Int] {
      var result = [0]
      var offset = 0
      // The contract's characters, as the reference cuts them.
      let string = String(decoding: text, as: UTF8.self)
      for character in NotificationBodyReference.characters(of: string) {
        offset += character.utf8.count
        result.append(offset)
      }
      return result
    }

    private static func tokenBoundaries(of text: [UInt8]) -> [Int] {
      var result = [0]
      var offset = 0
      var previous = TokenKind.other
      for character in String(decoding: text, as: UTF8.self) {
        let kind = TokenKind(character)
        if offset > 0, kind == .other || kind != previous {
          result.append(offset)
        }
        previous = kind
        offset += character.utf8.count
      }
      if offset > 0 { result.append(offset) }
      return result
    }
  }

  /// What a character contributes to a token: characters of the same kind
  /// next to each other join one token, except `.other`, which stands alone.
  private enum TokenKind: Equatable {
    /// An ASCII punctuation, space or tab character; a run is one token.
    case run(UInt8)
    /// A character of a word.
    case word
    /// Anything else: a token of its own.
    case other

    init(_ character: Character) {
      let scalars = character.unicodeScalars
      let first = scalars.first!
      if scalars.count == 1, first.isASCII {
        let byte = UInt8(first.value)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "A")...UInt8(ascii: "Z"):
          self = .word
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x21...0x7E:
          self = .run(byte)
        default:
          self = .other
        }
        return
      }
      switch first.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark,
        .enclosingMark:
        self = .word
      default:
        self = .other
      }
    }
  }
}

extension Shrinker {
  /// The bytes the passes look for.
  enum Byte {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// Whether `byte` continues a UTF-8 sequence rather than starting one.
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
  }
}
