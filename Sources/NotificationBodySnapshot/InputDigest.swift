/// The SHA-1 of a corpus file's bytes in hex: the name libFuzzer gives the
/// file, and the key that tells corpus inputs apart in the snapshot. It names
/// inputs, it protects nothing.
///
///     InputDigest.hex(of: Array("abc".utf8))
///     // "a9993e364706816aba3e25717850c26c9cd0d89d"
///
/// It works on the bytes in place, without copying them into a padded
/// message, because the gate hashes every corpus file on every run of
/// `swift test`, in a debug build.
package enum InputDigest {
  /// The SHA-1 digest (FIPS 180-4, section 6.1) of `bytes` as 40 lowercase
  /// hex digits, as `sha1sum` prints it.
  ///
  /// - Parameter bytes: Any bytes.
  /// - Returns: The digest in hex.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func hex(of bytes: [UInt8]) -> String {
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    var words = [UInt32](repeating: 0, count: 80)
    let whole = bytes.count / 64 * 64
    bytes.withUnsafeBufferPointer { buffer in
      words.withUnsafeMutableBufferPointer { words in
        var start = 0
        while start < whole {
          compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]), &state, words)
          start += 64
        }
      }
    }
    // The tail, the 0x80 byte and the length in bits: one or two blocks.
    var tail = Array(bytes[whole...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bits = UInt64(bytes.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    tail.withUnsafeBufferPointer { buffer in
      words.withUnsafeMutableBufferPointer { words in
        for start in stride(from: 0, to: buffer.count, by: 64) {
          compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]), &state, words)
        }
      }
    }
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(40)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(digits[Int(word >> UInt32(shift) & 0xF)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Mixes one 64-byte block into `state`.
  private static func compress(
    _ block: UnsafeBufferPointer<UInt8>, _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
    _ words: UnsafeMutableBufferPointer<UInt32>
  ) {
    for index in 0..<16 {
      let at = index * 4
      words[index] =
        UInt32(block[at]) << 24 | UInt32(block[at + 1]) << 16 | UInt32(block[at + 2]) << 8
        | UInt32(block[at + 3])
    }
    for index in 16..<80 {
      let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
      words[index] = mixed << 1 | mixed >> 31
    }
    var (a, b, c, d, e) = state
    // Four loops rather than a switch on the round: this runs in debug
    // builds too, where every pattern match is a call.
    for index in 0..<20 {
      let next = (a << 5 | a >> 27) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ words[index]
      (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
    }
    for index in 20..<40 {
      let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ words[index]
      (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
    }
    for index in 40..<60 {
      let next =
        (a << 5 | a >> 27) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ words[index]
      (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
    }
    for index in 60..<80 {
      let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ words[index]
      (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
  }
}
