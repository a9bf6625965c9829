// Heap allocation counter for `sticky bench`.
//
// AllocCounter.c defines malloc, calloc, realloc and the aligned allocators, counts each call and
// forwards it to glibc's own implementation (__libc_malloc, ...). Symbols defined in the program
// take precedence over libc's, so every allocation in the process is seen: Swift's, Foundation's
// and the GL driver's. Counting costs one relaxed atomic add per allocation.
#ifndef STICKY_ALLOC_COUNTER_H
#define STICKY_ALLOC_COUNTER_H

#include <stdint.h>

/// Number of allocations (malloc, calloc, realloc, memalign family) since the process started.
uint64_t sticky_alloc_count(void);

/// Whether the counter is live: 0 if the C library's allocator was not interposed.
int sticky_alloc_counter_active(void);

#endif
