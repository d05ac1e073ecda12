extension NotificationBodyReference {
  /// R9 Spaces: "Outside code, every run of two or more consecutive spaces
  /// in the text produced by R3–R8 becomes one space. Spaces that only
  /// dropped markers or dropped link syntax (R5's brackets and link tails)
  /// separated count as one run …; a space that is code is never removed and
  /// does not join a run. Tabs and other white space stay."
  ///
  /// Dropped markers and link syntax are already gone from `body`, so the
  /// spaces they separated are consecutive here.
  ///
  ///     collapsingSpaces("a  b")  // "a b"
  ///
  /// - Parameter body: The text produced by R3–R8.
  /// - Returns: `body` with every run of non-code spaces cut to one space.
  static func collapsingSpaces(_ body: [MarkedScalar]) -> [MarkedScalar] {
    var result: [MarkedScalar] = []
    result.reserveCapacity(body.count)
    for marked in body {
      let isTextSpace = marked.scalar == " " && marked.kind != .code
      if isTextSpace, let previous = result.last, previous.scalar == " ",
        previous.kind != .code
      {
        continue
      }
      result.append(marked)
    }
    return result
  }

  /// R10 Line breaks, first step: "a line that holds nothing but spaces and
  /// tabs, none of them code, is emptied."
  ///
  /// - Parameter body: The text after R9.
  /// - Returns: `body` with those lines' spaces and tabs removed.
  static func emptyingBlankLines(_ body: [MarkedScalar]) -> [MarkedScalar] {
    var result: [MarkedScalar] = []
    result.reserveCapacity(body.count)
    var lineStart = 0  // where the line being copied starts in `result`
    func endLine() {
      let isEmptied = result[lineStart...].allSatisfy {
        isSpaceOrTab($0.scalar) && $0.kind != .code
      }
      if isEmptied {
        result.removeSubrange(lineStart...)
      }
    }
    for marked in body {
      if marked.scalar == "\n" {
        endLine()
        result.append(marked)
        lineStart = result.count
      } else {
        result.append(marked)
      }
    }
    endLine()
    return result
  }

  /// R10 Line breaks, second step: "Then, everywhere, code included, three
  /// or more consecutive line breaks become two (one blank line)."
  ///
  /// - Parameter body: The text after R10's first step.
  /// - Returns: `body` with no more than two line breaks in a row.
  static func collapsingLineBreaks(_ body: [MarkedScalar]) -> [MarkedScalar] {
    var result: [MarkedScalar] = []
    result.reserveCapacity(body.count)
    var lineBreaksInARow = 0
    for marked in body {
      if marked.scalar == "\n" {
        lineBreaksInARow += 1
        if lineBreaksInARow > 2 { continue }
      } else {
        lineBreaksInARow = 0
      }
      result.append(marked)
    }
    return result
  }

  /// R11 Trim: "Spaces, tabs and line breaks at the start and the end of the
  /// body are removed" (code or not; read by scalar).
  ///
  /// - Parameter body: The text after R10.
  /// - Returns: `body` without leading or trailing spaces, tabs and line
  ///   breaks.
  static func trimmed(_ body: [MarkedScalar]) -> [MarkedScalar] {
    var start = 0
    var end = body.count
    while start < end && isSpaceTabOrLineBreak(body[start].scalar) {
      start += 1
    }
    while end > start && isSpaceTabOrLineBreak(body[end - 1].scalar) {
      end -= 1
    }
    return Array(body[start..<end])
  }
}
