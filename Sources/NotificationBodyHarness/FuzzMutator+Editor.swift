import NotificationBody

/// A message being edited by `FuzzMutator`: its scalars, the random source
/// (a `MessageGenerator.Writer`, whose grammar writes the fragments), and
/// how many bytes the encoded message may take.
struct MessageEditor {
  var scalars: [Unicode.Scalar]
  var writer: MessageGenerator.Writer
  let encoding: FuzzInput.Encoding
  /// The bytes the message may take once encoded (`maxSize` less the
  /// options byte).
  let room: Int

  /// How many bytes `scalar` takes in `encoding`.
  static func size(of scalar: Unicode.Scalar, in encoding: FuzzInput.Encoding) -> Int {
    encoding == .utf8 ? scalar.utf8.count : 2 * scalar.utf16.count
  }

  private func size(of scalars: some Sequence<Unicode.Scalar>) -> Int {
    scalars.reduce(0) { $0 + Self.size(of: $1, in: encoding) }
  }

  // MARK: Edits

  mutating func insertToken() {
    let token = writer.mutationToken()
    scalars.insert(contentsOf: token.unicodeScalars, at: position())
  }

  mutating func replaceToken() {
    let span = self.span()
    scalars.replaceSubrange(span, with: writer.mutationToken().unicodeScalars)
  }

  /// A span, or the whole run of one scalar around a position (a run of
  /// backticks, spaces, `*`).
  mutating func deleteSpan() {
    guard !scalars.isEmpty else { return }
    if writer.percent(35) {
      let start = writer.below(scalars.count)
      var end = start + 1
      while end < scalars.count && scalars[end] == scalars[start] { end += 1 }
      scalars.removeSubrange(start..<end)
    } else {
      scalars.removeSubrange(span())
    }
  }

  /// Repeats a span of the message, or a token, in place: 2–8 times,
  /// 16–64 times (nesting past any depth bound), or until the message
  /// reaches about unit 4096.
  mutating func duplicateSpan() {
    let piece: [Unicode.Scalar]
    let at: Int
    if scalars.isEmpty || writer.percent(40) {
      piece = Array(writer.mutationToken().unicodeScalars)
      at = position()
    } else {
      let span = self.span()
      piece = Array(scalars[span])
      at = span.upperBound
    }
    guard !piece.isEmpty else { return }
    let pieceUnits = Self.units(of: piece)
    let count: Int
    switch writer.below(100) {
    case 0..<45: count = writer.small(2...8)
    case 45..<75: count = writer.int(16...64)
    default:
      let target = NotificationBody.windowUTF16Units + writer.int(-2...1)
      count = max(1, (target - Self.units(of: scalars)) / pieceUnits)
    }
    let fits = max(0, room - size(of: scalars)) / max(1, size(of: piece))
    let repeated = Array(repeating: piece, count: min(count, fits)).joined()
    scalars.insert(contentsOf: repeated, at: at)
  }

  /// One to three characters of `Vocabulary.characters`, side by side.
  mutating func insertCharacter() {
    var characters = ""
    for _ in 0..<writer.small(1...3) { characters += writer.pick(Vocabulary.characters) }
    scalars.insert(contentsOf: characters.unicodeScalars, at: position())
  }

  /// Sets a piece at an edge: its first scalar at unit `edge - before`,
  /// where `edge` is the limit's last unit or two or unit 4096 and
  /// `before` how many of its units come first (0 to all of them).
  mutating func placeAtEdge(limit: Int) {
    let piece = Array(writer.edgePiece().unicodeScalars)
    let window = NotificationBody.windowUTF16Units
    let edge =
      writer.percent(55)
      ? limit + writer.int(-2...0)
      : window + writer.int(-1...0)
    let pieceUnits = Self.units(of: piece)
    let before = writer.percent(50) ? 0 : writer.int(0...pieceUnits)
    place(piece, at: max(0, edge - before), filler: writer.filler())
  }

  /// Replaces the message with filler (or its own head, padded with
  /// `filler`) up to exactly unit `start`, then `piece`, then what
  /// followed: `piece`'s first scalar starts at UTF-16 unit `start` of
  /// the message. Where `filler` would not fit in `room`, letters do.
  mutating func place(_ piece: [Unicode.Scalar], at start: Int, filler: Filler) {
    var head: [Unicode.Scalar] = []
    var tail = scalars
    var filler = filler
    if case .ownHead = filler {
      var units = 0
      var cut = 0
      while cut < scalars.count && units + scalars[cut].utf16.count <= start {
        units += scalars[cut].utf16.count
        cut += 1
      }
      head = Array(scalars[..<cut])
      tail = Array(scalars[cut...])
      filler = .pattern(["a", "b", "c"])
    }
    if case .pattern(let pattern) = filler {
      let widest = pattern.map { Self.size(of: $0, in: encoding) }.max() ?? 1
      let needed = (start - Self.units(of: head)) * widest
      if size(of: head) + needed + size(of: piece) > room { filler = .pattern(["a"]) }
    }
    if case .pattern(let pattern) = filler {
      Self.pad(&head, to: start, with: pattern)
    }
    scalars = head + piece + tail
  }

  /// What `placeAtEdge` writes before the piece.
  enum Filler {
    /// The message's own scalars up to the edge, padded with letters.
    case ownHead
    /// A pattern repeated: letters, words, or one scalar of 1–4 bytes.
    case pattern([Unicode.Scalar])
  }

  /// Adds `pattern`'s scalars, over and over, until `head` is `units`
  /// long; a letter where a surrogate pair would overshoot.
  static func pad(_ head: inout [Unicode.Scalar], to units: Int, with pattern: [Unicode.Scalar]) {
    var count = Self.units(of: head)
    var index = 0
    while count < units {
      var scalar = pattern[index % pattern.count]
      if count + scalar.utf16.count > units { scalar = "a" }
      head.append(scalar)
      count += scalar.utf16.count
      index += 1
    }
  }

  static func units(of scalars: some Sequence<Unicode.Scalar>) -> Int {
    scalars.reduce(0) { $0 + $1.utf16.count }
  }

  // MARK: Places

  /// A scalar boundary: the ends more often than their share.
  private mutating func position() -> Int {
    switch writer.below(10) {
    case 0: 0
    case 1, 2: scalars.count
    default: writer.int(0...scalars.count)
    }
  }

  /// A span of 1–16 scalars (fewer at the end), short ones more likely.
  private mutating func span() -> Range<Int> {
    let start = position()
    let length = writer.small(1...16)
    return start..<min(scalars.count, start + length)
  }
}
