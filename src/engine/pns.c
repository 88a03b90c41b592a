/* pns.c - proof-number search: the outcome of the game for the side to
 * move (a win, a draw or a loss), proved to the end of the game, in the
 * depth-first form (df-pn) over a table of fixed size. */
#include <stdlib.h>
#include <string.h>

#include "engine/algos.h"

/// Proof-number search (Allis 1994) asks a yes-or-no question, "does the
/// side to move reach a value of at least t?", and answers it with two
/// numbers per position: the proof number, the fewest positions still to
/// settle to prove the answer is yes, and the disproof number, the fewest
/// to prove it is no.  At a position where the side asking moves, one
/// proved move proves it (its proof number is its moves' smallest) and
/// every move must be disproved to disprove it (the sum); where the other
/// side moves it is the other way round.  A finished game proves (0, inf)
/// or disproves (inf, 0); a position not yet looked at counts (1, 1).  The
/// search always goes on from the most-proving position, the one that
/// decides the root's smaller number fastest, so it needs no evaluation,
/// no depth and no window: it stops when one number reaches zero, and the
/// answer is then proved, whatever was left unlooked at.
///
/// Allis kept the whole tree in memory.  yomi allocates nothing while it
/// searches, so this is Nagai's df-pn (2002), which finds the same
/// most-proving position depth first: a node is searched until its proof
/// or its disproof number reaches a threshold, and its best move until
/// that move's proof number passes the second best's, or rather twice it
/// (Pawlewicz and Lew's 1 + epsilon, epsilon 1: two close moves then do
/// not take turns at every step; Kalah(6,3) takes 9.6 M positions instead
/// of 29.5 M).  A node's numbers then go to a table, a bucket of four
/// entries keyed by the position's hash and the question, the entry that
/// cost the fewest positions giving way.  The table is sized once from
/// --table-mb, like every other table, and the per-ply arrays once for
/// the deepest game.
///
/// The numbers are kept in negamax form, each position asking of its own
/// side to move: the root's side asks "value >= t?", the other side "value
/// >= 1 - t?" (the other side's no), and a move that keeps the turn (a
/// Kalah extra turn) asks the same question again.  The outcome needs two
/// questions, as Allis did for games with draws: first t = 1, a win; if
/// that is disproved, t = 0, at least a draw.  Yes: +1; no then yes: 0;
/// no then no: -1.  The second proof starts from the first one's table,
/// where "value >= 1" proved also proves "value >= 0", and "value >= 0"
/// disproved also disproves "value >= 1".
///
/// A game whose history decides it (gogo's repetitions) is not a tree: a
/// position met again on the search's own path is scored as a failure of
/// the root's question and counted as a horizon, as is a position at the
/// deepest ply there is.  A yes reached despite them is a proof; a no is
/// then not exact.  Kalah and reversi never repeat a position.
///
/// The trace sees each question as a null window (t - 1, t) at every node:
/// a node entered, a finished game as a leaf with its final score, the
/// table's answers as hits, and each other node left with the value it
/// stands at: t when proved, or left because its disproof grew past its
/// threshold (it looks like a yes), t - 1 when disproved or left because
/// its proof did.

#define PN_INF UINT32_MAX /* a proof number of a disproved question, and the other way round */
#define PN_MAX (PN_INF - 1) /* where a finite number stops growing */
#define PNS_WAYS 4          /* entries in a bucket */
/* Keys of the two questions of one position differ by this (a "value >=
 * 1?" question against the same position's "value >= 0?"). */
#define GOAL_SALT 0x9e3779b97f4a7c15ull

typedef struct {
    uint32_t pn, dn;
} PnDn;

static const PnDn PROVED = {0, PN_INF}, DISPROVED = {PN_INF, 0};

typedef struct {
    uint64_t key;  /* hash ^ the question's salt; 0: empty */
    uint32_t pn, dn;
    uint32_t work; /* positions its searches took (replacement keeps the costly) */
    Move best;     /* proved: the move that proves; else the last or most-proving move */
    uint16_t pad;
} PnsEntry;

struct Pns {
    PnsEntry *table;
    size_t mask; /* buckets - 1 */
    bool written;
    /* Per ply: its moves' numbers in its own question's terms (phi: to
     * prove it through that move, delta: to disprove it), the moves'
     * children's hashes, whether the mover moves again there; how many. */
    uint32_t (*phi)[GAME_MAX_MOVES];
    uint32_t (*delta)[GAME_MAX_MOVES];
    bool (*same)[GAME_MAX_MOVES];
    int n[SEARCH_MAX_PLY + 2];
    uint64_t path_key[SEARCH_MAX_PLY + 2]; /* the hashes on the path (repetitions) */
    /* The question under way: the side to move at its root asks "value >= goal?". */
    int root_ply, root_side, goal;
};

Pns *pns_new(int table_mb)
{
    Pns *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    size_t buckets = 1;
    const size_t bytes = (size_t)(table_mb > 0 ? table_mb : 1) << 20;
    while (buckets * 2 * PNS_WAYS * sizeof(PnsEntry) <= bytes)
        buckets *= 2;
    p->mask = buckets - 1;
    p->table = calloc(buckets * PNS_WAYS, sizeof *p->table);
    p->phi = malloc((SEARCH_MAX_PLY + 2) * sizeof *p->phi);
    p->delta = malloc((SEARCH_MAX_PLY + 2) * sizeof *p->delta);
    p->same = malloc((SEARCH_MAX_PLY + 2) * sizeof *p->same);
    if (!p->table || !p->phi || !p->delta || !p->same) {
        pns_free(p);
        return NULL;
    }
    return p;
}

void pns_free(Pns *p)
{
    if (!p)
        return;
    free(p->table);
    free(p->phi);
    free(p->delta);
    free(p->same);
    free(p);
}

void pns_clear(Pns *p)
{
    if (p->written)
        memset(p->table, 0, (p->mask + 1) * PNS_WAYS * sizeof *p->table);
    p->written = false;
}

/* ---- the table ------------------------------------------------------------ */

static uint64_t entry_key(uint64_t hash, int goal)
{
    const uint64_t k = goal ? hash ^ GOAL_SALT : hash;
    return k ? k : 1;
}

static PnsEntry *bucket(const Pns *p, uint64_t key)
{
    return &p->table[(size_t)(key & p->mask) * PNS_WAYS];
}

static const PnsEntry *find(const Pns *p, uint64_t key)
{
    const PnsEntry *b = bucket(p, key);
    for (int i = 0; i < PNS_WAYS; i++)
        if (b[i].key == key)
            return &b[i];
    return NULL;
}

/* The numbers of "value >= goal?" at the position of `hash` (its side to
 * move's), and its move; (1, 1) and false when the table knows nothing. */
static bool lookup(const Pns *p, uint64_t hash, int goal, PnDn *out, Move *best)
{
    const PnsEntry *e = find(p, entry_key(hash, goal));
    if (e) {
        *out = (PnDn){e->pn, e->dn};
        *best = e->best;
        return true;
    }
    /* The other question answers this one where it is the stronger. */
    e = find(p, entry_key(hash, !goal));
    if (e && ((goal == 0 && e->pn == 0) || (goal == 1 && e->dn == 0))) {
        *out = goal == 0 ? PROVED : DISPROVED;
        *best = e->best;
        return true;
    }
    *out = (PnDn){1, 1};
    *best = MOVE_NONE;
    return false;
}

static void store(Pns *p, uint64_t hash, int goal, PnDn r, Move best, uint64_t work)
{
    const uint64_t key = entry_key(hash, goal);
    PnsEntry *b = bucket(p, key), *e = &b[0];
    for (int i = 0; i < PNS_WAYS; i++) {
        if (b[i].key == key || b[i].key == 0) {
            e = &b[i];
            break;
        }
        if (b[i].work < e->work)
            e = &b[i];
    }
    if (e->key == key)
        work += e->work;
    *e = (PnsEntry){key, r.pn, r.dn, work > UINT32_MAX ? UINT32_MAX : (uint32_t)work, best, 0};
    p->written = true;
}

/* ---- the search ----------------------------------------------------------- */

static uint32_t add(uint32_t a, uint32_t b)
{
    if (a == PN_INF || b == PN_INF)
        return PN_INF;
    const uint64_t s = (uint64_t)a + b;
    return s > PN_MAX ? PN_MAX : (uint32_t)s;
}

static uint64_t published(uint32_t n) { return n == PN_INF ? SEARCH_PN_INF : n; }

/* The question the side to move asks: the root's side its own, the
 * other side the root's no. */
static int goal_of(const Pns *p, int side) { return side == p->root_side ? p->goal : 1 - p->goal; }

/* What the trace shows a node left with r under thresholds th: a value of
 * the null window (goal - 1, goal). */
static int standing(PnDn r, PnDn th, int goal)
{
    if (r.pn == 0)
        return goal;
    if (r.dn == 0)
        return goal - 1;
    return r.pn >= th.pn ? goal - 1 : goal;
}

YOMI_COLD static void trace_node(Ctx *c, TraceKind kind, int ply, int depth, int goal, int value,
                                 Move best)
{
    ctx_trace(c, &(TraceEvent){.kind = kind, .ply = ply, .depth = depth, .alpha = goal - 1,
                               .beta = goal, .value = value, .best = best});
}

/* A position the search cannot look past (a repetition on its path, the
 * deepest ply): it fails the root's question. */
static PnDn horizon(Ctx *c, int ply, int side, int goal)
{
    c->horizon++;
    const bool root_side = side == c->pns->root_side;
    ctx_leaf_value(c, ply, root_side ? goal - 1 : goal);
    return root_side ? DISPROVED : PROVED;
}

/* df-pn's MID: the node at `ply` until its proof number reaches th.pn or
 * its disproof number th.dn; its numbers. */
static PnDn mid(Ctx *c, int ply, int depth, PnDn th)
{
    Pns *p = c->pns;
    const void *s = ctx_state(c, ply);
    const int side = ctx_side(c, ply);
    const int goal = goal_of(p, side);
    if ((++c->n.nodes & (STATS_PUBLISH_EVERY - 1)) == 0)
        ctx_checkpoint(c);
    if (ctx_tracing(c))
        ctx_trace_enter(c, ply, depth, goal - 1, goal);
    if (c->stopped)
        return (PnDn){1, 1};
    const uint64_t hash = c->ops->hash(c->g, s);
    p->path_key[ply] = hash;
    if (ply > p->root_ply && c->ops->history_result) {
        int v;
        if (ctx_repetition(c, ply, &v))
            return v >= goal ? PROVED : DISPROVED;
        for (int q = ply - 1; q >= p->root_ply; q--)
            if (p->path_key[q] == hash)
                return horizon(c, ply, side, goal);
    }
    if (ply >= SEARCH_MAX_PLY - 1)
        return horizon(c, ply, side, goal);

    PnDn known;
    Move hint;
    c->n.probes++;
    if (lookup(p, hash, goal, &known, &hint) && (known.pn >= th.pn || known.dn >= th.dn)) {
        c->n.hits++;
        if (ctx_tracing(c))
            trace_node(c, TRACE_HIT, ply, depth, goal, standing(known, th, goal), MOVE_NONE);
        return known;
    }
    Move *moves = c->ply[ply].moves;
    const int n = c->ops->legal_moves(c->g, s, moves);
    p->n[ply] = n;
    if (n == 0) { /* the trace sees its final score as a leaf, and no more */
        const PnDn r = ctx_terminal_value(c, ply) >= goal ? PROVED : DISPROVED;
        store(p, hash, goal, r, MOVE_NONE, 1);
        return r;
    }
    if (c->cfg.order != ORDER_NATURAL)
        order_moves(c, ply, moves, n, hint);
    uint32_t *phi = p->phi[ply], *delta = p->delta[ply];
    bool *same = p->same[ply];
    void *child = ctx_state(c, ply + 1);
    for (int i = 0; i < n; i++) {
        c->ops->play(c->g, s, moves[i], child);
        same[i] = moves[i] != MOVE_PASS && ctx_side(c, ply + 1) == side;
        PnDn r;
        Move ignored;
        c->n.probes++;
        lookup(p, c->ops->hash(c->g, child), same[i] ? goal : 1 - goal, &r, &ignored);
        phi[i] = same[i] ? r.pn : r.dn;
        delta[i] = same[i] ? r.dn : r.pn;
    }

    const uint64_t start = c->n.nodes;
    int best = 0, last = -1;
    PnDn r;
    for (;;) {
        uint32_t pn2 = PN_INF;
        r = (PnDn){PN_INF, 0};
        best = 0;
        for (int i = 0; i < n; i++) {
            if (phi[i] < r.pn) {
                pn2 = r.pn;
                r.pn = phi[i];
                best = i;
            } else if (phi[i] < pn2) {
                pn2 = phi[i];
            }
            r.dn = add(r.dn, delta[i]);
        }
        if (ply == p->root_ply) {
            c->n.proof = published(r.pn);
            c->n.disproof = published(r.dn);
        }
        if (r.pn >= th.pn || r.dn >= th.dn)
            break;
        /* The best move's thresholds: well past the second best's proof
         * number (1 + epsilon) it is no longer the best; past what is
         * left of this node's disproof threshold the node is done. */
        const uint32_t next = add(add(pn2, pn2), 1);
        const PnDn cth = {next < th.pn ? next : th.pn,
                          th.dn == PN_INF ? PN_INF : th.dn - r.dn + delta[best]};
        const Move m = moves[best];
        c->ops->play(c->g, s, m, child);
        if (ctx_tracing(c))
            ctx_trace_step(c, ply, m);
        const PnDn got = same[best] ? mid(c, ply + 1, depth, cth)
                                    : mid(c, ply + 1, m == MOVE_PASS ? depth : depth - 1,
                                          (PnDn){cth.dn, cth.pn});
        if (c->stopped)
            return r;
        phi[best] = same[best] ? got.pn : got.dn;
        delta[best] = same[best] ? got.dn : got.pn;
        last = best;
    }
    const Move m = moves[r.dn == 0 && last >= 0 ? last : best];
    store(p, hash, goal, r, m, c->n.nodes - start + 1);
    if (ctx_tracing(c))
        trace_node(c, TRACE_CLOSE, ply, depth, goal, standing(r, th, goal), m);
    return r;
}

/* "Does the side to move at `ply` reach a value >= goal?": 1 yes, 0 no,
 * -1 stopped before the answer. */
static int prove(Ctx *c, int ply, int depth, int goal)
{
    Pns *p = c->pns;
    p->root_ply = ply;
    p->root_side = ctx_side(c, ply);
    p->goal = goal;
    p->n[ply] = 0;
    const PnDn r = mid(c, ply, depth, (PnDn){PN_INF, PN_INF});
    if (c->stopped)
        return -1;
    c->n.proof = published(r.pn); /* also when the table answered the root */
    c->n.disproof = published(r.dn);
    return r.pn == 0;
}

/* The line the table proves from `ply`: the move each entry keeps, for
 * the last question asked. */
static void proved_line(Ctx *c, int ply)
{
    const Pns *p = c->pns;
    PlyData *d = &c->ply[ply];
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    Move legal[GAME_MAX_MOVES];
    memcpy(a, ctx_state(c, ply), c->g->state_size);
    d->pv_len = 0;
    while (ply + d->pv_len < SEARCH_MAX_PLY) {
        const int n = c->ops->legal_moves(c->g, a, legal);
        PnDn r;
        Move m;
        if (n == 0 ||
            !lookup(p, c->ops->hash(c->g, a), goal_of(p, c->ops->side_to_move(c->g, a)), &r, &m))
            break;
        int i = 0;
        while (i < n && legal[i] != m)
            i++;
        if (i == n)
            break;
        d->pv[d->pv_len++] = m;
        c->ops->play(c->g, a, m, b);
        memcpy(a, b, c->g->state_size);
    }
}

int pns_search(Ctx *c, int ply, int depth)
{
    Pns *p = c->pns;
    c->ply[ply].pv_len = 0;
    int value = 1, yes = prove(c, ply, depth, 1);
    if (yes == 0) {
        yes = prove(c, ply, depth, 0);
        value = yes > 0 ? 0 : -1;
    }
    if (yes < 0) {
        /* Stopped: no answer, but the move most promising for the
         * question under way, for a player out of time. */
        const int n = p->n[ply];
        if (n > 0 && p->root_ply == ply) {
            int best = 0;
            for (int i = 1; i < n; i++)
                if (p->phi[ply][i] < p->phi[ply][best])
                    best = i;
            c->ply[ply].pv[0] = c->ply[ply].moves[best];
            c->ply[ply].pv_len = 1;
        }
        return 0;
    }
    proved_line(c, ply);
    return value;
}

int pns_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len)
{
    (void)guess; /* it has no window to place */
    (void)swing;
    const int v = pns_search(c, 0, depth);
    ctx_root_pv(c, pv, pv_len);
    return v;
}
