// Stands in for glibc's allocation functions in the binaries that link it
// (the test bundle and the notification-body command, never the library nor
// a sanitizer build, whose runtime has functions of its own). Every call is
// passed on to glibc's own function; while a thread is counting
// (AllocationMeter.h), each block's usable size is reported as it is
// allocated and as it is freed, so the two always match.
#include "AllocationCounting.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>

#include "AllocationMeter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

__attribute__((constructor)) static void announce(void) { allocation_meter_counting_is_linked(); }

static void *allocated(void *pointer) {
  if (pointer != NULL && allocation_meter_is_counting()) {
    allocation_meter_allocated(malloc_usable_size(pointer));
  }
  return pointer;
}

static void freeing(void *pointer) {
  if (pointer != NULL && allocation_meter_is_counting()) {
    allocation_meter_freed(malloc_usable_size(pointer));
  }
}

void *malloc(size_t size) { return allocated(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return allocated(__libc_calloc(count, size)); }

void *realloc(void *pointer, size_t size) {
  freeing(pointer);
  void *result = __libc_realloc(pointer, size);
  if (result == NULL && size != 0) {
    // glibc kept the old block.
    allocated(pointer);
    return NULL;
  }
  return allocated(result);
}

void free(void *pointer) {
  freeing(pointer);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  return allocated(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
  return allocated(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) {
    return ENOMEM;
  }
  *result = allocated(pointer);
  return 0;
}
