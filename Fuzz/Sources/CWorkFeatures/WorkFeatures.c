#include "WorkFeatures.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Size classes: the bytes R1 read, in octaves: 0 to 15 bytes, 16 to 31, ...
// up to 12,293 (R1's most) and beyond. Levels: log2(work per byte) in
// half-octaves, from 1 per byte up to 2^32 per byte.
enum { size_classes = 16, levels = 64 };

// libFuzzer reads this section as extra features and clears it before each
// execution (its size is a multiple of 64, as it requires).
__attribute__((section("__libfuzzer_extra_counters"), used, aligned(64)))
static uint8_t counters[size_classes * levels];

// NOTIFICATION_BODY_WORK_FEATURES=0 switches the features off, to measure
// what they add: the same binary, with and without.
static int enabled = -1;

void work_features_record(size_t read_bytes, size_t work) {
  if (enabled < 0) {
    const char *setting = getenv("NOTIFICATION_BODY_WORK_FEATURES");
    enabled = setting == NULL || strcmp(setting, "0") != 0;
  }
  if (!enabled || work == 0) return;  // switched off, or no work meter built in
  int size_class = 0;
  for (size_t bytes = read_bytes >> 4; bytes > 0 && size_class < size_classes - 1; bytes >>= 1) {
    size_class++;
  }
  double per_byte = (double)work / (double)(read_bytes + 1);
  int level = per_byte <= 1 ? 0 : (int)(2 * log2(per_byte));
  if (level >= levels) level = levels - 1;
  counters[size_class * levels + level] = 1;
}
