// What libFuzzer offers a fuzz target to call, declared for Swift: the
// fuzzer's runtime (linked by -sanitize=fuzzer) defines it. No code here.
#ifndef NOTIFICATION_BODY_LIBFUZZER_H
#define NOTIFICATION_BODY_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's own mutation of Data[0..<Size] in place, in a buffer of MaxSize
// bytes; returns the new size. Only for use inside LLVMFuzzerCustomMutator.
size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

#endif
