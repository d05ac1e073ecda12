import CWorkMeter

/// The work of a call of the library, counted exactly: how many times its
/// code regions ran, from LLVM's profile counters, which only a build with
/// `NOTIFICATION_BODY_WORK_METER=1` puts into the library.
///
/// Every region of `Sources/NotificationBody/` counts, a loop or helper that
/// a change adds included, with no counter placed by hand. What runs inside
/// the standard library is not counted (see `docs/cost.md`, "The work
/// meter"). The same input in the same build gives the same work on every
/// run, machine and load.
///
///     let work = WorkMeter.measure { _ = NotificationBody.make(from: "**a**") }
///     // a few dozen regions with the meter built in, 0 without it
package enum WorkMeter {
  /// Whether the library is instrumented in this binary.
  package static var isLive: Bool { work_meter_is_live() }

  /// The library's work while `call` runs: 0 when `isLive` is false.
  package static func measure(_ call: () -> Void) -> Int {
    let before = work_meter_total()
    call()
    return Int(truncatingIfNeeded: work_meter_total() &- before)
  }

  /// Writes every counter as it is now to a raw LLVM profile at `path`, for
  /// `llvm-profdata show`: how often each function's regions ran so far. The
  /// counters are read, not reset, so a measurement around it is unchanged;
  /// the difference of two profiles is the work between them, per function.
  ///
  /// - Parameter path: Where to write; an existing file is replaced.
  /// - Returns: False, and nothing written, when `isLive` is false or the
  ///   file cannot be written.
  package static func writeProfile(to path: String) -> Bool {
    work_meter_write_profile(path)
  }
}
