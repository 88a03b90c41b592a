/* clock.h - the one clock every timing reads: monotonic, so a change of
 * the wall clock never stretches a search's time limit or a match clock. */
#ifndef YOMI_BASE_CLOCK_H
#define YOMI_BASE_CLOCK_H

#include <stdint.h>

/* Nanoseconds since some fixed moment (CLOCK_MONOTONIC). */
uint64_t clock_ns(void);
static inline uint64_t clock_ms(void) { return clock_ns() / 1000000u; }
static inline double clock_seconds(void) { return (double)clock_ns() / 1e9; }
/* This process's CPU time in seconds, for the timings benchmarks print. */
double clock_cpu_seconds(void);

#endif
