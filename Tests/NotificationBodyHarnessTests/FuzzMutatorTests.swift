import NotificationBodyHarness
import Testing

/// The custom mutator keeps to libFuzzer's terms (size, seed, the options
/// byte), makes every kind of edit, and sets characters at the contract's
/// edges: the limit's last units and unit 4096.
@Suite struct FuzzMutatorTests {
  /// The first seed of each search; `NOTIFICATION_BODY_SEED` moves it.
  /// A NOTIFICATION_BODY_SEED that is not a seed stops the run, saying so.
  static let seed: UInt64 = {
    do { return try HarnessEnvironment.seed(default: 0x0A0A_0001) } catch { fatalError("\(error)") }
  }()

  /// libFuzzer's own mutation, stood in for by one that is easy to see:
  /// the bytes reversed and one byte more.
  static func fallback(_ bytes: [UInt8], _ maxSize: Int) -> [UInt8] {
    Array((bytes.reversed() + [0x7E]).prefix(maxSize))
  }

  /// Inputs of every length class, in both encodings, with every limit.
  static let inputs: [[UInt8]] = {
    var inputs: [[UInt8]] = [[], [0x00], [0x09], [0x08, 0x41]]
    for (index, message) in MessageGenerator.messages(seed: 3, count: 60).enumerated() {
      let options = UInt8(index % 16)
      if options & 8 == 0 {
        inputs.append([options] + Array(message.utf8))
      } else {
        inputs.append([options] + message.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
      }
    }
    return inputs
  }()

  static func mutate(
    _ bytes: [UInt8], maxSize: Int = 16_384, seed: UInt32, edit: FuzzMutator.Edit? = nil
  ) -> [UInt8] {
    FuzzMutator.mutate(bytes, maxSize: maxSize, seed: seed, edit: edit, fallback: fallback)
  }

  static func seeds(_ count: Int) -> [UInt32] {
    (0..<UInt32(count)).map { UInt32(truncatingIfNeeded: seed) &+ $0 }
  }

  @Test(arguments: [1, 2, 3, 17, 300, 5_000, 16_384])
  func resultsFitInMaxSize(maxSize: Int) {
    for (index, input) in Self.inputs.enumerated() {
      for seed in Self.seeds(40) {
        let output = Self.mutate(input, maxSize: maxSize, seed: seed &+ UInt32(index))
        #expect(output.count <= maxSize, "seed \(seed), input \(index)")
      }
    }
  }

  @Test func theSameSeedGivesTheSameResult() {
    var differing = 0
    for (index, input) in Self.inputs.enumerated() {
      let seed = Self.seeds(1)[0] &+ UInt32(index)
      #expect(Self.mutate(input, seed: seed) == Self.mutate(input, seed: seed), "seed \(seed)")
      let token = Self.mutate(input, seed: seed, edit: .insertToken)
      #expect(token == Self.mutate(input, seed: seed, edit: .insertToken), "seed \(seed)")
      if token != Self.mutate(input, seed: seed &+ 1, edit: .insertToken) { differing += 1 }
    }
    #expect(differing > Self.inputs.count / 2)
  }

  @Test(arguments: FuzzMutator.Edit.allCases.filter { ![.fallback, .raiseLimit].contains($0) })
  func editsKeepTheOptionsByteAndTheEncoding(edit: FuzzMutator.Edit) {
    for (index, input) in Self.inputs.enumerated() {
      let seed = Self.seeds(1)[0] &+ UInt32(index)
      let output = Self.mutate(input, seed: seed, edit: edit)
      #expect(output.first == (input.first ?? 0), "seed \(seed), input \(index)")
      if (input.first ?? 0) & 8 != 0 {
        // UTF-16LE: byte pairs only, so nothing is dropped when read back.
        #expect(output.count % 2 == 1, "seed \(seed), input \(index)")
      } else {
        #expect(
          String(validating: output.dropFirst(), as: UTF8.self) != nil,
          "seed \(seed), input \(index)")
      }
    }
  }

  /// `raiseLimit` changes the limit alone: the message, its encoding and
  /// the reserved bits stay, and the limit is 4096 or 10,000, each for some
  /// seeds.
  @Test func raisingTheLimitKeepsTheMessage() {
    var limits: Set<Int> = []
    for (index, whole) in (Self.inputs + [[0xF7, 0x41, 0x00]]).enumerated() where !whole.isEmpty {
      let input = Array(whole.prefix(16_384))
      for seed in Self.seeds(4) {
        let output = Self.mutate(input, seed: seed &+ UInt32(index), edit: .raiseLimit)
        let (before, after) = (FuzzInput(bytes: input), FuzzInput(bytes: output))
        #expect(after.message == before.message, "seed \(seed), input \(index)")
        #expect(output[0] & 0b1110_1000 == input[0] & 0b1110_1000, "seed \(seed)")
        limits.insert(after.limit.utf16Units)
      }
    }
    #expect(limits == [4096, 10_000])
  }

  /// With the custom edits switched off, every mutation is libFuzzer's.
  @Test func switchedOffEveryMutationIsLibFuzzers() {
    var buffer = [UInt8](repeating: 0, count: 64)
    var calls = 0
    for seed in Self.seeds(200) {
      buffer.withUnsafeMutableBufferPointer { buffer in
        buffer[0] = 0
        _ = FuzzMutator.mutate(
          buffer.baseAddress, size: 1, maxSize: 64, seed: seed,
          fallback: { _, size, _ in
            calls += 1
            return size
          }, edits: [])
      }
    }
    #expect(calls == 200)
  }

  /// An edit left out goes to libFuzzer; the others are made as drawn.
  @Test func anEditLeftOutIsLibFuzzers() {
    let left = FuzzMutator.Edit.insertRun
    let made = Set(FuzzMutator.Edit.custom).subtracting([left])
    var buffer = [UInt8](repeating: 0, count: 64)
    var fallbacks = [FuzzMutator.Edit: Int]()
    for seed in Self.seeds(1_000) {
      let drawn = FuzzMutator.Edit(seed: seed)
      buffer.withUnsafeMutableBufferPointer { buffer in
        buffer[0] = 0
        buffer[1] = 0x61
        _ = FuzzMutator.mutate(
          buffer.baseAddress, size: 2, maxSize: 64, seed: seed,
          fallback: { _, size, _ in
            fallbacks[drawn, default: 0] += 1
            return size
          }, edits: made)
      }
    }
    #expect(fallbacks.keys.sorted { $0.rawValue < $1.rawValue } == [.fallback, left])
    #expect(fallbacks[left, default: 0] > 0)
  }

  @Test(
    arguments: [
      ("", FuzzMutator.Edit.custom), ("1", FuzzMutator.Edit.custom), ("0", []),
      ("insertRun,raiseLimit", [.insertRun, .raiseLimit]),
      ("-placeAtEdge", FuzzMutator.Edit.custom.filter { $0 != .placeAtEdge }),
      ("insertRun,raiseLimit,-raiseLimit", [.insertRun]),
    ] as [(String, [FuzzMutator.Edit])])
  func theSettingNamesTheEditsMade(setting: String, edits: [FuzzMutator.Edit]) throws {
    #expect(try FuzzMutator.Edit.made(bySetting: setting).get() == Set(edits))
  }

  @Test func aSettingNamingNoEditIsAnError() {
    for setting in ["insertRun,bogus", "-fallback", "fallback"] {
      #expect(throws: FuzzMutator.Edit.UnknownEdit.self) {
        try FuzzMutator.Edit.made(bySetting: setting).get()
      }
    }
  }

  @Test func mostMutationsAreLibFuzzers() {
    let input: [UInt8] = [0x00] + Array("a **b** [c](d)".utf8)
    var fallbacks = 0
    for seed in Self.seeds(1_000) where FuzzMutator.Edit(seed: seed) == .fallback {
      fallbacks += 1
      #expect(Self.mutate(input, seed: seed) == Self.fallback(input, 16_384))
    }
    #expect((670...770).contains(fallbacks), "\(fallbacks) of 1,000")
  }

  /// libFuzzer's entry point edits its buffer in place to the bytes the
  /// copying one returns, and hands `fallback` edits to libFuzzer's own.
  @Test func inPlaceEditsMatchTheCopies() {
    for (index, input) in Self.inputs.enumerated() {
      for seed in Self.seeds(20) {
        let seed = seed &+ UInt32(index)
        let maxSize = input.count + 600
        var buffer = input + [UInt8](repeating: 0xEE, count: maxSize - input.count)
        let count = buffer.withUnsafeMutableBufferPointer { buffer in
          FuzzMutator.mutate(
            buffer.baseAddress, size: input.count, maxSize: maxSize, seed: seed
          ) { _, _, _ in 0 }
        }
        let expected =
          FuzzMutator.Edit(seed: seed) == .fallback
          ? [] : Self.mutate(input, maxSize: maxSize, seed: seed)
        #expect(Array(buffer.prefix(count)) == expected, "seed \(seed), input \(index)")
      }
    }
  }

  @Test func everyEditIsDrawn() {
    let drawn = Set(Self.seeds(2_000).map { FuzzMutator.Edit(seed: $0) })
    #expect(drawn == Set(FuzzMutator.Edit.allCases))
  }

  /// Insertions leave the message around the new text as it was.
  @Test(arguments: [
    FuzzMutator.Edit.insertToken, .duplicateSpan, .stretchScalar, .insertRun, .insertCharacter,
  ])
  func editsInsertOneStretch(edit: FuzzMutator.Edit) {
    let text = "ok **done** `x` [a](b) https://x.io é 😀\nend"
    let message = Array(text.unicodeScalars)
    var changed = 0
    for seed in Self.seeds(300) {
      let output = Self.mutate([0x00] + Array(text.utf8), seed: seed, edit: edit)
      let result = Array(FuzzInput(bytes: output).message.unicodeScalars)
      guard result != message else { continue }
      changed += 1
      #expect(result.count > message.count, "seed \(seed)")
      #expect(Self.isOneStretchLonger(result, than: message), "seed \(seed)")
    }
    #expect(changed > 250)
  }

  /// A stretch repeats one scalar of the message where it stands: the
  /// message gains 16 or more copies of a scalar it held, beside it.
  @Test func stretchesRepeatAScalarOfTheMessage() {
    let text = "see https://x.io/a_(b)) [[a](b) ``c``\n\nd 😀"
    let message = Array(text.unicodeScalars)
    var stretched = 0
    for seed in Self.seeds(300) {
      let output = Self.mutate([0x00] + Array(text.utf8), seed: seed, edit: .stretchScalar)
      let result = Array(FuzzInput(bytes: output).message.unicodeScalars)
      let prefix = zip(result, message).prefix { $0 == $1 }.count
      let added = result.count - message.count
      #expect(added >= 16, "seed \(seed)")
      #expect(Self.isOneStretchLonger(result, than: message), "seed \(seed)")
      let run = result[prefix..<(prefix + added)]
      #expect(Set(run).count == 1 && message.contains(run.first!), "seed \(seed)")
      stretched += 1
    }
    #expect(stretched == 300)
  }

  /// A run is 16 or more copies of a scalar or a construct, and
  /// half the time it lands at the end of a word: after the URL here.
  @Test func runsOfATokenLandAtWordEnds() {
    let text = "see https://x.io/a_(b) now"
    var afterTheURL = 0
    for seed in Self.seeds(300) {
      let output = Self.mutate([0x00] + Array(text.utf8), seed: seed, edit: .insertRun)
      let result = FuzzInput(bytes: output).message
      #expect(result.unicodeScalars.count >= text.unicodeScalars.count + 16, "seed \(seed)")
      if result.hasPrefix("see https://x.io/a_(b)") && result.hasSuffix(" now")
        && result.count > text.count
      {
        afterTheURL += 1
      }
    }
    #expect(afterTheURL > 30)
  }

  /// A token replaces a span: the message changes, and over many seeds
  /// each kind of token shows up: a fence, a link tail, a URL start.
  @Test func replacementsBringTheContractsTokens() {
    let input: [UInt8] = [0x00] + Array("plain words and more plain words here".utf8)
    var seen: Set<String> = []
    for seed in Self.seeds(2_000) {
      let message = FuzzInput(bytes: Self.mutate(input, seed: seed, edit: .replaceToken)).message
      for token in ["```", "](", "http", "**", "~~", "\n"] where message.contains(token) {
        seen.insert(token)
      }
    }
    #expect(seen == ["```", "](", "http", "**", "~~", "\n"])
  }

  /// The characters the mutator inserts: boundary scalars, Prepend, ZWJ,
  /// flags, keycaps and viramas all turn up.
  @Test func insertedCharactersCoverTheUnicodeVocabulary() {
    var seen: Set<Unicode.Scalar> = []
    for seed in Self.seeds(3_000) {
      let output = Self.mutate([0x08], seed: seed, edit: .insertCharacter)
      seen.formUnion(FuzzInput(bytes: output).message.unicodeScalars)
    }
    let wanted: [Unicode.Scalar] = [
      "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}",
      "\u{10FFFF}", "\u{600}", "\u{110BD}", "\u{200D}", "\u{1F1EB}", "\u{20E3}", "\u{94D}",
      "\u{1039}", "\u{17D2}", "\u{D4D}",
    ]
    #expect(wanted.filter { !seen.contains($0) } == [])
  }

  /// With the default limit, a raised one and in UTF-16LE, some seed sets
  /// `scalar` so that exactly `before` units come first: units 255 and 256
  /// of the body, unit 4096 of the window.
  @Test(
    arguments: [
      (UInt8(0x00), "\u{301}", 254), (0x00, "\u{600}", 255), (0x00, " ", 255),
      (0x00, "\u{1F1EB}", 255), (0x03, "\u{94D}", 999), (0x08, "\u{301}", 4095),
      (0x00, "\u{200D}", 4095), (0x00, "\u{1F1EB}", 4095),
    ] as [(UInt8, Unicode.Scalar, Int)])
  func piecesLandAtTheEdges(options: UInt8, scalar: Unicode.Scalar, before: Int) {
    let input = [options] + Array("some **text** [a](b)".utf8)
    let found = Self.seeds(20_000).first { seed in
      let output = Self.mutate(input, seed: seed, edit: .placeAtEdge)
      #expect(output.first == options)
      return Self.scalar(startingAt: before, in: FuzzInput(bytes: output).message) == scalar
    }
    #expect(found != nil, "no seed sets U+\(String(scalar.value, radix: 16)) after \(before) units")
  }

  /// The input R1's read prefix is made for: 4096 scalars of three UTF-8
  /// bytes, then a mark that joins the last of them.
  @Test func threeByteScalarsFillTheWindowBeforeAMark() {
    let found = Self.seeds(40_000).contains { seed in
      let message = FuzzInput(bytes: Self.mutate([0x00], seed: seed, edit: .placeAtEdge)).message
      let scalars = Array(message.unicodeScalars)
      guard scalars.count > 4096, scalars[4096].properties.generalCategory == .nonspacingMark
      else { return false }
      return scalars[..<4096].allSatisfy { $0.utf8.count == 3 }
    }
    #expect(found)
  }

  /// The writer's edge (`writerEdgeMessage`): three-byte filler that
  /// leaves the limit 3 units of room, a line of tabs and a marker past
  /// the 776 bytes the writer keeps at limit 256, then `x`, tabs and a
  /// piece, which some seed starts with each room from 0 to 3 bytes.
  @Test(arguments: [UInt8(0x00), 0x08])
  func writerEdgeMessagesLeaveEachRoomAtTheKeptBytes(options: UInt8) {
    let kept = 3 * 256 + 8
    var rooms: Set<Int> = []
    for seed in Self.seeds(5_000) {
      let output = Self.mutate([options] + Array("a".utf8), seed: seed, edit: .placeAtEdge)
      #expect(output.first == options)
      let message = FuzzInput(bytes: output).message
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count == 3, lines[2].hasPrefix("x\t") else { continue }
      let filler = lines[0].unicodeScalars
      #expect(filler.allSatisfy { $0.utf8.count == 3 } && filler.count + 3 <= 256, "seed \(seed)")
      let emptied = lines[1].prefix { $0 == "\t" }.count
      #expect(["**", "~~"].contains(lines[1].dropFirst(emptied)), "seed \(seed)")
      #expect(3 * filler.count + 1 + emptied >= kept, "seed \(seed): tabs end in the kept bytes")
      let tabs = lines[2].dropFirst().prefix { $0 == "\t" }.count
      rooms.insert(kept - (3 * filler.count + 3 + tabs))
    }
    #expect(rooms == [0, 1, 2, 3])
  }

  // MARK: Helpers

  /// The scalar whose first unit comes after `units` UTF-16 units of
  /// `message`, or `nil` where that is inside a scalar or past the end.
  static func scalar(startingAt units: Int, in message: String) -> Unicode.Scalar? {
    var count = 0
    for scalar in message.unicodeScalars {
      if count == units { return scalar }
      count += scalar.utf16.count
      if count > units { return nil }
    }
    return nil
  }

  /// Whether removing one stretch of `long` leaves `short`.
  static func isOneStretchLonger(_ long: [Unicode.Scalar], than short: [Unicode.Scalar]) -> Bool {
    var prefix = 0
    while prefix < short.count && long[prefix] == short[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < short.count - prefix
      && long[long.count - 1 - suffix] == short[short.count - 1 - suffix]
    {
      suffix += 1
    }
    return prefix + suffix == short.count
  }
}
