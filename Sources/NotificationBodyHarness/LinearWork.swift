/// The linear-work bound (invariant 11): one call of the library does at
/// most `perByte × n + fixed` work, where *n* is the UTF-8 bytes R1 reads
/// (`CallCost.readBytes(of:)`) and work is `work(regions:allocatedBytes:)`:
/// the regions `WorkMeter` counts, and the bytes the call allocates.
///
/// The numbers were measured on the library as it is, with a margin (how, in
/// `docs/cost.md`, "The linear-work bound"). A change that needs more
/// raises them here, in a commit a reviewer reads.
///
///     LinearWork.bound(readBytes: 1000)  // perByte × 1000 + fixed
package enum LinearWork {
  /// The most work per byte of the window.
  package static let perByte = 128
  /// The most work beside the bytes: a call's fixed cost, the cut, the
  /// scalar after the window.
  package static let fixed = 4_096

  /// The allocated bytes that make one unit of work: a word. The allocator
  /// and the copies and fills into the blocks it hands out (`memcpy`,
  /// `memset`) run outside the library's code, where no profile counter
  /// sees them; what a block holds was allocated first, so its size counts
  /// for them.
  package static let bytesPerUnit = 8

  /// A call's work: the regions of the library that ran, and a unit per
  /// word it allocated.
  package static func work(regions: Int, allocatedBytes: Int) -> Int {
    regions + allocatedBytes / bytesPerUnit
  }

  /// The most work one call may do when R1 reads `readBytes` bytes.
  package static func bound(readBytes: Int) -> Int {
    perByte * readBytes + fixed
  }
}
