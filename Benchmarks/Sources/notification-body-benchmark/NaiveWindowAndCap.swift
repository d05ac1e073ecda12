/// The window and the cap as the regular-expression port and the cmark
/// engine do them: the way an app without this library would, on
/// `Character`s, with no care for the contract's finer points.
enum NaiveWindowAndCap {
  /// The message's first 4096 characters.
  static func window(of message: String) -> Substring {
    message.prefix(4096)
  }

  /// `text` if it fits in 256 UTF-16 code units, else its longest prefix of
  /// characters that fits in 255 followed by "…".
  static func capped(_ text: String) -> String {
    guard text.utf16.count > 256 else { return text }
    var units = 0
    var end = text.startIndex
    for character in text {
      let width = character.utf16.count
      if units + width > 255 { break }
      units += width
      end = text.index(after: end)
    }
    return text[..<end] + "…"
  }
}
