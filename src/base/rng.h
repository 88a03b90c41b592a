/* rng.h - the one random number generator: splitmix64 (Steele, Lea and
 * Flood), small, fast and good enough for openings, self-play and hash
 * keys.  The state is the caller's, so a seed replays a run exactly and
 * threads never share one. */
#ifndef YOMI_BASE_RNG_H
#define YOMI_BASE_RNG_H

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
