import Foundation

/// A port of the regular-expression approach chat apps commonly take to a
/// notification preview: strip fences, inline code, links and emphasis with
/// one substitution each, tidy the white space, then truncate. For the
/// benchmark only: it is what the library is measured against, not a second
/// implementation of the contract, and its bodies differ from the contract's.
final class RegexPort {
  private let substitutions: [(NSRegularExpression, String)]

  init() {
    let rules: [(String, String)] = [
      // A fenced block, closed or running to the end: keep its content.
      ("```[^\\n]*\\n?([\\s\\S]*?)(?:\\n?```|$)", "$1"),
      ("`([^`\\n]+)`", "$1"),
      // Images and links: keep the label.
      ("!?\\[([^\\]]*)\\]\\(([^)\\s]*)\\)", "$1"),
      ("\\*\\*(.+?)\\*\\*", "$1"),
      ("~~(.+?)~~", "$1"),
      ("[ \\t]+", " "),
      (" ?\\n ?", "\n"),
      ("\\n{3,}", "\n\n"),
    ]
    substitutions = rules.map { pattern, template in
      do {
        return (try NSRegularExpression(pattern: pattern), template)
      } catch {
        fatalError("RegexPort: pattern \(pattern) does not compile: \(error)")
      }
    }
  }

  /// The port's body for a message.
  func body(for message: String) -> String {
    let text = NSMutableString(string: String(NaiveWindowAndCap.window(of: message)))
    for (expression, template) in substitutions {
      _ = expression.replaceMatches(
        in: text, range: NSRange(location: 0, length: text.length), withTemplate: template)
    }
    let trimmed = (text as String).trimmingCharacters(in: .whitespacesAndNewlines)
    return NaiveWindowAndCap.capped(trimmed)
  }
}
