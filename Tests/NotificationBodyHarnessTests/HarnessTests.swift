import NotificationBody
import NotificationBodyHarness
import Testing

/// The fuzz input's layout, which saved failures and corpus files depend on:
/// every bit of the options byte, both encodings, and the bytes that read
/// back as an input.
@Suite struct FuzzInputLayoutTests {
  /// The limit `FuzzInput`'s table gives an options byte.
  static func tableLimit(_ options: UInt8) -> Int {
    guard options & 1 == 1 else { return 256 }
    let choice = Int(options >> 1) & 3
    return options & 16 == 0
      ? [300, 1000, 4096, 10_000][choice]
      : [9_007_199_254_740_991, Int.max / 4, Int.max / 4 + 1, Int.max][choice]
  }

  @Test func emptyBytesAreTheEmptyMessageAtTheDefaultLimit() {
    #expect(FuzzInput(bytes: []) == FuzzInput(message: "", limit: .default))
  }

  /// Bits 0–2 and 4 choose the limit; bits 5–7 change nothing; bit 3 the
  /// encoding, for all 256 options bytes.
  @Test(arguments: 0...255)
  func theOptionsByteChoosesTheLimitAndTheEncoding(options: Int) {
    let options = UInt8(options)
    let ascii: [UInt8] = Array("a*b".utf8)
    let input = FuzzInput(bytes: [options] + ascii)
    #expect(input.limit.utf16Units == Self.tableLimit(options))
    #expect(FuzzInput(bytes: [options & 0b0001_1111] + ascii) == input)
    #expect(FuzzInput.Encoding(of: [options]) == (options & 8 == 0 ? .utf8 : .utf16LittleEndian))
    // "a*b" read as UTF-16LE is U+2A61 and a lone last byte, dropped.
    #expect(input.message == (options & 8 == 0 ? "a*b" : "\u{2A61}"))
  }

  @Test func utf8RepairsInvalidBytes() {
    let input = FuzzInput(bytes: [0x00, 0x61, 0xFF, 0xE2, 0x82, 0x62])
    #expect(Array(input.message.unicodeScalars) == ["a", "\u{FFFD}", "\u{FFFD}", "b"])
  }

  @Test func utf16ReadsPairsAndRepairsLoneSurrogates() {
    // "a", the pair for U+1F600, a lone high surrogate, "b", and an odd byte.
    let bytes: [UInt8] = [0x08, 0x61, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x00, 0xD8, 0x62, 0x00, 0x7A]
    let input = FuzzInput(bytes: bytes)
    #expect(Array(input.message.unicodeScalars) == ["a", "\u{1F600}", "\u{FFFD}", "b"])
  }

  /// `bytes` reads back as the input at every limit an options byte
  /// selects, and as its message at the default limit for any other.
  @Test func bytesReadBackAsTheInput() {
    let message = "**é** `x` 😀"
    for limit in [256] + FuzzInput.raisedLimits + FuzzInput.hugeLimits {
      let input = FuzzInput(message: message, limit: .init(utf16Units: limit))
      #expect(FuzzInput(bytes: input.bytes) == input, "limit \(limit)")
      #expect(input.bytes.dropFirst().elementsEqual(message.utf8))
    }
    for limit in [1, 255, 257, 5000, 1 << 53] {
      let bytes = FuzzInput(message: message, limit: .init(utf16Units: limit)).bytes
      #expect(FuzzInput(bytes: bytes) == FuzzInput(message: message), "limit \(limit)")
    }
  }
}
