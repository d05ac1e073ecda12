/// Edits a fuzzer input as a message of the contract's tokens rather than
/// as bytes: libFuzzer's `LLVMFuzzerCustomMutator` forwards to it.
///
///     let next = FuzzMutator.mutate([0x00] + Array("a b".utf8), maxSize: 64, seed: 7) {
///       bytes, _ in bytes  // libFuzzer's own mutation, `LLVMFuzzerMutate`
///     }
///
/// Most of the time it hands the input to `fallback`; otherwise it makes one
/// `Edit` with tokens of `Vocabulary` and fragments written by
/// `MessageGenerator`'s grammar, on the message's bytes in place and in the
/// input's own encoding, behind the same options byte, so the encoding never
/// changes and the limit only where `Edit.raiseLimit` raises it.
public enum FuzzMutator {
  /// The edits `mutate` chooses among, with the weights of `random`.
  package enum Edit: String, CaseIterable, Sendable {
    /// A token or a generated fragment inserted at a scalar boundary.
    case insertToken
    /// A span of scalars replaced by a token or a generated fragment.
    case replaceToken
    /// A span or a token repeated: a few times, dozens, or up to about
    /// unit 4096.
    case duplicateSpan
    /// A scalar of the message stretched into a run of it: dozens,
    /// hundreds or up to about unit 4096.
    case stretchScalar
    /// A long run of a syntax scalar or a construct, or two runs,
    /// at the end or start of a word or anywhere.
    case insertRun
    /// A character of `Vocabulary.characters` inserted: boundary scalars,
    /// marks, Prepend, ZWJ, flags, keycaps, virama clusters.
    case insertCharacter
    /// A token or character set so that it starts at, straddles or ends at
    /// the limit's last units or unit 4096, behind filler of letters,
    /// words or one repeated scalar.
    case placeAtEdge
    /// The limit raised to 4096 or 10,000 units, the message and its
    /// encoding kept: a scan ends where the body is full, so work past the
    /// 256th unit of a body is done only under a raised limit.
    case raiseLimit
    /// libFuzzer's own byte mutation.
    case fallback

    /// The edit `mutate` makes for `seed` when it is given none.
    package init(seed: UInt32) {
      self = Self.drawn(seed: seed).edit
    }

    /// The edit for `seed`, and the random source that makes it, as the
    /// draw left it.
    static func drawn(seed: UInt32) -> (edit: Edit, writer: MessageGenerator.Writer) {
      var writer = MessageGenerator.Writer(random: SplitMix64(seed: UInt64(seed)))
      let edit = random(using: &writer)
      return (edit, writer)
    }

    /// One edit: `fallback` 72 times in 100, `raiseLimit` 2,
    /// `stretchScalar` 3 and `insertRun` 5, the others in about the proportions the
    /// mutator's first version gave them. That version made
    /// half the edits itself; its inputs grew, and FuzzLibrary ran at 40% of
    /// the speed of libFuzzer's own mutation (`Fuzz/MEASURED.md`). The 2 in
    /// 100 of `fallback` at 88 were a deletion's, which found nothing
    /// libFuzzer's own mutations miss; they stay there so that every other
    /// edit is drawn for the same seeds as in the per-edit ablation.
    static func random(using writer: inout MessageGenerator.Writer) -> Edit {
      switch writer.below(100) {
      case 0..<70, 88..<90: .fallback
      case 70..<72: .raiseLimit
      case 72..<75: .stretchScalar
      case 75..<80: .insertRun
      case 80..<85: .insertToken
      case 85..<88: .replaceToken
      case 90..<93: .duplicateSpan
      case 93..<96: .insertCharacter
      default: .placeAtEdge
      }
    }
  }

  /// libFuzzer's own mutation of `bytes`, at most `maxSize` bytes long.
  package typealias Fallback = (_ bytes: [UInt8], _ maxSize: Int) -> [UInt8]

  /// One mutation of a fuzzer input, on a copy: what the in-place
  /// `mutate(_:size:maxSize:seed:fallback:)` does to the same bytes.
  ///
  /// - Parameters:
  ///   - bytes: The input; see `FuzzInput` for its layout. Bytes past
  ///     `maxSize` are dropped first.
  ///   - maxSize: The most bytes the result may have.
  ///   - seed: libFuzzer's seed for this mutation: the same seed and bytes
  ///     give the same result.
  ///   - edit: The edit to make; `nil` draws one from `seed`.
  ///   - fallback: libFuzzer's own mutation, for `Edit.fallback`.
  /// - Returns: At most `maxSize` bytes. Unless `fallback` made them, they
  ///   start with `bytes`' options byte (0 for empty `bytes`; its limit
  ///   bits raised by `Edit.raiseLimit`) and hold the edited message in its
  ///   encoding.
  /// - Complexity: O(*n*), where *n* is `maxSize`.
  package static func mutate(
    _ bytes: [UInt8], maxSize: Int, seed: UInt32, edit: Edit? = nil, fallback: Fallback
  ) -> [UInt8] {
    guard maxSize > 0 else { return [] }
    let input = Array(bytes.prefix(maxSize))
    let (drawn, writer) = Edit.drawn(seed: seed)
    let chosen = edit ?? drawn
    if chosen == .fallback { return Array(fallback(input, maxSize).prefix(maxSize)) }
    var buffer = input + [UInt8](repeating: 0, count: maxSize - input.count)
    let count = buffer.withUnsafeMutableBufferPointer { buffer in
      edited(buffer.baseAddress!, size: input.count, maxSize: maxSize, edit: chosen, writer: writer)
    }
    return Array(buffer.prefix(count))
  }

  /// Makes `edit` (not `fallback`) on the `size` bytes at `data`, in a
  /// buffer of `maxSize` bytes, drawing from `writer`; returns the new size.
  static func edited(
    _ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, edit: Edit,
    writer: MessageGenerator.Writer
  ) -> Int {
    var editor = ByteEditor(base: data, count: size, capacity: maxSize, writer: writer)
    switch edit {
    case .insertToken: editor.insertToken()
    case .replaceToken: editor.replaceToken()
    case .duplicateSpan: editor.duplicateSpan()
    case .stretchScalar: editor.stretchScalar()
    case .insertRun: editor.insertRun()
    case .insertCharacter: editor.insertCharacter()
    case .raiseLimit: editor.raiseLimit()
    case .placeAtEdge: editor.placeAtEdge(limit: FuzzInput.limit(options: data[0]).utf16Units)
    case .fallback: break
    }
    return editor.count
  }
}
