/* fuzz.h - what the libFuzzer targets share: the variants they exercise. */
#ifndef YOMI_FUZZ_H
#define YOMI_FUZZ_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"

/* Variants chosen by the first input byte; opened once, reused. */
static const struct {
    const char *id;
    GameOption opt;
} fuzz_variants[] = {
    {"reversi", {NULL, NULL}},
    {"reversi-4x4", {"start", "parallel"}},
    {"reversi-6x8", {NULL, NULL}},
    {"kalah", {NULL, NULL}},
    {"kalah-3x2", {"capture", "empty"}},
    {"kalah", {"rules", "seed"}},
    {"gogo", {NULL, NULL}},
};
#define FUZZ_NVARIANTS ((int)(sizeof fuzz_variants / sizeof fuzz_variants[0]))

static inline const Game *fuzz_game(uint8_t selector)
{
    static Game *games[FUZZ_NVARIANTS];
    int i = selector % FUZZ_NVARIANTS;
    if (!games[i]) {
        Err err;
        int n = fuzz_variants[i].opt.key ? 1 : 0;
        games[i] = game_open(fuzz_variants[i].id, &fuzz_variants[i].opt, n, &err);
        if (!games[i])
            abort(); /* every listed variant must open */
    }
    return games[i];
}

/* The input as a NUL-terminated string (libFuzzer's data is not). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
