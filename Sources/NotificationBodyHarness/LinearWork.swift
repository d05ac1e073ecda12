/// The linear-work bound (invariant 11): one call of the library does at
/// most `perByte × n + fixed` work, where *n* is the UTF-8 bytes R1 reads
/// (`CallCost.readBytes(of:)`) and work is what `WorkMeter` counts.
///
/// The numbers were measured on the library as it is, with a margin (how, in
/// `Fuzz/README.md`, "The linear-work bound"). A change that needs more
/// raises them here, in a commit a reviewer reads.
///
///     LinearWork.bound(readBytes: 1000)  // perByte × 1000 + fixed
package enum LinearWork {
  /// The most work per byte of the window.
  package static let perByte = 128
  /// The most work beside the bytes: a call's fixed cost, the cut, the
  /// scalar after the window.
  package static let fixed = 4_096

  /// The most work one call may do when R1 reads `readBytes` bytes.
  package static func bound(readBytes: Int) -> Int {
    perByte * readBytes + fixed
  }
}
