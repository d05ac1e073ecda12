#include "AllocationMeter.h"

#include <stdatomic.h>

// The sanitizer's own interface (sanitizer/allocator_interface.h), weak so
// that a build without a sanitizer links: then both are null.
extern int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *)) __attribute__((weak));
extern size_t __sanitizer_get_allocated_size(const volatile void *pointer)
    __attribute__((weak));

typedef struct {
  bool counting;
  allocation_meter_reading reading;
} meter_state;

// Initial-exec TLS: reading it never allocates, even from inside malloc.
static __thread meter_state state __attribute__((tls_model("initial-exec")));

static atomic_bool hooks_installed;
static atomic_bool counting_linked;

bool allocation_meter_is_counting(void) { return state.counting; }

void allocation_meter_set_counting(bool counting) { state.counting = counting; }

void allocation_meter_allocated(size_t bytes) {
  if (!state.counting) return;
  state.reading.allocations++;
  state.reading.live_blocks++;
  state.reading.live_bytes += (long)bytes;
  state.reading.allocated_bytes += (long)bytes;
  if (state.reading.live_bytes > state.reading.peak_bytes) {
    state.reading.peak_bytes = state.reading.live_bytes;
  }
}

void allocation_meter_freed(size_t bytes) {
  if (!state.counting) return;
  state.reading.live_blocks--;
  state.reading.live_bytes -= (long)bytes;
}

void allocation_meter_counting_is_linked(void) { atomic_store(&counting_linked, true); }

static void malloc_hook(const volatile void *pointer, size_t bytes) {
  (void)pointer;
  allocation_meter_allocated(bytes);
}

// The sanitizer calls this before the block is released, so its size can
// still be asked for.
static void free_hook(const volatile void *pointer) {
  if (!state.counting || pointer == NULL) return;
  allocation_meter_freed(__sanitizer_get_allocated_size(pointer));
}

bool allocation_meter_is_live(void) {
  if (atomic_load(&counting_linked)) return true;
  if (__sanitizer_install_malloc_and_free_hooks == NULL || __sanitizer_get_allocated_size == NULL) {
    return false;
  }
  bool expected = false;
  if (atomic_compare_exchange_strong(&hooks_installed, &expected, true)) {
    __sanitizer_install_malloc_and_free_hooks(malloc_hook, free_hook);
  }
  return true;
}

void allocation_meter_start(void) {
  allocation_meter_reading zero = {0, 0, 0, 0, 0};
  state.reading = zero;
  state.counting = true;
}

allocation_meter_reading allocation_meter_stop(void) {
  state.counting = false;
  return state.reading;
}
