#include "WorkMeter.h"

#include <stddef.h>
#include <stdlib.h>

// The profile runtime's own interface (compiler-rt's InstrProfiling.h), weak
// so that a build without instrumentation links: then all are null.
extern char *__llvm_profile_begin_counters(void) __attribute__((weak));
extern char *__llvm_profile_end_counters(void) __attribute__((weak));
extern void __llvm_profile_set_filename(const char *name) __attribute__((weak));
extern int __llvm_profile_write_file(void) __attribute__((weak));

bool work_meter_is_live(void) {
  if (__llvm_profile_begin_counters == NULL || __llvm_profile_end_counters == NULL) return false;
  return __llvm_profile_end_counters() > __llvm_profile_begin_counters();
}

uint64_t work_meter_total(void) {
  if (__llvm_profile_begin_counters == NULL || __llvm_profile_end_counters == NULL) return 0;
  const uint64_t *counter = (const uint64_t *)__llvm_profile_begin_counters();
  const uint64_t *end = (const uint64_t *)__llvm_profile_end_counters();
  uint64_t total = 0;
  for (; counter < end; counter++) total += *counter;
  return total;
}

bool work_meter_write_profile(const char *path) {
  if (!work_meter_is_live() || __llvm_profile_set_filename == NULL ||
      __llvm_profile_write_file == NULL) {
    return false;
  }
  __llvm_profile_set_filename(path);
  bool written = __llvm_profile_write_file() == 0;
  // Back to where the constructor below pointed the runtime (a string that
  // outlives the call, since the runtime may keep the pointer), so that no
  // profile is written at exit unless one was asked for.
  const char *asked = getenv("LLVM_PROFILE_FILE");
  __llvm_profile_set_filename(asked != NULL ? asked : "/dev/null");
  return written;
}

// The runtime writes default.profraw at exit unless told otherwise: the
// meter needs no profile, so a binary that did not ask for one writes none.
__attribute__((constructor)) static void no_profile_file(void) {
  if (__llvm_profile_set_filename != NULL && getenv("LLVM_PROFILE_FILE") == NULL) {
    __llvm_profile_set_filename("/dev/null");
  }
}
