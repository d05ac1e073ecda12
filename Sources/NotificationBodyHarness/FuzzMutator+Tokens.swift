/// What `FuzzMutator` inserts, drawn from `Vocabulary` and from the
/// message generator's own grammar, so a token reaches both through one
/// list.
extension MessageGenerator.Writer {
  /// A token of the contract (a fence, a backtick run, a bracket or link
  /// tail, a URL start, a marker, white space, a line break), a character
  /// of `Vocabulary.characters`, or a fragment the grammar writes: inline
  /// content, a link, a block, an ending.
  mutating func mutationToken() -> String {
    switch below(100) {
    case 0..<16: pick(Vocabulary.commonSyntax)
    case 16..<28: pick(Vocabulary.syntax)
    case 28..<34: pick(Vocabulary.fences)
    case 34..<39: pick(Vocabulary.backtickRuns)
    case 39..<47: pick(Vocabulary.markersAndSpaces)
    case 47..<52:
      pick(Vocabulary.urlStarts) + pick(["x.io", "a.b/c", ""]) + pick(Vocabulary.urlEnds)
    case 52..<60: pick(Vocabulary.linkTails)
    case 60..<65:
      "](" + pick(Vocabulary.destinations) + pick([")", " ", "", "\t"])
        + pick(Vocabulary.titles) + pick([")", "", " )"])
    case 65..<75: detached { $0.inline(count: $0.int(1...3), depth: 0) }
    case 75..<79: detached { $0.link(depth: 0) }
    case 79..<83: detached { $0.bareURL() }
    case 83..<87: detached { $0.block() }
    case 87..<91: detached { $0.ending() }
    default: pick(Vocabulary.characters)
    }
  }

  /// What `FuzzMutator` sets at an edge: a character of several units or
  /// scalars, a bare combining mark or Prepend character (which join the
  /// scalar before), white space, or a token.
  mutating func edgePiece() -> String {
    switch below(100) {
    case 0..<35: pick(Vocabulary.characters)
    case 35..<45: String(pick(Vocabulary.combiningMarks))
    case 45..<52: pick(Vocabulary.prependSequences)
    case 52..<70: pick(Vocabulary.markersAndSpaces) + pick(["", "b", " ", "\n"])
    case 70..<80: detached { $0.straddler() }
    default: mutationToken()
    }
  }

  /// A whole message whose body overflows the bytes the library's writer
  /// keeps by a piece that ends in white space (`addWriterEdge`): filler
  /// 3–6 units short of the limit, so that the body trimmed where the kept
  /// bytes end would fit it, and 0–3 bytes of room for the piece.
  mutating func writerEdgeMessage(limit: Int) -> String {
    let letters = limit - int(3...6)
    let extraTabs = int(1...5)
    let room = int(0...3)
    let letter = String(pick(Self.threeByteScalars))
    let marker = pick(["**", "~~"])
    let piece = pick(["`c `", "**c **", "c ", "~~cd~~\t", "`c  `"])
    return detached {
      $0.addWriterEdge(
        limit: limit, letters: letters, letter: letter, extraTabs: extraTabs, marker: marker,
        room: room, piece: piece)
    }
  }

  /// What comes before a piece set at an edge: the message's own head,
  /// letters, words with spaces, or one scalar repeated (of 1–4 UTF-8
  /// bytes; 4096 three-byte scalars fill R1's read prefix exactly).
  mutating func filler() -> ByteEditor.Filler {
    switch below(100) {
    case 0..<25: .ownHead
    case 25..<45: .pattern(Array(pick(["a", "ab", "xyz", "é"]).unicodeScalars))
    case 45..<60: .pattern(Array(pick(["lorem ipsum ", "a b ", "word  ", "ok\n"]).unicodeScalars))
    case 60..<85: .pattern([pick(Self.threeByteScalars)])
    default: .pattern([pick(Vocabulary.boundaryScalars)])
    }
  }

  private static let threeByteScalars: [Unicode.Scalar] = [
    "\u{800}", "\u{1000}", "\u{4F60}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{915}",
  ]
}
