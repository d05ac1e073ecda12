// Stands in for glibc's allocation functions in the benchmark binary only, so
// the benchmark can report each engine's heap allocations per call. Every
// call is passed on to glibc's own function; the count is per thread, so it
// needs no lock and costs one increment.
#include "AllocationCount.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread unsigned long count;

unsigned long allocation_count(void) { return count; }

void *malloc(size_t size) {
  count++;
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count++;
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count++;
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count++;
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count++;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  count++;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}
