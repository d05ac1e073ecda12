import CCmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// cmark, CommonMark's reference parser in C, turning a message's window into
/// plain text through its C API: parse, walk the tree keeping text, code and
/// line breaks, then truncate as an app would. cmark has no plain-text
/// renderer of its own, so the walk is the smallest one that gives a body.
enum CmarkPlainText {
  /// The version of the linked libcmark.
  static var version: String { String(cString: cmark_version_string()) }

  /// cmark's body for a message.
  static func body(for message: String) -> String {
    var window = String(NaiveWindowAndCap.window(of: message))
    var text: [UInt8] = []
    window.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        guard let root = cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
        else { return }
        defer { cmark_node_free(root) }
        text.reserveCapacity(utf8.count)
        walk(root, into: &text)
      }
    }
    while let last = text.last, last == 0x0A || last == 0x20 { text.removeLast() }
    return NaiveWindowAndCap.capped(String(decoding: text, as: UTF8.self))
  }

  private static func walk(_ root: OpaquePointer, into text: inout [UInt8]) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_ENTER {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_INLINE,
          CMARK_NODE_HTML_BLOCK:
          if let literal = cmark_node_get_literal(node) {
            append(literal, to: &text)
          }
          if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK {
            text.append(0x0A)
          }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
          text.append(0x0A)
        default:
          break
        }
      } else if event == CMARK_EVENT_EXIT {
        if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING {
          text.append(0x0A)
        }
      }
    }
  }

  private static func append(_ literal: UnsafePointer<CChar>, to text: inout [UInt8]) {
    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
  }
}
