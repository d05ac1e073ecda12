import NotificationBody

/// Edits a fuzzer input as a message of the contract's tokens rather than
/// as bytes: libFuzzer's `LLVMFuzzerCustomMutator` forwards to it.
///
///     let next = FuzzMutator.mutate([0x00] + Array("a b".utf8), maxSize: 64, seed: 7) {
///       bytes, _ in bytes  // libFuzzer's own mutation, `LLVMFuzzerMutate`
///     }
///
/// Half the time it hands the input to `fallback`; otherwise it decodes the
/// message (`FuzzInput`), makes one `Edit` with tokens of `Vocabulary` and
/// fragments written by `MessageGenerator`'s grammar, and encodes the
/// message again in the input's own encoding behind the same options byte,
/// so the limit and the encoding never change.
public enum FuzzMutator {
  /// The edits `mutate` chooses among, with the weights of `random`.
  package enum Edit: String, CaseIterable, Sendable {
    /// A token or a generated fragment inserted at a scalar boundary.
    case insertToken
    /// A span of scalars replaced by a token or a generated fragment.
    case replaceToken
    /// A span of scalars, or a run of one scalar, deleted.
    case deleteSpan
    /// A span or a token repeated: a few times, dozens, or up to about
    /// unit 4096.
    case duplicateSpan
    /// A character of `Vocabulary.characters` inserted: boundary scalars,
    /// marks, Prepend, ZWJ, flags, keycaps, virama clusters.
    case insertCharacter
    /// A token or character set so that it starts at, straddles or ends at
    /// the limit's last units or unit 4096, behind filler of letters,
    /// words or one repeated scalar.
    case placeAtEdge
    /// libFuzzer's own byte mutation.
    case fallback

    /// The edit `mutate` makes for `seed` when it is given none.
    package init(seed: UInt32) {
      var writer = MessageGenerator.Writer(random: SplitMix64(seed: UInt64(seed)))
      self = Self.random(using: &writer)
    }

    /// One edit: `fallback` half the time.
    static func random(using writer: inout MessageGenerator.Writer) -> Edit {
      switch writer.below(100) {
      case 0..<50: .fallback
      case 50..<62: .insertToken
      case 62..<69: .replaceToken
      case 69..<75: .deleteSpan
      case 75..<83: .duplicateSpan
      case 83..<90: .insertCharacter
      default: .placeAtEdge
      }
    }
  }

  /// libFuzzer's own mutation of `bytes`, at most `maxSize` bytes long.
  package typealias Fallback = (_ bytes: [UInt8], _ maxSize: Int) -> [UInt8]

  /// One mutation of a fuzzer input.
  ///
  /// - Parameters:
  ///   - bytes: The input; see `FuzzInput` for its layout.
  ///   - maxSize: The most bytes the result may have.
  ///   - seed: libFuzzer's seed for this mutation: the same seed and bytes
  ///     give the same result.
  ///   - edit: The edit to make; `nil` draws one from `seed`.
  ///   - fallback: libFuzzer's own mutation, for `Edit.fallback`.
  /// - Returns: At most `maxSize` bytes. Unless `fallback` made them, they
  ///   start with `bytes`' options byte (0 for empty `bytes`) and hold the
  ///   edited message in its encoding.
  /// - Complexity: O(*n*), where *n* is the size of the input and result.
  package static func mutate(
    _ bytes: [UInt8], maxSize: Int, seed: UInt32, edit: Edit? = nil, fallback: Fallback
  ) -> [UInt8] {
    guard maxSize > 0 else { return [] }
    var writer = MessageGenerator.Writer(random: SplitMix64(seed: UInt64(seed)))
    let drawn = Edit.random(using: &writer)
    let chosen = edit ?? drawn
    if chosen == .fallback { return Array(fallback(bytes, maxSize).prefix(maxSize)) }

    let options = bytes.first ?? 0
    let input = FuzzInput(bytes: bytes)
    let encoding = FuzzInput.Encoding(of: bytes)
    var editor = MessageEditor(
      scalars: Array(input.message.unicodeScalars), writer: writer, encoding: encoding,
      room: maxSize - 1)
    switch chosen {
    case .insertToken: editor.insertToken()
    case .replaceToken: editor.replaceToken()
    case .deleteSpan: editor.deleteSpan()
    case .duplicateSpan: editor.duplicateSpan()
    case .insertCharacter: editor.insertCharacter()
    case .placeAtEdge: editor.placeAtEdge(limit: input.limit.utf16Units)
    case .fallback: break
    }
    return encoded(editor.scalars, options: options, encoding: encoding, maxSize: maxSize)
  }

  /// `options`, then as many of `scalars` as fit in `maxSize` bytes, whole,
  /// in `encoding`.
  static func encoded(
    _ scalars: [Unicode.Scalar], options: UInt8, encoding: FuzzInput.Encoding, maxSize: Int
  ) -> [UInt8] {
    var bytes: [UInt8] = [options]
    bytes.reserveCapacity(min(maxSize, 1 + scalars.count * 4))
    for scalar in scalars {
      let size = MessageEditor.size(of: scalar, in: encoding)
      guard bytes.count + size <= maxSize else { break }
      switch encoding {
      case .utf8:
        // By hand: the generic append of `scalar.utf8` cost a quarter of a
        // fuzzer's time under its instrumentation.
        let value = scalar.value
        switch size {
        case 1:
          bytes.append(UInt8(value))
        case 2:
          bytes.append(0xC0 | UInt8(value >> 6))
          bytes.append(0x80 | UInt8(value & 0x3F))
        case 3:
          bytes.append(0xE0 | UInt8(value >> 12))
          bytes.append(0x80 | UInt8(value >> 6 & 0x3F))
          bytes.append(0x80 | UInt8(value & 0x3F))
        default:
          bytes.append(0xF0 | UInt8(value >> 18))
          bytes.append(0x80 | UInt8(value >> 12 & 0x3F))
          bytes.append(0x80 | UInt8(value >> 6 & 0x3F))
          bytes.append(0x80 | UInt8(value & 0x3F))
        }
      case .utf16LittleEndian:
        for unit in scalar.utf16 {
          bytes.append(UInt8(truncatingIfNeeded: unit))
          bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
        }
      }
    }
    return bytes
  }
}
