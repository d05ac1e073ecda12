// The allocation meter: what one thread allocated and freed between
// allocation_meter_start() and allocation_meter_stop(). The harness checks
// the no-leak invariant with it (Sources/NotificationBodyHarness/
// AllocationMeter.swift). It hears of allocations in one of two ways:
//
// - under AddressSanitizer (the fuzz targets), through the sanitizer's
//   malloc and free hooks, which it installs itself;
// - elsewhere, from CAllocationCounting, which stands in for glibc's
//   allocation functions in the binaries that link it (the test bundle and
//   the notification-body command).
//
// Counts are per thread, so tests that run in parallel do not mix.
#ifndef NOTIFICATION_BODY_ALLOCATION_METER_H
#define NOTIFICATION_BODY_ALLOCATION_METER_H

#include <stdbool.h>
#include <stddef.h>

/// What one thread allocated between start and stop.
typedef struct {
  /// Blocks allocated (malloc, calloc, realloc, the aligned functions).
  long allocations;
  /// Blocks allocated and not freed by the stop: what the call leaked.
  long live_blocks;
  /// Bytes allocated and not freed by the stop.
  long live_bytes;
  /// The most bytes allocated and not yet freed at any moment.
  long peak_bytes;
  /// Bytes allocated in all, freed or not: what the allocator handed out.
  long allocated_bytes;
} allocation_meter_reading;

/// Whether allocations are heard at all in this process: under a sanitizer
/// whose hooks are installed, or with CAllocationCounting linked. Without
/// either, every reading is zero.
bool allocation_meter_is_live(void);

/// Starts counting this thread's allocations from zero.
void allocation_meter_start(void);

/// Stops counting and returns what this thread allocated since the start.
allocation_meter_reading allocation_meter_stop(void);

// For CAllocationCounting: whether this thread is counting, and the size
// of each block as it is allocated and as it is freed.
bool allocation_meter_is_counting(void);
/// Pauses (false) or resumes (true) a measurement under way.
void allocation_meter_set_counting(bool counting);
void allocation_meter_allocated(size_t bytes);
void allocation_meter_freed(size_t bytes);
void allocation_meter_counting_is_linked(void);

#endif
