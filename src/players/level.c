/* level.c - the strength levels: one row of player specs per game.
 *
 * Why these specs: a level's strength should not depend on how loaded the
 * machine is, so levels 1-7 stop at a depth, never at a time; only level
 * 8, the strongest yomi has, is yomi's own algorithm with the default
 * second a move (PLAYER_DEFAULT_COMPUTER).  The weak levels also play a
 * random legal move on a share of their turns (`random=P`, players/
 * player.h), drawn from a seeded generator in the player, never in the
 * engine, so a match with a --seed replays exactly.  The numbers are
 * calibrated by `yomi match` (BENCHMARKS.md "Levels"); doc/cli.md and the
 * README print this table: change them together. */
#include <stddef.h>
#include <string.h>

#include "base/i18n.h"
#include "players/level.h"
#include "players/player.h"

#define LEVELS (LEVEL_MAX - LEVEL_MIN + 1)

typedef struct {
    const char *family; /* GameOps.family; NULL: every game not named */
    const char *spec[LEVELS];
} LevelRow;

static const LevelRow rows[] = {
    {"kalah",
     {"alphabeta:1,random=40", "alphabeta:1,random=20", "alphabeta:2,random=20", "yomi:2",
      "yomi:4", "yomi:6", "yomi:8", PLAYER_DEFAULT_COMPUTER}},
    {"reversi",
     {"alphabeta:1,random=10", "yomi:2,random=5", "yomi:3", "yomi:5", "yomi:7", "yomi:9",
      "yomi:12", PLAYER_DEFAULT_COMPUTER}},
    {"gogo",
     {"alphabeta:1,random=10", "alphabeta:2,random=5", "yomi:2", "yomi:3", "yomi:4", "yomi:5",
      "yomi:7", PLAYER_DEFAULT_COMPUTER}},
    /* The tree game and any game added later: Kalah's ladder, uncalibrated. */
    {NULL,
     {"alphabeta:1,random=40", "alphabeta:1,random=20", "alphabeta:2,random=20", "yomi:2",
      "yomi:4", "yomi:6", "yomi:8", PLAYER_DEFAULT_COMPUTER}},
};

const char *level_spec(const char *family, int level)
{
    if (level < LEVEL_MIN || level > LEVEL_MAX)
        return NULL;
    const size_t n = sizeof rows / sizeof rows[0];
    size_t i = 0;
    while (i + 1 < n && !(family && strcmp(rows[i].family, family) == 0))
        i++;
    return rows[i].spec[level - LEVEL_MIN];
}

const char *level_name(int level)
{
    static const char *const names[LEVELS] = {
        N_("1 Beginner"), N_("2 Novice"), N_("3 Casual"), N_("4 Intermediate"),
        N_("5 Advanced"), N_("6 Strong"), N_("7 Expert"), N_("8 Strongest"),
    };
    return level < LEVEL_MIN || level > LEVEL_MAX ? NULL : names[level - LEVEL_MIN];
}
