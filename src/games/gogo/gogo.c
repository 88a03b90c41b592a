/* gogo.c - gogo shogi (5x5 minishogi, 5五将棋) behind the game interface:
 * opening the variant, the ops table, evaluation, move ordering, the
 * repetition rule, and the public helpers of gogo.h. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/assets.h"
#include "base/i18n.h"
#include "games/gogo/eval.h"
#include "games/gogo/internal.h"
#include "games/gogo/net.h"
#include "games/registry.h"

#define START_SFEN "rbsgk/4p/5/P4/KGSBR b - 1"

typedef struct {
    Game base; /* first: a Gogo is a Game */
    GogoState start;
    GogoEvalChoice eval; /* --eval */
} Gogo;

_Static_assert(sizeof(GogoState) == 96, "GogoState is 96 bytes without hidden padding");
_Static_assert(sizeof(GogoState) <= GAME_MAX_STATE, "GogoState fits the engine's slots");
_Static_assert(offsetof(GogoState, hand) == offsetof(GogoState, board) + 25 &&
                   offsetof(GogoState, side) == offsetof(GogoState, hand) + 2 * GOGO_HAND_KINDS,
               "board, hands and side are contiguous: the exact key");
#define EXACT_KEY_LEN (25 + 2 * GOGO_HAND_KINDS + 1)

/* ---- building states (the parser and the tests) ---------------------------- */

void gogo_state_clear(GogoState *s) { memset(s, 0, sizeof *s); }

void gogo_state_put(GogoState *s, int sq, int kind, int owner)
{
    const int code = make_code(kind, owner);
    s->board[sq] = (uint8_t)code;
    s->by_kind[kind - 1] |= bit(sq);
    s->by_owner[owner] |= bit(sq);
    s->hash ^= T.zobrist_piece[code][sq];
}

void gogo_state_set_hand(GogoState *s, int owner, int base_kind, int count)
{
    uint8_t *h = &s->hand[owner][base_kind - 1];
    s->hash ^= T.zobrist_hand[owner][base_kind - 1][*h] ^ T.zobrist_hand[owner][base_kind - 1][count];
    *h = (uint8_t)count;
}

void gogo_state_set_side(GogoState *s, int side)
{
    if (s->side != side)
        s->hash ^= T.zobrist_side;
    s->side = (uint8_t)side;
}

/* ---- what it says about itself (registry.h) -------------------------------- */

static const char *const aliases[] = {"minishogi", "gogo-shogi", NULL};
static const char *const evals[] = {"material", "tuned", "linear", "builtin"}; /* or a file */
static const GameParam params[] = {
    {.key = "eval", GAME_PARAM_CHOICES(evals), .other = "FILE", .def = 1},
};

static const GameInfo gogo_info = {
    .name = N_("Gogo shogi"),
    .choice_name = N_("Gogo shogi (5x5)"),
    .aliases = aliases,
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .external_engines = true, /* Fairy-Stockfish (USI), GNU minishogi (xshogi) */
    .loss_steps = {50, 150, 300}, /* a pawn is 100 */
};

/* ---- variants ------------------------------------------------------------- */

static bool is_gogo_id(const char *name)
{
    bool known = strcmp(name, "gogo") == 0;
    for (int i = 0; aliases[i]; i++)
        known |= strcmp(name, aliases[i]) == 0;
    return known;
}

static void gogo_close(Game *g);

static Game *gogo_open(const char *name, const GameOption *opts, int nopts, Err *err)
{
    if (!is_gogo_id(name))
        return err_set(err, "unknown game '%.40s' (5x5 shogi is gogo, minishogi or gogo-shogi)",
                       name), NULL;
    gogo_tables_init();
    Gogo *g = calloc(1, sizeof *g);
    if (!g)
        return err_set(err, "out of memory"), NULL;
    bool chosen = false;
    for (int i = 0; i < nopts; i++) {
        if (!game_param_for(&gogo_ops, &opts[i], err) || /* --eval, its one option */
            gogo_eval_option(opts[i].value, &g->eval, err) != 0) {
            gogo_eval_choice_free(&g->eval);
            free(g);
            return NULL;
        }
        chosen = true;
    }
    if (!chosen)
        gogo_eval_choice_default(&g->eval);
    g->base.ops = &gogo_ops;
    strcpy(g->base.name, "gogo");
    g->base.state_size = sizeof(GogoState);
    g->base.max_moves = GAME_MAX_MOVES;
    if (gogo_parse_position(&g->base, START_SFEN, &g->start, err) != 0) {
        gogo_close(&g->base);
        return NULL;
    }
    return &g->base;
}

static void gogo_close(Game *g)
{
    gogo_eval_choice_free(&((Gogo *)g)->eval);
    free(g);
}

/* ---- rules through the vtable ------------------------------------------------ */

static void op_start(const Game *g, void *state) { *(GogoState *)state = ((const Gogo *)g)->start; }

static int op_side_to_move(const Game *g, const void *state)
{
    (void)g;
    return as_state(state)->side;
}

static int op_legal_moves(const Game *g, const void *state, Move *moves)
{
    (void)g;
    return gogo_generate(as_state(state), moves);
}

static void op_play(const Game *g, const void *state, Move m, void *child)
{
    (void)g;
    gogo_play(as_state(state), m, (GogoState *)child);
}

/// The animation's steps of a move: the position as it stands, for three
/// steps, while the board marks the move's squares (the piece still where
/// it starts); play()'s child, drawn after them, has it on its target, a
/// capture in the hand, a promotion turned.  No frame lifts the piece: the
/// position without it would be one where the mover's king may stand in
/// check, and the board would say so.
static int op_move_frames(const Game *g, const void *state, Move m, int step, void *frame)
{
    (void)g;
    (void)m;
    enum { STEPS = 3 };
    if (step < STEPS)
        *(GogoState *)frame = *as_state(state);
    return STEPS;
}

static bool op_is_terminal(const Game *g, const void *state)
{
    (void)g;
    return gogo_count(as_state(state)) == 0;
}

/* The only end without history: no legal move, a loss for the side to move. */
static int op_final_score(const Game *g, const void *state)
{
    (void)g;
    (void)state;
    return -SCORE_WIN;
}

/* Material values by kind, for move ordering (the evaluation's own are in
 * its weight vector). */
static const int board_value[K_COUNT] = {0, 100, 450, 500, 600, 700, 0, 500, 500, 800, 950};

static int op_evaluate(const Game *g, const void *state)
{
    const Gogo *gg = (const Gogo *)g;
    const GogoState *s = as_state(state);
    return gogo_eval_choice(&gg->eval, s);
}

static uint64_t op_hash(const Game *g, const void *state)
{
    (void)g;
    return as_state(state)->hash;
}

static int op_exact_key(const Game *g, const void *state, uint8_t *key)
{
    (void)g;
    memcpy(key, as_state(state)->board, EXACT_KEY_LEN);
    return EXACT_KEY_LEN;
}

/* ---- move ordering ------------------------------------------------------------ */

/* order_static's classes, tried in this order. */
enum { CLASS_CAPTURE, CLASS_PROMOTION, CLASS_BOARD, CLASS_DROP, CLASS_COUNT };

static int move_class(const GogoState *s, Move m)
{
    if (gogo_move_is_drop(m))
        return CLASS_DROP;
    if (s->board[gogo_move_to(m)])
        return CLASS_CAPTURE;
    return gogo_move_promotes(m) ? CLASS_PROMOTION : CLASS_BOARD;
}

/* Captures, then promotions, then other board moves, then drops; within a
 * class the incoming order is kept (a stable bucket pass). */
static void op_order_static(const Game *g, const void *state, Move *moves, int n)
{
    (void)g;
    const GogoState *s = as_state(state);
    Move sorted[GAME_MAX_MOVES];
    int out = 0;
    for (int c = 0; c < CLASS_COUNT; c++)
        for (int i = 0; i < n; i++)
            if (move_class(s, moves[i]) == c)
                sorted[out++] = moves[i];
    memcpy(moves, sorted, (size_t)n * sizeof *moves);
}

/* Does m attack the enemy king directly from its target square?  (Discovered
 * checks are left out: this is an ordering hint, not a rule.) */
static bool gives_direct_check(const GogoState *s, Move m, int kind_after)
{
    const int us = s->side, enemy_king = king_square(s, us ^ 1);
    if (enemy_king < 0)
        return false;
    const int to = gogo_move_to(m);
    Bits occ = occupied(s) | bit(to);
    if (!gogo_move_is_drop(m))
        occ &= ~bit(gogo_move_from(m));
    return (piece_attacks(kind_after, us, to, occ) & bit(enemy_king)) != 0;
}

/* The kind of the piece a move leaves on its square. */
static int kind_after_move(const GogoState *s, Move m)
{
    if (gogo_move_is_drop(m))
        return gogo_move_drop_piece(m);
    const int kind = code_kind(s->board[gogo_move_from(m)]);
    return gogo_move_promotes(m) ? kind_promoted(kind) : kind;
}

static bool op_mate_in_one(const Game *g, const void *state, Move *mate)
{
    (void)g;
    return gogo_mate_in_one(as_state(state), mate);
}

/* MVV/LVA for captures, the value gained by promoting, a bonus for checks.
 * Never negative: the yomi algorithm's picker relies on every move with a
 * positive score coming before every other. */
static void op_score_moves(const Game *g, const void *state, const Move *moves, int n, int *scores)
{
    (void)g;
    const GogoState *s = as_state(state);
    for (int i = 0; i < n; i++) {
        const Move m = moves[i];
        const int to = gogo_move_to(m);
        const int kind_after = kind_after_move(s, m);
        int score = 0;
        if (!gogo_move_is_drop(m)) {
            const int kind = code_kind(s->board[gogo_move_from(m)]);
            if (s->board[to])
                score += 10000 + 16 * board_value[code_kind(s->board[to])] -
                         board_value[kind] / 8;
            score += board_value[kind_after] - board_value[kind];
        }
        if (gives_direct_check(s, m, kind_after))
            score += 500;
        scores[i] = score;
    }
}

/// Static exchange (the swap algorithm): the move's capture, then each
/// side recapturing on its square with its least valuable attacker (a
/// king only when nothing can take it back), each free to stop when going
/// on would cost it; what the mover ends up with, in board values.  Sliders
/// behind a piece that has captured join in (the attackers are found again
/// on the board without it).  Drops never recapture, and promotions on the
/// way and pieces going to hand are left out: a quick judgement for the
/// search's order and quiescence, not an evaluation.
static int op_exchange(const Game *g, const void *state, Move m)
{
    (void)g;
    static const int lva[] = {K_PAWN, K_SILVER, K_GOLD, K_TOKIN, K_PSILVER,
                              K_BISHOP, K_ROOK, K_HORSE, K_DRAGON, K_KING};
    const GogoState *s = as_state(state);
    const int to = gogo_move_to(m);
    int gain[32], d = 0, standing;
    Bits occ = occupied(s) | bit(to);
    if (gogo_move_is_drop(m)) {
        gain[0] = 0;
        standing = board_value[gogo_move_drop_piece(m)];
    } else {
        const int from = gogo_move_from(m), kind = code_kind(s->board[from]);
        const int after = gogo_move_promotes(m) ? kind_promoted(kind) : kind;
        gain[0] = (s->board[to] ? board_value[code_kind(s->board[to])] : 0) + board_value[after] -
                  board_value[kind];
        standing = board_value[after];
        occ &= ~bit(from);
    }
    for (int side = s->side ^ 1; d < 31; side ^= 1) {
        const Bits att = gogo_attackers(s, to, side, occ) & occ;
        if (!att)
            break;
        int kind = 0;
        Bits from = 0;
        for (size_t i = 0; i < sizeof lva / sizeof lva[0] && !from; i++) {
            const Bits b = att & kinds(s, lva[i]);
            if (b) {
                kind = lva[i];
                from = b & -b;
            }
        }
        if (kind == K_KING && (gogo_attackers(s, to, side ^ 1, occ & ~from) & occ & ~from))
            break;
        d++;
        gain[d] = standing - gain[d - 1];
        standing = kind == K_KING ? 100000 : board_value[kind];
        occ &= ~from;
    }
    for (; d > 0; d--) /* each capture only if it pays its side: -max(-gain, next) */
        if (gain[d] > -gain[d - 1])
            gain[d - 1] = -gain[d];
    return gain[0];
}

/* ---- repetition (sennichite) ---------------------------------------------------- */

static bool same_position(const GogoState *a, const GogoState *b)
{
    return a->hash == b->hash && memcmp(a->board, b->board, EXACT_KEY_LEN) == 0;
}

/// Sennichite: the fourth occurrence of the same position (board, hands,
/// side to move) ends the game.  Gogo gives the loss to sente, who moves
/// first, unless one side gave check with every one of its moves since the
/// first occurrence: perpetual check loses for the checking side.
static bool op_history_result(const Game *g, const void *const *states, int n, int *value)
{
    (void)g;
    if (n < 1)
        return false;
    const GogoState *now = states[n - 1];
    int seen = 1, first = n - 1;
    for (int i = n - 2; i >= 0 && seen < 4; i--) {
        if (same_position(states[i], now)) {
            seen++;
            first = i;
        }
    }
    if (seen < 4)
        return false;
    bool always_in_check[2] = {true, true};
    for (int i = first + 1; i < n; i++) {
        const GogoState *s = states[i];
        if (!gogo_state_in_check(s))
            always_in_check[s->side] = false;
    }
    int loser = GOGO_SENTE;
    if (always_in_check[GOGO_SENTE] && !always_in_check[GOGO_GOTE])
        loser = GOGO_GOTE; /* gote checked sente on every move */
    *value = loser == now->side ? -SCORE_WIN : SCORE_WIN;
    return true;
}

/* ---- perft ----------------------------------------------------------------------- */

static uint64_t op_perft(const Game *g, const void *state, int depth)
{
    (void)g;
    return gogo_perft_state(as_state(state), depth);
}

/* ---- quiescence hooks (the engine's) ------------------------------------- */

static bool op_in_check(const Game *g, const void *state)
{
    (void)g;
    return gogo_state_in_check(as_state(state));
}

/* The captures among the legal moves: what quiescence plays on when the
 * side to move is not in check (seed 004). */
static int op_noisy_moves(const Game *g, const void *state, Move *moves)
{
    (void)g;
    const GogoState *s = as_state(state);
    const int n = gogo_generate(s, moves);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!gogo_move_is_drop(moves[i]) && s->board[gogo_move_to(moves[i])] != 0)
            moves[k++] = moves[i];
    return k;
}

/* ---- null move (the yomi algorithm's pruning) ---------------------------- */

/* With drops there is nearly always a useful move, so zugzwang is rare in
 * gogo; the one place a pass would flatter a side is a bare king with an
 * empty hand, where every move may worsen things. */
static bool op_null_move_ok(const Game *g, const void *state)
{
    (void)g;
    const GogoState *s = as_state(state);
    if (s->by_owner[s->side] & ~s->by_kind[K_KING - 1])
        return true;
    for (int k = 0; k < GOGO_HAND_KINDS; k++)
        if (s->hand[s->side][k])
            return true;
    return false;
}

static void op_play_null(const Game *g, const void *state, void *child)
{
    (void)g;
    GogoState *c = child;
    *c = *as_state(state);
    c->side ^= 1;
    c->hash ^= T.zobrist_side;
    c->move_number++;
}

static const char *op_notice(const Game *g)
{
    const Gogo *gg = (const Gogo *)g;
    return gg->eval.shipped ? gogo_default_weights_notice() : NULL;
}

const GameOps gogo_ops = {
    .family = "gogo",
    .info = &gogo_info,
    .description = "gogo shogi: 5x5 shogi (minishogi, 5五将棋) with drops",
    .open = gogo_open,
    .close = gogo_close,
    .start = op_start,
    .side_to_move = op_side_to_move,
    .legal_moves = op_legal_moves,
    .play = op_play,
    .move_frames = op_move_frames,
    .is_terminal = op_is_terminal,
    .final_score = op_final_score,
    .evaluate = op_evaluate,
    .hash = op_hash,
    .exact_key = op_exact_key,
    .order_static = op_order_static,
    .score_moves = op_score_moves,
    .exchange = op_exchange,
    .parse_position = gogo_parse_position,
    .format_position = gogo_format_position,
    .parse_move = gogo_parse_move,
    .format_move = gogo_format_move,
    .render_text = gogo_render_text,
    .perft = op_perft,
    .history_result = op_history_result,
    .in_check = op_in_check,
    .noisy_moves = op_noisy_moves,
    .null_move_ok = op_null_move_ok,
    .play_null = op_play_null,
    .mate_in_one = op_mate_in_one,
    .futility_margin = 150, /* a pawn and a half a ply */
    .notice = op_notice,
};

/* ---- public helpers (gogo.h) ---------------------------------------------------- */

Move gogo_make_move(int from_file, int from_rank, int to_file, int to_rank, bool promote)
{
    if (!gogo_on_board(from_file, from_rank) || !gogo_on_board(to_file, to_rank))
        return MOVE_NONE;
    return gogo_move(gogo_square(from_file, from_rank), gogo_square(to_file, to_rank), promote);
}

Move gogo_make_drop(GogoPiece piece, int to_file, int to_rank)
{
    if (piece < GOGO_PAWN || piece > GOGO_ROOK || !gogo_on_board(to_file, to_rank))
        return MOVE_NONE;
    return gogo_drop(piece, gogo_square(to_file, to_rank));
}

bool gogo_decode_move(Move m, GogoMoveInfo *info)
{
    memset(info, 0, sizeof *info);
    const int from = gogo_move_from(m), to = gogo_move_to(m);
    if (m >> 11 || to >= NSQ || from >= GOGO_DROP_FROM + GOGO_HAND_KINDS ||
        (from >= GOGO_DROP_FROM && gogo_move_promotes(m)))
        return false;
    info->drop = from >= GOGO_DROP_FROM;
    info->promote = gogo_move_promotes(m);
    info->to_file = gogo_square_file(to);
    info->to_rank = gogo_square_rank(to);
    if (info->drop) {
        info->piece = gogo_move_drop_piece(m);
    } else {
        info->from_file = gogo_square_file(from);
        info->from_rank = gogo_square_rank(from);
    }
    return true;
}

GogoPiece gogo_piece_at(const Game *g, const void *state, int file, int rank, int *owner,
                        bool *promoted)
{
    (void)g;
    int code = gogo_on_board(file, rank) ? as_state(state)->board[gogo_square(file, rank)] : 0;
    if (owner)
        *owner = code ? code_owner(code) : -1;
    if (promoted)
        *promoted = code && code_kind(code) > K_KING;
    return code ? (GogoPiece)kind_base(code_kind(code)) : GOGO_NONE;
}

int gogo_hand_count(const Game *g, const void *state, int owner, GogoPiece piece)
{
    (void)g;
    if ((owner != GOGO_SENTE && owner != GOGO_GOTE) || piece < GOGO_PAWN || piece > GOGO_ROOK)
        return 0;
    return as_state(state)->hand[owner][piece - 1];
}

int gogo_side_to_move(const Game *g, const void *state) { return op_side_to_move(g, state); }

bool gogo_in_check(const Game *g, const void *state)
{
    (void)g;
    return gogo_state_in_check(as_state(state));
}

bool gogo_is_legal(const Game *g, const void *state, Move m)
{
    (void)g;
    Move moves[GAME_MAX_MOVES];
    const int n = gogo_generate(as_state(state), moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* The mover's unpromoted promotable piece on `from`, or 0. */
static int promotable_kind_at(const GogoState *s, int from_file, int from_rank)
{
    if (!gogo_on_board(from_file, from_rank))
        return 0;
    const int code = s->board[gogo_square(from_file, from_rank)];
    if (!code || code_owner(code) != s->side || !kind_can_promote(code_kind(code)))
        return 0;
    return code_kind(code);
}

bool gogo_may_promote(const Game *g, const void *state, int from_file, int from_rank, int to_file,
                      int to_rank)
{
    (void)g;
    const GogoState *s = as_state(state);
    if (!promotable_kind_at(s, from_file, from_rank) || !gogo_on_board(to_file, to_rank))
        return false;
    const Bits squares = bit(gogo_square(from_file, from_rank)) | bit(gogo_square(to_file, to_rank));
    return (squares & T.last_rank[s->side]) != 0;
}

bool gogo_must_promote(const Game *g, const void *state, int from_file, int from_rank, int to_file,
                       int to_rank)
{
    (void)g;
    const GogoState *s = as_state(state);
    return promotable_kind_at(s, from_file, from_rank) == K_PAWN &&
           gogo_on_board(to_file, to_rank) &&
           (T.last_rank[s->side] & bit(gogo_square(to_file, to_rank))) != 0;
}

const GogoEvalWeights *gogo_game_weights(const Game *g)
{
    const Gogo *gg = (const Gogo *)g;
    return gg->eval.material_only ? NULL : &gg->eval.weights;
}

const GogoNet *gogo_game_net(const Game *g) { return ((const Gogo *)g)->eval.net; }
