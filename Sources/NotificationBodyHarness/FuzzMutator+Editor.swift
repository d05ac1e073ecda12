import NotificationBodyReference

/// A fuzzer input being edited by `FuzzMutator`, in place in the buffer
/// libFuzzer owns: the options byte, then the message's bytes in their
/// encoding. Edits move bytes with `memmove` and never decode the message:
/// the mutator runs under the fuzzer's instrumentation, so every byte it
/// looks at costs the target executions.
///
/// Every position is a scalar boundary of a well-formed message: in UTF-8
/// never before a continuation byte, in UTF-16LE never at an odd byte nor
/// between the two units of a surrogate pair. Inserted text is whole
/// scalars; where it does not fit, it is left out, or the message's tail is
/// cut at a boundary.
struct ByteEditor {
  /// The buffer: `count` bytes in use of `capacity`.
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  private(set) var count: Int
  var writer: MessageGenerator.Writer
  let encoding: FuzzInput.Encoding

  /// Edits the `count` bytes at `base`; an empty input becomes the empty
  /// message with the default options (`capacity` is at least 1), and a
  /// UTF-16LE message loses the odd last byte its reader ignores.
  init(
    base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int,
    writer: MessageGenerator.Writer
  ) {
    self.base = base
    self.capacity = capacity
    self.writer = writer
    if count == 0 { base[0] = 0 }
    encoding = base[0] & 8 == 0 ? .utf8 : .utf16LittleEndian
    let size = max(1, count)
    self.count = encoding == .utf8 ? size : size - (size - 1) % 2
  }

  /// The first byte of the message.
  private var start: Int { 1 }

  // MARK: Edits

  mutating func insertToken() {
    insert(encoded(writer.mutationToken()), at: position())
  }

  mutating func replaceToken() {
    let span = self.span()
    remove(span)
    insert(encoded(writer.mutationToken()), at: span.lowerBound)
  }

  /// Repeats a span of the message, or a token, in place: 2–8 times, or
  /// as many as `repeatPiece` draws.
  mutating func duplicateSpan() {
    let piece: [UInt8]
    let at: Int
    if count == start || writer.percent(40) {
      piece = encoded(writer.mutationToken())
      at = position()
    } else {
      let span = self.span()
      piece = Array(UnsafeBufferPointer(start: base + span.lowerBound, count: span.count))
      at = span.upperBound
    }
    repeatPiece(piece, at: at, times: writer.below(100) < 45 ? writer.small(2...8) : nil)
  }

  /// Stretches one scalar of the message into a run of it, in place, as
  /// many copies as `repeatPiece` draws. What is already
  /// there is what a long run makes costly: the `)` that ends a URL, the `[`
  /// before a link, a backtick of a run, the line break between paragraphs.
  mutating func stretchScalar() {
    guard count > start else { return }
    let scalar = anyScalar()
    let piece = Array(UnsafeBufferPointer(start: base + scalar.lowerBound, count: scalar.count))
    repeatPiece(piece, at: scalar.lowerBound, times: nil)
  }

  /// Inserts a long run of a scalar of `Vocabulary.runScalars` (about a
  /// third of those a ladder of runs, `insertLadder`) or a construct of
  /// `.repeatedConstructs`, half the time followed by a run of a
  /// construct: at the end of a word (where a URL or a link tail ends)
  /// half the time, at the start of one (where brackets open) a quarter,
  /// anywhere else a quarter.
  mutating func insertRun() {
    let ofAScalar = writer.percent(60)
    let piece = encoded(
      ofAScalar ? writer.pick(Vocabulary.runScalars) : writer.pick(Vocabulary.repeatedConstructs))
    var at = position()
    switch writer.below(4) {
    case 0, 1:
      // The end of the word: the next white space, at most 256 scalars on.
      var steps = 0
      while at < count, steps < 256, !isWhiteSpace(at: at) {
        at = scalarEnd(from: at)
        steps += 1
      }
    case 2:
      // Its start: after the white space before it.
      var steps = 0
      while at > start, steps < 256 {
        let previous = boundary(atOrBefore: at - 1)
        if isWhiteSpace(at: previous) { break }
        at = previous
        steps += 1
      }
    default: break
    }
    let before = count
    if ofAScalar && writer.percent(35) {
      insertLadder(of: piece, at: at)
    } else {
      repeatPiece(piece, at: at, times: nil)
    }
    // Half the time a run of a construct follows: where what the first run
    // piled up, each repeat of the construct goes back over (a `[` run
    // before links, a long backtick run before paragraphs).
    if writer.percent(50) {
      repeatPiece(
        encoded(writer.pick(Vocabulary.repeatedConstructs)), at: at + count - before, times: nil)
    }
  }

  /// Runs of `scalar` that grow, a letter after each: half the time one
  /// of it before a long run (a short opener ahead of a long one, whose
  /// length then sizes what the scan keeps), else runs of every length
  /// from 1 to 8–90 (the staircase of cmark's pathological tests, where
  /// no run closes another and each may read on to the paragraph's end).
  private mutating func insertLadder(of scalar: [UInt8], at: Int) {
    let letter = encoded("a")
    if writer.percent(50) {
      let before = count
      insert(scalar + letter, at: at)
      repeatPiece(scalar, at: at + count - before, times: nil)
      return
    }
    var rungs: [UInt8] = []
    for length in 1...writer.int(8...90) {
      let rung = Array([[UInt8]](repeating: scalar, count: length).joined()) + letter
      guard count + rungs.count + rung.count <= capacity else { break }
      rungs += rung
    }
    insert(rungs, at: at)
  }

  /// Inserts `times` copies of `piece` at `at`; `nil` draws 16–64 (past any
  /// depth bound), enough to reach a unit from 256 to 2048 (room left for
  /// what follows), or enough to reach about unit 4096, a third each.
  /// Copies that do not fit are left out.
  private mutating func repeatPiece(_ piece: [UInt8], at: Int, times: Int?) {
    guard !piece.isEmpty else { return }
    let copies: Int
    if let times {
      copies = times
    } else {
      switch writer.below(3) {
      case 0: copies = writer.int(16...64)
      case 1: copies = self.copies(of: piece, reaching: writer.int(256...2048))
      default:
        copies = self.copies(
          of: piece, reaching: NotificationBodyReference.windowUTF16Units + writer.int(-2...1))
      }
    }
    let repeated = min(copies, (capacity - count) / piece.count)
    guard repeated > 0 else { return }
    insert(Array([[UInt8]](repeating: piece, count: repeated).joined()), at: at)
  }

  /// Sets the options byte's limit to 4096 or 10,000 units (bits 0–2 and 4,
  /// as `FuzzInput` reads them), keeping its encoding bit and the message.
  mutating func raiseLimit() {
    let kept = base[0] & ~0b1_0111
    base[0] = kept | 1 | (writer.percent(50) ? 2 : 3) << 1
  }

  /// One to three characters of `Vocabulary.characters`, side by side.
  mutating func insertCharacter() {
    var characters = ""
    for _ in 0..<writer.small(1...3) { characters += writer.pick(Vocabulary.characters) }
    insert(encoded(characters), at: position())
  }

  /// Sets a piece at an edge: its first scalar at unit `edge - before`,
  /// where `edge` is the limit's last unit or two or unit 4096 and
  /// `before` how many of its units come first (0 to all of them). A limit
  /// past the window has no edge a body reaches: unit 4096 stands for it.
  /// Six times in a hundred, under a limit whose body R1's window can
  /// overflow, the message becomes `writerEdgeMessage(limit:)` instead.
  mutating func placeAtEdge(limit: Int) {
    let window = NotificationBodyReference.windowUTF16Units
    if limit < window, writer.percent(6) {
      let message = encoded(writer.writerEdgeMessage(limit: limit))
      guard start + message.count <= capacity else { return }
      remove(start..<count)
      insert(message, at: start)
      return
    }
    let piece = writer.edgePiece()
    let edge =
      writer.percent(80)
      ? min(limit, window) + writer.int(-2...0)
      : window + writer.int(-1...0)
    let before = writer.percent(50) ? 0 : writer.int(0...piece.utf16.count)
    place(encoded(piece), at: max(0, edge - before), filler: writer.filler())
  }

  /// Makes `piece` start at UTF-16 unit `unit` of the message: behind the
  /// message's own head, padded with letters where it is shorter, or behind
  /// `filler` repeated, in front of the message's first `keptTail` bytes.
  /// Where the filler would not fit, letters do; where the rest does not,
  /// its end is cut.
  mutating func place(_ piece: [UInt8], at unit: Int, filler: Filler) {
    var at = start
    var pattern: [Unicode.Scalar] = ["a", "b", "c"]
    switch filler {
    case .ownHead: at = offset(ofUnit: unit)
    case .pattern(let scalars):
      pattern = scalars
      // The filler takes the head's place, so the input grows by at most
      // the edge's units and not by the whole message again.
      count = boundary(atOrBefore: start + Self.keptTail)
    }
    let missing = unit - units(before: at)
    var padding = Self.padding(units: missing, pattern: pattern, in: encoding)
    if at + padding.count + piece.count > capacity {
      padding = Self.padding(units: missing, pattern: ["a"], in: encoding)
    }
    insert(padding + piece, at: at, cuttingTheEnd: true)
  }

  /// How many bytes of the message a `Filler.pattern` placement keeps,
  /// after the piece.
  static let keptTail = 64

  /// What `placeAtEdge` writes before the piece.
  enum Filler {
    /// The message's own scalars up to the edge, padded with letters.
    case ownHead
    /// A pattern repeated: letters, words, or one scalar of 1–4 bytes.
    case pattern([Unicode.Scalar])
  }

  // MARK: Bytes

  /// Inserts `bytes` at `offset` where they fit. With `cuttingTheEnd`, the
  /// message's end makes room for them instead, cut at a scalar boundary.
  private mutating func insert(_ bytes: [UInt8], at offset: Int, cuttingTheEnd: Bool = false) {
    guard !bytes.isEmpty, offset + bytes.count <= capacity else { return }
    if count + bytes.count > capacity {
      guard cuttingTheEnd else { return }
      count = max(offset, boundary(atOrBefore: capacity - bytes.count))
    }
    (base + offset + bytes.count).update(from: base + offset, count: count - offset)
    bytes.withUnsafeBufferPointer { (base + offset).update(from: $0.baseAddress!, count: $0.count) }
    count += bytes.count
  }

  private mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    (base + range.lowerBound).update(from: base + range.upperBound, count: count - range.upperBound)
    count -= range.count
  }

  /// `text` in the message's encoding.
  func encoded(_ text: String) -> [UInt8] {
    Self.encoded(text, in: encoding)
  }

  static func encoded(_ text: String, in encoding: FuzzInput.Encoding) -> [UInt8] {
    switch encoding {
    case .utf8: Array(text.utf8)
    case .utf16LittleEndian: utf16LittleEndian(text.utf16)
    }
  }

  static func utf16LittleEndian(_ units: some Collection<UInt16>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(units.count * 2)
    for unit in units {
      bytes.append(UInt8(truncatingIfNeeded: unit))
      bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
    }
    return bytes
  }

  /// `pattern`'s scalars, over and over, for `units` UTF-16 units; a letter
  /// where a surrogate pair would overshoot.
  static func padding(
    units: Int, pattern: [Unicode.Scalar], in encoding: FuzzInput.Encoding
  ) -> [UInt8] {
    guard units > 0 else { return [] }
    let pieces = pattern.map { encoded(String($0), in: encoding) }
    let letter = encoding == .utf8 ? [UInt8(ascii: "a")] : [UInt8(ascii: "a"), 0]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(units * 3)
    var count = 0
    var index = 0
    while count < units {
      let scalar = pattern[index % pattern.count]
      if count + scalar.utf16.count > units {
        bytes += letter
        count += 1
      } else {
        bytes += pieces[index % pattern.count]
        count += scalar.utf16.count
      }
      index += 1
    }
    return bytes
  }

  // MARK: Places

  /// The scalar boundary at or before `offset`.
  func boundary(atOrBefore offset: Int) -> Int {
    var offset = min(max(offset, start), count)
    switch encoding {
    case .utf8:
      var steps = 0
      while offset > start && offset < count && base[offset] & 0xC0 == 0x80 && steps < 3 {
        offset -= 1
        steps += 1
      }
    case .utf16LittleEndian:
      offset -= (offset - start) & 1
      if offset > start && offset + 1 < count && unit(at: offset) & 0xFC00 == 0xDC00
        && unit(at: offset - 2) & 0xFC00 == 0xD800
      {
        offset -= 2
      }
    }
    return offset
  }

  /// How many copies of `piece` make the message reach about unit `unit`:
  /// at least one.
  private func copies(of piece: [UInt8], reaching unit: Int) -> Int {
    max(1, (unit - units(before: count)) / max(1, units(of: piece)))
  }

  /// The bytes of one scalar of the message, drawn anywhere in it; the
  /// message is not empty.
  private mutating func anyScalar() -> Range<Int> {
    let first = boundary(atOrBefore: writer.int(start...count - 1))
    return first..<scalarEnd(from: first)
  }

  /// Whether the scalar at `offset` is a space, tab, line feed or
  /// carriage return.
  private func isWhiteSpace(at offset: Int) -> Bool {
    guard offset < count else { return true }
    let value: UInt16
    switch encoding {
    case .utf8: value = UInt16(base[offset])
    case .utf16LittleEndian:
      guard offset + 1 < count else { return true }
      value = unit(at: offset)
    }
    return value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D
  }

  private func unit(at offset: Int) -> UInt16 {
    UInt16(base[offset]) | UInt16(base[offset + 1]) << 8
  }

  /// Where the scalar at `offset` ends (the next boundary).
  private func scalarEnd(from offset: Int) -> Int {
    guard offset < count else { return count }
    switch encoding {
    case .utf8:
      var end = offset + 1
      while end < count && end - offset < 4 && base[end] & 0xC0 == 0x80 { end += 1 }
      return end
    case .utf16LittleEndian:
      guard offset + 1 < count else { return count }
      let high = unit(at: offset) & 0xFC00 == 0xD800
      return min(count, offset + (high && offset + 3 < count ? 4 : 2))
    }
  }

  /// How many UTF-16 units the message's bytes before `offset` read as
  /// (a lone continuation byte counts as none).
  private func units(before offset: Int) -> Int {
    var units = 0
    switch encoding {
    case .utf8:
      for index in start..<offset { units += Self.units(startedBy: base[index]) }
    case .utf16LittleEndian:
      units = (offset - start) / 2
    }
    return units
  }

  /// How many UTF-16 units `bytes` in the message's encoding read as.
  private func units(of bytes: [UInt8]) -> Int {
    switch encoding {
    case .utf8: bytes.reduce(0) { $0 + Self.units(startedBy: $1) }
    case .utf16LittleEndian: bytes.count / 2
    }
  }

  /// How many UTF-16 units the UTF-8 scalar that `byte` starts reads as:
  /// none for a continuation byte, two for a four-byte lead.
  private static func units(startedBy byte: UInt8) -> Int {
    byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
  }

  /// The last scalar boundary at most `unit` UTF-16 units into the message.
  private func offset(ofUnit unit: Int) -> Int {
    var units = 0
    var offset = start
    while offset < count {
      let end = scalarEnd(from: offset)
      let size =
        encoding == .utf8
        ? max(1, Self.units(startedBy: base[offset]))
        : (end - offset) / 2
      guard units + size <= unit else { break }
      units += size
      offset = end
    }
    return offset
  }

  /// A scalar boundary: the ends more often than their share.
  private mutating func position() -> Int {
    switch writer.below(10) {
    case 0: start
    case 1, 2: count
    default: boundary(atOrBefore: writer.int(start...count))
    }
  }

  /// A span of about 1–16 scalars from a position, short ones more likely.
  private mutating func span() -> Range<Int> {
    let first = position()
    var end = first
    for _ in 0..<writer.small(1...16) where end < count { end = scalarEnd(from: end) }
    return first..<end
  }
}
