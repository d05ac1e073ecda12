import NotificationBody
import NotificationBodyReference

/// What one call of a body function costs: its work, as `WorkMeter` counts
/// the library's, and its allocations, as `AllocationMeter` hears them.
/// The `no-leak` and `linear-work` invariants (10 and 11) are read from it.
///
///     let cost = CallCost(of: .library, on: "[a](b)", limit: .default)
///     cost.failures  // []
package struct CallCost: Sendable {
  /// The UTF-8 bytes R1 reads of the message (`readBytes(of:)`): the *n*
  /// of the bound.
  package var readBytes: Int
  /// The library's work during the call (`LinearWork.work(regions:allocatedBytes:)`):
  /// the regions that ran, 0 unless the meter is built in, and the words
  /// it allocated.
  package var work: Int
  /// What the call allocated; all zero where no allocation is heard.
  package var allocations: AllocationMeter.Reading
  /// What a second call left unfreed, made only when the first left blocks
  /// behind: the runtime's one-time caches (type metadata made on first
  /// use) are filled by then, so only a real leak leaks again.
  package var allocationsAgain: AllocationMeter.Reading?
  private var implementationName: String

  /// A cost as measured elsewhere, for tests of `failures`.
  init(
    readBytes: Int, work: Int, allocations: AllocationMeter.Reading,
    allocationsAgain: AllocationMeter.Reading? = nil, implementationName: String
  ) {
    self.readBytes = readBytes
    self.work = work
    self.allocations = allocations
    self.allocationsAgain = allocationsAgain
    self.implementationName = implementationName
  }

  /// Makes one body with `implementation` and measures it; the body is
  /// dropped inside the measurement, so what it held counts as freed.
  ///
  /// - Parameter inspect: Called once with a copy of the measured call's
  ///   body, while neither meter counts: the checks of a fuzz target, which
  ///   so read the very body whose cost is measured, and no second one.
  package init(
    of implementation: Implementation, on message: String, limit: NotificationBody.Limit,
    inspecting inspect: (String) -> Void = { _ in }
  ) {
    var regions = 0
    allocations = AllocationMeter.measure {
      var body = ""
      regions = WorkMeter.measure { body = implementation.make(message, limit) }
      // A copy of its own, so that what the checks hang on a string (the
      // UTF-16 index's breadcrumbs) is made and freed unheard with it.
      AllocationMeter.unheard { inspect(String(decoding: Array(body.utf8), as: UTF8.self)) }
      Self.drop(&body)
    }
    work = LinearWork.work(regions: regions, allocatedBytes: allocations.allocatedBytes)
    if allocations.liveBlocks > 0 {
      allocationsAgain = AllocationMeter.measure {
        var body = implementation.make(message, limit)
        Self.drop(&body)
      }
    }
    readBytes = Self.readBytes(of: message)
    implementationName = implementation.name
  }

  /// `no-leak` and `linear-work`, in that order, where broken.
  package var failures: [InvariantFailure] {
    var failures: [InvariantFailure] = []
    if let again = allocationsAgain, again.liveBlocks > 0 {
      failures.append(
        InvariantFailure(
          .noLeak,
          "\(implementationName) leaves \(again.liveBlocks) of the \(again.allocations) blocks "
            + "it allocated (\(again.liveBytes) bytes) unfreed after a call, on every call"))
    }
    let bound = LinearWork.bound(readBytes: readBytes)
    if work > bound {
      failures.append(
        InvariantFailure(
          .linearWork,
          "work \(work) on \(readBytes) bytes read is over the bound "
            + "\(LinearWork.perByte) × \(readBytes) + \(LinearWork.fixed) = \(bound)"))
    }
    return failures
  }

  /// The UTF-8 bytes R1 reads of the message: its longest prefix of whole
  /// scalars of at most 4096 units, in which the window's end is found
  /// (the whole message when it is short enough to hold no more units).
  package static func readBytes(of message: String) -> Int {
    BodyChecks.utf16Prefix(of: message, units: NotificationBodyReference.windowUTF16Units).bytes
  }

  /// Releases a body before the measurement around it ends.
  @inline(never)
  private static func drop(_ body: inout String) {
    body = ""
  }
}
