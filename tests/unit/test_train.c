/* test_train.c - the trainers' frame (src/train/): self-play that gives
 * the same games whatever the threads, ends them as asked and labels every
 * kept position from its own side; fits that find a planted model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"
#include "train/fit.h"
#include "train/selfplay.h"

static Game *open_game(const char *id) { return test_game_open(id, NULL, 0); }

/* ---- self-play ---------------------------------------------------------------- */

typedef struct {
    unsigned char state[GAME_MAX_STATE];
    long game;
    int ply, side, result;
    bool searched;
} Sample;

static bool keep_all(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    const Game *g = ctx;
    Sample *x = sample;
    memset(x, 0, sizeof *x);
    memcpy(x->state, pos->state, g->state_size);
    x->game = pos->game;
    x->ply = pos->ply;
    x->side = game_side(g, pos->state);
    x->searched = pos->search != NULL;
    x->result = 12345; /* label() must overwrite it */
    return true;
}

static void label_result(const void *ctx, void *sample, int result)
{
    (void)ctx;
    ((Sample *)sample)->result = result;
}

static Selfplay spec(const Game *g, int threads)
{
    return (Selfplay){
        .g = g, .games = 12, .threads = threads, .depth = 1, .seed = 5,
        .random_min = 2, .random_span = 4,
        .exact = 6, .keep_solved_line = true,
        .sample_size = sizeof(Sample), .max_kept = 40,
        .keep = keep_all, .label = label_result, .ctx = g,
    };
}

static void play(const Selfplay *sp, SelfplayGames *out)
{
    Err err = {{0}};
    if (selfplay_run(sp, out, &err) != 0)
        fail_msg("self-play: %s", err.msg);
}

static const Sample *sample_at(const SelfplayGames *out, const Selfplay *sp, size_t i)
{
    return selfplay_sample(out, sp, i);
}

static void test_selfplay_same_games_whatever_the_threads(void **state)
{
    (void)state;
    Game *g = open_game("reversi-6x6");
    const Selfplay one = spec(g, 1), three = spec(g, 3);
    SelfplayGames a, b;
    play(&one, &a);
    play(&three, &b);
    assert_int_equal(a.n, b.n);
    assert_memory_equal(a.game_start, b.game_start, 13 * sizeof *a.game_start);
    assert_memory_equal(a.samples, b.samples, a.n * sizeof(Sample));
    assert_memory_equal(a.wins, b.wins, sizeof a.wins);
    selfplay_games_free(&a);
    selfplay_games_free(&b);
    game_close(g);
}

static void test_selfplay_games_in_order_labelled_from_each_side(void **state)
{
    (void)state;
    Game *g = open_game("reversi-6x6");
    const Selfplay sp = spec(g, 2);
    SelfplayGames out;
    play(&sp, &out);
    assert_int_equal(out.game_start[0], 0);
    assert_int_equal(out.game_start[sp.games], out.n);
    assert_int_equal(out.wins[0] + out.wins[1] + out.wins[2], sp.games);
    long wins[3] = {0};
    for (long k = 0; k < sp.games; k++) {
        const size_t from = out.game_start[k], to = out.game_start[k + 1];
        assert_true(to > from);
        assert_true(to - from <= (size_t)sp.max_kept);
        const Sample *first = sample_at(&out, &sp, from);
        for (size_t i = from; i < to; i++) {
            const Sample *x = sample_at(&out, &sp, i);
            assert_int_equal(x->game, k);
            assert_int_equal(x->ply, (int)(i - from)); /* every position kept, in order */
            /* One result for the game: the same from the same side, negated from the other. */
            assert_int_equal(x->result, x->side == first->side ? first->result : -first->result);
            /* The opening is random: 2..5 plies, never searched. */
            if (x->ply < 2)
                assert_false(x->searched);
        }
        /* The first player's result decides the tally. */
        const int first_player = first->side == 0 ? first->result : -first->result;
        wins[first_player > 0 ? 0 : first_player < 0 ? 1 : 2]++;
    }
    assert_memory_equal(wins, out.wins, sizeof wins);
    selfplay_games_free(&out);
    game_close(g);
}

static void test_selfplay_solved_line_ends_the_game_exactly(void **state)
{
    (void)state;
    Game *g = open_game("reversi-6x6");
    const Selfplay sp = spec(g, 1);
    SelfplayGames out;
    play(&sp, &out);
    /* A position within `exact` of the end is solved, never searched: it
     * is the root or a later position of the solved line. */
    size_t solved = 0;
    for (size_t i = 0; i < out.n; i++) {
        const Sample *x = sample_at(&out, &sp, i);
        if (g->ops->solver_size(g, x->state) <= sp.exact) {
            assert_false(x->searched);
            solved++;
        }
    }
    assert_true(solved > 0);
    selfplay_games_free(&out);
    game_close(g);
}

static void test_selfplay_ply_limit_draws(void **state)
{
    (void)state;
    Game *g = open_game("gogo");
    Selfplay sp = spec(g, 2);
    sp.exact = -1;
    sp.keep_solved_line = false;
    sp.max_plies = 6;
    SelfplayGames out;
    play(&sp, &out);
    assert_int_equal(out.wins[2], sp.games);
    assert_int_equal(out.n, (size_t)(6 * sp.games));
    for (size_t i = 0; i < out.n; i++)
        assert_int_equal(sample_at(&out, &sp, i)->result, 0);
    selfplay_games_free(&out);
    game_close(g);
}

static bool keep_searched(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    return pos->search && keep_all(ctx, pos, sample);
}

static void test_selfplay_keeps_what_the_trainer_wants(void **state)
{
    (void)state;
    Game *g = open_game("reversi-6x6");
    Selfplay sp = spec(g, 1);
    sp.keep = keep_searched;
    sp.random_min = 4;
    sp.random_span = 1;
    SelfplayGames out;
    play(&sp, &out);
    for (long k = 0; k < sp.games; k++)
        assert_int_equal(sample_at(&out, &sp, out.game_start[k])->ply, 4);
    for (size_t i = 0; i < out.n; i++)
        assert_true(sample_at(&out, &sp, i)->searched);
    selfplay_games_free(&out);
    game_close(g);
}

/* ---- fits ------------------------------------------------------------------------- */

static void test_fit_least_squares_finds_a_planted_model(void **state)
{
    (void)state;
    const double planted[3] = {1.5, -2.0, 0.25};
    FitRows rows = {0};
    const uint32_t index[3] = {0, 1, 2};
    for (int a = -3; a <= 3; a++)
        for (int b = 0; b <= 4; b++) {
            const int16_t value[3] = {(int16_t)a, (int16_t)b, 1};
            assert_int_equal(fit_rows_add(&rows, index, value, 3, planted[0] * a + planted[1] * b + planted[2]), 0);
        }
    const FitSet set = fit_rows_set(&rows);
    double w[3];
    fit_least_squares(&set, 3, w);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(w[i] - planted[i]) < 1e-4);
    assert_true(fit_mean_square(&set, w, NULL, NULL) < 1e-8);
    fit_rows_free(&rows);
}

static void test_fit_steps_learn_what_is_seen_only(void **state)
{
    (void)state;
    /* One-hot rows: weight i's label is 4i - 6; weight 3 never occurs. */
    FitRows rows = {0};
    for (int r = 0; r < 30; r++) {
        const uint32_t index = (uint32_t)(r % 3);
        const int16_t value = 1;
        assert_int_equal(fit_rows_add(&rows, &index, &value, 1, 4.0 * index - 6), 0);
    }
    const FitSet set = fit_rows_set(&rows), none = {.n = 0, .row = set.row, .data = set.data};
    const FitSteps steps = {.epochs = 200, .lambda = 0, .rate = 0.5f};
    double train_rms, test_rms;
    float *w = fit_least_squares_steps(&set, &none, 4, &steps, &train_rms, &test_rms);
    assert_non_null(w);
    for (int i = 0; i < 3; i++)
        assert_true(fabsf(w[i] - (4.0f * (float)i - 6)) < 1e-3f);
    assert_true(w[3] == 0.0f);
    assert_true(train_rms < 1e-3);
    assert_true(test_rms == 0.0);
    free(w);
    fit_rows_free(&rows);
}

static int game_row(const void *sample, uint32_t *index, int16_t *value, double *label)
{
    const long *game = sample;
    index[0] = 0;
    value[0] = 1;
    *label = (double)*game;
    return 1;
}

static void test_fit_holds_out_every_tenth_game(void **state)
{
    (void)state;
    long samples[30];
    size_t start[21];
    for (int k = 0, n = 0; k <= 20; k++) { /* game k has k % 2 + 1 samples */
        start[k] = (size_t)n;
        for (int i = 0; k < 20 && i < k % 2 + 1; i++)
            samples[n++] = k;
    }
    FitRows fitted = {0}, held = {0};
    assert_int_equal(fit_rows_of_games(&fitted, &held, samples, sizeof *samples, start, 20, game_row), 0);
    assert_int_equal(held.n, 4); /* games 9 and 19, two samples each */
    for (size_t i = 0; i < held.n; i++)
        assert_true(held.label[i] == 9 || held.label[i] == 19);
    assert_int_equal(fitted.n + held.n, start[20]);
    for (size_t i = 1; i < fitted.n; i++)
        assert_true(fitted.label[i] >= fitted.label[i - 1]); /* in game order */
    fit_rows_free(&fitted);
    fit_rows_free(&held);
}

static double halve(double value, const void *arg)
{
    (void)arg;
    return value / 2;
}

static void test_fit_mean_square_through_a_link(void **state)
{
    (void)state;
    FitRows rows = {0};
    const uint32_t index = 0;
    const int16_t value = 2;
    assert_int_equal(fit_rows_add(&rows, &index, &value, 1, 1.0), 0);
    assert_int_equal(fit_rows_add(&rows, &index, &value, 1, 3.0), 0);
    const FitSet set = fit_rows_set(&rows);
    const double w = 1.0; /* every row's value is 2 */
    assert_true(fabs(fit_mean_square(&set, &w, NULL, NULL) - 1.0) < 1e-12);  /* (1 + 1) / 2 */
    assert_true(fabs(fit_mean_square(&set, &w, halve, NULL) - 2.0) < 1e-12); /* (0 + 4) / 2 */
    fit_rows_free(&rows);
    const FitSet empty = {.n = 0, .row = set.row, .data = &rows};
    assert_true(fit_mean_square(&empty, &w, NULL, NULL) == 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_selfplay_same_games_whatever_the_threads),
        cmocka_unit_test(test_selfplay_games_in_order_labelled_from_each_side),
        cmocka_unit_test(test_selfplay_solved_line_ends_the_game_exactly),
        cmocka_unit_test(test_selfplay_ply_limit_draws),
        cmocka_unit_test(test_selfplay_keeps_what_the_trainer_wants),
        cmocka_unit_test(test_fit_least_squares_finds_a_planted_model),
        cmocka_unit_test(test_fit_steps_learn_what_is_seen_only),
        cmocka_unit_test(test_fit_holds_out_every_tenth_game),
        cmocka_unit_test(test_fit_mean_square_through_a_link),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
