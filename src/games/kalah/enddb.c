/* enddb.c - building, saving and loading Kalah's endgame database. */
#include "games/kalah/enddb.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/read_file.h"

#define DB_MAGIC "YOMIKDB"
#define DB_VERSION 2u /* 2: the word-wise checksum */
#define DB_MAX_SEEDS 100 /* values must fit a signed byte */
#define UNKNOWN INT8_MIN

/* The file header; the values follow it.  The cache is this machine's
 * own, so the fields are stored in its byte order. */
typedef struct {
    char magic[8];
    uint32_t version, pits, capture, seeds;
    uint64_t count, checksum;
} DbHeader;

struct KalahDb {
    int pits, seeds;
    bool capture_empty;
    uint64_t offset[DB_MAX_SEEDS + 2];           /* first index of each seed count */
    uint64_t ways[2 * MAX_PITS + 1][DB_MAX_SEEDS + 1]; /* compositions of r into n pits */
    int8_t *values;
    uint64_t count;
    void *map; /* the cache file mapped read-only (values point into it), or NULL */
    size_t map_len;
};

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX / 4 - b ? UINT64_MAX / 4 : a + b; }

/* ways[n][r] = C(r+n-1, n-1), saturating: only the sizes that pass the
 * entry limit are ever used as indices. */
static void fill_tables(KalahDb *db, int pits, int seeds)
{
    const int np = 2 * pits;
    for (int r = 0; r <= DB_MAX_SEEDS; r++)
        db->ways[0][r] = r == 0;
    for (int n = 1; n <= np; n++)
        for (int r = 0; r <= DB_MAX_SEEDS; r++)
            db->ways[n][r] = r == 0 ? 1 : sat_add(db->ways[n][r - 1], db->ways[n - 1][r]);
    db->offset[0] = 0;
    for (int k = 0; k <= seeds; k++)
        db->offset[k + 1] = sat_add(db->offset[k], db->ways[np][k]);
    db->count = db->offset[seeds + 1];
}

uint64_t kalah_db_entries(int pits, int seeds)
{
    if (pits < 1 || pits > MAX_PITS || seeds < 0 || seeds > DB_MAX_SEEDS)
        return 0;
    static _Thread_local KalahDb scratch;
    fill_tables(&scratch, pits, seeds);
    return scratch.count >= UINT64_MAX / 4 ? 0 : scratch.count;
}

/* The rank of b among the boards with `seeds` seeds, boards ordered by
 * their first pit, then their second, ... (so the last pit is implied). */
static uint64_t rank_of(const KalahDb *db, const KBoard *b, int seeds)
{
    const int np = 2 * db->pits;
    uint64_t rank = 0;
    int left = seeds;
    for (int i = 0; i < np - 1; i++) {
        const int c = b->p[i];
        rank += db->ways[np - i][left] - db->ways[np - i][left - c];
        left -= c;
    }
    return db->offset[seeds] + rank;
}

int kalah_db_value(const KalahDb *db, const KBoard *b, int seeds)
{
    return db->values[rank_of(db, b, seeds)];
}

uint64_t kalah_db_rank(const KalahDb *db, const KBoard *b, int seeds) { return rank_of(db, b, seeds); }

void kalah_db_prefetch(const KalahDb *db, uint64_t rank) { __builtin_prefetch(db->values + rank); }

int kalah_db_at(const KalahDb *db, uint64_t rank) { return db->values[rank]; }

int kalah_db_seeds(const KalahDb *db) { return db->seeds; }

void kalah_db_free(KalahDb *db)
{
    if (!db)
        return;
    if (db->map)
        munmap(db->map, db->map_len);
    else
        free(db->values);
    free(db);
}

/* ---- building -------------------------------------------------------- */

/* The values are read and written as relaxed atomics: while a level is
 * built, two threads may meet the same position of it (one writing, the
 * other reading, or both writing the same value).  On every machine yomi
 * runs on these are plain byte loads and stores. */
static int value_at(const KalahDb *db, uint64_t idx) { return __atomic_load_n(&db->values[idx], __ATOMIC_RELAXED); }

static void set_value(KalahDb *db, uint64_t idx, int v)
{
    __atomic_store_n(&db->values[idx], (int8_t)v, __ATOMIC_RELAXED);
}

/* The value of b (exactly `seeds` seeds), computing it if need be.  Every
 * smaller seed count is complete; within this one, a move that keeps all
 * seeds in the pits neither reaches the store nor captures, so it sows
 * within the mover's own row towards its store, and the sum over all seeds
 * of their distance to their owner's store drops: the recursion ends.  A
 * value depends on the rules alone, so whichever thread computes it
 * first, and however often, stores the same byte. */
static int solve_position(KalahDb *db, const KBoard *b, int seeds)
{
    const uint64_t idx = rank_of(db, b, seeds);
    const int known = value_at(db, idx);
    if (known != UNKNOWN)
        return known;
    const int m = db->pits;
    const int mine = kboard_side_sum(b, m, 0), theirs = seeds - mine;
    int best = -DB_MAX_SEEDS - 1;
    if (mine == 0 || theirs == 0) {
        best = mine - theirs;
    } else {
        for (int i = 0; i < m; i++) {
            if (!b->p[i])
                continue;
            KBoard child;
            const KMove r = kboard_play(b, m, db->capture_empty, i, &child);
            int v = r.gain;
            if (!r.over) {
                const int left = seeds - r.gain;
                if (r.extra_turn) {
                    v += solve_position(db, &child, left);
                } else {
                    kboard_flip(&child, m);
                    v -= solve_position(db, &child, left);
                }
            }
            if (v > best)
                best = v;
        }
    }
    set_value(db, idx, best);
    return best;
}

/* The next board with the same seed count in rank order; false after the
 * last.  The rightmost pit before the last with seeds after it takes one
 * more, and everything after it gathers in the last pit. */
static bool next_board(KBoard *b, int np)
{
    int after = b->p[np - 1];
    for (int j = np - 2; j >= 0; j--) {
        if (after > 0) {
            b->p[j]++;
            for (int t = j + 1; t < np; t++)
                b->p[t] = 0;
            b->p[np - 1] = (uint8_t)(after - 1);
            return true;
        }
        after += b->p[j];
    }
    return false;
}

/* The tables, and room for the values unless the caller maps them. */
static KalahDb *db_alloc(int pits, KalahCapture capture, int seeds, bool with_values, Err *err)
{
    if (pits < 1 || pits > MAX_PITS)
        return err_set(err, "kalah database: %d pits per side is out of range (1..%d)", pits,
                       MAX_PITS), NULL;
    if (seeds < 0 || seeds > DB_MAX_SEEDS)
        return err_set(err, "kalah database: %d seeds is out of range (0..%d)", seeds,
                       DB_MAX_SEEDS), NULL;
    const uint64_t n = kalah_db_entries(pits, seeds);
    if (n == 0 || n > KALAH_DB_MAX_ENTRIES)
        return err_set(err,
                       "kalah database for %d pits and %d seeds is too large (limit %llu MB)",
                       pits, seeds, (unsigned long long)(KALAH_DB_MAX_ENTRIES >> 20)), NULL;
    KalahDb *db = calloc(1, sizeof *db);
    if (!db)
        return err_set(err, "out of memory"), NULL;
    db->pits = pits;
    db->seeds = seeds;
    db->capture_empty = capture == KALAH_CAPTURE_EMPTY;
    fill_tables(db, pits, seeds);
    if (!with_values)
        return db;
    /* Mapped rather than malloc'd so that huge pages can be asked for: the
     * build reads its children's values all over the table, and with 4 KB
     * pages a multi-gigabyte table spends its time on TLB misses. */
    const size_t bytes = db->count ? (size_t)db->count : 1;
    void *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        free(db);
        return err_set(err, "out of memory for a kalah database of %llu entries",
                       (unsigned long long)n), NULL;
    }
#ifdef MADV_HUGEPAGE
    madvise(map, bytes, MADV_HUGEPAGE);
#endif
    db->map = map;
    db->map_len = bytes;
    db->values = map;
    return db;
}

/* The board of rank `rank` among those with `seeds` seeds (rank_of's
 * inverse): pit by pit, skip the boards with fewer seeds in it. */
static void board_at(const KalahDb *db, uint64_t rank, int seeds, KBoard *b)
{
    const int np = 2 * db->pits;
    memset(b, 0, sizeof *b);
    int left = seeds;
    for (int i = 0; i < np - 1; i++) {
        int c = 0;
        while (rank >= db->ways[np - i - 1][left - c]) {
            rank -= db->ways[np - i - 1][left - c];
            c++;
        }
        b->p[i] = (uint8_t)c;
        left -= c;
    }
    b->p[np - 1] = (uint8_t)left;
}

/* One seed count's positions, shared out in chunks of consecutive ranks. */
#define CHUNK ((uint64_t)1 << 16)

typedef struct {
    KalahDb *db;
    int seeds;
    uint64_t size;             /* positions with `seeds` seeds */
    _Atomic uint64_t next;     /* rank (within the level) of the next chunk to take */
    _Atomic uint64_t *done;    /* positions built, all levels: the progress line's */
    KalahDbProgress progress;  /* called by the calling thread only */
    void *arg;
    uint64_t shown;            /* `done` when progress was last called (its thread's) */
} Level;

/* Takes chunks until none are left.  With `report` (the calling thread),
 * tells the progress callback after each million positions, whichever
 * threads built them. */
static void build_chunks(Level *l, bool report)
{
    const int np = 2 * l->db->pits;
    for (;;) {
        const uint64_t from = atomic_fetch_add_explicit(&l->next, CHUNK, memory_order_relaxed);
        if (from >= l->size)
            return;
        const uint64_t n = l->size - from < CHUNK ? l->size - from : CHUNK;
        KBoard b;
        board_at(l->db, from, l->seeds, &b);
        for (uint64_t i = 0; i < n; i++) {
            solve_position(l->db, &b, l->seeds);
            next_board(&b, np);
        }
        const uint64_t done = atomic_fetch_add_explicit(l->done, n, memory_order_relaxed) + n;
        if (report && l->progress && (done >> 20) != (l->shown >> 20)) {
            l->shown = done;
            l->progress(l->arg, done, l->db->count);
        }
    }
}

static void *build_helper(void *arg)
{
    build_chunks(arg, false);
    return NULL;
}

/// Seed counts in increasing order, so every move that takes seeds out of
/// the pits finds its answer already there.  Within one seed count the
/// threads take chunks of consecutive ranks; a position's moves that keep
/// every seed in the pits lead to positions of the same count, anywhere in
/// it, which whoever meets first solves (solve_position): the file is the
/// same whatever the threads and their timing.  The positions are ranked
/// by seed count first, so a smaller database of the same board and rule
/// (`from`, or NULL) is a prefix of this one: its levels are copied, not
/// solved again (growing 23 seeds to 27 redoes none of the first 834 M).
static KalahDb *db_build(int pits, KalahCapture capture, int seeds, const KalahDb *from, int threads,
                         KalahDbProgress progress, void *arg, Err *err)
{
    KalahDb *db = db_alloc(pits, capture, seeds, true, err);
    if (!db)
        return NULL;
    int first = 0;
    if (from && from->seeds < seeds) {
        memcpy(db->values, from->values, from->count);
        first = from->seeds + 1;
    }
    memset(db->values + db->offset[first], UNKNOWN, db->count - db->offset[first]);
    if (threads < 1)
        threads = 1;
    if (threads > KALAH_DB_MAX_THREADS)
        threads = KALAH_DB_MAX_THREADS;
    _Atomic uint64_t done = db->offset[first];
    for (int k = first; k <= seeds; k++) {
        Level l = {.db = db, .seeds = k, .size = db->offset[k + 1] - db->offset[k], .done = &done,
                   .progress = progress, .arg = arg, .shown = atomic_load(&done)};
        atomic_init(&l.next, 0);
        pthread_t helper[KALAH_DB_MAX_THREADS];
        int started = 0;
        while (started < threads - 1 && (uint64_t)(started + 1) * CHUNK < l.size &&
               pthread_create(&helper[started], NULL, build_helper, &l) == 0)
            started++; /* a thread that cannot start leaves its share to the others */
        build_chunks(&l, true);
        for (int i = 0; i < started; i++)
            pthread_join(helper[i], NULL);
    }
    if (progress)
        progress(arg, db->count, db->count);
    return db;
}

/* ---- the cache file ---------------------------------------------------- */

/* Four independent multiply-xor lanes over 8-byte words: a damaged or
 * stale file is still caught, and checking the 834 MB 23-seed table
 * costs a few hundredths of a second instead of the second a byte-wise
 * hash takes (the load is part of every solve's wall time). */
static uint64_t checksum(const int8_t *v, uint64_t n)
{
    const uint64_t prime = 0x9e3779b97f4a7c15ull;
    uint64_t h[4] = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull, n, ~n};
    const unsigned char *p = (const unsigned char *)v;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * k, 8);
            h[k] = (h[k] ^ w) * prime;
            h[k] ^= h[k] >> 29;
        }
    }
    for (; i < n; i++)
        h[i & 3] = (h[i & 3] ^ p[i]) * prime;
    return (h[0] ^ (h[1] << 1 | h[1] >> 63)) * prime ^ (h[2] + 3 * h[3]);
}

static const char *capture_name(KalahCapture c) { return c == KALAH_CAPTURE_EMPTY ? "empty" : "standard"; }

/* The cache folder, created when missing. */
static int cache_dir(char *dir, size_t len, Err *err)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(dir, len, "%s/yomi", xdg);
    else if (home && home[0])
        n = snprintf(dir, len, "%s/.cache/yomi", home);
    else
        return err_set(err, "no cache folder: neither XDG_CACHE_HOME nor HOME is set");
    if (n < 0 || (size_t)n >= len)
        return err_set(err, "the cache folder's name is too long");
    /* Make each missing level (…/.cache, then …/yomi). */
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        const int r = mkdir(dir, 0755);
        *p = '/';
        if (r != 0 && errno != EEXIST)
            return err_set(err, "cannot create %s: %s", dir, strerror(errno));
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return err_set(err, "cannot create %s: %s", dir, strerror(errno));
    return 0;
}

int kalah_db_path(int pits, KalahCapture capture, char *path, size_t len, Err *err)
{
    char dir[1024];
    if (cache_dir(dir, sizeof dir, err) != 0)
        return -1;
    const int n = snprintf(path, len, "%s/kalah-m%d-%s.db", dir, pits, capture_name(capture));
    if (n < 0 || (size_t)n >= len)
        return err_set(err, "the cache file's name is too long");
    return 0;
}

/* The cached database, or NULL (err says why) when missing or unsound.
 * The file is mapped, not read: the pages come straight from the page
 * cache, so a second solve starts at once, and processes share them. */
static KalahDb *db_load(const char *path, int pits, KalahCapture capture, Err *err)
{
    size_t size;
    /* a FIFO or a device where the cache file should be is never waited on */
    const int fd = read_file_open(path, sizeof(DbHeader) + KALAH_DB_MAX_ENTRIES, &size, err);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return err_set(err, "%s: %s", path, strerror(errno)), NULL;
    }
    DbHeader h;
    KalahDb *db = NULL;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, DB_MAGIC, 8) != 0 ||
        h.version != DB_VERSION) {
        err_set(err, "%s is not a kalah database of this version", path);
    } else if (h.pits != (uint32_t)pits || h.capture != (uint32_t)capture ||
               h.seeds > DB_MAX_SEEDS) {
        err_set(err, "%s is for another board", path);
    } else if ((db = db_alloc(pits, capture, (int)h.seeds, false, err)) != NULL) {
        const bool sized = db->count == h.count && (uint64_t)size == sizeof h + db->count;
        void *map = sized ? mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)
                          : MAP_FAILED;
        if (map != MAP_FAILED) {
            db->map = map;
            db->map_len = size;
            db->values = (int8_t *)((char *)map + sizeof h);
        }
        bool ok = false;
        if (!sized)
            err_set(err, "%s is damaged (wrong size)", path);
        else if (map == MAP_FAILED)
            err_set(err, "cannot map %s: %s", path, strerror(errno));
        else if (checksum(db->values, db->count) != h.checksum)
            err_set(err, "%s is damaged", path);
        else
            ok = true;
        if (!ok) {
            kalah_db_free(db);
            db = NULL;
        }
    }
    fclose(f);
    return db;
}

/* Write to a temporary name beside the target, then rename over it. */
static int db_save(const KalahDb *db, const char *path, Err *err)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return err_set(err, "cannot write %s: %s", path, strerror(errno));
    DbHeader h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, DB_MAGIC, 8);
    h.version = DB_VERSION;
    h.pits = (uint32_t)db->pits;
    h.capture = db->capture_empty ? KALAH_CAPTURE_EMPTY : KALAH_CAPTURE_STANDARD;
    h.seeds = (uint32_t)db->seeds;
    h.count = db->count;
    h.checksum = checksum(db->values, db->count);
    bool ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(db->values, 1, db->count, f) == db->count;
    ok = fflush(f) == 0 && ok;
    ok = fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        err_set(err, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

KalahDb *kalah_db_open(int pits, KalahCapture capture, int build_seeds, KalahDbProgress progress,
                       void *arg, Err *err)
{
    char path[1100];
    Err ignored;
    const bool have_path = kalah_db_path(pits, capture, path, sizeof path, &ignored) == 0;
    if (have_path) {
        KalahDb *db = db_load(path, pits, capture, &ignored);
        if (db)
            return db;
    }
    if (build_seeds <= 0)
        return err_set(err, "no kalah database for %d pits (yomi build-db kalah --pits %d)", pits,
                       pits), NULL;
    KalahDb *db = db_build(pits, capture, build_seeds, NULL, 1, progress, arg, err);
    if (db && have_path)
        (void)db_save(db, path, &ignored); /* a read-only cache only costs a rebuild */
    return db;
}

int kalah_db_build_file(int pits, KalahCapture capture, int seeds, int threads,
                        KalahDbProgress progress, void *arg, char *path, size_t path_len, Err *err)
{
    if (kalah_db_path(pits, capture, path, path_len, err) != 0)
        return -1;
    Err ignored;
    KalahDb *db = db_load(path, pits, capture, &ignored);
    if (db && db->seeds >= seeds) {
        kalah_db_free(db);
        return 0;
    }
    /* The build can take minutes: a cache that cannot take the file says
     * so now, not after all of them. */
    if (atomic_file_check(path, err) != 0) {
        kalah_db_free(db);
        return -1;
    }
    KalahDb *grown = db_build(pits, capture, seeds, db, threads, progress, arg, err);
    kalah_db_free(db);
    if (!grown)
        return -1;
    const int rc = db_save(grown, path, err);
    kalah_db_free(grown);
    return rc;
}
