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
    markdown  // placeholder until the scanner lands
  }
}
