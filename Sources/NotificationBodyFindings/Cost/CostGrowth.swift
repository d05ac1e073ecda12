import NotificationBody
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a call's work grows along a message's repeat (`CostShape`): the work
/// at *k*, 2*k* and 4*k* units and the exponent it grows with, for a cost
/// finding a person can act on.
///
///     let growth = CostGrowth(of: CostShape(of: finding), limit: .default)
///     growth.description
///     // work grows as k^2.0 on "`" + "\na" × k + "\n`" (k = 60, 120, 240: …)
///
/// *k* is chosen where the work grows fastest: the 4*k* message still fits
/// in R1's window of 4096 UTF-16 units (past it nothing more is read), and
/// among *k* = K, K/2, K/4, … down to 1, from the largest K that fits, the
/// *k* whose top pair grows most. A cost that stops growing once the body
/// is full (work done per unit written, under a 256-unit limit) is read
/// below that point, not as the flat line above it.
package struct CostGrowth: Sendable, Equatable, CustomStringConvertible {
  /// The message's shape.
  package var shape: CostShape
  /// *k*, 2*k* and 4*k*.
  package var counts: [Int]
  /// The work at each of `counts`.
  package var works: [Int]

  /// The work of one call of the library as the linear-work invariant
  /// counts it: `CallCost`'s measured call, its regions and its allocated
  /// words; 0 for every message without the work meter.
  ///
  /// - Parameter limit: The limit the call is made with.
  /// - Returns: The work of a call on a message.
  package static func libraryWork(limit: NotificationBody.Limit) -> @Sendable (String) -> Int {
    { CallCost(of: .library, on: $0, limit: limit).work }
  }

  /// Measures `work` on `shape`'s message with *k*, 2*k* and 4*k* units.
  ///
  /// - Parameters:
  ///   - shape: The message's shape.
  ///   - limit: The limit the library is called with (by the default work).
  ///   - work: The work of a call on a message; `libraryWork(limit:)` unless
  ///     given.
  /// - Complexity: At most 3 log2(1024) calls of `work`, on messages of at
  ///   most 4096 UTF-16 units unless the prefix and suffix alone are longer.
  package init(
    of shape: CostShape, limit: NotificationBody.Limit, work: ((String) -> Int)? = nil
  ) {
    let measure = work ?? Self.libraryWork(limit: limit)
    var measured: [Int: Int] = [:]
    func works(_ k: Int) -> [Int] {
      [k, 2 * k, 4 * k].map { count in
        if let known = measured[count] { return known }
        let value = measure(shape.message(count: count))
        measured[count] = value
        return value
      }
    }
    self.shape = shape
    var k = Self.largestCount(of: shape)
    counts = [k, 2 * k, 4 * k]
    self.works = works(k)
    // Halve k while a lower triple grows faster (exact counts: no noise).
    while k > 1 {
      k /= 2
      let lower = CostGrowth(shape: shape, counts: [k, 2 * k, 4 * k], works: works(k))
      if let faster = lower.exponent, faster > (exponent ?? .infinity) + 0.05 {
        (counts, self.works) = (lower.counts, lower.works)
      }
    }
  }

  /// A growth from its parts.
  package init(shape: CostShape, counts: [Int], works: [Int]) {
    self.shape = shape
    self.counts = counts
    self.works = works
  }

  /// The largest *k* whose 4*k* message fits in R1's window; at least 1.
  package static func largestCount(of shape: CostShape) -> Int {
    let window = NotificationBodyReference.windowUTF16Units
    let units = shape.units
    guard units.perCount > 0 else { return max(shape.count, 1) }
    return max(1, (window - units.fixed) / (4 * units.perCount))
  }

  /// The growth of `message` along the repeat it grows fastest on: its
  /// main repeat alone (`CostShape(of:)`), or every repeat together
  /// (`CostShape.repeats(of:)`), whose work may grow as a product.
  ///
  /// - Parameters:
  ///   - message: A message whose work is over the bound.
  ///   - limit: The limit the library is called with.
  ///   - work: The work of a call on a message; `libraryWork(limit:)` unless
  ///     given.
  /// - Returns: The growth with the larger exponent; the main repeat's on a
  ///   tie or when nothing was measured.
  package static func fastest(
    of message: String, limit: NotificationBody.Limit, work: ((String) -> Int)? = nil
  ) -> CostGrowth {
    let main = CostGrowth(of: CostShape(of: message), limit: limit, work: work)
    let every = CostShape.repeats(of: message)
    guard every != main.shape else { return main }
    let together = CostGrowth(of: every, limit: limit, work: work)
    guard let fast = together.exponent, fast > (main.exponent ?? .infinity) + 0.2 else {
      return main
    }
    return together
  }

  /// log2(*w*(4*k*) / *w*(2*k*)): 2 when the work is quadratic in *k*, 1 when
  /// linear; nil when either work is 0 (no work meter).
  ///
  /// The top pair, not *k* and 2*k*: the work is a sum of powers of *k* and
  /// a constant, and the larger *k* is, the less the lower terms weigh
  /// against the highest; w(2k)/w(k) reads a quadratic with a large linear
  /// part as less than 2.
  package var exponent: Double? {
    guard works.count == 3, works[1] > 0, works[2] > 0 else { return nil }
    return log2(Double(works[2]) / Double(works[1]))
  }

  /// The growth in one sentence, without the function the work grows in:
  /// `work grows as k^2.0 on "`" + "\na" × k + "\n`" (k = 60, 120, 240:
  /// 3,100, 11,900, 46,800 units of work)`.
  package var description: String { sentence(hotFunction: nil) }

  /// The growth in one sentence, ending with the function the work grows
  /// most in, when known: `…, in InlineScanner.scanCodeSpan(…) (R4)`.
  ///
  /// - Parameter hotFunction: The function and its rule, as a person reads
  ///   them; nil leaves them out.
  /// - Returns: The sentence.
  package func sentence(hotFunction: String?) -> String {
    let growth = exponent.map { "grows as k^" + Self.oneDecimal($0) } ?? "was not measured"
    var text =
      "work \(growth) on \(shape) (k = "
      + counts.map(String.init).joined(separator: ", ") + ": "
      + works.map(Displayed.grouped).joined(separator: ", ") + " units of work)"
    if let hotFunction { text += ", in " + hotFunction }
    return text
  }

  /// `value` with one decimal: 2.0, 1.3, -0.2.
  package static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
