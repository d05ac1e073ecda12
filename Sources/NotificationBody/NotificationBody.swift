/// Turns a chat message's Markdown into the text of its push-notification body.
///
/// The rules are numbered R1–R12 in `docs/contract.md`; the cases in
/// `test-fixtures/notification-body.json` pin them for every platform.
///
///     NotificationBody.make(from: "Hello **world**")  // "Hello world"
public enum NotificationBody {
  /// The most UTF-16 code units of a message that are read (R1).
  public static let windowUTF16Units = 4096

  /// The notification body for a message.
  ///
  ///     NotificationBody.make(from: "Run:\n```sh\nmake\n```")  // "Run:\nmake"
  ///
  /// - Parameters:
  ///   - markdown: The message as the sender typed it. Any string is accepted.
  ///   - limit: The most UTF-16 code units the body may hold (R12).
  /// - Returns: The body: at most `limit.utf16Units` UTF-16 code units, cut on
  ///   whole characters and ended with "…" when text was left out.
  /// - Complexity: O(*w*), where *w* is the length of the input window
  ///   (at most 4096 UTF-16 code units), whatever the message's length.
  public static func make(from markdown: String, limit: Limit = .default) -> String {
    // R1 reads at most 3 bytes per unit, plus one scalar to find the last
    // character boundary: nothing past this prefix is ever looked at.
    let readLimit = windowUTF16Units * 3 + 5
    let body =
      markdown.utf8.withContiguousStorageIfAvailable { utf8 in
        make(fromPrefix: UnsafeBufferPointer(rebasing: utf8.prefix(readLimit)), limit: limit)
      }
      ?? Array(markdown.utf8.prefix(readLimit)).withUnsafeBufferPointer {
        make(fromPrefix: $0, limit: limit)
      }
    return body ?? markdown
  }

  /// The body of a message whose UTF-8 starts with `prefix`; `prefix` is
  /// the whole message unless it is longer than any window can be. `nil`
  /// when the body is the message itself, which then needs no copy.
  private static func make(fromPrefix prefix: UnsafeBufferPointer<UInt8>, limit: Limit) -> String? {
    // R1: the longest prefix of whole characters of at most 4096 units.
    let scalarEnd = CharacterBoundary.scalarPrefix(of: prefix, units: windowUTF16Units)
    let windowEnd = CharacterBoundary.atOrBefore(scalarEnd, in: prefix)
    let window = UnsafeBufferPointer(rebasing: prefix[..<windowEnd])
    return LineEndings.normalized(window) { text in
      let capacity = max(min(text.count, BodyWriter.bytesKept(limit: limit.utf16Units)), 1)
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        var writer = BodyWriter(buffer: buffer)
        var inline = InlineScanner(text: text)
        BlockScanner.scan(text, into: &writer, inline: &inline)
        return writer.finish { body, writerLeftTextOut in
          let leftTextOut = windowEnd < prefix.count || writerLeftTextOut
          // Plain text comes out as it went in: give back the message.
          if !leftTextOut, ByteSearch.equal(body, prefix), Cap.fits(body, limit: limit.utf16Units) {
            return nil
          }
          return Cap.apply(to: body, limit: limit.utf16Units, leftTextOut: leftTextOut)
        }
      }
    }
  }
}
