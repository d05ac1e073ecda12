extension NotificationBodyReference {
  /// R2 Line endings: "`\r\n` and a lone `\r` are line breaks and become
  /// `\n`, everywhere, code included."
  ///
  /// From here to R11 the text is read one Unicode scalar at a time
  /// ("Reading unit").
  ///
  /// - Parameter window: The window chosen by R1.
  /// - Returns: Its scalars with every line break as U+000A, and for each
  ///   of them the index of the window's scalar it came from.
  static func normalizedLineEndings(
    _ window: String
  ) -> (text: [Unicode.Scalar], origins: [Int]) {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(window.utf8.count)
    var origins: [Int] = []
    origins.reserveCapacity(window.utf8.count)
    var previous: Unicode.Scalar? = nil
    for (index, scalar) in window.unicodeScalars.enumerated() {
      // The "\n" of "\r\n" adds nothing: its "\r" already became "\n".
      if !(scalar == "\n" && previous == "\r") {
        result.append(scalar == "\r" ? "\n" : scalar)
        origins.append(index)
      }
      previous = scalar
    }
    return (result, origins)
  }

  /// "From here on the text is a sequence of *lines* separated by `\n`" (R2).
  ///
  /// - Parameter text: The text after R2.
  /// - Returns: Its lines without their line breaks; a text of n line breaks
  ///   has n + 1 lines.
  static func splitIntoLines(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
  }

  /// Space (U+0020) or tab (U+0009): "A line is *blank* when it holds nothing
  /// but spaces and tabs."
  static func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t"
  }

  /// Space, tab or line break: the white space of R5's link tail and R11.
  static func isSpaceTabOrLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n"
  }

  /// "A line is *blank* when it holds nothing but spaces and tabs" (R2).
  static func isBlank(_ line: some Collection<Unicode.Scalar>) -> Bool {
    line.allSatisfy(isSpaceOrTab)
  }
}
