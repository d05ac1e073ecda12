#ifndef ALLOCATION_COUNT_H
#define ALLOCATION_COUNT_H

/// The number of heap blocks this thread has asked for (malloc, calloc,
/// realloc, posix_memalign, aligned_alloc, memalign) since it started.
unsigned long allocation_count(void);

#endif
