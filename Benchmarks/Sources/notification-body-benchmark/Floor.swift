import NotificationBody

/// The least work any engine must do: read the window (R1) and decode it to
/// UTF-16 in a fresh buffer. No implementation of the contract can beat it.
enum Floor {
  /// Decodes at most the first 4096 UTF-16 code units of `message` into a
  /// new array and returns how many there are.
  ///
  /// - Complexity: O(*w*), where *w* is the window's length.
  static func decodedUnits(of message: String) -> Int {
    let limit = NotificationBody.windowUTF16Units
    return message.utf8.withContiguousStorageIfAvailable { bytes in
      let units = [UInt16](unsafeUninitializedCapacity: min(bytes.count, limit)) { out, count in
        var index = 0
        var written = 0
        while index < bytes.count {
          let lead = UInt32(bytes[index])
          if lead < 0x80 {
            guard written < limit else { break }
            out[written] = UInt16(lead)
            written += 1
            index += 1
          } else if lead < 0xE0 {
            guard written < limit else { break }
            let scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            out[written] = UInt16(scalar)
            written += 1
            index += 2
          } else if lead < 0xF0 {
            guard written < limit else { break }
            let scalar =
              (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
              | UInt32(bytes[index + 2] & 0x3F)
            out[written] = UInt16(scalar)
            written += 1
            index += 3
          } else {
            guard written + 2 <= limit else { break }
            let scalar =
              (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
              | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
            let offset = scalar - 0x1_0000
            out[written] = UInt16(0xD800 + (offset >> 10))
            out[written + 1] = UInt16(0xDC00 + (offset & 0x3FF))
            written += 2
            index += 4
          }
        }
        count = written
      }
      return units.count
    } ?? 0
  }
}

extension Floor {
  /// The UTF-8 bytes of the message's first 4096 UTF-16 code units: the
  /// part of it any engine must read.
  static func windowBytes(of message: String) -> Int {
    var units = 0
    var bytes = 0
    for byte in message.utf8 {
      if byte & 0xC0 != 0x80 {
        let width = byte >= 0xF0 ? 2 : 1
        if units + width > NotificationBody.windowUTF16Units { break }
        units += width
      }
      bytes += 1
    }
    return bytes
  }
}
