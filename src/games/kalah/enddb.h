/* enddb.h - Kalah's endgame database: the exact value of every position
 * with at most K seeds left in the pits, for one board width and capture
 * rule (the seeds per pit at the start do not matter: only what is left).
 *
 * A value is what the side to move gains from now on minus what the
 * opponent gains (the stores only shift a position's value), so it fits a
 * signed byte.  Positions are indexed by a combinatorial ranking of how the
 * seeds lie over the 2M pits, the mover's pits first.
 *
 * Databases live in the user's cache folder ($XDG_CACHE_HOME/yomi, else
 * ~/.cache/yomi) as kalah-mM-RULE.db: a header (magic, version, shape,
 * rule, K, count, checksum) and the values.  A file that fails any check is
 * ignored and rebuilt, never trusted; files are written to a temporary name
 * and renamed, so readers never see half a file. */
#ifndef YOMI_KALAH_ENDDB_H
#define YOMI_KALAH_ENDDB_H

#include <stdbool.h>
#include <stdint.h>

#include "base/error.h"
#include "games/kalah/internal.h"

typedef struct KalahDb KalahDb;

/* Databases larger than this many entries (bytes) are refused: 4 GB holds
 * 27 seeds on 6 pits a side (3.9 G positions), what Kalah(6,5) wants. */
#define KALAH_DB_MAX_ENTRIES (4096ull << 20)
/* Built without being asked (at a solver's first use) up to this size. */
#define KALAH_DB_AUTO_ENTRIES (1500ull * 1000)

/* Positions with at most `seeds` seeds on a board of `pits` per side
 * (0 when the count overflows). */
uint64_t kalah_db_entries(int pits, int seeds);

/* Progress while building: called now and then with done <= total. */
typedef void (*KalahDbProgress)(void *arg, uint64_t done, uint64_t total);

/* The database for this shape and rule: the cached file when it is there
 * and sound (whatever its K), else, when `build_seeds` > 0, one built now
 * for that many seeds and saved to the cache (a failed save is only a
 * lost cache).  NULL + err when there is none and none may be built. */
KalahDb *kalah_db_open(int pits, KalahCapture capture, int build_seeds, KalahDbProgress progress,
                       void *arg, Err *err);

/* Build the cached database for `seeds` on `threads` threads (1..
 * KALAH_DB_MAX_THREADS; the file is the same on any number) and save it;
 * 0 ok, -1 + err.  A cached file with at least that many seeds is kept; a
 * smaller one is grown (its levels are reused).  The progress callback is
 * called on the calling thread only. */
#define KALAH_DB_MAX_THREADS 64
int kalah_db_build_file(int pits, KalahCapture capture, int seeds, int threads,
                        KalahDbProgress progress, void *arg, char *path, size_t path_len, Err *err);

void kalah_db_free(KalahDb *db);
int kalah_db_seeds(const KalahDb *db); /* K */

/* The value of b, which has exactly `seeds` <= K seeds in its pits. */
int kalah_db_value(const KalahDb *db, const KBoard *b, int seeds);

/* The same in two steps, so a caller can start several loads before it
 * waits for the first: the index of b's value, a hint to fetch it, the
 * value at an index. */
uint64_t kalah_db_rank(const KalahDb *db, const KBoard *b, int seeds);
void kalah_db_prefetch(const KalahDb *db, uint64_t rank);
int kalah_db_at(const KalahDb *db, uint64_t rank);

/* Where the file for this shape and rule is (or would be). 0 ok, -1 + err. */
int kalah_db_path(int pits, KalahCapture capture, char *path, size_t len, Err *err);

#endif
