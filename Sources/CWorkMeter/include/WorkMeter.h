// The work meter: how many times the library's code regions have run, read
// from the counters of LLVM's profile instrumentation. Only a build with
// NOTIFICATION_BODY_WORK_METER=1 instruments the library (and only the
// library), so the sum of every counter is the library's work so far; the
// sum after a call minus the sum before it is that call's work, the same on
// every run and every machine. In any other build the sum is always zero.
#ifndef NOTIFICATION_BODY_WORK_METER_H
#define NOTIFICATION_BODY_WORK_METER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the library is instrumented in this binary.
bool work_meter_is_live(void);

/// The sum of every profile counter: the library's work since the start.
uint64_t work_meter_total(void);

/// Writes the counters as they are now to a raw profile at `path`, which
/// `llvm-profdata show` reads, then points the runtime back to its own file
/// (`LLVM_PROFILE_FILE`, else /dev/null). The counters are left as they
/// are, so the sum is unchanged. False, and nothing written, when the
/// library is not instrumented or the file cannot be written.
bool work_meter_write_profile(const char *path);

#endif
