import NotificationBody

/// The bytes a fuzzer or a corpus file holds, read as a message and a limit.
///
/// The first byte selects the options; the rest is the message. The layout
/// is stable: saved artifacts and corpus files depend on it, so bits are
/// only ever added, never moved.
///
/// | bits | meaning |
/// | --- | --- |
/// | 0 | 0: the default limit (256); 1: a raised limit, chosen by bits 1–2 |
/// | 1–2 | the raised limit: 300, 1000, 4096 or 10,000 units |
/// | 3 | 0: the message is UTF-8, invalid bytes replaced by U+FFFD; 1: UTF-16LE, so every code point is one or two byte pairs (lone surrogates become U+FFFD) |
/// | 4 | with bit 0: bits 1–2 choose a huge limit instead: 2^53 − 1, `Int.max / 4`, `Int.max / 4 + 1` or `Int.max` units (the fixture file's largest, the edges of the writer's clamp, the largest) |
/// | 5–7 | reserved, ignored |
///
/// Empty input is the empty message with the default limit.
package struct FuzzInput: Sendable, Hashable {
  /// The raised limits bits 1–2 choose from.
  package static let raisedLimits = [300, 1000, 4096, 10_000]

  /// The huge limits bits 1–2 choose from when bit 4 is set: where
  /// arithmetic on a limit overflows, if anywhere.
  package static let hugeLimits = [(1 << 53) - 1, Int.max / 4, Int.max / 4 + 1, Int.max]

  package var message: String
  package var limit: NotificationBody.Limit

  package init(message: String, limit: NotificationBody.Limit = .default) {
    self.message = message
    self.limit = limit
  }

  /// Reads fuzzer bytes.
  package init(bytes: some Collection<UInt8>) {
    guard let options = bytes.first else {
      self.init(message: "")
      return
    }
    let rest = bytes.dropFirst()
    let limit = Self.limit(options: options)
    if options & 8 == 0 {
      self.init(message: String(decoding: rest, as: UTF8.self), limit: limit)
    } else {
      var units: [UInt16] = []
      units.reserveCapacity(rest.count / 2)
      var iterator = rest.makeIterator()
      while let low = iterator.next(), let high = iterator.next() {
        units.append(UInt16(low) | UInt16(high) << 8)
      }
      self.init(message: String(decoding: units, as: UTF16.self), limit: limit)
    }
  }

  /// The limit an options byte selects (bits 0–2 and 4).
  package static func limit(options: UInt8) -> NotificationBody.Limit {
    guard options & 1 == 1 else { return .default }
    let limits = options & 16 == 0 ? raisedLimits : hugeLimits
    return .init(utf16Units: limits[Int(options >> 1) & 3])
  }

  /// How the message of fuzzer bytes is encoded, as bit 3 of the first byte
  /// says.
  package enum Encoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"

    /// The encoding `FuzzInput(bytes:)` reads `bytes`' message in.
    package init(of bytes: some Collection<UInt8>) {
      self = (bytes.first ?? 0) & 8 == 0 ? .utf8 : .utf16LittleEndian
    }
  }

  /// The bytes that read back as this input (UTF-8, first byte the limit),
  /// or as its message at the default limit when no options byte selects
  /// its limit.
  package var bytes: [UInt8] {
    var options: UInt8 = 0
    if let index = Self.hugeLimits.firstIndex(of: limit.utf16Units) {
      options = 1 | 16 | UInt8(index) << 1
    } else if let index = Self.raisedLimits.firstIndex(of: limit.utf16Units) {
      options = 1 | UInt8(index) << 1
    }
    return [options] + Array(message.utf8)
  }
}
