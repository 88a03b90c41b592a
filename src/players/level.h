/* level.h - the named strength levels (`level:N`, doc/cli.md "Levels"):
 * for each game, the player spec each level stands for.  One table
 * (level.c) holds them all, calibrated by matches (BENCHMARKS.md
 * "Levels"): each level scores 65-85% against the one below. */
#ifndef YOMI_PLAYERS_LEVEL_H
#define YOMI_PLAYERS_LEVEL_H

#define LEVEL_MIN 1
#define LEVEL_MAX 8

/* The player spec level `level` (LEVEL_MIN..LEVEL_MAX) stands for in the
 * game family `family` (GameOps.family: "kalah", "reversi", "gogo"); a
 * game the table does not name gets its generic row.  NULL when the level
 * is out of range. */
const char *level_spec(const char *family, int level);

/* The level as the forms list it, its number first (N_, untranslated):
 * "1 Beginner" ... "8 Strongest"; NULL out of range. */
const char *level_name(int level);

#endif
