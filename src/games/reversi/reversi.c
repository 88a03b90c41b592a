/* reversi.c - the rules of reversi on every even board from 4x4 to 8x8:
 * variants and options, moves and passes, scores, keys, move orders. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "games/reversi/endgame.h"
#include "base/i18n.h"
#include "games/reversi/eval.h"
#include "games/reversi/internal.h"

/* ---- variants --------------------------------------------------------- */

/* "reversi" is 8x8; "reversi-RxC" names rows x columns, each 4, 6 or 8. */
static int parse_size(const char *name, int *rows, int *cols, Err *err)
{
    static const char family[] = "reversi";
    const size_t n = sizeof family - 1;
    if (strcmp(name, family) == 0) {
        *rows = *cols = 8;
        return 0;
    }
    if (strncmp(name, family, n) != 0 || name[n] != '-')
        return err_set(err, "unknown game '%.40s' (reversi games: reversi, reversi-RxC)", name);
    const char *s = name + n + 1;
    int dims[2];
    for (int i = 0; i < 2; i++) {
        if (!isdigit((unsigned char)s[0]) || isdigit((unsigned char)s[1]))
            return err_set(err, "bad game '%.40s': expected reversi-RxC, rows x columns, "
                                "e.g. reversi-6x6 or reversi-4x6", name);
        dims[i] = s[0] - '0';
        s++;
        if (i == 0 && *s++ != 'x')
            return err_set(err, "bad game '%.40s': expected reversi-RxC, rows x columns, "
                                "e.g. reversi-6x6 or reversi-4x6", name);
    }
    if (*s != '\0')
        return err_set(err, "bad game '%.40s': unexpected '%.20s' after the size", name, s);
    for (int i = 0; i < 2; i++)
        if (dims[i] < 4 || dims[i] > 8 || dims[i] % 2 != 0)
            return err_set(err, "%.40s: rows and columns must be 4, 6 or 8 (even sizes from "
                                "4 to 8), got %dx%d", name, dims[0], dims[1]);
    *rows = dims[0];
    *cols = dims[1];
    return 0;
}

/* ---- what it says about itself (registry.h) ----------------------------- */

static const char *const sizes[] = {"8x8", "6x6", "4x4", "4x6", "6x4", "4x8", "8x4", "6x8", "8x6"};
static const char *const starts[] = {N_("cross"), N_("parallel")};   /* ReversiStart */
static const char *const scorings[] = {"discs", "standard"};          /* ReversiScoring */
static const char *const evals[] = {"pattern", "simple", "mobility"}; /* from EVAL_PATTERN */
enum { PARAM_SIZE, PARAM_START, PARAM_SCORE, PARAM_EVAL };

static const GameParam params[] = {
    [PARAM_SIZE] = {.key = "size", GAME_PARAM_CHOICES(sizes), .size = true, .label = N_("Board"),
                    .help = N_("rows x columns")},
    [PARAM_START] = {.key = "start", GAME_PARAM_CHOICES(starts), .label = N_("Start"),
                     .help = N_("cross: the usual diagonal centre; parallel: side by side")},
    /* discs on 4x4 and 4x6, as in the seeds; standard otherwise */
    [PARAM_SCORE] = {.key = "score", GAME_PARAM_CHOICES(scorings), .def = -1},
    /* pattern on 8x8, simple otherwise */
    [PARAM_EVAL] = {.key = "eval", GAME_PARAM_CHOICES(evals), .def = -1},
};

static void reversi_counts(const Game *g, const void *state, int counts[2])
{
    reversi_disc_counts(g, state, &counts[0], &counts[1]);
}

static const GameInfo reversi_info = {
    .name = N_("Reversi"),
    .size_pattern = "reversi-RxC",
    .size_help = N_("even R, C in 4..8"),
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .counts = reversi_counts,
    .counts_name = "discs",
    /* discs (the 8x8 pattern evaluation); the simple one counts a corner 16 */
    .loss_steps = {4, 8, 16},
};

static int apply_option(Reversi *r, const GameOption *o, Err *err)
{
    const GameParam *p = game_param_for(&reversi_ops, o, err);
    const int choice = p ? game_param_choice(p, o->value, err) : -1;
    if (choice < 0)
        return -1;
    if (p == &params[PARAM_START])
        r->start = (ReversiStart)choice;
    else if (p == &params[PARAM_SCORE])
        r->scoring = (ReversiScoring)choice;
    else
        r->eval = (ReversiEvalKind)(EVAL_PATTERN + choice);
    return 0;
}

/* Put the squares `first` at the head of the static order, then every other
 * square of the board in natural order. */
static void build_rank(Reversi *r, const int *first, int nfirst)
{
    bool placed[64] = {false};
    int next = 0;
    memset(r->static_rank, 255, sizeof r->static_rank);
    for (int i = 0; i < nfirst; i++) {
        r->static_rank[first[i]] = (uint8_t)next++;
        placed[first[i]] = true;
    }
    for (int sq = 0; sq < 64; sq++)
        if ((r->valid >> sq & 1) && !placed[sq])
            r->static_rank[sq] = (uint8_t)next++;
}

static int square_of(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

static int squares_of(const char *list, int *out)
{
    int n = 0;
    for (const char *p = list; *p; p += (p[2] == ' ') ? 3 : 2)
        out[n++] = square_of(p);
    return n;
}

/* Distance of a square from the nearest edge (0 on the edge). */
static int ring(const Reversi *r, int row, int col)
{
    int d = row;
    if (r->rows - 1 - row < d) d = r->rows - 1 - row;
    if (col < d) d = col;
    if (r->cols - 1 - col < d) d = r->cols - 1 - col;
    return d;
}

/* The usual Othello priorities for boards the seeds do not fix: corners,
 * other edge squares, the centre, the second ring, and last the squares
 * next to a corner (C squares on the edge, then X squares diagonal to it),
 * which tend to hand the corner to the opponent. */
static int square_class(const Reversi *r, int row, int col)
{
    const bool top = row == 0, bottom = row == r->rows - 1;
    const bool left = col == 0, right = col == r->cols - 1;
    const bool near_row = row <= 1 || row >= r->rows - 2;
    const bool near_col = col <= 1 || col >= r->cols - 2;
    if ((top || bottom) && (left || right))
        return 0;
    if (near_row && near_col)
        return ring(r, row, col) == 0 ? 4 : 5; /* C square : X square */
    if (ring(r, row, col) == 0)
        return 1;
    return ring(r, row, col) >= 2 ? 2 : 3;
}

/* The corners and the squares next to them, for evaluate and score_moves. */
static void find_corners(Reversi *r)
{
    for (int row = 0; row < r->rows; row++)
        for (int col = 0; col < r->cols; col++) {
            const int cls = square_class(r, row, col);
            if (cls == 0)
                r->corners |= 1ULL << (row * 8 + col);
            else if (cls >= 4)
                r->near_corners |= 1ULL << (row * 8 + col);
        }
}

static void build_static_order(Reversi *r)
{
    int first[64], n = 0;
    if (r->rows == 4 && r->cols == 4) {
        n = squares_of("a1 d1 a4 d4", first); /* seed 002 */
    } else if (r->rows == 4 && r->cols == 6) {
        n = squares_of("a1 f1 a4 f4 c1 d1 c4 d4 b1 e1 b4 e4 a2 a3 f2 f3 b2 b3 e2 e3", first); /* seed 001 */
    } else {
        for (int cls = 0; cls <= 5; cls++)
            for (int row = 0; row < r->rows; row++)
                for (int col = 0; col < r->cols; col++)
                    if (square_class(r, row, col) == cls)
                        first[n++] = row * 8 + col;
    }
    build_rank(r, first, n);
}

/* 8x8 plays with the trained patterns unless told otherwise; when their
 * file is missing or damaged it falls back to the simple evaluation and
 * keeps the reason for the front ends to show.  Other sizes have no
 * patterns (and the seeds' numbers rest on the simple one). */
static int choose_evaluation(Reversi *r, Err *err)
{
    const bool full = r->rows == 8 && r->cols == 8;
    if (r->eval == EVAL_PATTERN && !full)
        return err_set(err, "--eval pattern is for 8x8 reversi only (use simple or mobility)");
    if (r->eval == EVAL_DEFAULT)
        r->eval = full ? EVAL_PATTERN : EVAL_SIMPLE;
    if (r->eval != EVAL_PATTERN)
        return 0;
    Err load = {{0}};
    char path[512];
    path[0] = '\0';
    r->pattern = reval_load_asset(path, sizeof path, &load);
    if (!r->pattern) {
        r->eval = EVAL_SIMPLE;
        snprintf(r->eval_notice, sizeof r->eval_notice,
                 _("pattern evaluation unavailable (%.180s); using the simple one"), load.msg);
    }
    return 0;
}

static Game *reversi_open(const char *name, const GameOption *opts, int nopts, Err *err)
{
    int rows = 0, cols = 0;
    if (!name || parse_size(name, &rows, &cols, err) != 0)
        return NULL;
    Reversi *r = calloc(1, sizeof *r);
    if (!r) {
        err_set(err, "out of memory");
        return NULL;
    }
    bb_init();
    r->rows = rows;
    r->cols = cols;
    for (int row = 0; row < rows; row++)
        r->valid |= (((uint64_t)1 << cols) - 1) << (row * 8);
    r->start = START_CROSS;
    /* The seeds (4x4, 4x6) count raw disc differences; real play gives the
     * empties to the winner. */
    r->scoring = (rows == 4 && (cols == 4 || cols == 6)) ? SCORE_DISCS : SCORE_STANDARD;
    for (int i = 0; i < nopts; i++) {
        if (apply_option(r, &opts[i], err) != 0) {
            free(r);
            return NULL;
        }
    }
    if (choose_evaluation(r, err) != 0) {
        free(r);
        return NULL;
    }
    find_corners(r);
    build_static_order(r);
    r->base.ops = &reversi_ops;
    if (rows == 8 && cols == 8)
        strcpy(r->base.name, "reversi");
    else
        snprintf(r->base.name, sizeof r->base.name, "reversi-%dx%d", rows, cols);
    r->base.state_size = sizeof(ReversiState);
    r->base.max_moves = rows * cols - 4;
    return &r->base;
}

static void reversi_close(Game *g)
{
    if (g)
        reval_free(((Reversi *)g)->pattern);
    free(g);
}

/* ---- rules ------------------------------------------------------------ */

static void reversi_start(const Game *g, void *state)
{
    const Reversi *r = as_reversi(g);
    const int top = (r->rows / 2 - 1) * 8 + r->cols / 2 - 1; /* top-left centre square */
    const uint64_t tl = 1ULL << top, tr = tl << 1, bl = tl << 8, br = tl << 9;
    ReversiState *s = state;
    memset(s, 0, sizeof *s);
    if (r->start == START_CROSS) {
        s->mover = tr | bl;  /* black */
        s->other = tl | br;  /* white */
    } else {
        s->mover = tr | br;
        s->other = tl | bl;
    }
}

static int reversi_side(const Game *g, const void *state)
{
    (void)g;
    return ((const ReversiState *)state)->side;
}

static int reversi_legal_moves(const Game *g, const void *state, Move *moves)
{
    const ReversiState *s = state;
    const uint64_t empty = state_empty(as_reversi(g), s);
    uint64_t mask = bb_moves(s->mover, s->other, empty);
    if (!mask) {
        if (!bb_moves(s->other, s->mover, empty))
            return 0;
        moves[0] = MOVE_PASS;
        return 1;
    }
    int n = 0;
    for (; mask; mask &= mask - 1)
        moves[n++] = (Move)__builtin_ctzll(mask);
    return n;
}

static void reversi_play(const Game *g, const void *state, Move m, void *child)
{
    (void)g;
    const ReversiState *s = state;
    ReversiState *c = child;
    const uint64_t p = s->mover, o = s->other;
    const uint8_t side = s->side ^ 1;
    memset(c, 0, sizeof *c);
    c->side = side;
    if (m == MOVE_PASS) {
        c->mover = o;
        c->other = p;
        return;
    }
    const uint64_t f = bb_flips(p, o, m);
    c->mover = o ^ f;
    c->other = p ^ f ^ (1ULL << m);
}

/// The animation's order of the discs a move turns: the disc placed, then
/// the turned ones nearest first, ring by ring outwards, going round the
/// eight directions clockwise from north within a ring, so the turn spreads
/// from the new disc as a ripple.  bb_flips knows which discs turn but not
/// in which order; this walks the rays itself (a person's move, not the
/// search's).  Returns how many squares `order` got.
static int flip_order(const Reversi *r, uint64_t flips, Move m, int order[64])
{
    static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1}, dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int n = 0;
    order[n++] = m;
    for (int d = 1; d < 8; d++)
        for (int dir = 0; dir < 8; dir++) {
            const int row = reversi_move_row(m) + d * dr[dir], col = reversi_move_col(m) + d * dc[dir];
            if (row < 0 || row >= r->rows || col < 0 || col >= r->cols)
                continue;
            if (flips >> (row * 8 + col) & 1)
                order[n++] = row * 8 + col;
        }
    return n;
}

static int reversi_move_frames(const Game *g, const void *state, Move m, int step, void *frame)
{
    const ReversiState *s = state;
    if (m == MOVE_PASS)
        return 0;
    int order[64];
    const int n = flip_order(as_reversi(g), bb_flips(s->mover, s->other, m), m, order);
    if (step < n) {
        ReversiState *f = frame;
        *f = *s;
        for (int i = 0; i <= step; i++) {
            f->mover |= 1ULL << order[i];
            f->other &= ~(1ULL << order[i]);
        }
    }
    return n;
}

static bool reversi_is_terminal(const Game *g, const void *state)
{
    const ReversiState *s = state;
    const uint64_t empty = state_empty(as_reversi(g), s);
    return !bb_moves(s->mover, s->other, empty) && !bb_moves(s->other, s->mover, empty);
}

static int reversi_final_score(const Game *g, const void *state)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    int diff = bb_count(s->mover) - bb_count(s->other);
    if (r->scoring == SCORE_STANDARD) {
        const int empties = bb_count(state_empty(r, s));
        diff += diff > 0 ? empties : diff < 0 ? -empties : 0;
    }
    return diff;
}

/* A deliberately simple heuristic (--eval simple, and every size but 8x8):
 * mobility and corners decide the middle game, the disc difference matters
 * more as the board fills up.  --eval mobility keeps only the first term,
 * the yardstick the pattern evaluation is measured against. */
static int reversi_evaluate(const Game *g, const void *state)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    if (r->eval == EVAL_PATTERN)
        return reval_evaluate(r->pattern, s->mover, s->other);
    const uint64_t empty = state_empty(r, s), corners = r->corners;
    const int mobility = bb_count(bb_moves(s->mover, s->other, empty)) -
                         bb_count(bb_moves(s->other, s->mover, empty));
    if (r->eval == EVAL_MOBILITY)
        return mobility;
    const int corner = bb_count(s->mover & corners) - bb_count(s->other & corners);
    const int discs = bb_count(s->mover) - bb_count(s->other);
    const int squares = r->rows * r->cols, filled = squares - bb_count(empty);
    return 4 * mobility + 16 * corner + discs * filled / squares;
}

/* ---- keys ------------------------------------------------------------- */

static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The state is two words, so a strong mix of them costs less than keeping
 * a Zobrist key up to date through every flip, and equal positions always
 * hash equal. */
static uint64_t reversi_hash(const Game *g, const void *state)
{
    (void)g;
    const ReversiState *s = state;
    return mix64(state_black(s) ^ mix64(state_white(s) + 0x9e3779b97f4a7c15ULL * (s->side + 1u)));
}

static int reversi_exact_key(const Game *g, const void *state, uint8_t *key)
{
    (void)g;
    const ReversiState *s = state;
    const uint64_t black = state_black(s), white = state_white(s);
    memcpy(key, &black, 8);
    memcpy(key + 8, &white, 8);
    key[16] = s->side;
    return 17;
}

/* The seeds' memo leaves out positions with fewer than two empty squares:
 * they are cheaper to play out than to key (seed 001's memoize). */
static bool reversi_memo_skip(const Game *g, const void *state)
{
    return bb_count(state_empty(as_reversi(g), state)) < 2;
}

/* ---- move orders ------------------------------------------------------ */

static void reversi_order_static(const Game *g, const void *state, Move *moves, int n)
{
    (void)state;
    const uint8_t *rank = as_reversi(g)->static_rank;
    for (int i = 1; i < n; i++) { /* insertion sort: n is small, order stable */
        const Move m = moves[i];
        const int key = m == MOVE_PASS ? 256 : rank[m];
        int j = i;
        for (; j > 0 && (moves[j - 1] == MOVE_PASS ? 256 : rank[moves[j - 1]]) > key; j--)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

/* Hint for the engine's dynamic order: leave the opponent few replies, take
 * corners, avoid the squares that give corners away. */
static void reversi_score_moves(const Game *g, const void *state, const Move *moves, int n,
                                int *scores)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    const uint64_t corners = r->corners, empty = state_empty(r, s);
    for (int i = 0; i < n; i++) {
        if (moves[i] == MOVE_PASS) {
            scores[i] = 0;
            continue;
        }
        const int sq = moves[i];
        const uint64_t bit = 1ULL << sq, f = bb_flips(s->mover, s->other, sq);
        const int replies = bb_count(bb_moves(s->other ^ f, s->mover ^ f ^ bit, empty ^ bit));
        int score = -8 * replies;
        if (bit & corners)
            score += 64;
        else if (bit & r->near_corners)
            score -= 32;
        scores[i] = score;
    }
}

static uint64_t reversi_perft(const Game *g, const void *state, int depth)
{
    const ReversiState *s = state;
    return bb_perft(s->mover, s->other, as_reversi(g)->valid, depth);
}

/* ---- the public helpers (reversi.h) ------------------------------------ */

int reversi_rows(const Game *g) { return as_reversi(g)->rows; }

/* Measured for the pattern evaluation (BENCHMARKS.md, "ProbCut"): over
 * 300 positions of 14-48 empties, negascout's values at depths (8, 4),
 * (7, 3) and (4, 2) differ with standard deviations 5.3, 5.8 and 5.6
 * discs around a line of slope 0.94-1.01.  The other evaluations were not
 * measured, so they get no ProbCut. */
#define REVERSI_PROBCUT_SIGMA 5
static int reversi_probcut_sigma(const Game *g)
{
    return as_reversi(g)->eval == EVAL_PATTERN ? REVERSI_PROBCUT_SIGMA : 0;
}

const char *reversi_eval_notice(const Game *g)
{
    const char *n = as_reversi(g)->eval_notice;
    return n[0] ? n : NULL;
}
int reversi_cols(const Game *g) { return as_reversi(g)->cols; }
uint64_t reversi_board_mask(const Game *g) { return as_reversi(g)->valid; }

int reversi_colour_at(const Game *g, const void *state, int row, int col)
{
    const Reversi *r = as_reversi(g);
    if (row < 0 || row >= r->rows || col < 0 || col >= r->cols)
        return REVERSI_EMPTY;
    const uint64_t bit = 1ULL << (row * 8 + col);
    if (state_black(state) & bit)
        return REVERSI_BLACK;
    return (state_white(state) & bit) ? REVERSI_WHITE : REVERSI_EMPTY;
}

void reversi_disc_counts(const Game *g, const void *state, int *black, int *white)
{
    (void)g;
    *black = bb_count(state_black(state));
    *white = bb_count(state_white(state));
}

uint64_t reversi_legal_mask(const Game *g, const void *state)
{
    const ReversiState *s = state;
    return bb_moves(s->mover, s->other, state_empty(as_reversi(g), s));
}

bool reversi_is_legal(const Game *g, const void *state, int row, int col)
{
    const Reversi *r = as_reversi(g);
    if (row < 0 || row >= r->rows || col < 0 || col >= r->cols)
        return false;
    return (reversi_legal_mask(g, state) >> (row * 8 + col)) & 1;
}

const GameOps reversi_ops = {
    .family = "reversi",
    .info = &reversi_info,
    .description = "reversi (= reversi-8x8), reversi-RxC (rows x columns, each 4, 6 or 8); "
                   "--start cross|parallel (default cross); --score discs|standard "
                   "(default discs on 4x4 and 4x6 as in the seeds, standard otherwise); "
                   "--eval pattern|simple|mobility (default pattern on 8x8, simple otherwise)",
    .open = reversi_open,
    .close = reversi_close,
    .start = reversi_start,
    .side_to_move = reversi_side,
    .legal_moves = reversi_legal_moves,
    .play = reversi_play,
    .move_frames = reversi_move_frames,
    .is_terminal = reversi_is_terminal,
    .final_score = reversi_final_score,
    .evaluate = reversi_evaluate,
    .hash = reversi_hash,
    .exact_key = reversi_exact_key,
    .order_static = reversi_order_static,
    .score_moves = reversi_score_moves,
    .parse_position = reversi_parse_position,
    .format_position = reversi_format_position,
    .parse_move = reversi_parse_move,
    .format_move = reversi_format_move,
    .render_text = reversi_render_text,
    .perft = reversi_perft,
    .memo_skip = reversi_memo_skip,
    .double_pass_end = true,
    .notice = reversi_eval_notice,
    .probcut_sigma = reversi_probcut_sigma,
    .solver_new = reversi_solver_new,
    .solver_free = reversi_solver_free,
    .solver_clear = reversi_solver_clear,
    .solver_threads = reversi_solver_threads,
    .solver_size = reversi_solver_size,
    .solver_search = reversi_solver_search,
    .solver_default = reversi_solver_default,
    .solver_reach = reversi_solver_reach,
};
