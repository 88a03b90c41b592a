/* level.h - the named strength levels (`level:N`, doc/cli.md "Levels"):
 * for each game, the player spec each level stands for.  One table
 * (level.c) holds them all, calibrated by matches (BENCHMARKS.md
 * "Levels"): each level scores 65-85% against the one below.  Each game
 * has its own number of levels (reversi's strongest is further from a
 * beginner than Kalah's), from LEVEL_MIN to level_count(). */
#ifndef YOMI_PLAYERS_LEVEL_H
#define YOMI_PLAYERS_LEVEL_H

#include "base/error.h"

#define LEVEL_MIN 1
/* The most levels any game has: the room the forms keep for a list. */
#define LEVEL_LIMIT 12

/* How many levels the game family `family` (GameOps.family: "kalah",
 * "reversi", "gogo") has; a game the table does not name (or NULL) gets
 * its generic row's. */
int level_count(const char *family);

/* The player spec level `level` (LEVEL_MIN..level_count()) stands for in
 * `family`; NULL when the level is out of the game's range. */
const char *level_spec(const char *family, int level);

/* The level's name without its number (N_, untranslated): "Beginner",
 * "Novice"... in every game, the last one always "Strongest"; NULL out of
 * range.  The forms list a level as its number and this name. */
const char *level_word(const char *family, int level);

/* 0 when `level` is one of `family`'s levels (family NULL: the game is
 * not known yet, any level up to LEVEL_LIMIT passes); else -1 and one line
 * that names the player (`spec`) and the range: the game's, or every
 * game's. */
int level_check(const char *family, const char *spec, int level, Err *err);

#endif
