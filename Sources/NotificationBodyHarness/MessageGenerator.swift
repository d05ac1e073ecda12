/// Generates hostile chat messages from a seed: the same seed always gives
/// the same messages, on every platform.
///
///     var generator = MessageGenerator(seed: 42)
///     let message = generator.next()  // e.g. "ok **done** [docs](https://x.io/a_(b))"
///
/// Messages are Markdown written by a grammar that reaches every rule of
/// `docs/contract.md` and its edges: words in many scripts and emoji (R1,
/// R12), every line ending (R2), fenced blocks closed every way and not at
/// all (R3), code spans (R4), links, images and their tails (R5), bare URLs
/// (R6), runs of `*` and `~` (R7), Markdown that stays (R8), and runs of
/// spaces and line breaks (R9–R11). Lengths cluster where the contract has
/// edges: around the 256-unit limit and the 4096-unit window.
package struct MessageGenerator: Sendable {
  /// How long a message is, in UTF-16 units (`String.utf16.count`).
  package enum LengthClass: Sendable, CaseIterable {
    /// At most 300 units, the common case; a rare one is empty.
    case short
    /// 250–262 units: around the default limit of 256 (R12).
    case aroundLimit
    /// 4090–4100 units: around the 4096-unit window (R1), often with a
    /// character of several units across unit 4096.
    case aroundWindow
    /// 5,000–20,000 units: longer than the window.
    case long
    /// 100–20,000 units, mostly long runs of one hostile token (backticks,
    /// `[`, `](`, `**`, `(`, line breaks).
    case pathological
  }

  private var random: SplitMix64

  /// A generator whose messages are fixed by `seed`.
  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The next message, of a length class drawn with these weights: short
  /// 76%, around the limit 11%, around the window 8%, long 3%,
  /// pathological 2%.
  ///
  /// - Returns: A message; the same sequence for the same seed.
  /// - Complexity: O(*n*), where *n* is the length of the message.
  package mutating func next() -> String {
    let roll = Int(truncatingIfNeeded: random.next() % 1000)
    let length: LengthClass
    switch roll {
    case 0..<760: length = .short
    case 760..<870: length = .aroundLimit
    case 870..<950: length = .aroundWindow
    case 950..<980: length = .long
    default: length = .pathological
    }
    return next(length: length)
  }

  /// The next message, of the given length class.
  ///
  ///     var generator = MessageGenerator(seed: 7)
  ///     generator.next(length: .aroundWindow).utf16.count  // in 4090...4100
  ///
  /// - Parameter length: How long the message is.
  /// - Returns: A message; the same sequence for the same seed and classes.
  /// - Complexity: O(*n*), where *n* is the length of the message.
  package mutating func next(length: LengthClass) -> String {
    var writer = Writer(random: random)
    writer.write(length)
    random = writer.random
    return writer.text
  }

  /// The first `count` messages of the generator seeded with `seed`.
  ///
  /// - Parameters:
  ///   - seed: The seed, as for `init(seed:)`.
  ///   - count: How many messages.
  /// - Returns: The messages `next()` gives, in order.
  /// - Complexity: O(*n*), where *n* is the total length of the messages.
  package static func messages(seed: UInt64, count: Int) -> [String] {
    var generator = MessageGenerator(seed: seed)
    var messages: [String] = []
    messages.reserveCapacity(count)
    for _ in 0..<count { messages.append(generator.next()) }
    return messages
  }
}
