// Counts heap allocations by interposing glibc's malloc family (see AllocCounter.h).
#include "AllocCounter.h"

#include <stddef.h>
#include <stdatomic.h>
#include <string.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define STICKY_NO_INTERPOSE 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define STICKY_NO_INTERPOSE 1
#endif

static _Atomic uint64_t allocations = 0;

#ifndef STICKY_NO_INTERPOSE
// A sanitizer brings its own malloc: there the counter stays off (sticky_alloc_counter_active
// says so) rather than hand it memory it does not own.

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void count(void) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
        return 22; // EINVAL
    }
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return 12; // ENOMEM
    }
    *out = pointer;
    return 0;
}

#endif

uint64_t sticky_alloc_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

int sticky_alloc_counter_active(void) {
    // strdup allocates inside libc: the count rises only if libc's calls reach our malloc.
    uint64_t before = sticky_alloc_count();
    char *probe = strdup("probe");
    free(probe);
    return sticky_alloc_count() != before;
}
