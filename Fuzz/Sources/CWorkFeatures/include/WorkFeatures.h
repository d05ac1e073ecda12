// Work per byte as libFuzzer features: an input that does more work per
// byte of its window than any input of its size class before it adds a
// feature, so libFuzzer keeps it and mutates it further, climbing toward
// the most expensive inputs the linear-work bound must hold for.
#ifndef NOTIFICATION_BODY_WORK_FEATURES_H
#define NOTIFICATION_BODY_WORK_FEATURES_H

#include <stddef.h>

/// Records one execution's work on a window of `window_bytes` bytes: sets
/// the extra counter of its size class (the window's bytes, on a log scale)
/// and its level (work per byte, in half-octaves).
void work_features_record(size_t window_bytes, size_t work);

#endif
