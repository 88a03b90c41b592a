/* level.c - the strength levels: one row of player specs per game.
 *
 * Why these specs: a level's strength should not depend on how loaded the
 * machine is, so every level but the last stops at a depth, never at a
 * time; only the last, the strongest yomi has, is yomi's own algorithm
 * with the default second a move (PLAYER_DEFAULT_COMPUTER).  The weak
 * levels also play a random legal move on a share of their turns
 * (`random=P`, players/player.h), drawn from a seeded generator in the
 * player, never in the engine, so a match with a --seed replays exactly.
 *
 * Why a count per game: each level should score 65-85% against the one
 * below, and the distance from a beginner's level to the strongest is not
 * the same everywhere (about 2,400 Elo in reversi, where a ply is worth a
 * lot, against 1,500 in Kalah), so reversi needs more steps.  The numbers
 * are calibrated by `yomi match` (BENCHMARKS.md "Levels"); doc/cli.md and
 * the README print this table: change them together. */
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "players/level.h"
#include "players/player.h"

typedef struct {
    const char *family; /* GameOps.family; NULL: every game not named */
    int count;
    const char *spec[LEVEL_LIMIT];
} LevelRow;

static const LevelRow rows[] = {
    {"kalah", 8,
     {"alphabeta:1,random=40", "alphabeta:1,random=20", "alphabeta:2,random=20", "yomi:2",
      "yomi:4", "yomi:6", "yomi:8", PLAYER_DEFAULT_COMPUTER}},
    {"reversi", 11,
     {"alphabeta:1,random=10", "alphabeta:2,random=10", "alphabeta:2", "yomi:3", "yomi:4",
      "yomi:5", "yomi:7", "yomi:9", "yomi:11", "yomi:13", PLAYER_DEFAULT_COMPUTER}},
    {"gogo", 11,
     {"alphabeta:1,random=15", "alphabeta:2,random=10", "yomi:2,random=5", "yomi:3,random=2",
      "yomi:4,random=2", "yomi:5", "yomi:7", "yomi:8", "yomi:10", "yomi:13",
      PLAYER_DEFAULT_COMPUTER}},
    /* The tree game and any game added later: Kalah's ladder, uncalibrated. */
    {NULL, 8,
     {"alphabeta:1,random=40", "alphabeta:1,random=20", "alphabeta:2,random=20", "yomi:2",
      "yomi:4", "yomi:6", "yomi:8", PLAYER_DEFAULT_COMPUTER}},
};
enum { NROWS = sizeof rows / sizeof rows[0] };

/* The names climb the same way in every game; a game with fewer levels
 * stops earlier, and its last level is always "Strongest". */
static const char *const words[LEVEL_LIMIT - 1] = {
    N_("Beginner"), N_("Novice"), N_("Casual"),      N_("Intermediate"),
    N_("Advanced"), N_("Strong"), N_("Expert"),      N_("Master"),
    N_("Grandmaster"), N_("Champion"), N_("Legend"),
};

static const LevelRow *row_of(const char *family)
{
    int i = 0;
    while (i + 1 < NROWS && !(family && strcmp(rows[i].family, family) == 0))
        i++;
    return &rows[i];
}

int level_count(const char *family)
{
    return row_of(family)->count;
}

const char *level_spec(const char *family, int level)
{
    const LevelRow *r = row_of(family);
    return level < LEVEL_MIN || level > r->count ? NULL : r->spec[level - LEVEL_MIN];
}

const char *level_word(const char *family, int level)
{
    const int count = level_count(family);
    if (level < LEVEL_MIN || level > count)
        return NULL;
    return level == count ? N_("Strongest") : words[level - LEVEL_MIN];
}

/* "1-8 (kalah), 1-11 (reversi), ..." into buf. */
static void ranges(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < NROWS; i++) {
        if (!rows[i].family || n >= len)
            continue;
        const int w = snprintf(buf + n, len - n, "%s%d-%d (%s)", n ? ", " : "", LEVEL_MIN,
                               rows[i].count, rows[i].family);
        if (w > 0)
            n += (size_t)w;
    }
}

int level_check(const char *family, const char *spec, int level, Err *err)
{
    if (family) {
        const int count = level_count(family);
        if (level >= LEVEL_MIN && level <= count)
            return 0;
        return err_set(err, "player '%.60s': %.20s has levels %d to %d", spec, family, LEVEL_MIN,
                       count);
    }
    if (level >= LEVEL_MIN && level <= LEVEL_LIMIT)
        return 0;
    char games[120];
    ranges(games, sizeof games);
    return err_set(err, "player '%.60s': a level is level:N, N in %s", spec, games);
}
