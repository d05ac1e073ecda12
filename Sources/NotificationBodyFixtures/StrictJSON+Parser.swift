import NotificationBodyText

/// Puts `StrictJSONScanner`'s tokens together into one `StrictJSON.Value`,
/// with a stack of its own instead of recursion, so nesting costs heap, not
/// the thread's stack, and stops at `StrictJSON.depthBudget`.
///
///     var parser = StrictJSONParser(bytes: buffer)
///     let value = try parser.document()
struct StrictJSONParser {
  private(set) var scanner: StrictJSONScanner

  /// An array or object being read.
  private struct Frame {
    var isObject: Bool
    /// An array's elements so far.
    var elements: [StrictJSON.Value] = []
    /// An object's members so far.
    var object = StrictJSON.Object()
    /// An object's key whose value is being read, as text and UTF-8.
    var key = ""
    var keyBytes: [UInt8] = []

    /// What a failure inside the value being read shows of this frame.
    var step: StrictJSON.PathStep { isObject ? .key(key) : .index(elements.count) }
  }

  /// The arrays and objects open, outermost first.
  private var stack: [Frame] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    scanner = StrictJSONScanner(bytes: bytes)
  }

  /// Reads the whole text as one value with nothing but white space after.
  ///
  /// - Complexity: O(*n*) in the text's bytes.
  mutating func document() throws(StrictJSON.Failure) -> StrictJSON.Value {
    if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw fail(
        "the file starts with a byte order mark (U+FEFF), which JavaScript and Python "
          + "refuse; save it as UTF-8 without one", at: scanner.place)
    }
    var value = try nextValue()
    while !stack.isEmpty {
      value = try attach(value)
    }
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw fail("\(scanner.describeNext()) after the JSON value", at: scanner.place)
    }
    return value
  }

  /// Reads values until one is whole: a string, number or literal, or an
  /// empty array or object. An array or object that has a first element or
  /// member is pushed, and its first element, or the first member's value,
  /// is read instead.
  private mutating func nextValue() throws(StrictJSON.Failure) -> StrictJSON.Value {
    while true {
      scanner.skipWhitespace()
      let start = scanner.place
      switch scanner.peek() {
      case UInt8(ascii: "\"")?:
        return .string(try scanner.string())
      case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
        return .number(try scanner.number())
      case UInt8(ascii: "t")?:
        try scanner.literal("true")
        return .bool(true)
      case UInt8(ascii: "f")?:
        try scanner.literal("false")
        return .bool(false)
      case UInt8(ascii: "n")?:
        try scanner.literal("null")
        return .null
      case UInt8(ascii: "[")?:
        try open(at: start)
        scanner.advance()
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
          scanner.advance()
          return .array([])
        }
        stack.append(Frame(isObject: false))
      case UInt8(ascii: "{")?:
        try open(at: start)
        scanner.advance()
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
          scanner.advance()
          return .object(StrictJSON.Object())
        }
        stack.append(Frame(isObject: true))
        try readKey()
      default:
        throw fail("expected a value, found \(scanner.describeNext())", at: start)
      }
    }
  }

  /// Refuses an array or object at `place` that would nest too deep.
  private func open(at place: StrictJSONScanner.Place) throws(StrictJSON.Failure) {
    guard stack.count < StrictJSON.depthBudget else {
      throw fail(
        "arrays and objects nest deeper than \(StrictJSON.depthBudget) levels", at: place)
    }
  }

  /// Adds `value` to the innermost open array or object, then reads past
  /// the `,` and on to the next whole value, or past the closing bracket.
  ///
  /// - Returns: The next whole value; the array or object itself when it
  ///   closed.
  private mutating func attach(_ value: StrictJSON.Value) throws(StrictJSON.Failure)
    -> StrictJSON.Value
  {
    let top = stack.count - 1
    if stack[top].isObject {
      // The key out first: a copy of the whole frame would share the
      // object's storage and make the insertion copy every member.
      let key = stack[top].key
      let keyBytes = stack[top].keyBytes
      _ = stack[top].object.insert(key: key, keyBytes: keyBytes, value: value)
    } else {
      stack[top].elements.append(value)
    }
    let close = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    scanner.skipWhitespace()
    let comma = scanner.place
    switch scanner.peek() {
    case UInt8(ascii: ",")?:
      scanner.advance()
      scanner.skipWhitespace()
      if scanner.peek() == close {
        throw fail("trailing comma", at: comma)
      }
      if stack[top].isObject { try readKey() }
      return try nextValue()
    case close?:
      scanner.advance()
      let frame = stack.removeLast()
      return frame.isObject ? .object(frame.object) : .array(frame.elements)
    default:
      let what = stack[top].isObject ? "a member" : "an element"
      throw fail(
        "expected ',' or '\(Unicode.Scalar(close))' after \(what), found \(scanner.describeNext())",
        at: comma)
    }
  }

  /// Reads an object's key and its `:` into the innermost frame, refusing a
  /// key the object already has.
  private mutating func readKey() throws(StrictJSON.Failure) {
    scanner.skipWhitespace()
    let start = scanner.place
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw fail("expected a key in double quotes, found \(scanner.describeNext())", at: start)
    }
    let (key, bytes) = try scanner.key()
    let top = stack.count - 1
    guard !stack[top].object.contains(keyBytes: bytes) else {
      var failure = fail("repeats key \(Escaped.forDisplay(key))", at: start)
      failure.objectSoFar = stack[top].object
      throw failure
    }
    stack[top].key = key
    stack[top].keyBytes = bytes
    scanner.skipWhitespace()
    guard scanner.peek() == UInt8(ascii: ":") else {
      throw fail(
        "expected ':' after key \(Escaped.forDisplay(key)), found \(scanner.describeNext())",
        at: scanner.place)
    }
    scanner.advance()
  }

  /// A failure at `place` with the path of the open arrays and objects.
  private func fail(_ problem: String, at place: StrictJSONScanner.Place) -> StrictJSON.Failure {
    var failure = scanner.failure(problem, at: place)
    failure.path = stack.dropLast().map(\.step)
    return failure
  }
}
