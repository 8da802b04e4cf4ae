// Counting allocator hooks for the benchmark executable.
//
// Heap: on glibc, an executable that defines malloc & co. interposes them for the whole process
// (Swift runtime, Foundation and libgmp included); each wrapper counts and forwards to glibc's own
// __libc_* entry points. Elsewhere nothing is interposed and the count reports as unavailable.
// GMP: mp_set_memory_functions with counting wrappers (process-global, which is why only the
// benchmark executable does it; the library never does).
// Counting is off unless switched on (tally_bench_set_counting): the harness times its samples with
// it off and counts in samples of their own, because the atomic increment made every allocation
// 4-6 ns dearer, which slowed the allocating variants (Foundation.Decimal's W9 minimum 403 -> 459 ns)
// and flattered every "faster than Decimal" ratio (review, 2026-12-02). Off, a wrapper costs a
// call and a load.
#include "CAllocationCounter.h"
#include <gmp.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_ullong heap_count;
static atomic_ullong gmp_count;
static atomic_int counting;

/// Counts one allocation in `counter` when counting is on.
static inline void count(atomic_ullong *counter) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
}

void tally_bench_set_counting(int on) { atomic_store(&counting, on); }

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

void *malloc(size_t n) { count(&heap_count); return __libc_malloc(n); }
void *calloc(size_t c, size_t n) { count(&heap_count); return __libc_calloc(c, n); }
void *realloc(void *p, size_t n) { count(&heap_count); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { count(&heap_count); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { count(&heap_count); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    count(&heap_count);
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

static void *gmp_alloc(size_t n) { count(&gmp_count); return malloc(n); }
static void *gmp_realloc(void *p, size_t old, size_t n) { (void)old; count(&gmp_count); return realloc(p, n); }
static void gmp_free(void *p, size_t n) { (void)n; free(p); }

void tally_bench_install_gmp_counter(void) { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }
unsigned long long tally_bench_gmp_allocations(void) { return atomic_load(&gmp_count); }

void tally_bench_line_buffered_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
