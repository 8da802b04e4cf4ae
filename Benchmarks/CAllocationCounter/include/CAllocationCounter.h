// Allocation counters for the benchmark executable only (never linked into the library).
#ifndef TALLY_ALLOCATION_COUNTER_H
#define TALLY_ALLOCATION_COUNTER_H

/// 1 when heap allocations are counted on this platform (glibc), 0 otherwise.
int tally_bench_counts_heap(void);
/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign so far, process-wide.
unsigned long long tally_bench_heap_allocations(void);
/// Switches counting on (1) or off (0, the default) for both counters: samples that are timed run
/// with it off, so that the counters' atomic increments do not slow the allocating variants.
void tally_bench_set_counting(int on);
/// Installs counting GMP memory functions (process-global: benchmark only). Idempotent.
void tally_bench_install_gmp_counter(void);
/// GMP allocations and reallocations so far (after install).
unsigned long long tally_bench_gmp_allocations(void);
/// Makes standard output line-buffered, so that a pipe or a file gets each line as it is printed
/// (`stdout` itself is a C global that Swift 6 does not let the benchmark touch directly).
void tally_bench_line_buffered_stdout(void);

#endif
