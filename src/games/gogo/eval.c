/* eval.c - gogo's evaluation features, the built-in weights, and the weight
 * file reader and writer (see eval.h). */
#include "games/gogo/eval.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/assets.h"
#include "base/i18n.h"
#include "base/read_file.h"
#include "games/gogo/internal.h"
#include "games/gogo/net.h"

static const char *const kind_names[EVAL_KINDS] = {
    "pawn", "silver", "gold", "bishop", "rook", "king", "tokin", "psilver", "horse", "dragon",
};

/* ---- the groups of the weight file ------------------------------------------ */

typedef struct {
    char name[16];
    int offset, count;
} Group;

#define V1_GROUPS (7 + EVAL_KINDS) /* the groups of a version 1 file: all before near.* */
#define V2_GROUPS (V1_GROUPS + EVAL_KINDS + 1) /* and of version 2: up to tempo */
#define NGROUPS (V2_GROUPS + 4)
static Group groups[NGROUPS];

static void build_groups(void)
{
    int g = 0;
    groups[g++] = (Group){"material", EV_MATERIAL, EVAL_KINDS};
    groups[g++] = (Group){"hand", EV_HAND, GOGO_HAND_KINDS};
    for (int k = 0; k < EVAL_KINDS; k++) {
        groups[g] = (Group){"", EV_PST + 25 * k, 25};
        snprintf(groups[g].name, sizeof groups[g].name, "pst.%s", kind_names[k]);
        g++;
    }
    groups[g++] = (Group){"mobility", EV_MOBILITY, EVAL_KINDS};
    groups[g++] = (Group){"king.attack", EV_KING_ATTACK, EVAL_ATTACK_STEPS};
    groups[g++] = (Group){"king.defend", EV_KING_DEFEND, 1};
    groups[g++] = (Group){"king.escape", EV_KING_ESCAPE, EVAL_ESCAPE_STEPS};
    groups[g++] = (Group){"king.drop", EV_KING_DROP, GOGO_HAND_KINDS};
    for (int k = 0; k < EVAL_KINDS; k++) {
        groups[g] = (Group){"", EV_KING_NEAR + EVAL_NEAR_SIZE * k, EVAL_NEAR_SIZE};
        snprintf(groups[g].name, sizeof groups[g].name, "near.%s", kind_names[k]);
        g++;
    }
    groups[g++] = (Group){"tempo", EV_TEMPO, 1};
    groups[g++] = (Group){"attacked.us", EV_ATTACKED, EVAL_KINDS};
    groups[g++] = (Group){"attacked.them", EV_ATTACKED + EVAL_KINDS, EVAL_KINDS};
    groups[g++] = (Group){"hanging.us", EV_HANGING, EVAL_KINDS};
    groups[g++] = (Group){"hanging.them", EV_HANGING + EVAL_KINDS, EVAL_KINDS};
}

static const Group *all_groups(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_groups);
    return groups;
}

/* ---- built-in weights ---------------------------------------------------------- */

/* Hand-set starting points: the old material values, a king that likes its
 * home rank, sliders that like open lines, and a king zone that fears
 * attackers and enemy pieces in hand.  Tuning replaces them. */
static GogoEvalWeights builtin;

static void build_builtin(void)
{
    static const int material[EVAL_KINDS] = {100, 450, 500, 600, 700, 0, 500, 500, 800, 950};
    static const int hand[GOGO_HAND_KINDS] = {120, 500, 550, 650, 750};
    static const int mobility[EVAL_KINDS] = {1, 2, 2, 4, 4, 0, 2, 2, 3, 3};
    static const int attack[EVAL_ATTACK_STEPS] = {0,    -8,   -20,  -35,  -55,  -80,
                                                  -110, -140, -170, -200, -230, -260};
    static const int escape[EVAL_ESCAPE_STEPS] = {-60, -30, -15, -5, 0, 0, 0, 0, 0};
    static const int drop[GOGO_HAND_KINDS] = {-4, -10, -10, -8, -8};
    int32_t *w = builtin.w;
    for (int k = 0; k < EVAL_KINDS; k++) {
        w[EV_MATERIAL + k] = material[k];
        w[EV_MOBILITY + k] = mobility[k];
    }
    for (int k = 0; k < GOGO_HAND_KINDS; k++) {
        w[EV_HAND + k] = hand[k];
        w[EV_KING_DROP + k] = drop[k];
    }
    for (int sq = 0; sq < NSQ; sq++) /* rows 0..4 from sente's far side to its home */
        w[EV_PST + 25 * (K_KING - 1) + sq] = (sq / 5 - 4) * 10;
    memcpy(&w[EV_KING_ATTACK], attack, sizeof attack);
    w[EV_KING_DEFEND] = 6;
    memcpy(&w[EV_KING_ESCAPE], escape, sizeof escape);
}

const GogoEvalWeights *gogo_eval_builtin(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_builtin);
    return &builtin;
}

/* ---- features ---------------------------------------------------------------------- */

static inline void add(GogoEvalFeatures *f, int index, int count)
{
    f->index[f->n] = (uint16_t)index;
    f->count[f->n] = (int16_t)count;
    f->n++;
}

/* The square as `owner` sees the board: sente's squares as they are,
 * gote's turned half a turn, so that both read "forward" the same way. */
static inline int owner_view(int owner, int sq) { return owner == GOGO_SENTE ? sq : NSQ - 1 - sq; }

/* Where near.* puts a piece of `kind` (its owner's, or the other side's
 * when `enemy`) that stands `at` from a king: at = (dy + 4) * 9 + dx + 4. */
static inline int near_index(int kind, bool enemy, int at)
{
    return EV_KING_NEAR + EVAL_NEAR_SIZE * (kind - 1) + (enemy ? EVAL_NEAR_OFFSETS : 0) + at;
}

/// Everything the evaluation looks at, as (weight index, count) pairs with
/// the side to move counted positive: one bitboard pass over each side's
/// pieces collects material, squares, mobility and the attacks on both king
/// zones; the king terms follow from those attack maps.  Each piece is also
/// placed relative to both kings (near.*): on a 5x5 board every piece is
/// near a king, and which guard or attacker stands where around it is what
/// decides a shogi king's safety, more than a count of attacks can say.
/// The attack maps also give each piece the other side attacks, and those
/// of them nothing guards, counted apart for the side to move (which can
/// still save them) and the other (which may lose one next move): what a
/// quiescence search that only captures sees too late.
/// Being linear in the weights is what lets the tuner fit them by plain
/// gradient descent.
void gogo_eval_features(const GogoState *s, GogoEvalFeatures *f)
{
    const Bits occ = occupied(s);
    Bits zone[2], all_attacks[2] = {0, 0};
    int king_sq[2], zone_attacks[2] = {0, 0}, zone_guards[2] = {0, 0};
    /* A piece on row r, file c (sente's view) stands (r - kr) rows and
     * (c - kc) files from sente's king, as sente sees it, and the negated
     * offsets from gote's king, as gote sees it; both kept as (dy + 4) * 9
     * + dx + 4 less the piece's own r * 9 + c, which is then added back. */
    int near_base[2] = {0, 0};
    for (int o = 0; o < 2; o++) {
        king_sq[o] = king_square(s, o);
        zone[o] = king_sq[o] < 0 ? 0 : T.step[o][K_KING][king_sq[o]] | bit(king_sq[o]);
        if (king_sq[o] >= 0)
            near_base[o] = o == GOGO_SENTE ? 40 - (king_sq[o] / 5 * 9 + king_sq[o] % 5)
                                           : 40 + king_sq[o] / 5 * 9 + king_sq[o] % 5;
    }
    f->n = 0;
    add(f, EV_TEMPO, 1); /* having the move is worth something of its own */
    for (int o = 0; o < 2; o++) {
        const int sign = o == s->side ? 1 : -1;
        for (Bits b = s->by_owner[o]; b; b &= b - 1) {
            const int sq = lsb(b), kind = code_kind(s->board[sq]);
            const int view = owner_view(o, sq);
            const Bits att = piece_attacks(kind, o, sq, occ);
            const int rc = sq / 5 * 9 + sq % 5;
            if (king_sq[GOGO_SENTE] >= 0 && sq != king_sq[GOGO_SENTE])
                add(f, near_index(kind, o != GOGO_SENTE, near_base[GOGO_SENTE] + rc),
                    s->side == GOGO_SENTE ? 1 : -1);
            if (king_sq[GOGO_GOTE] >= 0 && sq != king_sq[GOGO_GOTE])
                add(f, near_index(kind, o != GOGO_GOTE, near_base[GOGO_GOTE] - rc),
                    s->side == GOGO_GOTE ? 1 : -1);
            all_attacks[o] |= att;
            add(f, EV_PST + 25 * (kind - 1) + view, sign);
            const int reach = popcount(att & ~s->by_owner[o]);
            if (reach)
                add(f, EV_MOBILITY + kind - 1, sign * reach);
            if (kind != K_KING) {
                add(f, EV_MATERIAL + kind - 1, sign);
                zone_attacks[o ^ 1] += popcount(att & zone[o ^ 1]);
                zone_guards[o] += popcount(att & zone[o]);
            }
        }
        for (int k = 0; k < GOGO_HAND_KINDS; k++)
            if (s->hand[o][k])
                add(f, EV_HAND + k, sign * s->hand[o][k]);
    }
    for (int o = 0; o < 2; o++) {
        const int them = o == s->side ? 0 : EVAL_KINDS;
        const Bits attacked = s->by_owner[o] & all_attacks[o ^ 1] & ~kinds(s, K_KING);
        for (Bits b = attacked; b; b &= b - 1) {
            const int sq = lsb(b), kind = code_kind(s->board[sq]);
            add(f, EV_ATTACKED + them + kind - 1, 1);
            if (!(all_attacks[o] & bit(sq)))
                add(f, EV_HANGING + them + kind - 1, 1);
        }
    }
    for (int o = 0; o < 2; o++) {
        if (king_sq[o] < 0)
            continue;
        const int sign = o == s->side ? 1 : -1;
        const int attacks = zone_attacks[o] < EVAL_ATTACK_STEPS ? zone_attacks[o] : EVAL_ATTACK_STEPS - 1;
        add(f, EV_KING_ATTACK + attacks, sign);
        if (zone_guards[o])
            add(f, EV_KING_DEFEND, sign * zone_guards[o]);
        const Bits flight = T.step[o][K_KING][king_sq[o]] & ~s->by_owner[o] & ~all_attacks[o ^ 1];
        add(f, EV_KING_ESCAPE + popcount(flight), sign);
        const int empty = popcount(zone[o] & ~occ);
        if (empty)
            for (int k = 0; k < GOGO_HAND_KINDS; k++)
                if (s->hand[o ^ 1][k])
                    add(f, EV_KING_DROP + k, sign * empty);
    }
}

static int clamp_score(long v)
{
    return v > EVAL_BOUND ? EVAL_BOUND : v < -EVAL_BOUND ? -EVAL_BOUND : (int)v;
}

static long linear_sum(const GogoEvalWeights *w, const GogoEvalFeatures *f)
{
    long v = 0;
    for (int i = 0; i < f->n; i++)
        v += (long)w->w[f->index[i]] * f->count[i];
    return v;
}

int gogo_eval(const GogoEvalWeights *w, const GogoState *s)
{
    GogoEvalFeatures f;
    gogo_eval_features(s, &f);
    return clamp_score(linear_sum(w, &f));
}

int gogo_eval_material(const GogoState *s)
{
    const int32_t *w = gogo_eval_builtin()->w;
    long v = 0;
    for (int o = 0; o < 2; o++) {
        const int sign = o == s->side ? 1 : -1;
        for (int k = K_PAWN; k < K_COUNT; k++)
            v += sign * w[EV_MATERIAL + k - 1] * popcount(kinds(s, k) & s->by_owner[o]);
        for (int k = 0; k < GOGO_HAND_KINDS; k++)
            v += sign * w[EV_HAND + k] * s->hand[o][k];
    }
    return clamp_score(v);
}

/* ---- the weight file ----------------------------------------------------------------- */

#define FILE_MAGIC "yomi-gogo-eval"
#define FILE_VERSION 3

static int find_group(const char *name, size_t len)
{
    const Group *g = all_groups();
    for (int i = 0; i < NGROUPS; i++)
        if (strlen(g[i].name) == len && memcmp(g[i].name, name, len) == 0)
            return i;
    return -1;
}

/// One line per group after the version line: anything unexpected (an
/// unknown group, a repeated one, too few or too many numbers, a number out
/// of range, a line too long, a missing group) rejects the whole file, so a
/// truncated or garbled file never yields half-loaded weights.  A network
/// section (net.h) may follow the groups of a version 3 file; it is read
/// into a new *net when net is not NULL, and passed over otherwise.
static int parse_weights(const char *text, size_t len, const char *name, GogoEvalWeights *w,
                         GogoNet **net, Err *err)
{
    const Group *groups_ = all_groups();
    GogoEvalWeights tmp = *gogo_eval_builtin();
    bool seen[NGROUPS] = {false}, have_version = false, has_net = false;
    int ngroups = NGROUPS; /* the groups this file's version has */
    TextLines lines = text_lines(name, text, len, GOGO_EVAL_LINE_MAX);
    char line[GOGO_EVAL_LINE_MAX + 1];
    int got;
    while ((got = text_lines_next(&lines, line, err)) > 0) {
        const int lineno = lines.lineno;
        const char *p = text_skip_blanks(line);
        if (*p == '\0' || *p == '#')
            continue;
        const char *word = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
        const size_t wlen = (size_t)(p - word);
        if (!have_version) {
            char *end;
            errno = 0;
            long version = strtol(p, &end, 10);
            if (wlen != strlen(FILE_MAGIC) || memcmp(word, FILE_MAGIC, wlen) != 0 ||
                end == p || *text_skip_blanks(end) != '\0')
                return err_set(err, "%.200s: line %d: not a gogo weight file (expected '%s %d')",
                               name, lineno, FILE_MAGIC, FILE_VERSION);
            if (version < 1 || version > FILE_VERSION)
                return err_set(err, "%.200s: version %ld, this yomi reads versions 1 to %d",
                               name, version, FILE_VERSION);
            if (version == 1)
                ngroups = V1_GROUPS;
            else if (version == 2)
                ngroups = V2_GROUPS;
            have_version = true;
            continue;
        }
        if (wlen == strlen(GOGO_NET_MAGIC) && memcmp(word, GOGO_NET_MAGIC, wlen) == 0) {
            has_net = true;
            char *end;
            errno = 0;
            const long version = strtol(p, &end, 10);
            if (end == p || *text_skip_blanks(end) != '\0' || version != GOGO_NET_VERSION)
                return err_set(err, "%.200s: line %d: expected '%s %d'", name, lineno,
                               GOGO_NET_MAGIC, GOGO_NET_VERSION);
            if (ngroups != NGROUPS)
                return err_set(err, "%.200s: line %d: a network needs version %d weights", name,
                               lineno, FILE_VERSION);
            break;
        }
        const int g = find_group(word, wlen);
        if (g < 0 || g >= ngroups)
            return err_set(err, "%.200s: line %d: unknown group '%.*s'", name, lineno,
                           (int)(wlen > 40 ? 40 : wlen), word);
        if (seen[g])
            return err_set(err, "%.200s: line %d: group %s given twice", name, lineno,
                           groups_[g].name);
        seen[g] = true;
        if (text_line_ints(&lines, p, groups_[g].name, tmp.w + groups_[g].offset,
                           groups_[g].count, EVAL_MAX_WEIGHT, err) != 0)
            return -1;
    }
    if (got < 0)
        return -1;
    if (!have_version)
        return err_set(err, "%.200s: empty (expected '%s %d')", name, FILE_MAGIC, FILE_VERSION);
    for (int g = 0; g < ngroups; g++)
        if (!seen[g])
            return err_set(err, "%.200s: group %s is missing (truncated file?)", name,
                           groups_[g].name);
    if (net) {
        *net = NULL;
        if (has_net) {
            GogoNet *n = malloc(sizeof *n);
            if (!n)
                return err_set(err, "out of memory");
            if (gogo_net_parse(&lines, n, err) != 0) {
                free(n);
                return -1;
            }
            *net = n;
        }
    }
    *w = tmp;
    return 0;
}

int gogo_eval_parse(const char *text, size_t len, const char *name, GogoEvalWeights *w, Err *err)
{
    return parse_weights(text, len, name, w, NULL, err);
}

int gogo_eval_parse_net(const char *text, size_t len, const char *name, GogoEvalWeights *w,
                        GogoNet **net, Err *err)
{
    return parse_weights(text, len, name, w, net, err);
}

int gogo_eval_load(const char *path, GogoEvalWeights *w, GogoNet **net, Err *err)
{
    size_t len;
    char *text = read_file_whole(path, GOGO_EVAL_FILE_MAX, &len, err);
    if (!text)
        return -1;
    const int rc = parse_weights(text, len, path, w, net, err);
    free(text);
    return rc;
}

int gogo_eval_write(FILE *out, const GogoEvalWeights *w, const char *comment)
{
    const Group *g = all_groups();
    fprintf(out, "# yomi gogo evaluation weights (centipawn-like units, side to move's view)\n");
    if (comment && *comment)
        fprintf(out, "# %s\n", comment);
    fprintf(out,
            "# One group per line: its name, then its numbers.  Kinds in order: pawn silver\n"
            "# gold bishop rook king tokin psilver horse dragon; hand: P S G B R.  pst.*:\n"
            "# the 25 squares as sente sees them, 5a 4a .. 1a, 5b .. 1e (gote's mirrored).\n"
            "# king.attack[n]: n attacks on the king's zone; king.escape[n]: n free flight\n"
            "# squares; king.drop[k]: per empty zone square when the enemy holds kind k.\n"
            "# near.KIND: 81 numbers for a piece of the king's owner, then 81 for one of\n"
            "# the other side, by its place from each king as the king's owner sees the\n"
            "# board: rows 4 ahead .. 4 behind, each from 4 files left to 4 right.\n"
            "# tempo: the side to move's, once.  attacked.us: per piece of the side to\n"
            "# move that the other attacks, by kind; attacked.them: the same for the other\n"
            "# side's pieces; hanging.*: per such piece that its own side does not guard.\n");
    fprintf(out, "%s %d\n", FILE_MAGIC, FILE_VERSION);
    for (int i = 0; i < NGROUPS; i++) {
        fputs(g[i].name, out);
        for (int j = 0; j < g[i].count; j++)
            fprintf(out, " %d", (int)w->w[g[i].offset + j]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

void gogo_eval_param_name(int i, char *buf, size_t len)
{
    const Group *g = all_groups();
    for (int k = 0; k < NGROUPS; k++) {
        const int j = i - g[k].offset;
        if (j < 0 || j >= g[k].count)
            continue;
        if (g[k].count == 25) {
            snprintf(buf, len, "%s[%d%c]", g[k].name, 5 - j % 5, 'a' + j / 5);
        } else if (g[k].count == EVAL_NEAR_SIZE) {
            const int at = j % EVAL_NEAR_OFFSETS;
            snprintf(buf, len, "%s[%s,%+d,%+d]", g[k].name, j < EVAL_NEAR_OFFSETS ? "own" : "enemy",
                     at / 9 - 4, at % 9 - 4);
        } else if (g[k].count == 1) {
            snprintf(buf, len, "%s", g[k].name);
        } else {
            snprintf(buf, len, "%s[%d]", g[k].name, j);
        }
        return;
    }
    snprintf(buf, len, "?");
}

/* ---- the shipped weights and the --eval option ------------------------------------- */

#define ASSET_NAME "gogo-eval.txt"

static GogoEvalWeights shipped;
static GogoNet *shipped_net; /* read once, kept for the process's life */
static char shipped_notice[320]; /* why the shipped file is not used, or "" */

/* Read once per process, whoever opens the game first: a missing or bad
 * file is said once on stderr and the built-in weights stand in. */
static void load_shipped(void)
{
    shipped = *gogo_eval_builtin();
    Err err = {{0}};
    char path[4096];
    size_t len;
    char *text = asset_read(ASSET_NAME, GOGO_EVAL_FILE_MAX, &len, path, sizeof path, &err);
    if (text)
        parse_weights(text, len, path, &shipped, &shipped_net, &err);
    free(text);
    if (err.msg[0])
        snprintf(shipped_notice, sizeof shipped_notice,
                 _("%.250s (gogo uses its built-in evaluation weights)"), err.msg);
}

static void read_shipped(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_shipped);
}

void gogo_default_weights(GogoEvalWeights *w)
{
    read_shipped();
    *w = shipped;
}

const char *gogo_default_weights_notice(void)
{
    return shipped_notice[0] ? shipped_notice : NULL;
}

void gogo_eval_choice_default(GogoEvalChoice *c)
{
    read_shipped();
    *c = (GogoEvalChoice){.shipped = true, .weights = shipped, .net = shipped_net};
}

int gogo_eval_option(const char *value, GogoEvalChoice *c, Err *err)
{
    gogo_eval_choice_free(c);
    if (strcmp(value, "material") == 0) {
        c->material_only = true;
    } else if (strcmp(value, "tuned") == 0) {
        gogo_eval_choice_default(c);
    } else if (strcmp(value, "linear") == 0) {
        gogo_eval_choice_default(c);
        c->net = NULL;
    } else if (strcmp(value, "builtin") == 0) {
        c->weights = *gogo_eval_builtin();
    } else if (strchr(value, '/') || strchr(value, '.')) {
        Err why = {{0}};
        if (gogo_eval_load(value, &c->weights, &c->owned_net, &why) != 0)
            return err_set(err, "--eval: %s", why.msg);
        c->net = c->owned_net;
    } else {
        return err_set(err,
                       "--eval: '%.40s' is not material, tuned, linear, builtin or a file path",
                       value);
    }
    return 0;
}

void gogo_eval_choice_free(GogoEvalChoice *c)
{
    free(c->owned_net);
    memset(c, 0, sizeof *c);
}

int gogo_eval_choice(const GogoEvalChoice *c, const GogoState *s)
{
    if (c->material_only)
        return gogo_eval_material(s);
    GogoEvalFeatures f;
    gogo_eval_features(s, &f);
    long v = linear_sum(&c->weights, &f);
    if (c->net)
        v += gogo_net_eval(c->net, &f);
    return clamp_score(v);
}
