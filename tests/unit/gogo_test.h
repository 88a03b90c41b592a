/* gogo_test.h - what the gogo unit tests share: one opened Game, positions
 * from SFEN, and legal moves as USI text (so expectations read like the
 * notation). Include after cmocka.h. */
#ifndef YOMI_GOGO_TEST_H
#define YOMI_GOGO_TEST_H

#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "games/gogo/gogo.h"
#include "games/registry.h"

static Game *gogo;

static inline int open_gogo(void **unused)
{
    (void)unused;
    Err err = {{0}};
    gogo = game_open("gogo", NULL, 0, &err);
    return gogo ? 0 : -1;
}

static inline int close_gogo(void **unused)
{
    (void)unused;
    game_close(gogo);
    return 0;
}

static inline GogoState load(const char *sfen)
{
    GogoState s;
    Err err = {{0}};
    if (gogo->ops->parse_position(gogo, sfen, &s, &err) != 0)
        fail_msg("cannot load %s: %s", sfen, err.msg);
    return s;
}

/* The error message of a position that must be rejected. */
static inline const char *rejected_position(const char *sfen)
{
    static Err err;
    GogoState s;
    memset(&err, 0, sizeof err);
    if (gogo->ops->parse_position(gogo, sfen, &s, &err) == 0)
        fail_msg("position accepted: %s", sfen);
    if (!err.msg[0])
        fail_msg("position rejected without a message: %s", sfen);
    return err.msg;
}

/* Legal moves whose USI text starts with `prefix` ("" for all), in the
 * order legal_moves gives them, separated by spaces. */
static inline const char *moves_text(const GogoState *s, const char *prefix)
{
    static char text[4096];
    Move moves[GAME_MAX_MOVES];
    int n = gogo->ops->legal_moves(gogo, s, moves);
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < n; i++) {
        char name[16];
        gogo->ops->format_move(gogo, s, moves[i], name, sizeof name);
        if (strncmp(name, prefix, strlen(prefix)) != 0)
            continue;
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", used ? " " : "", name);
    }
    return text;
}

static inline int count_moves(const GogoState *s)
{
    Move moves[GAME_MAX_MOVES];
    return gogo->ops->legal_moves(gogo, s, moves);
}

static inline bool is_legal_text(const GogoState *s, const char *usi)
{
    Move moves[GAME_MAX_MOVES];
    int n = gogo->ops->legal_moves(gogo, s, moves);
    for (int i = 0; i < n; i++) {
        char name[16];
        gogo->ops->format_move(gogo, s, moves[i], name, sizeof name);
        if (strcmp(name, usi) == 0)
            return true;
    }
    return false;
}

/* Play a USI move that must be legal. */
static inline GogoState after(const GogoState *s, const char *usi)
{
    Move m;
    Err err = {{0}};
    if (gogo->ops->parse_move(gogo, s, usi, &m, &err) != 0)
        fail_msg("%s: %s", usi, err.msg);
    GogoState child;
    gogo->ops->play(gogo, s, m, &child);
    return child;
}

/* The error message of a move that must be rejected. */
static inline const char *rejected_move(const GogoState *s, const char *usi)
{
    static Err err;
    Move m;
    memset(&err, 0, sizeof err);
    if (gogo->ops->parse_move(gogo, s, usi, &m, &err) == 0)
        fail_msg("move accepted: %s", usi);
    if (!err.msg[0])
        fail_msg("move rejected without a message: %s", usi);
    return err.msg;
}

#define assert_contains(haystack, needle)                                                     \
    do {                                                                                      \
        const char *h_ = (haystack), *n_ = (needle);                                          \
        if (!strstr(h_, n_))                                                                  \
            fail_msg("'%s' does not contain '%s'", h_, n_);                                   \
    } while (0)

#endif
