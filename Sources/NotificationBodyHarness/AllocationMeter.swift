import CAllocationMeter

/// What the current thread allocates and frees while a closure runs, for the
/// `no-leak` invariant.
///
/// It hears of every block through the sanitizer's malloc and free hooks in
/// the fuzz targets, and through `CAllocationCounting` in the test bundle and
/// the command; in a binary with neither it hears nothing (`isLive` is
/// false) and every reading is zero.
///
///     let reading = AllocationMeter.measure { _ = NotificationBody.make(from: "[a](b)") }
///     reading.liveBlocks  // 0: every block was freed by the end
package enum AllocationMeter {
  /// What one closure allocated.
  package struct Reading: Sendable, Equatable {
    /// Blocks allocated.
    package var allocations: Int
    /// Blocks allocated and not freed by the end: what the closure leaked.
    package var liveBlocks: Int
    /// Bytes allocated and not freed by the end.
    package var liveBytes: Int
    /// The most bytes allocated and not yet freed at any moment; sizes are
    /// glibc's usable sizes with `CAllocationCounting`, the requested sizes
    /// under a sanitizer.
    package var peakBytes: Int
    /// Bytes allocated in all, freed or not (sized as `peakBytes` is).
    package var allocatedBytes: Int
  }

  /// Whether allocations are heard in this binary.
  package static var isLive: Bool { allocation_meter_is_live() }

  /// What `call` allocates on this thread.
  ///
  /// - Parameter call: Work whose every result is dropped before it returns,
  ///   so that what it made is freed by its end.
  /// - Returns: The reading, all zero when `isLive` is false.
  package static func measure(_ call: () -> Void) -> Reading {
    allocation_meter_start()
    call()
    let reading = allocation_meter_stop()
    return Reading(
      allocations: reading.allocations, liveBlocks: reading.live_blocks,
      liveBytes: reading.live_bytes, peakBytes: reading.peak_bytes,
      allocatedBytes: reading.allocated_bytes)
  }

  /// Runs `call` unheard: what it allocates and frees is not part of a
  /// measurement under way. Whatever `call` allocates must be freed by its
  /// end, and it must free nothing allocated outside it.
  package static func unheard<Result>(_ call: () -> Result) -> Result {
    let counting = allocation_meter_is_counting()
    allocation_meter_set_counting(false)
    defer { allocation_meter_set_counting(counting) }
    return call()
  }
}
