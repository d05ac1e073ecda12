extension NotificationBodyReference {
  /// R1: the window is at most "4096 units" long.
  ///
  ///     NotificationBodyReference.windowUTF16Units  // 4096
  package static let windowUTF16Units = 4096

  /// R1 Input window: "the longest prefix of whole characters of the message
  /// whose length is at most 4096 units. Nothing after the window is read."
  ///
  /// A message of at most 4096 units is its own window, since all of its
  /// characters fit; only a longer message is read as characters, to find
  /// the last one that fits whole.
  ///
  ///     window(of: "**" × 2048 + "b")  // ("**" × 2048, leftTextOut: true)
  ///
  /// - Parameters:
  ///   - message: The whole message.
  ///   - windowUnits: The window's length: R1's 4096, or another for a
  ///     finding's rule to try (`rule(whereBody:differsFrom:limit:)`).
  /// - Returns: The window, and whether it is shorter than the message (then
  ///   R12 ends the body with "…").
  /// - Complexity: O(*w*), where *w* is the window's length.
  package static func window(
    of message: String, units windowUnits: Int = windowUTF16Units
  ) -> (text: String, leftTextOut: Bool) {
    // A scalar never has more UTF-16 units than UTF-8 bytes, so a message
    // of at most 4096 bytes is at most 4096 units; a longer one is counted,
    // up to the first scalar past the window.
    guard message.utf8.count > windowUnits else { return (message, false) }
    var read: [Unicode.Scalar] = []
    read.reserveCapacity(windowUnits + 1)
    var messageUnits = 0
    for scalar in message.unicodeScalars {
      read.append(scalar)
      messageUnits += UTF16.width(scalar)
      if messageUnits > windowUnits { break }
    }
    guard messageUnits > windowUnits else { return (message, false) }
    // Its characters: whether a boundary lies before a scalar depends on
    // the scalars up to it, so the one past the window is all that is read.
    let end = wholeCharacterPrefix(of: read, breaks: characterBreaks(read), units: windowUnits)
    let scalars = message.unicodeScalars
    return (String(scalars[..<scalars.index(scalars.startIndex, offsetBy: end)]), true)
  }
}
