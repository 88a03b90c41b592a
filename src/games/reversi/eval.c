/* eval.c - see eval.h: the patterns, their symmetry classes, the value of
 * a position, and the weight file.
 *
 * File format (all integers little-endian):
 *   8 bytes  "YOMIREVL"
 *   u32      format version (1)
 *   u32      phases, u32 weights per phase, u32 scale (must match this build)
 *   u32      payload length in bytes, u32 FNV-1a hash of the payload
 *   payload  the weights phase by phase as i16; the value -32768 is never a
 *            weight but a run of zeros whose length (1..65535) follows as u16
 *            (patterns never seen in training stay zero, so this keeps the
 *            file small).
 */
#define _POSIX_C_SOURCE 200809L
#include "games/reversi/eval.h"

#include <stdbool.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/assets.h"
#include "base/atomic_file.h"
#include "games/reversi/bitboard.h"
#ifdef __BMI2__
#include <immintrin.h>
#endif

/* ---- the patterns ------------------------------------------------------ */

#define MAX_PATTERN_SQUARES 10
#define MAX_INSTANCES 64

typedef struct {
    const char *squares; /* "a1 b1 c1 ...": the base orientation */
} PatternShape;

static const PatternShape shapes[] = {
    {"a1 b1 c1 a2 b2 c2 a3 b3 c3"},       /* corner 3x3 */
    {"a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"},    /* corner 2x5 */
    {"a1 b1 c1 d1 e1 f1 g1 h1 b2 g2"},    /* edge with both X squares */
    {"a2 b2 c2 d2 e2 f2 g2 h2"},          /* row 2 */
    {"a3 b3 c3 d3 e3 f3 g3 h3"},          /* row 3 */
    {"a4 b4 c4 d4 e4 f4 g4 h4"},          /* row 4 */
    {"a1 b2 c3 d4 e5 f6 g7 h8"},          /* long diagonal */
    {"b1 c2 d3 e4 f5 g6 h7"},             /* diagonals of 7..4 */
    {"c1 d2 e3 f4 g5 h6"},
    {"d1 e2 f3 g4 h5"},
    {"e1 f2 g3 h4"},
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

typedef struct {
    int shape;
    int n;
    int32_t offset; /* of the shape's table in one phase's weights */
    uint8_t sq[MAX_PATTERN_SQUARES];
    uint64_t mask;  /* the squares as a set */
    /* For the n bits of a colour on `mask`, gathered lowest square first:
     * their part of the index (each bit's power of 3 by its place in sq). */
    const uint16_t *ternary;
} Instance;

typedef struct {
    int n;
    int32_t size;       /* 3^n */
    int32_t offset;
    int perm[8][MAX_PATTERN_SQUARES]; /* the orientations mapping it onto itself */
    int nperm;
    /* training only (classes_init): */
    int32_t *canon;     /* representative of each index's class */
    int8_t *sign;       /* +1, -1, or 0 for indexes whose weight must be 0 */
} Shape;

static struct {
    Shape shape[NSHAPES];
    Instance inst[MAX_INSTANCES];
    int ninst;
    int32_t per_phase; /* pattern weights + 1 mobility weight */
    /* the distinct `ternary` tables (instances that list their squares in
     * the same relative order share one) */
    uint16_t ternary[MAX_INSTANCES][1 << MAX_PATTERN_SQUARES];
    int nternary;
} P;

static pthread_once_t patterns_once = PTHREAD_ONCE_INIT, classes_once = PTHREAD_ONCE_INIT;

/* The 8 symmetries of the square as maps of (row, col). */
static int symmetric_square(int sym, int sq)
{
    int r = sq / 8, c = sq % 8;
    if (sym & 4) {
        const int t = r;
        r = c;
        c = t;
    }
    if (sym & 1)
        c = 7 - c;
    if (sym & 2)
        r = 7 - r;
    return r * 8 + c;
}

static uint64_t square_set(const uint8_t *sq, int n)
{
    uint64_t set = 0;
    for (int i = 0; i < n; i++)
        set |= 1ULL << sq[i];
    return set;
}

/* Index with square i's digit taken from square perm[i]'s; colours swapped
 * when `swap`. */
static int32_t permuted(int32_t idx, const int *perm, int n, bool swap)
{
    int d[MAX_PATTERN_SQUARES];
    for (int i = n - 1; i >= 0; i--, idx /= 3)
        d[i] = idx % 3;
    int32_t out = 0;
    for (int i = 0; i < n; i++) {
        int v = d[perm[i]];
        if (swap && v)
            v = 3 - v;
        out = out * 3 + v;
    }
    return out;
}

/* Tie the weights of a shape: an index, its images under the orientations
 * that map the shape onto itself, and their colour swaps (negated) form one
 * class, trained and stored as one weight.  A class holding an index and
 * its own colour swap can only weigh 0. */
static void build_classes(Shape *s)
{
    s->canon = malloc((size_t)s->size * sizeof *s->canon);
    s->sign = malloc((size_t)s->size);
    if (!s->canon || !s->sign)
        abort(); /* a few hundred KB at start-up */
    for (int32_t idx = 0; idx < s->size; idx++) {
        int32_t best = idx;
        int best_sign = 1;
        bool zero = false;
        for (int k = 0; k < s->nperm; k++) {
            const int32_t same = permuted(idx, s->perm[k], s->n, false);
            const int32_t swapped = permuted(idx, s->perm[k], s->n, true);
            if (swapped == idx)
                zero = true;
            if (same < best)
                best = same, best_sign = 1;
            if (swapped < best)
                best = swapped, best_sign = -1;
        }
        s->canon[idx] = best;
        s->sign[idx] = zero ? 0 : (int8_t)best_sign;
    }
}

/* The instance's `ternary` table, shared with an earlier instance whose
 * squares come in the same relative order. */
static void build_ternary(Instance *in)
{
    int place[MAX_PATTERN_SQUARES]; /* power of 3 of the j-th lowest square */
    int j = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int i = 0; i < in->n; i++)
            if (in->sq[i] == sq)
                place[j++] = in->n - 1 - i;
    uint16_t *t = P.ternary[P.nternary];
    for (int bits = 0; bits < 1 << in->n; bits++) {
        int v = 0;
        for (int b = 0; b < in->n; b++)
            if (bits >> b & 1) {
                int pow3 = 1;
                for (int k = 0; k < place[b]; k++)
                    pow3 *= 3;
                v += pow3;
            }
        t[bits] = (uint16_t)v;
    }
    for (int k = 0; k < P.nternary; k++)
        if (memcmp(P.ternary[k], t, sizeof(uint16_t) << in->n) == 0) {
            in->ternary = P.ternary[k];
            return;
        }
    in->ternary = t;
    P.nternary++;
}

static void build_patterns(void)
{
    bb_init();
    int32_t offset = 0;
    for (int t = 0; t < NSHAPES; t++) {
        uint8_t base[MAX_PATTERN_SQUARES];
        int n = 0;
        for (const char *c = shapes[t].squares; *c; c += c[2] == ' ' ? 3 : 2)
            base[n++] = (uint8_t)((c[1] - '1') * 8 + (c[0] - 'a'));
        Shape *s = &P.shape[t];
        s->n = n;
        s->size = 1;
        for (int i = 0; i < n; i++)
            s->size *= 3;
        s->offset = offset;
        offset += s->size;
        const int first = P.ninst;
        for (int sym = 0; sym < 8; sym++) {
            uint8_t img[MAX_PATTERN_SQUARES];
            for (int i = 0; i < n; i++)
                img[i] = (uint8_t)symmetric_square(sym, base[i]);
            const uint64_t set = square_set(img, n);
            if (set == square_set(base, n)) { /* a self-map: record its permutation */
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++)
                        if (img[i] == base[j])
                            s->perm[s->nperm][i] = j;
                s->nperm++;
            }
            bool seen = false;
            for (int k = first; k < P.ninst; k++)
                seen |= square_set(P.inst[k].sq, n) == set;
            if (seen)
                continue;
            Instance *in = &P.inst[P.ninst++];
            in->shape = t;
            in->n = n;
            in->offset = s->offset;
            memcpy(in->sq, img, (size_t)n);
            in->mask = set;
            build_ternary(in);
        }
    }
    P.per_phase = offset + 1;
}

static void patterns_init(void) { pthread_once(&patterns_once, build_patterns); }

/* The symmetry classes cost a few tens of milliseconds and only training
 * needs them, so evaluating (every reversi game yomi opens) does not. */
static void build_all_classes(void)
{
    for (int t = 0; t < NSHAPES; t++)
        build_classes(&P.shape[t]);
}

static void classes_init(void)
{
    patterns_init();
    pthread_once(&classes_once, build_all_classes);
}

int reval_weights_per_phase(void)
{
    patterns_init();
    return P.per_phase;
}

/* The instance's base-3 index: digit 1 for p's discs, 2 for o's, the
 * first square most significant.  With BMI2 each colour's squares are
 * gathered in one instruction and their digits looked up together. */
static inline int32_t instance_index(const Instance *in, uint64_t p, uint64_t o)
{
#ifdef __BMI2__
    return (int32_t)in->ternary[_pext_u64(p, in->mask)] +
           2 * (int32_t)in->ternary[_pext_u64(o, in->mask)];
#else
    int32_t idx = 0;
    for (int i = 0; i < in->n; i++) {
        const int sq = in->sq[i];
        idx = idx * 3 + (int32_t)((p >> sq) & 1) + (int32_t)(((o >> sq) & 1) << 1);
    }
    return idx;
#endif
}

static inline int mobility_difference(uint64_t p, uint64_t o)
{
    const uint64_t empty = ~(p | o);
    return bb_count(bb_moves(p, o, empty)) - bb_count(bb_moves(o, p, empty));
}

int reval_features(uint64_t p, uint64_t o, uint32_t *index, int16_t *value)
{
    classes_init();
    const uint32_t phase = (uint32_t)reval_phase(64 - bb_count(p | o)) * (uint32_t)P.per_phase;
    index[0] = phase + (uint32_t)P.per_phase - 1;
    value[0] = (int16_t)mobility_difference(p, o);
    for (int k = 0; k < P.ninst; k++) {
        const Instance *in = &P.inst[k];
        const Shape *s = &P.shape[in->shape];
        const int32_t idx = instance_index(in, p, o);
        index[k + 1] = phase + (uint32_t)(s->offset + s->canon[idx]);
        value[k + 1] = s->sign[idx];
    }
    return P.ninst + 1;
}

/* ---- evaluation -------------------------------------------------------- */

struct ReversiEval {
    int16_t *w; /* REVAL_PHASES x per_phase, every index filled in */
};

int reval_evaluate_fine(const ReversiEval *e, uint64_t p, uint64_t o)
{
    const int empties = 64 - bb_count(p | o);
    const int16_t *w = e->w + (size_t)reval_phase(empties) * (size_t)P.per_phase;
    int32_t sum = 0;
    for (int k = 0; k < P.ninst; k++)
        sum += w[P.inst[k].offset + instance_index(&P.inst[k], p, o)];
    return sum + w[P.per_phase - 1] * mobility_difference(p, o);
}

int reval_evaluate(const ReversiEval *e, uint64_t p, uint64_t o)
{
    const int32_t sum = reval_evaluate_fine(e, p, o);
    /* Round half away from zero, the same both ways, so swapping colours
     * negates the value exactly. */
    int v = sum >= 0 ? (sum + REVAL_SCALE / 2) / REVAL_SCALE : -((-sum + REVAL_SCALE / 2) / REVAL_SCALE);
    return v > 63 ? 63 : v < -63 ? -63 : v;
}

void reval_free(ReversiEval *e)
{
    if (e) {
        free(e->w);
        free(e);
    }
}

/* ---- the file ----------------------------------------------------------- */

static const char magic[8] = {'Y', 'O', 'M', 'I', 'R', 'E', 'V', 'L'};
enum { FORMAT_VERSION = 1, HEADER_BYTES = 32, ZERO_RUN = -32768 };

static uint32_t fnv1a(const uint8_t *b, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

static uint32_t get32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

/* Decode the payload into e->w; -1 + err when it does not add up. */
static int decode(const uint8_t *b, size_t len, int16_t *w, size_t count, Err *err)
{
    size_t at = 0, filled = 0;
    while (at < len) {
        if (len - at < 2)
            return err_set(err, "odd byte at the end of the weights");
        const int16_t v = (int16_t)(uint16_t)(b[at] | b[at + 1] << 8);
        at += 2;
        size_t run = 1;
        int16_t value = v;
        if (v == ZERO_RUN) {
            if (len - at < 2)
                return err_set(err, "a run of zeros without its length");
            run = (size_t)(b[at] | b[at + 1] << 8);
            at += 2;
            value = 0;
            if (run == 0)
                return err_set(err, "a run of zero zeros");
        }
        if (run > count - filled)
            return err_set(err, "more weights than the %zu expected", count);
        for (size_t i = 0; i < run; i++)
            w[filled++] = value;
    }
    if (filled != count)
        return err_set(err, "%zu weights where %zu were expected (truncated?)", filled, count);
    return 0;
}

ReversiEval *reval_parse(const uint8_t *bytes, size_t len, Err *err)
{
    patterns_init();
    if (len < HEADER_BYTES) {
        err_set(err, "too short for a weight file header");
        return NULL;
    }
    const uint8_t *h = bytes;
    if (memcmp(h, magic, sizeof magic) != 0) {
        err_set(err, "not a yomi reversi weight file (bad magic)");
        return NULL;
    }
    if (get32(h + 8) != FORMAT_VERSION) {
        err_set(err, "weight file format %u, this yomi reads %d", get32(h + 8), FORMAT_VERSION);
        return NULL;
    }
    if (get32(h + 12) != REVAL_PHASES || get32(h + 16) != (uint32_t)P.per_phase ||
        get32(h + 20) != REVAL_SCALE) {
        err_set(err, "weights for another pattern set (%u phases x %u, scale %u)", get32(h + 12),
                get32(h + 16), get32(h + 20));
        return NULL;
    }
    const size_t count = (size_t)REVAL_PHASES * (size_t)P.per_phase;
    const uint32_t payload_len = get32(h + 24);
    const uint8_t *payload = bytes + HEADER_BYTES;
    if (payload_len > 4 * count + 4) {
        err_set(err, "payload of %u bytes is too long", payload_len);
        return NULL;
    }
    ReversiEval *e = calloc(1, sizeof *e);
    if (e)
        e->w = malloc(count * sizeof *e->w);
    if (!e || !e->w) {
        err_set(err, "out of memory");
    } else if (len - HEADER_BYTES < payload_len) {
        err_set(err, "truncated: %u payload bytes announced", payload_len);
    } else if (len - HEADER_BYTES > payload_len) {
        err_set(err, "data after the weights");
    } else if (fnv1a(payload, payload_len) != get32(h + 28)) {
        err_set(err, "checksum mismatch (damaged file)");
    } else if (decode(payload, payload_len, e->w, count, err) == 0) {
        return e;
    }
    reval_free(e);
    return NULL;
}

ReversiEval *reval_load_asset(char *path, size_t path_len, Err *err)
{
    size_t len;
    uint8_t *bytes = (uint8_t *)asset_read(REVAL_FILE, REVAL_FILE_MAX, &len, path, path_len, err);
    if (!bytes)
        return NULL;
    Err inner = {{0}};
    ReversiEval *e = reval_parse(bytes, len, &inner);
    free(bytes);
    if (!e)
        err_set(err, "%.150s: %.90s", path && path_len ? path : REVAL_FILE, inner.msg);
    return e;
}

static int16_t to_stored(float discs)
{
    const float v = discs * REVAL_SCALE;
    if (v >= 32767.0f)
        return 32767;
    if (v <= -32767.0f)
        return -32767; /* -32768 marks a run of zeros */
    return (int16_t)(v >= 0 ? v + 0.5f : v - 0.5f);
}

/* The stored table: every index gets its class representative's weight. */
static void expand(const float *trained, int16_t *w)
{
    for (int ph = 0; ph < REVAL_PHASES; ph++) {
        const float *t = trained + (size_t)ph * (size_t)P.per_phase;
        int16_t *out = w + (size_t)ph * (size_t)P.per_phase;
        for (int k = 0; k < NSHAPES; k++) {
            const Shape *s = &P.shape[k];
            for (int32_t i = 0; i < s->size; i++)
                out[s->offset + i] = (int16_t)(s->sign[i] * to_stored(t[s->offset + s->canon[i]]));
        }
        out[P.per_phase - 1] = to_stored(t[P.per_phase - 1]);
    }
}

static size_t encode(const int16_t *w, size_t count, uint8_t *out)
{
    size_t at = 0;
    for (size_t i = 0; i < count;) {
        size_t run = 0;
        while (i + run < count && w[i + run] == 0 && run < 65535)
            run++;
        if (run >= 2) { /* a lone zero is cheaper written as itself */
            const uint16_t marker = (uint16_t)ZERO_RUN;
            out[at++] = (uint8_t)marker, out[at++] = (uint8_t)(marker >> 8);
            out[at++] = (uint8_t)run, out[at++] = (uint8_t)(run >> 8);
            i += run;
        } else {
            const uint16_t v = (uint16_t)w[i++];
            out[at++] = (uint8_t)v, out[at++] = (uint8_t)(v >> 8);
        }
    }
    return at;
}

int reval_write(const char *path, const float *weights, Err *err)
{
    classes_init();
    const size_t count = (size_t)REVAL_PHASES * (size_t)P.per_phase;
    int16_t *w = malloc(count * sizeof *w);
    uint8_t *buf = malloc(HEADER_BYTES + 2 * count + 4);
    if (!w || !buf) {
        free(w);
        free(buf);
        return err_set(err, "out of memory");
    }
    expand(weights, w);
    const size_t len = encode(w, count, buf + HEADER_BYTES);
    memcpy(buf, magic, sizeof magic);
    put32(buf + 8, FORMAT_VERSION);
    put32(buf + 12, REVAL_PHASES);
    put32(buf + 16, (uint32_t)P.per_phase);
    put32(buf + 20, REVAL_SCALE);
    put32(buf + 24, (uint32_t)len);
    put32(buf + 28, fnv1a(buf + HEADER_BYTES, len));
    free(w);
    const int rc = atomic_file_write(path, buf, HEADER_BYTES + len, err);
    free(buf);
    return rc;
}
