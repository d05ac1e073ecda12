/// R2: `"\r\n"` and a lone `"\r"` become `"\n"`.
enum LineEndings {
  /// Calls `body` with `text` whose line endings are all `"\n"`: `text`
  /// itself when it holds no carriage return, else a normalized copy.
  static func normalized<R>(
    _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let firstReturn = ByteSearch.first(Byte.carriageReturn, in: text, from: 0, to: text.count)
    guard firstReturn < text.count else { return body(text) }
    // On the stack where there is room for it (the window is at most 12 KB).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { copy in
      var count = firstReturn
      _ = copy.initialize(from: text[..<firstReturn])
      var index = firstReturn
      while index < text.count {
        let byte = text[index]
        index += 1
        if byte == Byte.carriageReturn {
          copy[count] = Byte.lineFeed
          if index < text.count, text[index] == Byte.lineFeed { index += 1 }
        } else {
          copy[count] = byte
        }
        count += 1
      }
      return body(UnsafeBufferPointer(rebasing: copy[..<count]))
    }
  }
}
