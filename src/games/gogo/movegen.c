/* movegen.c - the rules of gogo shogi on bitboards: attacks, checks and
 * pins, strictly legal move generation (with uchifuzume), counting, making
 * a move, and perft. */
#include <stdio.h>

#include "base/i18n.h"
#include "games/gogo/internal.h"

Bits gogo_attackers(const GogoState *s, int sq, int by, Bits occ)
{
    const int other = by ^ 1; /* a step pattern seen backwards is the other side's */
    const Bits golds = kinds(s, K_GOLD) | kinds(s, K_TOKIN) | kinds(s, K_PSILVER);
    const Bits kingly = kinds(s, K_KING) | kinds(s, K_HORSE) | kinds(s, K_DRAGON);
    const Bits diagonal = kinds(s, K_BISHOP) | kinds(s, K_HORSE);
    const Bits straight = kinds(s, K_ROOK) | kinds(s, K_DRAGON);
    Bits a = (T.step[other][K_PAWN][sq] & kinds(s, K_PAWN)) |
             (T.step[other][K_SILVER][sq] & kinds(s, K_SILVER)) |
             (T.step[other][K_GOLD][sq] & golds) | (T.step[by][K_KING][sq] & kingly);
    const Bits mine = s->by_owner[by];
    if (T.bishop_empty[sq] & diagonal & mine)
        a |= bishop_attacks(sq, occ) & diagonal;
    if (T.rook_empty[sq] & straight & mine)
        a |= rook_attacks(sq, occ) & straight;
    return a & mine;
}

bool gogo_state_in_check(const GogoState *s)
{
    int ksq = king_square(s, s->side);
    return ksq >= 0 && gogo_attackers(s, ksq, s->side ^ 1, occupied(s)) != 0;
}

/* Own pieces that alone stand between our king and an enemy slider. */
static inline Bits pinned_pieces(const GogoState *s, int ksq, int us, Bits occ)
{
    const Bits enemy = s->by_owner[us ^ 1];
    Bits snipers = enemy & ((T.rook_empty[ksq] & (kinds(s, K_ROOK) | kinds(s, K_DRAGON))) |
                            (T.bishop_empty[ksq] & (kinds(s, K_BISHOP) | kinds(s, K_HORSE))));
    Bits pinned = 0;
    for (; snipers; snipers &= snipers - 1) {
        Bits between = T.between[ksq][lsb(snipers)] & occ;
        if (between && !(between & (between - 1)))
            pinned |= between;
    }
    return pinned & s->by_owner[us];
}

/* Files that already hold an unpromoted pawn of `owner` (nifu). */
static inline Bits pawn_files(const GogoState *s, int owner)
{
    Bits files = 0;
    for (Bits p = kinds(s, K_PAWN) & s->by_owner[owner]; p; p &= p - 1)
        files |= T.file_of[lsb(p)];
    return files;
}

/// Uchifuzume, checked by brute force: play the pawn drop and count the
/// replies.  It only runs for the one square in front of the enemy king, and
/// the reply count there is cheap (the opponent is in check by an adjacent
/// pawn: no interpositions, so only king moves and captures of the pawn).
static bool pawn_drop_mates(const GogoState *s, int to)
{
    GogoState child;
    gogo_play(s, gogo_drop(GOGO_PAWN, to), &child);
    return gogo_count(&child) == 0;
}

/* Write (moves != NULL) or count the moves of one piece to the squares
 * `to_set`: those in `promote_only` are played promoted only, those in
 * `promote_too` both ways (plain first). */
static inline int emit(Move *moves, int n, int from, Bits to_set, Bits promote_only,
                       Bits promote_too)
{
    if (!moves)
        return n + popcount(to_set) + popcount(promote_too);
    for (; to_set; to_set &= to_set - 1) {
        int to = lsb(to_set);
        if (promote_only & bit(to)) {
            moves[n++] = gogo_move(from, to, true);
        } else {
            moves[n++] = gogo_move(from, to, false);
            if (promote_too & bit(to))
                moves[n++] = gogo_move(from, to, true);
        }
    }
    return n;
}

/* Which of a piece's targets `to_set` it must reach promoted
 * (*promote_only) and which either way (*promote_too): a pawn on the last
 * rank (the whole zone) must promote; another kind that can may when it
 * starts or ends in the zone. */
static inline void promotions(int kind, int from, Bits to_set, Bits zone, Bits *promote_only,
                              Bits *promote_too)
{
    *promote_only = *promote_too = 0;
    if (kind == K_PAWN)
        *promote_only = to_set & zone;
    else if (kind_can_promote(kind))
        *promote_too = (bit(from) & zone) ? to_set : to_set & zone;
}

/// One generator for both listing and counting (moves == NULL): it is
/// inlined into each, so the counting version (perft's last ply) never
/// touches memory for the moves and pays one popcount per piece.  Moves are
/// legal by construction: in check only the evasions are produced (king
/// steps; captures of a single checker or interpositions), pinned pieces
/// stay on their pin line, the king never steps onto an attacked square
/// (tested without the king, so it cannot hide behind itself), and pawn
/// drops respect nifu, the last rank and uchifuzume.
static inline __attribute__((always_inline)) int generate(const GogoState *s, Move *moves)
{
    const int us = s->side, them = us ^ 1;
    const Bits own = s->by_owner[us], occ = own | s->by_owner[them];
    const int ksq = king_square(s, us);
    const Bits checkers = gogo_attackers(s, ksq, them, occ);
    Bits targets = BOARD_BITS & ~own, drops = BOARD_BITS & ~occ;
    if (checkers) {
        if (checkers & (checkers - 1)) {
            targets = drops = 0; /* double check: the king must move */
        } else {
            drops = T.between[ksq][lsb(checkers)];
            targets = drops | checkers;
        }
    }
    const Bits pinned = pinned_pieces(s, ksq, us, occ);
    const Bits zone = T.last_rank[us];
    int n = 0;
    for (Bits pieces = own; pieces; pieces &= pieces - 1) {
        const int from = lsb(pieces);
        const int kind = code_kind(s->board[from]);
        if (kind == K_KING) {
            Bits safe = 0;
            const Bits without_king = occ ^ bit(from);
            for (Bits t = T.step[us][K_KING][from] & ~own; t; t &= t - 1)
                if (!gogo_attackers(s, lsb(t), them, without_king))
                    safe |= bit(lsb(t));
            n = emit(moves, n, from, safe, 0, 0);
            continue;
        }
        Bits to_set = piece_attacks(kind, us, from, occ) & targets;
        if (pinned & bit(from))
            to_set &= T.line[ksq][from];
        if (!to_set)
            continue;
        Bits promote_only, promote_too;
        promotions(kind, from, to_set, zone, &promote_only, &promote_too);
        n = emit(moves, n, from, to_set, promote_only, promote_too);
    }
    if (!drops)
        return n;
    for (int k = K_PAWN; k <= K_ROOK; k++) {
        if (!s->hand[us][k - 1])
            continue;
        Bits to_set = drops;
        if (k == K_PAWN) {
            to_set &= ~zone & ~pawn_files(s, us);
            const int enemy_king = king_square(s, them);
            const Bits checking = enemy_king >= 0 ? T.step[them][K_PAWN][enemy_king] & to_set : 0;
            if (checking && pawn_drop_mates(s, lsb(checking)))
                to_set ^= checking;
        }
        if (!moves) {
            n += popcount(to_set);
            continue;
        }
        for (; to_set; to_set &= to_set - 1)
            moves[n++] = gogo_drop((GogoPiece)k, lsb(to_set));
    }
    return n;
}

int gogo_generate(const GogoState *s, Move *moves) { return generate(s, moves); }

/* Whether m, legal in s, leaves the opponent without a reply. */
static bool mates(const GogoState *s, Move m)
{
    GogoState child;
    gogo_play(s, m, &child);
    return gogo_count(&child) == 0;
}

/// Mate in one for a side not in check, without listing its moves: only
/// the moves that put a piece where it attacks the enemy king are tried,
/// a drop on a square from which its kind reaches the king (the squares
/// that kind of the king's colour reaches from the king's square), a
/// board move whose piece, promoted or not, reaches the king from its new
/// square.  Pawn drops never (a pawn-drop mate is against the rules), nor
/// king moves and discovered checks, which leaves out rare mates: the
/// search's quiescence asks at most of its nodes, so the probe must cost
/// little more than an evaluation.
bool gogo_mate_in_one(const GogoState *s, Move *mate)
{
    const int us = s->side, them = us ^ 1;
    const int eksq = king_square(s, them), ksq = king_square(s, us);
    if (eksq < 0 || ksq < 0)
        return false;
    const Bits own = s->by_owner[us], occ = own | s->by_owner[them];
    for (int k = K_SILVER; k <= K_ROOK; k++) {
        if (!s->hand[us][k - 1])
            continue;
        for (Bits to = piece_attacks(k, them, eksq, occ) & ~occ; to; to &= to - 1)
            if (mates(s, *mate = gogo_drop((GogoPiece)k, lsb(to))))
                return true;
    }
    const Bits pinned = pinned_pieces(s, ksq, us, occ), zone = T.last_rank[us];
    for (Bits pieces = own & ~kinds(s, K_KING); pieces; pieces &= pieces - 1) {
        const int from = lsb(pieces), kind = code_kind(s->board[from]);
        Bits to_set = piece_attacks(kind, us, from, occ) & ~own;
        if (pinned & bit(from))
            to_set &= T.line[ksq][from];
        Bits promote_only, promote_too;
        promotions(kind, from, to_set, zone, &promote_only, &promote_too);
        for (; to_set; to_set &= to_set - 1) {
            const int to = lsb(to_set);
            const Bits after = (occ & ~bit(from)) | bit(to);
            if (!(promote_only & bit(to)) && (piece_attacks(kind, us, to, after) & bit(eksq)) &&
                mates(s, *mate = gogo_move(from, to, false)))
                return true;
            if (((promote_only | promote_too) & bit(to)) &&
                (piece_attacks(kind_promoted(kind), us, to, after) & bit(eksq)) &&
                mates(s, *mate = gogo_move(from, to, true)))
                return true;
        }
    }
    return false;
}

int gogo_count(const GogoState *s) { return generate(s, NULL); }

void gogo_play(const GogoState *s, Move m, GogoState *c)
{
    *c = *s;
    const int us = s->side, them = us ^ 1;
    const int to = gogo_move_to(m), from = gogo_move_from(m);
    uint64_t h = s->hash ^ T.zobrist_side;
    if (from >= GOGO_DROP_FROM) {
        const int k = from - GOGO_DROP_FROM + 1, held = s->hand[us][k - 1];
        const int code = make_code(k, us);
        h ^= T.zobrist_hand[us][k - 1][held] ^ T.zobrist_hand[us][k - 1][held - 1];
        c->hand[us][k - 1] = (uint8_t)(held - 1);
        c->by_kind[k - 1] |= bit(to);
        c->by_owner[us] |= bit(to);
        c->board[to] = (uint8_t)code;
        h ^= T.zobrist_piece[code][to];
    } else {
        const int code = s->board[from], kind = code_kind(code);
        const int captured = s->board[to];
        if (captured) {
            const int ck = code_kind(captured), base = kind_base(ck);
            const int held = s->hand[us][base - 1];
            c->by_kind[ck - 1] ^= bit(to);
            c->by_owner[them] ^= bit(to);
            h ^= T.zobrist_piece[captured][to];
            h ^= T.zobrist_hand[us][base - 1][held] ^ T.zobrist_hand[us][base - 1][held + 1];
            c->hand[us][base - 1] = (uint8_t)(held + 1);
        }
        const int new_kind = gogo_move_promotes(m) ? kind_promoted(kind) : kind;
        const int new_code = make_code(new_kind, us);
        c->by_kind[kind - 1] ^= bit(from);
        c->by_kind[new_kind - 1] |= bit(to);
        c->by_owner[us] ^= bit(from) | bit(to);
        c->board[from] = 0;
        c->board[to] = (uint8_t)new_code;
        h ^= T.zobrist_piece[code][from] ^ T.zobrist_piece[new_code][to];
    }
    c->side = (uint8_t)them;
    if (c->move_number < UINT16_MAX)
        c->move_number++;
    c->hash = h;
}

/// Perft with bulk counting: the last ply is gogo_count(), which is exact
/// because the generator only ever produces legal moves.
uint64_t gogo_perft_state(const GogoState *s, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)gogo_count(s);
    Move moves[GAME_MAX_MOVES];
    const int n = gogo_generate(s, moves);
    uint64_t total = 0;
    GogoState child;
    for (int i = 0; i < n; i++) {
        gogo_play(s, moves[i], &child);
        total += gogo_perft_state(&child, depth - 1);
    }
    return total;
}

/* ---- why a move is illegal (for the move parser's messages) --------------- */

static const char *const kind_names[K_COUNT] = {
    N_("nothing"), N_("pawn"), N_("silver"), N_("gold"), N_("bishop"), N_("rook"), N_("king"),
    N_("tokin"), N_("promoted silver"), N_("horse"), N_("dragon"),
};

static bool why_drop_fails(const GogoState *s, Move m, char *why, size_t len)
{
    const int us = s->side, to = gogo_move_to(m);
    const int k = gogo_move_drop_piece(m);
    if (k < K_PAWN || k > K_ROOK)
        return snprintf(why, len, _("not a piece that can be dropped")), true;
    if (!s->hand[us][k - 1])
        return snprintf(why, len, _("no %s in hand"), _(kind_names[k])), true;
    if (s->board[to])
        return snprintf(why, len, _("the square is occupied")), true;
    if (k == K_PAWN) {
        if (T.last_rank[us] & bit(to))
            return snprintf(why, len, _("a pawn may not be dropped on the last rank")), true;
        if (pawn_files(s, us) & bit(to))
            return snprintf(why, len, _("nifu (an unpromoted pawn of yours already stands on "
                                      "file %d)"), gogo_square_file(to)), true;
    }
    GogoState child;
    gogo_play(s, m, &child);
    const int ksq = king_square(s, us);
    if (gogo_attackers(&child, ksq, us ^ 1, occupied(&child)))
        return snprintf(why, len, _("leaves the king in check")), true;
    if (k == K_PAWN && gogo_state_in_check(&child) && gogo_count(&child) == 0)
        return snprintf(why, len, _("uchifuzume (a pawn drop may not give checkmate)")), true;
    return false;
}

static bool why_board_move_fails(const GogoState *s, Move m, char *why, size_t len)
{
    const int us = s->side, from = gogo_move_from(m), to = gogo_move_to(m);
    const int code = s->board[from];
    if (!code)
        return snprintf(why, len, _("no piece on the square it moves from")), true;
    if (code_owner(code) != us)
        return snprintf(why, len, _("the piece on the square it moves from is not yours")), true;
    if (s->board[to] && code_owner(s->board[to]) == us)
        return snprintf(why, len, _("the target square holds your own piece")), true;
    const int kind = code_kind(code);
    if (!(piece_attacks(kind, us, from, occupied(s)) & bit(to)))
        return snprintf(why, len, _("a %s cannot move that way"), _(kind_names[kind])), true;
    const bool in_zone = (T.last_rank[us] & (bit(from) | bit(to))) != 0;
    if (gogo_move_promotes(m)) {
        if (!kind_can_promote(kind))
            return snprintf(why, len, _("a %s cannot promote"), _(kind_names[kind])), true;
        if (!in_zone)
            return snprintf(why, len, _("promotion needs a move into, out of or within the "
                                      "last rank")), true;
    } else if (kind == K_PAWN && (T.last_rank[us] & bit(to))) {
        return snprintf(why, len, _("a pawn reaching the last rank must promote")), true;
    }
    GogoState child;
    gogo_play(s, m, &child);
    const int ksq = king_square(&child, us);
    if (ksq >= 0 && gogo_attackers(&child, ksq, us ^ 1, occupied(&child)))
        return snprintf(why, len, "%s", kind == K_KING ? _("moves the king into check")
                                                       : _("leaves the king in check")), true;
    return false;
}

bool gogo_explain_illegal(const GogoState *s, Move m, char *why, size_t len)
{
    if (gogo_move_to(m) >= NSQ || gogo_move_from(m) >= GOGO_DROP_FROM + GOGO_HAND_KINDS)
        return snprintf(why, len, _("not a move")), true;
    if (gogo_move_is_drop(m) && gogo_move_promotes(m))
        return snprintf(why, len, _("a drop cannot promote")), true;
    if (gogo_move_is_drop(m) ? why_drop_fails(s, m, why, len) : why_board_move_fails(s, m, why, len))
        return true;
    /* The checks above are the whole rule set; the generator has the last word. */
    Move moves[GAME_MAX_MOVES];
    const int n = gogo_generate(s, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return false;
    snprintf(why, len, _("not a legal move here"));
    return true;
}
