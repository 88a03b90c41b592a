/* kalah.c - Kalah(M,N): M pits per side, N seeds per pit, two stores.
 *
 * The board is one row of 2M+2 cells in sowing order: the first player's
 * pits 0..M-1, the first store M, the second player's pits M+1..2M, the
 * second store 2M+1 (the seed's 14 cells when M = 6).  Seen from the mover,
 * the cycle it sows along is those cells minus the opponent's store; by
 * rotating the second player's cells down by M+1 both players sow in the
 * same "relative" frame (own pits 0..M-1, own store M, opponent pits
 * M+1..2M), so the sowing code has a single path for both sides.
 *
 * Two rule sets (doc/seed-tables.md, tests/data/kalah/solved.txt):
 *   standard: the game ends when one side's pits are empty, the seeds left
 *             go to their owner's store, the score is the store difference;
 *   seed:     seed 000's conventions: a store above half the seeds also ends
 *             the game, and the value is +-total seeds for such a win,
 *             otherwise the store difference.
 * Both sweep the pits into the stores as soon as a side is empty. */
#include "base/i18n.h"
#include "base/rng.h"
#include "games/kalah/kalah.h"
#include "games/kalah/internal.h"
#include "games/registry.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POSITION_TEXT 256

static int store_cell(const Kalah *k, int side) { return side ? 2 * k->pits + 1 : k->pits; }
static int first_pit(const Kalah *k, int side) { return side ? k->pits + 1 : 0; }
static int opposite(const Kalah *k, int cell) { return 2 * k->pits - cell; }

static bool is_pit_of(const Kalah *k, int side, int cell)
{
    int first = first_pit(k, side);
    return cell >= first && cell < first + k->pits;
}

static int pit_seeds(const Kalah *k, const KalahState *s, int side)
{
    int first = first_pit(k, side), sum = 0;
    for (int i = 0; i < k->pits; i++)
        sum += s->cells[first + i];
    return sum;
}

static uint64_t compute_hash(const Kalah *k, const KalahState *s)
{
    uint64_t h = s->side ? k->zobrist_side : 0;
    for (int c = 0; c < k->cells; c++)
        h ^= k->zobrist[c][s->cells[c]];
    return h;
}

/* ---- sowing ---------------------------------------------------------- */

typedef struct {
    bool extra_turn; /* the last seed fell into the mover's store */
    int captured;    /* seeds moved to the store by a capture (0: none) */
} SowResult;

/* Sow the mover's pit `cell` on `cells` (the capture included; no sweep).
 * Whole laps are added in one pass so a 100-seed pit costs no more than a
 * 10-seed one; the emptied origin pit receives its share like any other. */
static SowResult sow(const Kalah *k, uint8_t *cells, int side, int cell)
{
    SowResult r = {false, 0};
    const int m = k->pits, cycle = 2 * m + 1, n = k->cells;
    const int base = first_pit(k, side), skip = store_cell(k, !side);
    const int origin_rel = cell - base;
    const int seeds = cells[cell];
    cells[cell] = 0;
    const int laps = seeds / cycle, rest = seeds % cycle;
    if (laps)
        for (int c = 0; c < n; c++)
            if (c != skip)
                cells[c] = (uint8_t)(cells[c] + laps);
    for (int j = 1; j <= rest; j++) {
        int rel = origin_rel + j;
        if (rel >= cycle)
            rel -= cycle;
        int c = rel + base;
        if (c >= n)
            c -= n;
        cells[c]++;
    }
    int last_rel = (origin_rel + seeds) % cycle;
    if (last_rel == m) {
        r.extra_turn = true;
        return r;
    }
    if (last_rel > m)
        return r; /* ended on the opponent's side */
    int last = last_rel + base;
    if (cells[last] != 1)
        return r; /* the pit was not empty before this seed */
    int opp = opposite(k, last);
    if (cells[opp] == 0 && k->capture == KALAH_CAPTURE_STANDARD)
        return r;
    r.captured = 1 + cells[opp];
    cells[store_cell(k, side)] = (uint8_t)(cells[store_cell(k, side)] + r.captured);
    cells[last] = 0;
    cells[opp] = 0;
    return r;
}

/* When either side's pits are empty, the game is over and every seed goes
 * to the store of the side it lies on. */
static void sweep_if_over(const Kalah *k, uint8_t *cells)
{
    int sums[2] = {0, 0};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < k->pits; i++)
            sums[side] += cells[first_pit(k, side) + i];
    if (sums[0] != 0 && sums[1] != 0)
        return;
    for (int side = 0; side < 2; side++) {
        int first = first_pit(k, side);
        for (int i = 0; i < k->pits; i++)
            cells[first + i] = 0;
        cells[store_cell(k, side)] = (uint8_t)(cells[store_cell(k, side)] + sums[side]);
    }
}

/* ---- rules ------------------------------------------------------------- */

static void kalah_start(const Game *g, void *state)
{
    const Kalah *k = as_kalah(g);
    KalahState *s = state;
    memset(s, 0, sizeof *s);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < k->pits; i++)
            s->cells[first_pit(k, side) + i] = (uint8_t)k->seeds_per_pit;
    s->hash = compute_hash(k, s);
}

static int kalah_side_to_move(const Game *g, const void *state)
{
    (void)g;
    return as_state(state)->side;
}

static bool kalah_is_terminal(const Game *g, const void *state)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    if (pit_seeds(k, s, 0) == 0 || pit_seeds(k, s, 1) == 0)
        return true;
    if (k->rules == KALAH_RULES_SEED)
        return 2 * s->cells[store_cell(k, 0)] > k->total ||
               2 * s->cells[store_cell(k, 1)] > k->total;
    return false;
}

static int kalah_legal_moves(const Game *g, const void *state, Move *moves)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    if (kalah_is_terminal(g, state))
        return 0;
    int first = first_pit(k, s->side), n = 0;
    for (int i = 0; i < k->pits; i++)
        if (s->cells[first + i])
            moves[n++] = (Move)(first + i);
    return n;
}

static void kalah_play(const Game *g, const void *state, Move m, void *child)
{
    const Kalah *k = as_kalah(g);
    KalahState *c = child;
    memcpy(c, state, sizeof *c);
    SowResult r = sow(k, c->cells, c->side, m);
    sweep_if_over(k, c->cells);
    if (!r.extra_turn)
        c->side ^= 1;
    c->hash = compute_hash(k, c);
}

/// The animation's steps of a move: the seeds leave the pit, then fall one
/// by one (past the opponent's store, as sow() counts them), then a capture
/// takes its seeds to the store.  The sweep at the end of a game is not a
/// step: play()'s child, drawn after the last frame, shows it.  One seed a
/// step, so sow() does the capture (a frame is sow()'s whole result) and
/// this only the walk up to it.
static int kalah_move_frames(const Game *g, const void *state, Move m, int step, void *frame)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    KalahState whole = *s;
    const SowResult r = sow(k, whole.cells, s->side, m);
    const int seeds = s->cells[m], n = 1 + seeds + (r.captured > 0);
    if (step >= n)
        return n;
    KalahState *f = frame;
    if (step > seeds) {
        *f = whole;
    } else {
        *f = *s;
        f->cells[m] = 0;
        const int cycle = 2 * k->pits + 1, base = first_pit(k, s->side);
        for (int j = 1; j <= step; j++) {
            const int c = (base + (m - base + j) % cycle) % k->cells;
            f->cells[c]++;
        }
    }
    f->hash = compute_hash(k, f);
    return n;
}

/* The stores as they stand once the game is over: a position given by hand
 * may have one side empty before the sweep, so do it here too. */
static void final_stores(const Kalah *k, const KalahState *s, int stores[2])
{
    int pits[2] = {pit_seeds(k, s, 0), pit_seeds(k, s, 1)};
    bool swept = pits[0] == 0 || pits[1] == 0;
    for (int side = 0; side < 2; side++)
        stores[side] = s->cells[store_cell(k, side)] + (swept ? pits[side] : 0);
}

/* Seed 000's evaluation: +-total for a store above half, else the store
 * difference; first player's view, negated for the second (negamax form). */
static int seed_value(const Kalah *k, const KalahState *s)
{
    int stores[2];
    final_stores(k, s, stores);
    int v;
    if (2 * stores[0] > k->total)
        v = k->total;
    else if (2 * stores[1] > k->total)
        v = -k->total;
    else
        v = stores[0] - stores[1];
    return s->side ? -v : v;
}

static int kalah_final_score(const Game *g, const void *state)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    if (k->rules == KALAH_RULES_SEED)
        return seed_value(k, s);
    int stores[2];
    final_stores(k, s, stores);
    return stores[s->side] - stores[!s->side];
}

/* Standard rules: the store difference, plus eval.h's estimate of what the
 * rest of the game adds to it (untuned: a quarter of the difference of the
 * seeds on each side, since the sweep gives those to their owner unless the
 * opponent captures them first), in whole seeds like the final score. */
static int kalah_evaluate(const Game *g, const void *state)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    if (k->rules == KALAH_RULES_SEED)
        return seed_value(k, s);
    if (kalah_is_terminal(g, state))
        return kalah_final_score(g, state);
    int me = s->side, opp = !me;
    int stores = s->cells[store_cell(k, me)] - s->cells[store_cell(k, opp)];
    int f[KALAH_EVAL_FEATURES];
    kalah_eval_features(g, state, f);
    long rest = 0;
    for (int i = 0; i < KALAH_EVAL_FEATURES; i++)
        rest += (long)k->eval.w[i] * f[i];
    return stores + (int)(rest / KALAH_EVAL_SCALE);
}

/* ---- keys -------------------------------------------------------------- */

static uint64_t kalah_hash(const Game *g, const void *state)
{
    (void)g;
    return as_state(state)->hash;
}

static int kalah_exact_key(const Game *g, const void *state, uint8_t *key)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    memcpy(key, s->cells, (size_t)k->cells);
    key[k->cells] = s->side;
    return k->cells + 1;
}

/* ---- ordering hints ------------------------------------------------------ */

/* What a move would do, from a scratch copy of the cells (no hash, no sweep). */
static SowResult preview(const Kalah *k, const KalahState *s, Move m, int *store_gain)
{
    uint8_t cells[MAX_CELLS];
    memcpy(cells, s->cells, sizeof cells);
    int store = store_cell(k, s->side);
    SowResult r = sow(k, cells, s->side, m);
    if (store_gain)
        *store_gain = cells[store] - s->cells[store];
    return r;
}

/* Extra turns first (they are free tempo), then captures, then the rest. */
static void kalah_order_static(const Game *g, const void *state, Move *moves, int n)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    Move sorted[MAX_PITS];
    int count = 0;
    if (n > MAX_PITS)
        return; /* not a Kalah move list */
    for (int rank = 2; rank >= 0; rank--) {
        for (int i = 0; i < n; i++) {
            SowResult r = preview(k, s, moves[i], NULL);
            int mine = r.extra_turn ? 2 : r.captured ? 1 : 0;
            if (mine == rank)
                sorted[count++] = moves[i];
        }
    }
    memcpy(moves, sorted, (size_t)n * sizeof *moves);
}

static void kalah_score_moves(const Game *g, const void *state, const Move *moves, int n,
                              int *scores)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    for (int i = 0; i < n; i++) {
        int gain = 0;
        SowResult r = preview(k, s, moves[i], &gain);
        scores[i] = gain + (r.extra_turn ? 1000 : 0) + (r.captured ? 100 : 0);
    }
}

/* ---- notation ---------------------------------------------------------- */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Next whitespace-separated token of *p: its start and length (0 at the end). */
static int next_token(const char **p, const char **start)
{
    const char *q = *p;
    while (is_space(*q))
        q++;
    *start = q;
    while (*q && !is_space(*q))
        q++;
    *p = q;
    return (int)(q - *start);
}

/* A token of 1..3 digits as a number, or -1. */
static int small_number(const char *t, int len)
{
    if (len < 1 || len > 3)
        return -1;
    int v = 0;
    for (int i = 0; i < len; i++) {
        if (t[i] < '0' || t[i] > '9')
            return -1;
        v = v * 10 + (t[i] - '0');
    }
    return v;
}

static int kalah_parse_position(const Game *g, const char *text, void *state, Err *err)
{
    const Kalah *k = as_kalah(g);
    KalahState s;
    memset(&s, 0, sizeof s);
    if (!text)
        return err_set(err, "no position given");
    size_t len = 0; /* bounded: the text may be anything a user typed */
    while (len <= MAX_POSITION_TEXT && text[len])
        len++;
    if (len > MAX_POSITION_TEXT)
        return err_set(err, "position is too long (more than %d characters)", MAX_POSITION_TEXT);
    const char *p = text, *t;
    int tl, sum = 0;
    for (int c = 0; c < k->cells; c++) {
        tl = next_token(&p, &t);
        if (tl == 0)
            return err_set(err,
                           "too few numbers: %s needs %d seed counts (pits and stores in "
                           "sowing order) then 1 or 2 for the side to move; got %d",
                           g->name, k->cells, c);
        if (t[0] == '-' && tl > 1 && t[1] >= '0' && t[1] <= '9')
            return err_set(err, "seed count %d is negative ('%.*s')", c + 1, tl > 20 ? 20 : tl, t);
        int v = small_number(t, tl);
        if (v < 0)
            return err_set(err, "seed count %d: '%.*s' is not a number", c + 1,
                           tl > 20 ? 20 : tl, t);
        if (v > k->total)
            return err_set(err, "seed count %d is %d, more than the %d seeds of %s", c + 1, v,
                           k->total, g->name);
        s.cells[c] = (uint8_t)v;
        sum += v;
    }
    tl = next_token(&p, &t);
    if (tl == 0)
        return err_set(err, "missing the side to move (1 or 2) after the %d seed counts",
                       k->cells);
    if (tl != 1 || (t[0] != '1' && t[0] != '2'))
        return err_set(err, "side to move must be 1 or 2, not '%.*s' (%s has %d seed counts)",
                       tl > 20 ? 20 : tl, t, g->name, k->cells);
    s.side = (uint8_t)(t[0] - '1');
    tl = next_token(&p, &t);
    if (tl != 0)
        return err_set(err, "unexpected '%.*s' after the side to move", tl > 20 ? 20 : tl, t);
    if (sum != k->total)
        return err_set(err, "the seeds add up to %d, but %s has %d (2 x %d pits x %d seeds)", sum,
                       g->name, k->total, k->pits, k->seeds_per_pit);
    s.hash = compute_hash(k, &s);
    memcpy(state, &s, sizeof s);
    return 0;
}

/* snprintf that appends and never overflows, so long boards just truncate. */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...) YOMI_PRINTF(4, 5);
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n < len - *used ? (size_t)n : len - *used;
}

static void kalah_format_position(const Game *g, const void *state, char *buf, size_t len)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (int c = 0; c < k->cells; c++)
        append(buf, len, &used, "%d ", s->cells[c]);
    append(buf, len, &used, "%d", s->side + 1);
}

static int kalah_parse_move(const Game *g, const void *state, const char *text, Move *m,
                            Err *err)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    if (!text)
        return err_set(err, "no move given");
    const char *p = text, *t;
    int tl = next_token(&p, &t);
    if (tl == 0)
        return err_set(err, "no move given (a pit number 1..%d)", k->pits);
    const char *rest;
    if (next_token(&p, &rest) != 0)
        return err_set(err, "'%.20s' is not a move (a pit number 1..%d)", text, k->pits);
    int pit = small_number(t, tl);
    if (pit < 0)
        return err_set(err, "'%.*s' is not a move (a pit number 1..%d)", tl > 20 ? 20 : tl, t,
                       k->pits);
    if (pit < 1 || pit > k->pits)
        return err_set(err, "pit %d does not exist (1..%d)", pit, k->pits);
    if (kalah_is_terminal(g, state))
        return err_set(err, "the game is over: no move is legal");
    int cell = first_pit(k, s->side) + pit - 1;
    if (s->cells[cell] == 0)
        return err_set(err, "pit %d is empty", pit);
    *m = (Move)cell;
    return 0;
}

static void kalah_format_move(const Game *g, const void *state, Move m, char *buf, size_t len)
{
    (void)state;
    int pit = kalah_move_pit(g, m);
    if (len == 0)
        return;
    if (pit < 0)
        snprintf(buf, len, "?");
    else
        snprintf(buf, len, "%d", pit + 1);
}

/* The first player's view: the second player's pits run right to left on
 * top with its store on the left; the first player's run left to right
 * below with its store on the right. */
static void kalah_render_text(const Game *g, const void *state, char *buf, size_t len)
{
    const Kalah *k = as_kalah(g);
    const KalahState *s = as_state(state);
    const int m = k->pits;
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    append(buf, len, &used, "%s  rules %s, capture %s\n", g->name,
           k->rules == KALAH_RULES_SEED ? "seed" : "standard",
           k->capture == KALAH_CAPTURE_EMPTY ? "empty" : "standard");
    append(buf, len, &used, "       ");
    for (int i = m; i >= 1; i--)
        append(buf, len, &used, " %3d ", i);
    append(buf, len, &used, "   second player's pits\n       ");
    for (int i = m - 1; i >= 0; i--)
        append(buf, len, &used, "[%3d]", s->cells[first_pit(k, 1) + i]);
    append(buf, len, &used, "\n  [%3d]", s->cells[store_cell(k, 1)]);
    for (int i = 0; i < m; i++)
        append(buf, len, &used, "     ");
    append(buf, len, &used, "[%3d]   stores: second's left, first's right\n       ",
           s->cells[store_cell(k, 0)]);
    for (int i = 0; i < m; i++)
        append(buf, len, &used, "[%3d]", s->cells[first_pit(k, 0) + i]);
    append(buf, len, &used, "\n       ");
    for (int i = 1; i <= m; i++)
        append(buf, len, &used, " %3d ", i);
    append(buf, len, &used, "   first player's pits\n");
    if (kalah_is_terminal(g, state)) {
        int stores[2];
        final_stores(k, s, stores);
        append(buf, len, &used, "game over: first %d, second %d\n", stores[0], stores[1]);
    } else {
        append(buf, len, &used, "to move: %s (%d)\n", s->side ? "second" : "first",
               s->side + 1);
    }
}

/* ---- variants ---------------------------------------------------------- */

/* "kalah" or "kalah-MxN" -> pits and seeds per pit. */
static int parse_shape(const char *name, int *pits, int *seeds, Err *err)
{
    if (strcmp(name, "kalah") == 0) {
        *pits = 6;
        *seeds = 6;
        return 0;
    }
    const char *p = name + strlen("kalah");
    int a = 0, b = 0, da = 0, db = 0;
    if (*p == '-')
        p++;
    else
        p = "";
    while (*p >= '0' && *p <= '9' && da < 3)
        a = a * 10 + (*p++ - '0'), da++;
    if (*p == 'x' && da > 0) {
        p++;
        while (*p >= '0' && *p <= '9' && db < 3)
            b = b * 10 + (*p++ - '0'), db++;
    }
    if (da == 0 || db == 0 || *p != '\0')
        return err_set(err,
                       "bad kalah id '%.40s': expected kalah or kalah-MxN (M pits per side "
                       "1..%d, N seeds per pit 1..%d)",
                       name, MAX_PITS, MAX_SEEDS_PER_PIT);
    if (a < 1 || a > MAX_PITS)
        return err_set(err, "%.40s: %d pits per side is out of range (1..%d)", name, a, MAX_PITS);
    if (b < 1 || b > MAX_SEEDS_PER_PIT)
        return err_set(err, "%.40s: %d seeds per pit is out of range (1..%d)", name, b,
                       MAX_SEEDS_PER_PIT);
    *pits = a;
    *seeds = b;
    return 0;
}

/* ---- what it says about itself (registry.h) ----------------------------- */

static const char *const rules[] = {N_("standard"), N_("seed")};    /* KalahRules */
static const char *const captures[] = {N_("standard"), N_("empty")}; /* KalahCapture */
static const char *const evals[] = {"tuned", "simple"};              /* or a file */
enum { PARAM_PITS, PARAM_SEEDS, PARAM_RULES, PARAM_CAPTURE, PARAM_EVAL };

static const GameParam params[] = {
    [PARAM_PITS] = {.key = "pits", .kind = GAME_PARAM_RANGE, .size = true, .lo = 1,
                    .hi = MAX_PITS, .def = 6, .label = N_("Pits per side")},
    [PARAM_SEEDS] = {.key = "seeds", .kind = GAME_PARAM_RANGE, .size = true, .lo = 1,
                     .hi = MAX_SEEDS_PER_PIT, .def = 6, .label = N_("Seeds per pit")},
    [PARAM_RULES] = {.key = "rules", GAME_PARAM_CHOICES(rules), .label = N_("Rules"),
                     .help = N_("seed: the tutorial's rules (a store above half wins)")},
    [PARAM_CAPTURE] = {.key = "capture", GAME_PARAM_CHOICES(captures), .label = N_("Capture"),
                       .help = N_("empty: capture even when the opposite pit is empty")},
    [PARAM_EVAL] = {.key = "eval", GAME_PARAM_CHOICES(evals), .other = "FILE"},
};

static void kalah_counts(const Game *g, const void *state, int counts[2])
{
    counts[0] = kalah_store(g, state, 0);
    counts[1] = kalah_store(g, state, 1);
}

static const GameInfo kalah_info = {
    .name = N_("Kalah"),
    .size_pattern = "kalah-MxN",
    .size_help = N_("M pits 1..8, N seeds 1..10"),
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .counts = kalah_counts,
    .counts_name = "stores",
    .loss_steps = {2, 4, 8}, /* seeds */
};

static int parse_options(Kalah *k, const GameOption *opts, int nopts, Err *err)
{
    for (int i = 0; i < nopts; i++) {
        const GameParam *p = game_param_for(&kalah_ops, &opts[i], err);
        if (!p)
            return -1;
        if (p == &params[PARAM_EVAL]) { /* tuned, simple or a file */
            if (kalah_eval_option(opts[i].value, &k->eval, err) != 0)
                return -1;
            k->eval_shipped = strcmp(opts[i].value, "tuned") == 0;
            continue;
        }
        const int choice = game_param_choice(p, opts[i].value, err);
        if (choice < 0)
            return -1;
        if (p == &params[PARAM_RULES])
            k->rules = (KalahRules)choice;
        else
            k->capture = (KalahCapture)choice;
    }
    return 0;
}

static Game *kalah_open(const char *name, const GameOption *opts, int nopts, Err *err)
{
    int pits = 0, seeds = 0;
    if (!name || parse_shape(name, &pits, &seeds, err) != 0)
        return NULL;
    Kalah *k = calloc(1, sizeof *k);
    if (!k) {
        err_set(err, "out of memory");
        return NULL;
    }
    k->pits = pits;
    k->seeds_per_pit = seeds;
    k->total = 2 * pits * seeds;
    k->cells = 2 * pits + 2;
    k->rules = KALAH_RULES_STANDARD;
    k->capture = KALAH_CAPTURE_STANDARD;
    Err ignored;
    kalah_eval_option("tuned", &k->eval, &ignored); /* falls back to the untuned weights */
    k->eval_shipped = true;
    if (parse_options(k, opts, nopts, err) != 0) {
        free(k);
        return NULL;
    }
    k->base.ops = &kalah_ops;
    if (pits == 6 && seeds == 6)
        snprintf(k->base.name, sizeof k->base.name, "kalah");
    else
        snprintf(k->base.name, sizeof k->base.name, "kalah-%dx%d", pits, seeds);
    k->base.state_size = sizeof(KalahState);
    k->base.max_moves = pits;
    uint64_t x = 0x6B616C6168ull; /* "kalah": fixed, so table contents and node counts repeat */
    k->zobrist_side = rng_next(&x);
    for (int c = 0; c < MAX_CELLS; c++)
        for (int v = 0; v <= MAX_TOTAL; v++)
            k->zobrist[c][v] = rng_next(&x);
    return &k->base;
}

static void kalah_close(Game *g) { free(g); }

/* Said once where the game is opened: the shipped weights are missing. */
static const char *kalah_notice(const Game *g)
{
    const Kalah *k = as_kalah(g);
    return k->eval_shipped && k->rules == KALAH_RULES_STANDARD ? kalah_eval_notice() : NULL;
}

/* ---- public accessors (kalah.h) ------------------------------------------ */

int kalah_pits(const Game *g) { return as_kalah(g)->pits; }
int kalah_total_seeds(const Game *g) { return as_kalah(g)->total; }
KalahRules kalah_rules(const Game *g) { return as_kalah(g)->rules; }
KalahCapture kalah_capture(const Game *g) { return as_kalah(g)->capture; }

int kalah_seeds(const Game *g, const void *state, int player, int pit)
{
    const Kalah *k = as_kalah(g);
    return as_state(state)->cells[first_pit(k, player != 0) + pit];
}

int kalah_store(const Game *g, const void *state, int player)
{
    return as_state(state)->cells[store_cell(as_kalah(g), player != 0)];
}

Move kalah_move(const Game *g, int player, int pit)
{
    return (Move)(first_pit(as_kalah(g), player != 0) + pit);
}

int kalah_move_pit(const Game *g, Move m)
{
    const Kalah *k = as_kalah(g);
    for (int side = 0; side < 2; side++)
        if (is_pit_of(k, side, m))
            return m - first_pit(k, side);
    return -1;
}

const GameOps kalah_ops = {
    .family = "kalah",
    .info = &kalah_info,
    .description = "Kalah: kalah (6 pits, 6 seeds) or kalah-MxN; --rules standard|seed, "
                   "--capture standard|empty, --eval tuned|simple|FILE",
    .open = kalah_open,
    .close = kalah_close,
    .start = kalah_start,
    .side_to_move = kalah_side_to_move,
    .legal_moves = kalah_legal_moves,
    .play = kalah_play,
    .move_frames = kalah_move_frames,
    .is_terminal = kalah_is_terminal,
    .final_score = kalah_final_score,
    .evaluate = kalah_evaluate,
    .hash = kalah_hash,
    .exact_key = kalah_exact_key,
    .order_static = kalah_order_static,
    .score_moves = kalah_score_moves,
    .parse_position = kalah_parse_position,
    .format_position = kalah_format_position,
    .parse_move = kalah_parse_move,
    .format_move = kalah_format_move,
    .render_text = kalah_render_text,
    .perft = NULL,
    .history_result = NULL,
    .solver_new = kalah_solver_new,
    .solver_threads = kalah_solver_threads,
    .solver_free = kalah_solver_free,
    .solver_size = kalah_solver_size,
    .solver_search = kalah_solver_search,
    .solver_default = kalah_solver_default,
    .solver_reach = kalah_solver_reach,
    .notice = kalah_notice,
};
