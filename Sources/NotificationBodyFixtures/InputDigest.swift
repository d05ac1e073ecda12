/// The SHA-1 of a corpus file's bytes in hex: the name libFuzzer gives the
/// file, and the key that tells corpus inputs apart in the snapshot and
/// saved failures apart in `Fuzz/FailCases/`. It names inputs, it protects
/// nothing.
///
///     InputDigest.hex(of: Array("abc".utf8))
///     // "a9993e364706816aba3e25717850c26c9cd0d89d"
///
///     var digest = InputDigest()
///     digest.update(Array("ab".utf8))
///     digest.update(Array("c".utf8))
///     digest.hex  // the same
///
/// It works on the bytes in place, a block at a time, without copying them
/// into a padded message: the gate hashes every corpus file on every run of
/// `swift test`, in a debug build, and a file read in chunks is hashed
/// without being kept.
package struct InputDigest: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
  )
  /// The bytes of an unfinished block, fewer than 64.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  /// A digest of no bytes yet.
  package init() {}

  /// The SHA-1 digest (FIPS 180-4, section 6.1) of `bytes` as 40 lowercase
  /// hex digits, as `sha1sum` prints it.
  ///
  /// - Parameter bytes: Any bytes.
  /// - Returns: The digest in hex.
  /// - Complexity: O(*n*) in the number of bytes.
  package static func hex(of bytes: [UInt8]) -> String {
    var digest = InputDigest()
    digest.update(bytes)
    return digest.hex
  }

  /// Adds `bytes` to what is digested.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package mutating func update(_ bytes: some Collection<UInt8>) {
    length &+= UInt64(bytes.count)
    var words = [UInt32](repeating: 0, count: 80)
    let consumed: Int? = bytes.withContiguousStorageIfAvailable { buffer in
      digest(buffer, words: &words)
    }
    if consumed == nil {
      Array(bytes).withUnsafeBufferPointer { _ = digest($0, words: &words) }
    }
  }

  /// Compresses the pending bytes and every whole block of `buffer`, and
  /// keeps the rest pending.
  private mutating func digest(_ buffer: UnsafeBufferPointer<UInt8>, words: inout [UInt32])
    -> Int
  {
    var start = 0
    words.withUnsafeMutableBufferPointer { words in
      if !pending.isEmpty {
        let taken = min(64 - pending.count, buffer.count)
        pending += buffer[..<taken]
        start = taken
        if pending.count == 64 {
          pending.withUnsafeBufferPointer { Self.compress($0, &state, words) }
          pending.removeAll(keepingCapacity: true)
        }
      }
      while buffer.count - start >= 64 {
        Self.compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]), &state, words)
        start += 64
      }
    }
    pending += buffer[start...]
    return buffer.count
  }

  /// The digest of every byte added, as 40 lowercase hex digits.
  package var hex: String {
    var state = state
    // The tail, the 0x80 byte and the length in bits: one or two blocks.
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bits = length &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
    }
    var words = [UInt32](repeating: 0, count: 80)
    tail.withUnsafeBufferPointer { buffer in
      words.withUnsafeMutableBufferPointer { words in
        for start in stride(from: 0, to: buffer.count, by: 64) {
          Self.compress(UnsafeBufferPointer(rebasing: buffer[start..<start + 64]), &state, words)
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
