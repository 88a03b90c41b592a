/* replay.c - a search's standing after k steps of its trace (replay.h). */
#include <stdlib.h>
#include <string.h>

#include "engine/replay.h"

/* Room for n more nodes; false (and the tree stops growing) when memory
 * is short: the path and the counts go on without it. */
static bool room_for(Replay *r, int n)
{
    if (r->nnodes + n <= r->nodes_cap)
        return true;
    int cap = r->nodes_cap ? r->nodes_cap : 4096;
    while (cap < r->nnodes + n)
        cap *= 2;
    ReplayNode *nodes = realloc(r->nodes, (size_t)cap * sizeof *nodes);
    if (!nodes) {
        r->short_of_memory = true;
        return false;
    }
    r->nodes = nodes;
    r->nodes_cap = cap;
    return true;
}

/* Forget what an earlier visit learnt below `node` (an earlier iteration,
 * pass or re-search): the search is about to tell it again. */
static void forget_below(Replay *r, int node)
{
    const ReplayNode *nd = &r->nodes[node];
    for (int i = 0; i < nd->n; i++) {
        ReplayNode *c = &r->nodes[nd->first + i];
        c->status = CHILD_WAITING;
        c->leaf = c->hit = false;
        c->researches = 0;
        c->order = 0;
        c->value = 0;
        forget_below(r, nd->first + i);
    }
}

/* The node's moves as waiting nodes, the first time it is entered. */
static void expand(Replay *r, int node, const void *state)
{
    if (r->nodes[node].n >= 0) {
        forget_below(r, node);
        return;
    }
    Move moves[GAME_MAX_MOVES];
    const int n = r->game->ops->legal_moves(r->game, state, moves);
    if (!room_for(r, n))
        return;
    ReplayNode *nd = &r->nodes[node];
    nd->first = r->nnodes;
    nd->n = n;
    for (int i = 0; i < n; i++)
        r->nodes[r->nnodes++] = (ReplayNode){.move = moves[i], .parent = node, .n = -1};
}

static int child_of(const Replay *r, int node, Move m)
{
    if (node < 0)
        return -1;
    const ReplayNode *nd = &r->nodes[node];
    for (int i = 0; i < nd->n; i++)
        if (r->nodes[nd->first + i].move == m)
            return nd->first + i;
    return -1;
}

static void frame_open(Replay *r, int ply, const TraceEvent *e)
{
    ReplayFrame *f = &r->frames[ply];
    f->side = e->side;
    f->depth = e->depth;
    f->alpha = e->alpha;
    f->beta = e->beta;
    f->has_value = f->leaf = f->hit = f->closed = f->cut = f->through = false;
    f->value = 0;
    f->best = MOVE_NONE;
    if (f->known && f->node >= 0) {
        r->nodes[f->node].side = e->side;
        expand(r, f->node, f->state);
    }
}

/* The frame the search stepped to `ply` from: the deepest frame at or
 * below `ply` that is no extra turn's move passed through. */
static int entered_at_or_below(const Replay *r, int ply)
{
    while (ply > 0 && r->frames[ply].through)
        ply--;
    return ply;
}

/* The node the search entered e's node from (e->ply > 0): the deepest node
 * entered on e's path.  That is the frame a ply above it, but after an
 * extra turn played inside one ply (trace.h), which leaves the node more
 * than one ply below its parent. */
static int search_parent(const Replay *r, const TraceEvent *e)
{
    const int most = r->top < e->ply - 1 ? r->top : e->ply - 1;
    int q = 0;
    while (q < most && r->frames[q + 1].move == e->path[q])
        q++;
    return entered_at_or_below(r, q);
}

/* Frame `ply` becomes the child of frame ply - 1 by m: its position is
 * played from its parent's, when the move is one of the parent's. */
static void step_to(Replay *r, int ply, Move m)
{
    const ReplayFrame *parent = &r->frames[ply - 1];
    ReplayFrame *f = &r->frames[ply];
    const int c = parent->known ? child_of(r, parent->node, m) : -1;
    f->move = m;
    f->node = c;
    f->known = c >= 0;
    if (c < 0)
        return;
    r->game->ops->play(r->game, parent->state, m, f->state);
    ReplayNode *nd = &r->nodes[c];
    if (nd->order == 0) {
        const ReplayNode *p = &r->nodes[parent->node];
        int searched = 0;
        for (int i = 0; i < p->n; i++)
            searched += r->nodes[p->first + i].order != 0;
        nd->order = searched + 1;
    }
    nd->status = CHILD_OPEN;
}

/* Frame `ply`, a move of an extra turn between the node the search entered
 * and e's node, which it goes on from: depth and window are e's, the window
 * turned round where the other side moves (unknown, the side is e's: what
 * e returns reaches the entered node unturned). */
static void pass_through(Replay *r, int ply, const TraceEvent *e)
{
    step_to(r, ply, e->path[ply - 1]);
    ReplayFrame *f = &r->frames[ply];
    const int side = f->known ? r->game->ops->side_to_move(r->game, f->state) : e->side;
    const bool same = side == e->side;
    frame_open(r, ply, &(TraceEvent){.side = side, .depth = e->depth,
                                     .alpha = same ? e->alpha : -e->beta,
                                     .beta = same ? e->beta : -e->alpha});
    f->through = true;
}

/* Frame `ply` becomes the node e's path leads to, played from the node the
 * search entered it from, through an extra turn's moves if any. */
static void enter(Replay *r, const TraceEvent *e)
{
    const int ply = e->ply;
    if (ply > 0) {
        for (int p = search_parent(r, e) + 1; p < ply; p++)
            pass_through(r, p, e);
        step_to(r, ply, e->path[ply - 1]);
    }
    frame_open(r, ply, e);
    r->top = ply;
    if (ply > r->deepest)
        r->deepest = ply;
    r->ply[ply].nodes++;
    r->total.nodes++;
    /* A ProbCut probe's root: the node itself again, in its own frame. */
    if (r->nprobes > 0 && r->probes[r->nprobes - 1].ply == ply)
        r->probes[r->nprobes - 1].entered = true;
}

/* The best of a node's moves returned so far in this visit (a move
 * searched again counts with its latest value): the engine's own best,
 * which keeps the first of equal values.  False when none has returned. */
static bool best_child(const Replay *r, int node, int *value, Move *move)
{
    const ReplayNode *nd = &r->nodes[node];
    bool found = false;
    int best_order = 0;
    for (int i = 0; i < nd->n; i++) {
        const ReplayNode *c = &r->nodes[nd->first + i];
        if (c->status != CHILD_DONE)
            continue;
        if (!found || c->value > *value || (c->value == *value && c->order < best_order)) {
            found = true;
            *value = c->value;
            *move = c->move;
            best_order = c->order;
        }
    }
    return found;
}

/* The parent learns its child's value (child_side's view). */
static void back_up(Replay *r, int ply, int value, int child_side)
{
    ReplayFrame *parent = &r->frames[ply - 1];
    const ReplayFrame *f = &r->frames[ply];
    const int v = child_side == parent->side ? value : -value;
    if (f->known) {
        ReplayNode *c = &r->nodes[f->node];
        c->status = CHILD_DONE;
        c->value = v;
        c->leaf = f->leaf;
        c->hit = f->hit;
        /* Recounted, not kept as a running maximum: a child searched again
         * (a re-search, a quiescence search after its static value)
         * replaces what it said before, as it does in the engine. */
        parent->has_value = best_child(r, parent->node, &parent->value, &parent->best);
    } else if (!parent->known || r->nodes[parent->node].n < 0) {
        /* (A move that is none of the known parent's moves, a null move, is
         * not one it can choose.) */
        if (!parent->has_value || v > parent->value) {
            parent->has_value = true;
            parent->value = v;
            parent->best = f->move;
        }
    }
    /* An extra turn's move passed through has no value of its own: the
     * node below it was the search's for it, so it goes on up. */
    if (parent->through && parent->has_value && ply > 1) {
        parent->closed = true;
        back_up(r, ply - 1, parent->value, parent->side);
    }
}

/* The search is back at `ply`: a deeper node answered by the evaluation
 * or the table whose end was not told (the engine tells a leaf and goes
 * on) gives its value to its parent now. */
static void settle(Replay *r, int ply)
{
    for (; r->top > ply && r->top > 0; r->top--) {
        ReplayFrame *f = &r->frames[r->top];
        if (!f->closed && (f->leaf || f->hit)) {
            f->closed = true;
            back_up(r, r->top, f->value, f->side);
        }
    }
    /* The search is never at a move passed through. */
    r->top = entered_at_or_below(r, r->top);
}

/* The innermost ProbCut probe is over: the node's own frame is back, and
 * the search is there.  What the probe's search saw below the node was
 * its own visit, forgotten as a new visit would forget it. */
static void end_probe(Replay *r)
{
    const ReplayProbe *p = &r->probes[--r->nprobes];
    ReplayFrame *f = &r->frames[p->ply];
    *f = p->node;
    r->top = p->ply;
    if (f->known && f->node >= 0) {
        r->nodes[f->node].status = CHILD_OPEN;
        forget_below(r, f->node);
    }
}

/* The innermost probe's root at its ply, entered and not yet returned. */
static const ReplayProbe *probe_root_at(const Replay *r, int ply)
{
    if (r->nprobes == 0)
        return NULL;
    const ReplayProbe *p = &r->probes[r->nprobes - 1];
    return p->ply == ply && p->entered && r->top == ply ? p : NULL;
}

/* End the probes whose roots have returned before e: the search has left
 * the node (e is above it), or the root was answered by the evaluation or
 * the table (which returns at once) and e is not its own close (a
 * position without moves is told as a leaf, then closed: at the probe's
 * depth, never the node's own, which is deeper). */
static void end_probes_before(Replay *r, const TraceEvent *e)
{
    while (r->nprobes > 0) {
        const ReplayProbe *p = &r->probes[r->nprobes - 1];
        const ReplayFrame *root = &r->frames[p->ply];
        bool over = e->ply < p->ply;
        if (!over && p->entered && r->top == p->ply && (root->leaf || root->hit))
            over = !(e->kind == TRACE_CLOSE && e->ply == p->ply && e->depth == root->depth);
        if (!over)
            return;
        end_probe(r);
    }
}

static void close_node(Replay *r, const TraceEvent *e)
{
    /* Not a node on the path: no frame of its own to close. */
    if (e->ply > r->top)
        return;
    /* A probe's root closing hands its value to the test, not to the
     * node's parent: the node is searched on, or cut by its own close. */
    if (probe_root_at(r, e->ply)) {
        end_probe(r);
        return;
    }
    ReplayFrame *f = &r->frames[e->ply];
    f->closed = true;
    f->has_value = true;
    f->value = e->value;
    /* The engine's word on the best move stands, MOVE_NONE included (a
     * null-move cut, a fail-hard node whose moves all failed low). */
    f->best = e->best;
    if (e->ply > 0)
        back_up(r, e->ply, e->value, e->side);
    r->top = e->ply > 0 ? entered_at_or_below(r, e->ply - 1) : 0;
}

static void cutoff(Replay *r, const TraceEvent *e)
{
    r->ply[e->ply].cutoffs++;
    r->total.cutoffs++;
    /* Quiescence cuts at plies it never enters: counted, but no frame is
     * theirs (the one there is left from an earlier visit, or from the
     * future after a step back). */
    if (e->ply > r->top)
        return;
    ReplayFrame *f = &r->frames[e->ply];
    f->cut = true;
    /* The move that cut and its value are the engine's word (quiescence
     * cuts with captures the replay never saw entered). */
    f->has_value = true;
    f->value = e->value;
    f->best = e->best;
    if (f->known) {
        const ReplayNode *nd = &r->nodes[f->node];
        for (int i = 0; i < nd->n; i++)
            if (r->nodes[nd->first + i].status == CHILD_WAITING)
                r->nodes[nd->first + i].status = CHILD_CUT;
    }
}

static void research(Replay *r, const TraceEvent *e)
{
    r->ply[e->ply].researches++;
    r->total.researches++;
    if (e->ply == 0)
        return;
    /* The child searched again is the move from the node the search
     * entered it from: after an extra turn, the first of its moves. */
    const int q = search_parent(r, e);
    const ReplayFrame *parent = &r->frames[q];
    const int c = parent->known ? child_of(r, parent->node, e->path[q]) : -1;
    if (c >= 0)
        r->nodes[c].researches++;
}

static void answer(Replay *r, const TraceEvent *e)
{
    const bool leaf = e->kind == TRACE_LEAF, hit = e->kind == TRACE_HIT;
    r->ply[e->ply].leaves += leaf;
    r->ply[e->ply].hits += hit;
    r->total.leaves += leaf;
    r->total.hits += hit;
    /* Only the node just entered is answered; quiescence (and the seeds'
     * look at a passed position) evaluate positions they never enter,
     * whose frames are not theirs. */
    if (e->ply != r->top)
        return;
    ReplayFrame *f = &r->frames[e->ply];
    f->leaf = leaf;
    f->hit = hit;
    f->has_value = true;
    f->value = e->value;
}

/* A probe announced at the node the search is at.  A ProbCut probe's
 * search enters that node again: its frame waits (ReplayProbe). */
static void probe(Replay *r, const TraceEvent *e)
{
    r->ply[e->ply].probes++;
    r->total.probes++;
    if (e->probe != TRACE_PROBE_PROBCUT || e->ply != r->top || r->nprobes == REPLAY_MAX_PROBES)
        return;
    ReplayProbe *p = &r->probes[r->nprobes++];
    p->ply = e->ply;
    p->entered = false;
    p->node = r->frames[e->ply];
}

/* ---- a sampling search (mcts) ------------------------------------------
 * Its tree only grows: a node keeps its visits and score from one
 * iteration to the next, so nothing is forgotten below a node it goes
 * through, as the depth-first searches' next visits forget. */

static bool is_sampling(TraceKind k)
{
    return k == TRACE_SAMPLE || k == TRACE_SELECT || k == TRACE_EXPAND || k == TRACE_PLAYOUT ||
           k == TRACE_BACKUP;
}

/* An iteration begins at the root; the first puts the root in the tree. */
static void sample_begin(Replay *r, const TraceEvent *e)
{
    if (r->samples == 0) {
        r->ply[0].nodes++;
        r->total.nodes++;
    }
    r->samples = e->iteration;
    r->backed_up = false;
    r->top = 0;
    r->frames[0].has_value = r->frames[0].leaf = false;
}

/* Down to the child at e's path's end, selected or just made. */
static void sample_descend(Replay *r, const TraceEvent *e)
{
    const int ply = e->ply;
    if (ply < 1 || ply > r->top + 1)
        return;
    ReplayFrame *parent = &r->frames[ply - 1];
    if (parent->known && parent->node >= 0 && r->nodes[parent->node].n < 0)
        expand(r, parent->node, parent->state); /* its moves, listed once */
    step_to(r, ply, e->path[ply - 1]);
    ReplayFrame *f = &r->frames[ply];
    f->side = e->side;
    f->has_value = f->leaf = f->closed = false;
    if (f->known) {
        r->nodes[f->node].side = e->side;
        /* Selected, its moves are next: one joins the tree, or is
         * selected in turn (a node just made waits for its next visit). */
        if (e->kind == TRACE_SELECT && r->nodes[f->node].n < 0)
            expand(r, f->node, f->state);
    }
    r->top = ply;
    if (ply > r->deepest)
        r->deepest = ply;
    if (e->kind == TRACE_EXPAND) {
        r->ply[ply].nodes++;
        r->total.nodes++;
    }
}

/* The playout's result on the node it started from. */
static void sample_playout(Replay *r, const TraceEvent *e)
{
    r->ply[e->ply].leaves++;
    r->total.leaves++;
    r->playout_plies = e->plies;
    if (e->ply != r->top)
        return;
    ReplayFrame *f = &r->frames[e->ply];
    f->has_value = f->leaf = true;
    f->value = e->value;
}

/* The result up the path: each node one visit more, and in its score the
 * result for the side that moved into it (the root's mover is nobody's:
 * it scores only draws, as the engine's root does). */
static void sample_backup(Replay *r, const TraceEvent *e)
{
    if (e->ply != r->top)
        return;
    const int winner = e->value > 0 ? e->side : e->value < 0 ? 1 - e->side : -1;
    for (int p = 0; p <= r->top; p++) {
        ReplayFrame *f = &r->frames[p];
        if (!f->known)
            continue;
        ReplayNode *nd = &r->nodes[f->node];
        const int mover = p > 0 ? r->frames[p - 1].side : -1;
        nd->visits++;
        nd->score += winner < 0 ? 1u : winner == mover ? 2u : 0u;
        if (p > 0)
            nd->status = CHILD_DONE;
        f->closed = true;
    }
    r->backed_up = true;
}

static void sample_apply(Replay *r, const TraceEvent *e)
{
    switch (e->kind) {
    case TRACE_SAMPLE:
        sample_begin(r, e);
        break;
    case TRACE_SELECT:
    case TRACE_EXPAND:
        sample_descend(r, e);
        break;
    case TRACE_PLAYOUT:
        sample_playout(r, e);
        break;
    case TRACE_BACKUP:
        sample_backup(r, e);
        break;
    default:
        break;
    }
}

void replay_apply(Replay *r, const TraceEvent *e)
{
    r->step++;
    if (e->ply < 0 || e->ply >= REPLAY_MAX_PLY)
        return;
    if (is_sampling(e->kind)) {
        sample_apply(r, e);
        return;
    }
    end_probes_before(r, e);
    if (e->kind == TRACE_ENTER || e->kind == TRACE_RESEARCH)
        settle(r, e->ply - 1);
    else if (e->kind != TRACE_ITERATION && e->kind != TRACE_MTD_PASS &&
             e->kind != TRACE_MTD_RESULT)
        settle(r, e->ply);
    switch (e->kind) {
    case TRACE_ITERATION:
        r->iteration = e->depth;
        r->in_pass = false;
        break;
    case TRACE_ENTER:
        enter(r, e);
        break;
    case TRACE_LEAF:
    case TRACE_HIT:
        answer(r, e);
        break;
    case TRACE_CLOSE:
        close_node(r, e);
        break;
    case TRACE_CUTOFF:
        cutoff(r, e);
        break;
    case TRACE_RESEARCH:
        research(r, e);
        break;
    case TRACE_MTD_PASS:
    case TRACE_MTD_RESULT:
        r->in_pass = e->kind == TRACE_MTD_PASS;
        r->pass_bound = e->bound;
        r->lower = e->alpha;
        r->upper = e->beta;
        r->mtd_passes += e->kind == TRACE_MTD_PASS;
        break;
    case TRACE_PROBE:
        probe(r, e);
        break;
    default: /* the sampling kinds, told above */
        break;
    }
}

void replay_reset(Replay *r)
{
    r->step = 0;
    r->top = 0;
    r->deepest = 0;
    r->iteration = 0;
    r->in_pass = false;
    r->pass_bound = r->lower = r->upper = 0;
    r->mtd_passes = 0;
    r->nprobes = 0;
    r->samples = 0;
    r->backed_up = false;
    r->playout_plies = 0;
    memset(r->ply, 0, sizeof r->ply);
    memset(&r->total, 0, sizeof r->total);
    r->nnodes = 1;
    r->short_of_memory = false; /* as a replay new to this step would be */
    r->nodes[0] = (ReplayNode){.move = MOVE_NONE, .status = CHILD_OPEN, .parent = -1, .n = -1};
    ReplayFrame *root = &r->frames[0];
    root->known = true;
    root->node = 0;
    root->move = MOVE_NONE;
    frame_open(r, 0, &(TraceEvent){.side = r->game->ops->side_to_move(r->game, root->state),
                                   .alpha = -SCORE_INF, .beta = SCORE_INF});
}

Replay *replay_new(const Game *g, const void *root)
{
    Replay *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->game = g;
    if (!room_for(r, 1)) {
        free(r);
        return NULL;
    }
    memcpy(r->frames[0].state, root, g->state_size);
    replay_reset(r);
    return r;
}

void replay_free(Replay *r)
{
    if (!r)
        return;
    free(r->nodes);
    free(r);
}

void replay_seek(Replay *r, const TraceLog *log, int step)
{
    if (step > log->n)
        step = log->n;
    if (step < 0)
        step = 0;
    if (step < r->step)
        replay_reset(r);
    while (r->step < step)
        replay_apply(r, &log->events[r->step]);
}

int replay_child_order(const Replay *r, int node, int *out)
{
    const ReplayNode *nd = &r->nodes[node];
    int k = 0;
    for (int want = 1; k < nd->n; want++) {
        int found = -1;
        for (int i = 0; i < nd->n && found < 0; i++)
            if (r->nodes[nd->first + i].order == want)
                found = nd->first + i;
        if (found < 0)
            break;
        out[k++] = found;
    }
    for (int i = 0; i < nd->n; i++)
        if (r->nodes[nd->first + i].order == 0)
            out[k++] = nd->first + i;
    return k;
}

int replay_node_ply(const Replay *r, int node)
{
    int ply = 0;
    while (node > 0 && r->nodes[node].parent >= 0) {
        node = r->nodes[node].parent;
        ply++;
    }
    return ply;
}
