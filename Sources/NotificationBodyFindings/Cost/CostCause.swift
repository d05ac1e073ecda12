import Foundation
import NotificationBody
import NotificationBodyHarness
import NotificationBodyProcess

/// The library function whose work grows most along a cost finding's
/// repeat, and the rule it belongs to: where a person starts reading.
///
///     let growth = CostGrowth(of: CostShape(of: finding), limit: .default)
///     CostCause.find(for: growth, limit: .default).cause?.described
///     // "InlineScanner.scanCodeSpan(at:pending:end:into:) (R4)"
///
/// It writes the library's profile counters (`WorkMeter.writeProfile(to:)`)
/// before the call on the 2*k* message, between it and the call on the 4*k*
/// message, and after: the differences are each call's counts per function,
/// read with the toolchain's `llvm-profdata show`, and the function whose
/// count grows most from one call to the other is the cause
/// (`hottest(atTwoK:atFourK:)`: past linear first). The counters
/// are only read, never reset, so a measurement around this is unchanged.
/// Closures and local functions count for the function they are in. Only
/// regions count: a growth made of allocated bytes (which `CostGrowth`'s
/// work counts too) shows in the function that allocates only through the
/// regions around it. No source line is given: the profile names functions,
/// and lines would need the coverage mapping, which the metered build leaves
/// out.
package struct CostCause: Sendable, Equatable {
  /// The function, demangled and simplified, without `static`:
  /// `InlineScanner.scanCodeSpan(at:pending:end:into:)`.
  package var function: String
  /// Its rule by docs/contract.md's "Where each rule lives"; nil for a
  /// helper the table does not list.
  package var rule: String?
  /// How many more region counts it had on the 4*k* message than on the
  /// 2*k* one.
  package var growth: Int
  /// How many more than twice its count on the 2*k* message it had on the
  /// 4*k* one: 0 for a function linear in *k*, more for one that grows
  /// faster, where a cost finding's bug is.
  package var excess: Int

  /// The function and its rule for a sentence: `LinkTail.end(in:from:to:) (R5)`.
  package var described: String { rule.map { "\(function) (\($0))" } ?? function }

  /// What looking for the cause found.
  package enum Lookup: Sendable, Equatable {
    /// The cause.
    case found(CostCause)
    /// Why no cause can be named: no work meter, no `llvm-profdata`, a
    /// profile that could not be written or read.
    case unknown(String)

    /// The cause, when found.
    var cause: CostCause? {
      if case .found(let cause) = self { return cause }
      return nil
    }
  }

  /// Looks for the function whose counts grow most between the 2*k* and
  /// the 4*k* message of `growth`; never fails the run: an answer it cannot
  /// give is `.unknown` with the reason.
  ///
  /// - Parameters:
  ///   - growth: The measured growth, whose shape and counts give the two
  ///     messages.
  ///   - limit: The limit the library is called with.
  ///   - tools: Where `llvm-profdata` and `swift-demangle` are; the
  ///     toolchain's on PATH unless given.
  /// - Returns: The cause, or why it is unknown.
  /// - Complexity: Two calls of the library, three profiles written and
  ///   read by `llvm-profdata`, one `swift-demangle`.
  package static func find(
    for growth: CostGrowth, limit: NotificationBody.Limit,
    tools: ProfileTools.Lookup = ProfileTools.onPath()
  ) -> Lookup {
    guard WorkMeter.isLive else {
      return .unknown(
        "this binary has no work meter (build it with NOTIFICATION_BODY_WORK_METER=1)")
    }
    let profileTools: ProfileTools
    switch tools {
    case .found(let found): profileTools = found
    case .missing(let reason): return .unknown(reason)
    }
    let messages = [growth.counts[1], growth.counts[2]].map { growth.shape.message(count: $0) }
    let folder: String
    do {
      folder = try makeTemporaryFolder("notification-body-cost")
    } catch {
      return .unknown(error.description)
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var counts: [[String: Int]] = []
    for step in 0...messages.count {
      if step > 0 { Self.call(messages[step - 1], limit) }
      let path = folder + "/\(step).profraw"
      guard WorkMeter.writeProfile(to: path) else {
        return .unknown("\(path): the profile cannot be written")
      }
      switch profileTools.functionCounts(path) {
      case .success(let read): counts.append(read)
      case .failure(let failure): return .unknown(failure.reason)
      }
    }
    let names = Array(counts[2].keys)
    let readable: [String]
    switch profileTools.demangled(names) {
    case .success(let demangled): readable = demangled
    case .failure(let failure): return .unknown(failure.reason)
    }
    var atTwoK: [String: Int] = [:]
    var atFourK: [String: Int] = [:]
    for (name, function) in zip(names, readable) {
      let enclosing = Self.enclosingFunction(function)
      atTwoK[enclosing, default: 0] += (counts[1][name] ?? 0) - (counts[0][name] ?? 0)
      atFourK[enclosing, default: 0] += (counts[2][name] ?? 0) - (counts[1][name] ?? 0)
    }
    guard let hottest = hottest(atTwoK: atTwoK, atFourK: atFourK) else {
      return .unknown(
        "no function's work grows between k = \(growth.counts[1]) and \(growth.counts[2])")
    }
    return .found(hottest)
  }

  /// The function whose counts grow most from the 2*k* message to the 4*k*
  /// one: by its excess over doubling when a function's counts more than
  /// double by more than 1/64 of all the growth (the work past linear is
  /// there, however large the linear work beside it; a count or two past
  /// doubling, as a buffer that grows once more makes, is not), else by how
  /// much they grow. Ties go to the first name.
  ///
  /// - Parameters:
  ///   - atTwoK: Each function's count in the call on the 2*k* message.
  ///   - atFourK: Each function's count in the call on the 4*k* message.
  /// - Returns: The cause, or nil when no function's count grows.
  package static func hottest(atTwoK: [String: Int], atFourK: [String: Int]) -> CostCause? {
    let causes = atFourK.map { function, count in
      let before = atTwoK[function] ?? 0
      return CostCause(
        function: function, rule: rule(of: function), growth: count - before,
        excess: count - 2 * before)
    }
    let allGrowth = causes.reduce(0) { $0 + max($1.growth, 0) }
    let superlinear = causes.contains { $0.excess > 0 && 64 * $0.excess > allGrowth }
    let rank: (CostCause) -> Int = superlinear ? \.excess : \.growth
    let hottest = causes.max { (rank($0), $1.function) < (rank($1), $0.function) }
    guard let hottest, rank(hottest) > 0 else { return nil }
    return hottest
  }

  /// The sentence for a message that breaks linear-work: its shape, how its
  /// work grows, and the function it grows in, or why that is unknown.
  ///
  ///     CostCause.sentence(for: "`" + String(repeating: "\na", count: 60) + "\n`", limit: .default)
  ///     // work grows as k^2.0 on "`" + "\na" × k + "\n`" (k = …), in …
  ///
  /// - Complexity: The measured calls of `CostGrowth.fastest(of:limit:work:)`
  ///   and what `find` does.
  package static func sentence(
    for message: String, limit: NotificationBody.Limit,
    tools: ProfileTools.Lookup = ProfileTools.onPath()
  ) -> String {
    let growth = CostGrowth.fastest(of: message, limit: limit)
    switch find(for: growth, limit: limit, tools: tools) {
    case .found(let cause): return growth.sentence(hotFunction: cause.described)
    case .unknown(let reason):
      return growth.sentence(hotFunction: nil) + "; the function is not known: " + reason
    }
  }

  /// `function` without the closures and local functions around it and
  /// without `static`: "closure #1 in static Cap.apply(to:limit:leftTextOut:)"
  /// is `Cap.apply(to:limit:leftTextOut:)`.
  package static func enclosingFunction(_ function: String) -> String {
    let outer =
      function.range(of: " in ", options: .backwards).map {
        String(function[$0.upperBound...])
      } ?? function
    return outer.hasPrefix("static ") ? String(outer.dropFirst("static ".count)) : outer
  }

  /// One call of the library, as `CallCost` makes it.
  @inline(never)
  private static func call(_ message: String, _ limit: NotificationBody.Limit) {
    _ = Implementation.library.make(message, limit)
  }
}
