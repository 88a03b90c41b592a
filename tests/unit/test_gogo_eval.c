/* test_gogo_eval.c - gogo's evaluation (eval.c): colour symmetry, the
 * material-only evaluation, king safety, the weight file reader, and the
 * --eval game option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "games/registry.h"
#include "gogo_test.h"

#include "base/assets.h"
#include "games/gogo/eval.h"
#include "games/gogo/internal.h"
#include "games/gogo/net.h"

/* ---- helpers ------------------------------------------------------------------- */

/* The board turned half round with the colours swapped (and the hands with
 * them): the same position seen from the other side.  The side to move is
 * swapped too when `swap_side`. */
static GogoState mirrored(const GogoState *s, bool swap_side)
{
    GogoState m;
    gogo_state_clear(&m);
    for (int sq = 0; sq < NSQ; sq++)
        if (s->board[sq])
            gogo_state_put(&m, NSQ - 1 - sq, code_kind(s->board[sq]), code_owner(s->board[sq]) ^ 1);
    for (int o = 0; o < 2; o++)
        for (int k = 0; k < GOGO_HAND_KINDS; k++)
            gogo_state_set_hand(&m, o ^ 1, k + 1, s->hand[o][k]);
    gogo_state_set_side(&m, swap_side ? s->side ^ 1 : s->side);
    return m;
}

/* Weights where every parameter counts and no two are alike, so a feature
 * filed under the wrong index or sign shows. */
static GogoEvalWeights scrambled_weights(void)
{
    GogoEvalWeights w;
    uint32_t x = 12345;
    for (int i = 0; i < EVAL_NPARAMS; i++) {
        x = x * 1103515245u + 12345u;
        w.w[i] = (int32_t)(x >> 16) % 400 - 200;
    }
    return w;
}

/* Positions from random games: every few plies of a few hundred plies. */
static int random_positions(GogoState *out, int max)
{
    uint32_t x = 7;
    int n = 0;
    while (n < max) {
        GogoState s = load("rbsgk/4p/5/P4/KGSBR b - 1");
        for (int ply = 0; ply < 60 && n < max; ply++) {
            Move moves[GAME_MAX_MOVES];
            const int count = gogo->ops->legal_moves(gogo, &s, moves);
            if (count == 0)
                break;
            x = x * 1103515245u + 12345u;
            GogoState child;
            gogo->ops->play(gogo, &s, moves[(x >> 16) % (uint32_t)count], &child);
            s = child;
            if (ply % 3 == 0)
                out[n++] = s;
        }
    }
    return n;
}

/* ---- symmetry ---------------------------------------------------------------------- */

/* What the attacked.* and hanging.* weights add to a position's value. */
static int threats(const GogoEvalWeights *w, const GogoState *s)
{
    GogoEvalFeatures f;
    gogo_eval_features(s, &f);
    int v = 0;
    for (int i = 0; i < f.n; i++)
        if (f.index[i] >= EV_ATTACKED)
            v += w->w[f.index[i]] * f.count[i];
    return v;
}

static void test_mirrored_position_has_the_negated_value(void **unused)
{
    (void)unused;
    static GogoState pos[600];
    const int n = random_positions(pos, 600);
    const GogoEvalWeights scrambled = scrambled_weights();
    const GogoEvalWeights *sets[] = {gogo_eval_builtin(), &scrambled};
    for (int i = 0; i < n; i++) {
        const GogoState same_mover = mirrored(&pos[i], false), other_mover = mirrored(&pos[i], true);
        for (int w = 0; w < 2; w++) {
            const int v = gogo_eval(sets[w], &pos[i]);
            /* Colours swapped, the same side letter to move: the mover is now
             * the other party, so the value flips sign, all but the tempo
             * and the attacked and hanging pieces (the mover's are weighed
             * apart from the other side's: they are the ones it can save). */
            assert_int_equal(gogo_eval(sets[w], &same_mover),
                             -v + 2 * sets[w]->w[EV_TEMPO] + threats(sets[w], &pos[i]) +
                                 threats(sets[w], &same_mover));
            /* Colours and mover swapped: the very same situation. */
            assert_int_equal(gogo_eval(sets[w], &other_mover), v);
        }
        assert_int_equal(gogo_eval_material(&same_mover), -gogo_eval_material(&pos[i]));
    }
}

static void test_features_fit_and_values_stay_bounded(void **unused)
{
    (void)unused;
    static GogoState pos[600];
    const int n = random_positions(pos, 600);
    GogoEvalWeights extreme;
    for (int i = 0; i < EVAL_NPARAMS; i++)
        extreme.w[i] = EVAL_MAX_WEIGHT;
    for (int i = 0; i < n; i++) {
        GogoEvalFeatures f;
        gogo_eval_features(&pos[i], &f);
        assert_true(f.n > 0 && f.n <= EVAL_MAX_FEATURES);
        for (int j = 0; j < f.n; j++)
            assert_true(f.index[j] < EVAL_NPARAMS);
        const int v = gogo_eval(&extreme, &pos[i]);
        assert_true(v <= EVAL_BOUND && v >= -EVAL_BOUND);
        assert_true(gogo->ops->evaluate(gogo, &pos[i]) < SCORE_WIN_MIN);
        assert_true(gogo->ops->evaluate(gogo, &pos[i]) > -SCORE_WIN_MIN);
    }
}

/* A piece is placed relative to each king as that king's owner sees the
 * board: an enemy gold two squares in front of sente's king counts for
 * sente the same as one two squares in front of gote's king (seen from
 * gote's side: below it) counts for gote. */
static void test_pieces_near_a_king(void **unused)
{
    (void)unused;
    GogoEvalWeights w;
    memset(&w, 0, sizeof w);
    const int gold = EV_KING_NEAR + EVAL_NEAR_SIZE * (K_GOLD - 1);
    w.w[gold + EVAL_NEAR_OFFSETS + (-2 + 4) * 9 + 0 + 4] = 100; /* enemy gold, 2 rows ahead */
    w.w[gold + (0 + 4) * 9 + 1 + 4] = 7;                       /* own gold, a file right */
    GogoState s = load("k4/5/2g2/5/2K2 b - 1");
    assert_int_equal(gogo_eval(&w, &s), 100);
    s = load("k4/5/2g2/5/2K2 w - 1");
    assert_int_equal(gogo_eval(&w, &s), -100);
    s = load("2k2/5/2G2/5/4K w - 1"); /* gote's king, sente's gold below it */
    assert_int_equal(gogo_eval(&w, &s), 100);
    s = load("4k/5/5/5/1KG2 b - 1"); /* sente's own gold to the king's right (file 3) */
    assert_int_equal(gogo_eval(&w, &s), 7);
    char name[64];
    gogo_eval_param_name(gold + EVAL_NEAR_OFFSETS + (-2 + 4) * 9 + 4, name, sizeof name);
    assert_string_equal(name, "near.gold[enemy,-2,+0]");
}

/* A piece the other side attacks counts by whose it is, the side to
 * move's or the other's, and once more when nothing of its own side
 * guards it. */
static void test_attacked_and_hanging_pieces(void **unused)
{
    (void)unused;
    GogoEvalWeights w;
    memset(&w, 0, sizeof w);
    w.w[EV_ATTACKED + K_PAWN - 1] = 7;                       /* the mover's pawn, attacked */
    w.w[EV_ATTACKED + EVAL_KINDS + K_ROOK - 1] = 30;         /* the other's rook, attacked */
    w.w[EV_HANGING + EVAL_KINDS + K_ROOK - 1] = 100;         /* ... and unguarded */
    w.w[EV_HANGING + K_PAWN - 1] = -1000;                    /* the mover's pawn, unguarded */
    /* Sente's pawn on 3d and gote's rook on 3c attack each other; only the
     * pawn is guarded (by the king on 4e). */
    GogoState s = load("k4/5/2r2/2P2/1K3 b - 1");
    assert_int_equal(gogo_eval(&w, &s), 7 + 30 + 100);
    s = load("k4/5/2r2/2P2/1K3 w - 1"); /* gote to move: the rook is the mover's */
    assert_int_equal(gogo_eval(&w, &s), 0);
    s = load("k4/5/2r2/2P2/K4 b - 1"); /* the king too far to guard the pawn */
    assert_int_equal(gogo_eval(&w, &s), 7 + 30 + 100 - 1000);
    char name[64];
    gogo_eval_param_name(EV_HANGING + EVAL_KINDS + K_ROOK - 1, name, sizeof name);
    assert_string_equal(name, "hanging.them[4]"); /* kinds by index, as material[] */
}

/* ---- material ----------------------------------------------------------------------- */

static void test_material_only_values(void **unused)
{
    (void)unused;
    GogoState start = load("rbsgk/4p/5/P4/KGSBR b - 1");
    assert_int_equal(gogo_eval_material(&start), 0);
    /* Sente holds both rooks: 700 on the board and 750 in hand against 0. */
    GogoState rooks = load("1bsgk/4p/5/P4/KGSBR b R 1");
    assert_int_equal(gogo_eval_material(&rooks), 700 + 750);
    GogoState rooks_w = load("1bsgk/4p/5/P4/KGSBR w R 1");
    assert_int_equal(gogo_eval_material(&rooks_w), -(700 + 750));
    /* Promoted pieces: a dragon (950) and a tokin (500) against a pawn in hand (120). */
    GogoState promoted = load("4k/5/2+R2/+P4/K4 w p 9");
    assert_int_equal(gogo_eval_material(&promoted), 120 - 950 - 500);
    /* The --eval material game evaluates exactly so. */
    GameOption opt = {"eval", "material"};
    Err err = {{0}};
    Game *g = game_open("gogo", &opt, 1, &err);
    assert_non_null(g);
    assert_null(gogo_game_weights(g));
    assert_int_equal(g->ops->evaluate(g, &promoted), 120 - 950 - 500);
    game_close(g);
}

static void test_more_material_scores_better(void **unused)
{
    (void)unused;
    const GogoEvalWeights *w = gogo_eval_builtin();
    GogoState even = load("rbsgk/4p/5/P4/KGSBR b - 1");
    GogoState rook_up = load("1bsgk/4p/5/P4/KGSBR b R 1");
    assert_true(gogo_eval(w, &rook_up) > gogo_eval(w, &even) + 500);
}

/* ---- king safety ------------------------------------------------------------------------ */

static void test_a_king_in_danger_scores_worse(void **unused)
{
    (void)unused;
    const GogoEvalWeights *w = gogo_eval_builtin();
    /* The same material: gote's gold and silver next to sente's king, or
     * guarding gote's own. */
    GogoState danger = load("4k/5/1g3/s4/K4 b - 1");
    GogoState safe = load("3sk/4g/5/5/K4 b - 1");
    assert_true(gogo_eval(w, &danger) < gogo_eval(w, &safe) - 50);
    /* The same, short of check, with the built-in and the shipped weights. */
    GogoState pressed = load("4k/5/sg3/5/K4 b - 1");
    assert_true(gogo_eval(w, &pressed) < gogo_eval(w, &safe) - 50);
    assert_true(gogo_eval(gogo_game_weights(gogo), &pressed) <
                gogo_eval(gogo_game_weights(gogo), &safe) - 50);
    /* A king whose every flight square is covered is worse off than the same
     * king with room, the attackers being as many. */
    GogoEvalFeatures f;
    gogo_eval_features(&danger, &f);
    bool boxed_in = false;
    for (int i = 0; i < f.n; i++)
        boxed_in |= f.index[i] == EV_KING_ESCAPE + 0 && f.count[i] == 1;
    assert_true(boxed_in);
    /* Pieces in the enemy's hand threaten drops next to an open king. */
    GogoState hand_near = load("4k/5/5/5/K4 b g 1");
    GogoState hand_far = load("4k/5/5/5/K3G b - 1");
    GogoEvalWeights only_drops = {{0}};
    only_drops.w[EV_KING_DROP + GOGO_GOLD - 1] = -10;
    assert_true(gogo_eval(&only_drops, &hand_near) < 0);
    assert_int_equal(gogo_eval(&only_drops, &hand_far), 0);
}

/* ---- the weight file ----------------------------------------------------------------------- */

/* The weight file of w, with the network's section when net is not NULL. */
static char *file_text_net(const GogoEvalWeights *w, const GogoNet *net)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(gogo_eval_write(f, w, "test"), 0);
    if (net)
        assert_int_equal(gogo_net_write(f, net), 0);
    const long len = ftell(f);
    char *text = malloc((size_t)len + 1);
    rewind(f);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    text[len] = '\0';
    fclose(f);
    return text;
}

static char *file_text(const GogoEvalWeights *w) { return file_text_net(w, NULL); }

/* Read `text` as a weight file: 0 or -1, err filled. */
static int read_text(const char *text, size_t len, GogoEvalWeights *w, Err *err)
{
    return gogo_eval_parse(text, len, "test.txt", w, err);
}

static void expect_rejected(const char *text, size_t len, const char *why)
{
    GogoEvalWeights w = {{0}}, untouched = {{0}};
    w.w[3] = untouched.w[3] = 77;
    Err err = {{0}};
    if (read_text(text, len, &w, &err) == 0)
        fail_msg("accepted: %.80s", text);
    assert_contains(err.msg, "test.txt");
    assert_contains(err.msg, why);
    assert_memory_equal(&w, &untouched, sizeof w);
}

static void test_weight_file_round_trip(void **unused)
{
    (void)unused;
    const GogoEvalWeights scrambled = scrambled_weights();
    char *text = file_text(&scrambled);
    GogoEvalWeights back = {{0}};
    Err err = {{0}};
    assert_int_equal(read_text(text, strlen(text), &back, &err), 0);
    assert_memory_equal(&back, &scrambled, sizeof back);
    free(text);
}

/* An older version of a weight file: the scrambled weights written, the
 * version line set to `version`, and the lines of the groups that version
 * lacks (their names start with one of `newer`) left out.  Such a file
 * reads with those weights 0 (every index from `first_new` on), and the
 * same file with one of the left-out lines added back is rejected, naming
 * that group (`first_name`). */
static void expect_older_version_reads(int version, const char *const *newer, int first_new,
                                       const char *first_name)
{
    const GogoEvalWeights scrambled = scrambled_weights();
    char *text = file_text(&scrambled);
    char *older = malloc(strlen(text) + 1), *out = older;
    const char *dropped = NULL;
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        const size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        bool drop = false;
        for (int k = 0; newer[k]; k++)
            drop = drop || strncmp(line, newer[k], strlen(newer[k])) == 0;
        if (strncmp(line, "yomi-gogo-eval 3", 16) == 0) {
            out += sprintf(out, "yomi-gogo-eval %d\n", version);
        } else if (drop) {
            dropped = dropped ? dropped : line;
        } else {
            memcpy(out, line, len);
            out += len;
        }
        line += len;
    }
    *out = '\0';
    assert_non_null(dropped);
    GogoEvalWeights back;
    Err err = {{0}};
    assert_int_equal(read_text(older, strlen(older), &back, &err), 0);
    for (int i = 0; i < EVAL_NPARAMS; i++)
        assert_int_equal(back.w[i], i < first_new ? scrambled.w[i] : 0);
    const size_t dropped_len = (size_t)(strchr(dropped, '\n') - dropped) + 1;
    char *with = malloc(strlen(older) + dropped_len + 1);
    sprintf(with, "%s%.*s", older, (int)dropped_len, dropped);
    char why[64];
    snprintf(why, sizeof why, "unknown group '%s'", first_name);
    expect_rejected(with, strlen(with), why);
    free(with);
    free(older);
    free(text);
}

/* A file from before the near.* groups and tempo (version 1) still reads,
 * with those weights 0; such a file may not have them. */
static void test_version_1_file_reads(void **unused)
{
    (void)unused;
    static const char *const newer[] = {"near.", "tempo ", "attacked.", "hanging.", NULL};
    expect_older_version_reads(1, newer, EV_KING_NEAR, "near.pawn");
}

/* A file from before the attacked.* and hanging.* groups (version 2)
 * reads with those weights 0, and may not have them. */
static void test_version_2_file_reads(void **unused)
{
    (void)unused;
    static const char *const newer[] = {"attacked.", "hanging.", NULL};
    expect_older_version_reads(2, newer, EV_ATTACKED, "attacked.us");
}

static void test_truncated_weight_file_is_rejected(void **unused)
{
    (void)unused;
    char *text = file_text(gogo_eval_builtin());
    const size_t len = strlen(text);
    /* Cut after the last line but one, and in the middle of a line. */
    size_t cut = len - 1;
    while (cut > 0 && text[cut - 1] != '\n')
        cut--;
    expect_rejected(text, cut, "missing");
    expect_rejected(text, len / 2, "");
    expect_rejected(text, 0, "empty");
    free(text);
}

static void test_garbled_weight_files_are_rejected(void **unused)
{
    (void)unused;
    char garbage[2048];
    uint32_t x = 99;
    for (size_t i = 0; i < sizeof garbage; i++) {
        x = x * 1103515245u + 12345u;
        garbage[i] = (char)(x >> 16);
    }
    expect_rejected(garbage, sizeof garbage, "");
    expect_rejected("hello world\n", 11, "not a gogo weight file");
    expect_rejected("yomi-gogo-eval 4\n", 17, "version 4");
    char *text = file_text(gogo_eval_builtin());
    char *bad = malloc(strlen(text) + 64);
    const char *mat = strstr(text, "\nmaterial ");
    assert_non_null(mat);
    const size_t head = (size_t)(mat - text) + 1;
    const struct {
        const char *line, *why;
    } cases[] = {
        {"material 1 2 3 4 5 6 7 8 9 99999\n", "out of range"},
        {"material 1 2 3 4 5 6 7 8 9\n", "needs 10 numbers, found 9"},
        {"material 1 2 3 4 5 6 7 8 9 10 11\n", "more than 10"},
        {"material 1 2 3 4 5 6 7 8 9 x\n", "value 10 is not a whole number"},
        /* Not two numbers run together: a typo that would shift the rest. */
        {"material 1 2 3 4 5 6 7 8 9-10\n", "value 9 is not a whole number"},
        {"material 1 2 3 4 5 6 7 8 9 10x\n", "value 10 is not a whole number"},
        {"materiel 1 2 3 4 5 6 7 8 9 10\n", "unknown group 'materiel'"},
        {"hand 1 2 3 4 5\n", "given twice"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        /* The material line replaced by the bad one. */
        const char *rest = strchr(text + head, '\n') + 1;
        snprintf(bad, strlen(text) + 64, "%.*s%s%s", (int)head, text, cases[c].line, rest);
        expect_rejected(bad, strlen(bad), cases[c].why);
    }
    char *longline = malloc(10000);
    memset(longline, '1', 9999);
    longline[9999] = '\0';
    snprintf(bad, strlen(text) + 64, "yomi-gogo-eval 1\n");
    char *both = malloc(10100);
    snprintf(both, 10100, "%s%s\n", bad, longline);
    expect_rejected(both, strlen(both), "line longer than");
    free(both);
    free(longline);
    free(bad);
    free(text);
}

static void test_shipped_weights_load(void **unused)
{
    (void)unused;
    Err err = {{0}};
    char path[4096];
    size_t len;
    char *text = asset_read("gogo-eval.txt", GOGO_EVAL_FILE_MAX, &len, path, sizeof path, &err);
    if (!text)
        fail_msg("%s", err.msg);
    GogoEvalWeights w;
    if (gogo_eval_parse(text, len, path, &w, &err) != 0)
        fail_msg("%s", err.msg);
    free(text);
    /* The default game evaluates with them. */
    GogoEvalWeights defaults;
    gogo_default_weights(&defaults);
    assert_memory_equal(&defaults, &w, sizeof w);
    assert_memory_equal(gogo_game_weights(gogo), &w, sizeof w);
    /* Sane: the pieces are worth something, a rook more than a pawn. */
    assert_true(w.w[EV_MATERIAL + GOGO_PAWN - 1] > 0);
    assert_true(w.w[EV_MATERIAL + GOGO_ROOK - 1] > w.w[EV_MATERIAL + GOGO_PAWN - 1]);
}

/* A network of one unit that reads only the tempo (every position's
 * feature EV_TEMPO, counted once for the side to move: input 2 EV_TEMPO). */
static GogoNet *tempo_net(int tempo_weight)
{
    GogoNet *net = calloc(1, sizeof *net);
    assert_non_null(net);
    net->output_bias = 5 * GOGO_NET_ONE * GOGO_NET_OUTPUT_ONE; /* 5 */
    net->output[0] = 100 * GOGO_NET_OUTPUT_ONE;              /* 100 a full unit */
    net->input[2 * EV_TEMPO][0] = (int16_t)tempo_weight;
    return net;
}

static void test_network_adds_its_value(void **unused)
{
    (void)unused;
    const GogoState s = load("rbsgk/4p/5/P4/KGSBR b - 1");
    const GogoEvalWeights *w = gogo_eval_builtin();
    GogoEvalChoice c = {.weights = *w};
    const int linear = gogo_eval(w, &s);
    assert_int_equal(gogo_eval_choice(&c, &s), linear);
    /* Half a unit: 5 + 50; a unit past full counts as full; below 0, as 0. */
    const int weights[] = {GOGO_NET_ONE / 2, 4 * GOGO_NET_ONE, -GOGO_NET_ONE};
    const int values[] = {55, 105, 5};
    for (int i = 0; i < 3; i++) {
        GogoNet *net = tempo_net(weights[i]);
        c.net = net;
        assert_int_equal(gogo_eval_choice(&c, &s), linear + values[i]);
        free(net);
    }
    /* The other side's copy of a feature is another input. */
    GogoNet *net = tempo_net(0);
    net->input[2 * EV_TEMPO + 1][0] = GOGO_NET_ONE;
    c.net = net;
    assert_int_equal(gogo_eval_choice(&c, &s), linear + 5);
    free(net);
}

static void test_network_file_round_trip(void **unused)
{
    (void)unused;
    const GogoEvalWeights scrambled = scrambled_weights();
    GogoNet *net = tempo_net(GOGO_NET_ONE / 3);
    for (int i = 0; i < GOGO_NET_INPUTS; i += 7)
        net->input[i][i % GOGO_NET_HIDDEN] = (int16_t)(i - 2000);
    net->bias[3] = -77;
    char *text = file_text_net(&scrambled, net);
    const size_t len = strlen(text);
    GogoEvalWeights back = {{0}};
    GogoNet *net_back = NULL;
    Err err = {{0}};
    assert_int_equal(gogo_eval_parse_net(text, len, "test.txt", &back, &net_back, &err), 0);
    assert_memory_equal(&back, &scrambled, sizeof back);
    assert_non_null(net_back);
    assert_memory_equal(net_back, net, sizeof *net);
    /* Read as linear weights alone, the section is passed over. */
    memset(&back, 0, sizeof back);
    assert_int_equal(read_text(text, len, &back, &err), 0);
    assert_memory_equal(&back, &scrambled, sizeof back);
    free(net_back);
    free(net);
    free(text);
}

static void test_eval_option(void **unused)
{
    (void)unused;
    Err err = {{0}};
    GameOption builtin = {"eval", "builtin"};
    Game *g = game_open("gogo", &builtin, 1, &err);
    assert_non_null(g);
    assert_memory_equal(gogo_game_weights(g), gogo_eval_builtin(), sizeof(GogoEvalWeights));
    game_close(g);
    GameOption typo = {"eval", "materal"};
    assert_null(game_open("gogo", &typo, 1, &err));
    assert_contains(err.msg,
                    "--eval: 'materal' is not material, tuned, linear, builtin or a file path");
    GameOption missing = {"eval", "/nonexistent/w.txt"};
    assert_null(game_open("gogo", &missing, 1, &err));
    assert_contains(err.msg, "/nonexistent/w.txt");
    GameOption other = {"start", "cross"};
    assert_null(game_open("gogo", &other, 1, &err));
    assert_contains(err.msg, "--start does not apply to gogo");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mirrored_position_has_the_negated_value),
        cmocka_unit_test(test_features_fit_and_values_stay_bounded),
        cmocka_unit_test(test_pieces_near_a_king),
        cmocka_unit_test(test_attacked_and_hanging_pieces),
        cmocka_unit_test(test_material_only_values),
        cmocka_unit_test(test_more_material_scores_better),
        cmocka_unit_test(test_a_king_in_danger_scores_worse),
        cmocka_unit_test(test_weight_file_round_trip),
        cmocka_unit_test(test_version_1_file_reads),
        cmocka_unit_test(test_version_2_file_reads),
        cmocka_unit_test(test_truncated_weight_file_is_rejected),
        cmocka_unit_test(test_garbled_weight_files_are_rejected),
        cmocka_unit_test(test_shipped_weights_load),
        cmocka_unit_test(test_network_adds_its_value),
        cmocka_unit_test(test_network_file_round_trip),
        cmocka_unit_test(test_eval_option),
    };
    return cmocka_run_group_tests_name("gogo evaluation", tests, open_gogo, close_gogo);
}
