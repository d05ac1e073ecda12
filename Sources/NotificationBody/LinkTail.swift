/// R5's inline link tail: `(`, destination, title, `)`.
enum LinkTail {
  /// Destinations may nest parentheses at most this deep (as cmark does).
  static let maximumParenthesisDepth = 32

  /// The offset just past the tail that starts at `start`, or `nil` when no
  /// valid tail starts there.
  ///
  /// - Parameters:
  ///   - text: The window.
  ///   - start: Where the tail would start, just after a `]`.
  ///   - end: The paragraph's end; a tail never reaches past it.
  /// - Complexity: O(*t*), where *t* is the length read, which stops at the
  ///   first byte that ends the destination or the title.
  static func end(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var index = start
    guard index < end, text[index] == Byte.openParen else { return nil }
    index = skipWhiteSpace(text, from: index + 1, to: end)
    guard index < end else { return nil }
    if text[index] == Byte.closeParen { return index + 1 }

    if text[index] == Byte.lessThan {
      index += 1
      while index < end, text[index] != Byte.greaterThan {
        if text[index] == Byte.lineFeed || text[index] == Byte.lessThan { return nil }
        index += 1
      }
      guard index < end else { return nil }
      index += 1
    } else {
      let destinationStart = index
      var depth = 0
      scan: while index < end {
        switch text[index] {
        case 0...0x20, 0x7F:
          break scan
        case Byte.openParen:
          depth += 1
          if depth > maximumParenthesisDepth { return nil }
        case Byte.closeParen:
          if depth == 0 { break scan }
          depth -= 1
        default:
          break
        }
        index += 1
      }
      guard index > destinationStart, depth == 0 else { return nil }
    }

    let destinationEnd = index
    index = skipWhiteSpace(text, from: index, to: end)
    guard index < end else { return nil }
    if text[index] == Byte.closeParen { return index + 1 }
    guard index > destinationEnd else { return nil }

    let open = text[index]
    let close: UInt8
    switch open {
    case Byte.doubleQuote, Byte.singleQuote: close = open
    case Byte.openParen: close = Byte.closeParen
    default: return nil
    }
    index += 1
    while index < end, text[index] != close {
      if open == Byte.openParen, text[index] == Byte.openParen { return nil }
      index += 1
    }
    guard index < end else { return nil }
    index = skipWhiteSpace(text, from: index + 1, to: end)
    guard index < end, text[index] == Byte.closeParen else { return nil }
    return index + 1
  }

  private static func skipWhiteSpace(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    var index = start
    while index < end, Byte.isTrimmable(text[index]) { index += 1 }
    return index
  }
}
