// CAllocationCounting has no interface of its own: linked into a binary, it
// stands in for glibc's allocation functions and tells CAllocationMeter of
// every block the counting thread allocates and frees.
#ifndef NOTIFICATION_BODY_ALLOCATION_COUNTING_H
#define NOTIFICATION_BODY_ALLOCATION_COUNTING_H
#endif
