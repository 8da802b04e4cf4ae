// Counting allocator hooks for the benchmark executable.
//
// Heap: on glibc, an executable that defines malloc & co. interposes them for the whole process
// (Swift runtime, Foundation and libgmp included); each wrapper counts and forwards to glibc's own
// __libc_* entry points. Elsewhere nothing is interposed and the count reports as unavailable.
// GMP: mp_set_memory_functions with counting wrappers (process-global, which is why only the
// benchmark executable does it; the library never does).
#include "CAllocationCounter.h"
#include <gmp.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_ullong heap_count;
static atomic_ullong gmp_count;

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

void *malloc(size_t n) { atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed); return __libc_malloc(n); }
void *calloc(size_t c, size_t n) { atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed); return __libc_calloc(c, n); }
void *realloc(void *p, size_t n) { atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    atomic_fetch_add_explicit(&heap_count, 1, memory_order_relaxed);
    void *p = __libc_memalign(a, n);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
int tally_bench_counts_heap(void) { return 1; }
#else
int tally_bench_counts_heap(void) { return 0; }
#endif

unsigned long long tally_bench_heap_allocations(void) { return atomic_load(&heap_count); }

static void *gmp_alloc(size_t n) { atomic_fetch_add_explicit(&gmp_count, 1, memory_order_relaxed); return malloc(n); }
static void *gmp_realloc(void *p, size_t old, size_t n) { (void)old; atomic_fetch_add_explicit(&gmp_count, 1, memory_order_relaxed); return realloc(p, n); }
static void gmp_free(void *p, size_t n) { (void)n; free(p); }

void tally_bench_install_gmp_counter(void) { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }
unsigned long long tally_bench_gmp_allocations(void) { return atomic_load(&gmp_count); }

void tally_bench_line_buffered_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
