// Byte scans of bodies and messages for the fuzz targets' per-execution
// checks (BodyChecks): in C and kept out of the fuzzer's coverage
// instrumentation, which would otherwise call back on every comparison of
// every byte and cost each execution more than the body itself. Every
// buffer is valid UTF-8, as a Swift String's bytes are.
#ifndef NOTIFICATION_BODY_BODY_SCAN_H
#define NOTIFICATION_BODY_BODY_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The longest prefix of whole scalars of `bytes` that is at most
/// `max_units` UTF-16 units long: its length in bytes, and in `*units` in
/// UTF-16 units. R1's read prefix with 4096; a body's length with its limit.
size_t body_scan_utf16_prefix(const uint8_t *bytes, size_t count, size_t max_units,
                              size_t *units);

/// How many "…" (U+2026, E2 80 A6) `bytes` hold.
size_t body_scan_ellipses(const uint8_t *bytes, size_t count);

/// Whether every scalar of `body` but "…" and "\n" is a scalar of `window`.
bool body_scan_scalars_within(const uint8_t *body, size_t body_count, const uint8_t *window,
                              size_t window_count);

/// Whether `bytes` hold none of the bytes R2–R11 act on (` * ~ [ ] \r \t),
/// no two spaces in a row, no line of a space alone, no three line breaks in
/// a row, and no space or line break at either end: plain text's bytes.
bool body_scan_is_plain(const uint8_t *bytes, size_t count);

#endif
