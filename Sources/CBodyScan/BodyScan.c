#include "BodyScan.h"

#include <stdlib.h>
#include <string.h>

// Not instrumented for coverage: these scan the harness's own strings, not
// the library, so what they compare is nothing for the fuzzer to learn from.
#define UNCOVERED __attribute__((no_sanitize("coverage")))

UNCOVERED size_t body_scan_utf16_prefix(const uint8_t *bytes, size_t count, size_t max_units,
                                        size_t *units) {
  size_t at = 0, used = 0;
  while (at < count) {
    uint8_t lead = bytes[at];
    size_t width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    size_t scalar_units = width == 4 ? 2 : 1;
    if (used + scalar_units > max_units) break;
    used += scalar_units;
    at += width;
  }
  *units = used;
  return at;
}

UNCOVERED size_t body_scan_ellipses(const uint8_t *bytes, size_t count) {
  size_t found = 0;
  const uint8_t *end = bytes + count;
  for (const uint8_t *at = bytes; count >= 3 && at <= end - 3;) {
    const uint8_t *lead = memchr(at, 0xE2, (size_t)(end - 2 - at));
    if (lead == NULL) break;
    if (lead[1] == 0x80 && lead[2] == 0xA6) found++;
    at = lead + 1;
  }
  return found;
}

// The scalar whose UTF-8 starts at `*at`, moving `*at` past it.
UNCOVERED static uint32_t next_scalar(const uint8_t **at) {
  const uint8_t *p = *at;
  uint32_t lead = p[0];
  if (lead < 0x80) { *at = p + 1; return lead; }
  if (lead < 0xE0) { *at = p + 2; return (lead & 0x1F) << 6 | (p[1] & 0x3F); }
  if (lead < 0xF0) { *at = p + 3; return (lead & 0x0F) << 12 | (p[1] & 0x3F) << 6 | (p[2] & 0x3F); }
  *at = p + 4;
  return (lead & 0x07) << 18 | (p[1] & 0x3F) << 12 | (p[2] & 0x3F) << 6 | (p[3] & 0x3F);
}

// An open-addressing set of the window's scalars past ASCII (never 0).
typedef struct {
  uint32_t *slots;
  size_t mask;
} scalar_set;

UNCOVERED static size_t slot_of(const scalar_set *set, uint32_t scalar) {
  size_t slot = (scalar * 2654435761u) & set->mask;
  while (set->slots[slot] != 0 && set->slots[slot] != scalar) slot = (slot + 1) & set->mask;
  return slot;
}

UNCOVERED static bool make_set(scalar_set *set, const uint8_t *window, size_t count) {
  size_t leads = 0;
  for (size_t i = 0; i < count; i++) leads += window[i] >= 0xC0;
  size_t capacity = 16;
  while (capacity < 2 * leads) capacity *= 2;
  set->slots = calloc(capacity, sizeof(uint32_t));
  set->mask = capacity - 1;
  if (set->slots == NULL) return false;
  for (const uint8_t *at = window, *end = window + count; at < end;) {
    uint32_t scalar = next_scalar(&at);
    if (scalar >= 0x80) set->slots[slot_of(set, scalar)] = scalar;
  }
  return true;
}

UNCOVERED bool body_scan_scalars_within(const uint8_t *body, size_t body_count,
                                        const uint8_t *window, size_t window_count) {
  uint64_t ascii[2] = {0, 0};
  for (size_t i = 0; i < window_count; i++) {
    if (window[i] < 0x80) ascii[window[i] >> 6] |= UINT64_C(1) << (window[i] & 63);
  }
  scalar_set set = {NULL, 0};
  bool within = true;
  for (const uint8_t *at = body, *end = body + body_count; within && at < end;) {
    uint32_t scalar = next_scalar(&at);
    if (scalar == '\n' || scalar == 0x2026) continue;
    if (scalar < 0x80) {
      within = (ascii[scalar >> 6] >> (scalar & 63)) & 1;
    } else {
      if (set.slots == NULL && !make_set(&set, window, window_count)) abort();
      within = set.slots[slot_of(&set, scalar)] == scalar;
    }
  }
  free(set.slots);
  return within;
}

UNCOVERED bool body_scan_is_plain(const uint8_t *bytes, size_t count) {
  if (count > 0) {
    uint8_t first = bytes[0], last = bytes[count - 1];
    if (first == ' ' || first == '\n' || last == ' ' || last == '\n') return false;
  }
  uint32_t last_three = 0;  // the newest byte lowest
  for (size_t i = 0; i < count; i++) {
    switch (bytes[i]) {
      case '`': case '*': case '~': case '[': case ']': case '\r': case '\t': return false;
      default: break;
    }
    last_three = (last_three << 8 | bytes[i]) & 0xFFFFFF;
    if ((last_three & 0xFFFF) == 0x2020 || last_three == 0x0A200A || last_three == 0x0A0A0A) {
      return false;
    }
  }
  return true;
}
