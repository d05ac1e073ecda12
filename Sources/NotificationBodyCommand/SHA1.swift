/// SHA-1 of some bytes, as a name for a saved fuzzer input (Linux has no
/// CryptoKit). It names files, it protects nothing: never use it for security.
///
///     SHA1.hex(of: Array("abc".utf8))
///     // "a9993e364706816aba3e25717850c26c9cd0d89d"
enum SHA1 {
  /// The 20-byte digest of `bytes` (FIPS 180-4, section 6.1).
  ///
  /// - Parameter bytes: Any bytes.
  /// - Returns: The digest.
  /// - Complexity: O(*n*) in the number of bytes.
  static func digest(of bytes: [UInt8]) -> [UInt8] {
    var message = bytes
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    let bits = UInt64(bytes.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      message.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }

    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var words = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: message.count, by: 64) {
      for index in 0..<16 {
        let start = block + index * 4
        words[index] = message[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for index in 16..<80 {
        words[index] = rotated(
          words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], by: 1)
      }
      var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
      for index in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let next = rotated(a, by: 5) &+ f &+ e &+ k &+ words[index]
        (e, d, c, b, a) = (d, c, rotated(b, by: 30), a, next)
      }
      for (index, value) in [a, b, c, d, e].enumerated() { state[index] &+= value }
    }
    return state.flatMap { word in
      stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
    }
  }

  /// The digest of `bytes` as 40 lowercase hex digits, as `sha1sum` prints it.
  ///
  /// - Parameter bytes: Any bytes.
  /// - Returns: The digest in hex.
  /// - Complexity: O(*n*) in the number of bytes.
  static func hex(of bytes: [UInt8]) -> String {
    digest(of: bytes).map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
  }

  private static func rotated(_ word: UInt32, by count: UInt32) -> UInt32 {
    word << count | word >> (32 - count)
  }
}
