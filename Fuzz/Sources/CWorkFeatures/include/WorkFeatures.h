// Work per byte as libFuzzer features: an input that does more work per
// byte read than any input of its size class before it adds a
// feature, so libFuzzer keeps it and mutates it further, climbing toward
// the most expensive inputs the linear-work bound must hold for.
#ifndef NOTIFICATION_BODY_WORK_FEATURES_H
#define NOTIFICATION_BODY_WORK_FEATURES_H

#include <stddef.h>

/// Records one execution's work when R1 read `read_bytes` bytes: sets the
/// extra counter of its size class (the bytes read, in octaves) and its
/// level (work per byte, in half-octaves). Does nothing when the work is 0
/// (no work meter) or NOTIFICATION_BODY_WORK_FEATURES=0.
void work_features_record(size_t read_bytes, size_t work);

#endif
