/// An input shape chosen to make a Markdown scanner do more than linear work,
/// written out at any size. Every family is ASCII, so its size in bytes is
/// its size in UTF-16 code units. The benchmark's adversarial corpus, the
/// cost gate's family classes and the planted runner's work layer.
///
///     AdversarialFamily.all[0].make(8)  // "````````"
public struct AdversarialFamily: Sendable {
  /// The family's name in the tables.
  public let name: String
  /// The size the benchmark's adversarial corpus uses, in bytes.
  public let corpusBytes: Int
  /// The family's input of exactly `bytes` bytes.
  public let make: @Sendable (_ bytes: Int) -> String

  /// Every family, in the order the tables list them.
  public static let all: [AdversarialFamily] = [
    AdversarialFamily(name: "backticks", corpusBytes: 10_000) { repeated("`", $0) },
    AdversarialFamily(name: "[ only", corpusBytes: 5_000) { repeated("[", $0) },
    AdversarialFamily(name: "[ then ](", corpusBytes: 5_002) { repeated("[", $0 - 2) + "](" },
    AdversarialFamily(name: "** only", corpusBytes: 10_000) { repeated("**", $0) },
    AdversarialFamily(name: "~~ only", corpusBytes: 10_000) { repeated("~~", $0) },
    AdversarialFamily(name: "nested [ ] ( )", corpusBytes: 10_000) { bytes in
      let depth = bytes / 4
      return repeated("[", depth) + repeated("]", depth) + repeated("(", depth)
        + repeated(")", bytes - 3 * depth)
    },
    AdversarialFamily(name: "[a]( + nested (", corpusBytes: 10_000) {
      "[a](" + repeated("(", $0 - 4)
    },
    AdversarialFamily(name: "[a](b unclosed", corpusBytes: 10_000) { repeated("[a](b ", $0) },
    AdversarialFamily(name: "![ only", corpusBytes: 10_000) { repeated("![", $0) },
    AdversarialFamily(name: "backtick runs 1…k", corpusBytes: 10_000) { bytes in
      var text = ""
      var run = 1
      while text.utf8.count < bytes {
        text += String(repeating: "`", count: run) + "a"
        run += 1
      }
      return String(text.utf8.prefix(bytes))!
    },
    AdversarialFamily(name: "unclosed fence", corpusBytes: 10_000) {
      "```\n" + repeated("let x = [a](b) **c** `d`\n", $0 - 4)
    },
    AdversarialFamily(name: "alternating fences", corpusBytes: 10_000) { bytes in
      var text = ""
      var length = 3
      var backtick = true
      while text.utf8.count < bytes {
        text += String(repeating: backtick ? "`" : "~", count: length) + "\n"
        backtick.toggle()
        length = length == 9 ? 3 : length + 1
      }
      return String(text.utf8.prefix(bytes))!
    },
    AdversarialFamily(name: "URL starts", corpusBytes: 10_000) { repeated("https://a.", $0) },
    AdversarialFamily(name: "spaces and blank lines", corpusBytes: 10_000) {
      repeated("a  \t  b \n\n \t\n\n", $0)
    },
  ]
}

extension AdversarialFamily {
  /// The family and size a `family=<name>:<bytes>` corpus name stands for.
  public static func parse(_ corpus: String) -> (AdversarialFamily, Int)? {
    guard corpus.hasPrefix("family="), let colon = corpus.lastIndex(of: ":"),
      let bytes = Int(corpus[corpus.index(after: colon)...]), bytes > 8
    else { return nil }
    let name = corpus[corpus.index(corpus.startIndex, offsetBy: 7)..<colon]
    return all.first { $0.name == name }.map { ($0, bytes) }
  }
}

/// `unit` repeated until the text is `bytes` bytes long, the last copy cut.
private func repeated(_ unit: String, _ bytes: Int) -> String {
  let copies = bytes / unit.utf8.count + 1
  return String(String(repeating: unit, count: copies).utf8.prefix(bytes))!
}
