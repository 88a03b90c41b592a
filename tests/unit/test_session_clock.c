/* test_session_clock.c - a game's clock as the UI keeps it (ui/session.h):
 * moves charge it, undo and redo put it back, a side out of time loses, and
 * save files keep it or say which line is wrong.  The session's time is the
 * test's own (Session.now). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records/records.h"
#include "ui/clock_face.h"
#include "ui/load.h"
#include "ui/session.h"

static uint64_t fake_ms;
static uint64_t fake_now(void) { return fake_ms; }

/* A game of `id`, a person first against `second`, on the test's clock. */
static Session *game_on_clock(const char *id, const char *second, const ClockRules *rules)
{
    UiPlayer players[2];
    Err err = {{0}};
    ui_player_parse("human", &players[0], &err);
    ui_player_parse(second, &players[1], &err);
    Session *s = session_new(id, NULL, 0, players, NULL, &err);
    assert_non_null(s);
    s->now = fake_now;
    fake_ms = 1000;
    session_set_clock(s, rules);
    return s;
}

static Session *kalah_game(const ClockRules *rules)
{
    return game_on_clock("kalah-4x3", "alphabeta:3", rules);
}

/* The side to move thinks `ms`, then plays its first legal move. */
static void think_and_play(Session *s, uint64_t ms)
{
    session_clock_run(s, true);
    fake_ms += ms;
    Move moves[GAME_MAX_MOVES];
    assert_true(s->game->ops->legal_moves(s->game, session_current(s), moves) > 0);
    assert_int_equal(session_play(s, moves[0]), 0);
}

static const ClockRules five_plus_two = {.timed = true, .main_ms = 300000, .inc_ms = 2000};

static void moves_charge_the_clock_and_undo_gives_it_back(void **unused)
{
    (void)unused;
    Session *s = kalah_game(&five_plus_two);
    assert_true(session_timed(s));
    const int first = session_side(s);
    think_and_play(s, 4000);
    assert_int_equal(s->clock.main_left[first], 300000 - 4000 + 2000);
    assert_int_equal(session_time_used(s, first), 4000);
    const int second = session_side(s);
    think_and_play(s, 1000);
    const GameClock after_two = s->clock;
    /* a pause: the move keeps its time, the time paused is nobody's */
    session_clock_run(s, true);
    fake_ms += 500;
    session_clock_run(s, false);
    fake_ms += 60000;
    assert_int_equal(session_time_used(s, session_side(s)), (session_side(s) == first ? 4000 : 1000) + 500);
    assert_true(session_undo(s));
    assert_true(session_undo(s));
    assert_int_equal(s->clock.main_left[first], 300000);
    assert_int_equal(session_time_used(s, first), 0);
    assert_int_equal(session_time_used(s, second), 0);
    assert_true(session_redo(s));
    assert_true(session_redo(s));
    assert_int_equal(s->clock.main_left[first], after_two.main_left[first]);
    assert_int_equal(s->clock.main_left[second], after_two.main_left[second]);
    /* play again: the same clock, both sides' time afresh */
    Err err = {{0}};
    Session *again = session_restart(s, &err);
    assert_non_null(again);
    assert_true(session_timed(again));
    assert_int_equal(again->clock.rules.inc_ms, 2000);
    assert_int_equal(again->clock.main_left[0], 300000);
    assert_int_equal(session_time_used(again, 0), 0);
    session_free(again);
    session_free(s);
}

/* Each move's time is what its side's clock counted, undo and redo
 * aside, and a saved KIF or CSA record carries it. */
static void saved_records_keep_each_moves_time(void **unused)
{
    (void)unused;
    Session *s = game_on_clock("gogo", "pvs:1", &five_plus_two);
    think_and_play(s, 4000);
    think_and_play(s, 1500);
    think_and_play(s, 2500);
    assert_true(session_undo(s));
    assert_true(session_redo(s));
    assert_int_equal(session_move_ms(s, 0), 4000);
    assert_int_equal(session_move_ms(s, 1), 1500);
    assert_int_equal(session_move_ms(s, 2), 2500);
    char dir[] = "/tmp/yomi-test-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    static const char *const ext[] = {"kifu", "csa"};
    for (int f = 0; f < 2; f++) {
        snprintf(path, sizeof path, "%s/game.%s", dir, ext[f]);
        Err err = {{0}};
        if (ui_save_game(s, path, &err) != 0)
            fail_msg("%s: %s", path, err.msg);
        Record *r = record_load(path, NULL, &err);
        if (!r)
            fail_msg("%s: %s", path, err.msg);
        assert_int_equal(r->nmoves, 3);
        assert_int_equal(r->move_ms[0], 4000);
        assert_int_equal(r->move_ms[1], 1000); /* whole seconds in the file */
        assert_int_equal(r->move_ms[2], 2000);
        /* loaded again, the moves keep those times */
        UiPlayer players[2];
        ui_player_parse("human", &players[0], &err);
        ui_player_parse("pvs:1", &players[1], &err);
        Session *back = session_from_record(r, players, &err);
        assert_non_null(back);
        assert_int_equal(session_move_ms(back, 0), 4000);
        assert_int_equal(session_move_ms(back, 1), 1000);
        assert_int_equal(session_time_used(back, 1 - session_side(back)), 4000 + 2000); /* the first player */
        session_free(back);
        record_free(r);
        unlink(path);
    }
    rmdir(dir);
    session_free(s);
}

/* A long game outgrows the first arrays more than once (game_line_reserve
 * doubles them; the clocks grow beside): every position and clock stays
 * as it was played, through undo and redo. */
static void a_long_game_keeps_every_ply(void **unused)
{
    (void)unused;
    Session *s = game_on_clock("gogo", "human", &five_plus_two);
    enum { PLIES = 300 };
    static unsigned char seen[PLIES + 1][GAME_MAX_STATE];
    static GameClock clocks[PLIES + 1];
    const size_t size = s->game->state_size;
    int n = 0;
    memcpy(seen[0], session_current(s), size);
    clocks[0] = s->clock;
    for (; n < PLIES; n++) {
        Move moves[GAME_MAX_MOVES];
        const int count = s->game->ops->legal_moves(s->game, session_current(s), moves);
        if (count == 0)
            break;
        /* any move that leaves the other side a move: no mate to end it */
        int pick = (n * 7) % count;
        for (int tries = 0; tries < count; tries++, pick = (pick + 1) % count) {
            _Alignas(16) unsigned char next[GAME_MAX_STATE];
            Move replies[GAME_MAX_MOVES];
            s->game->ops->play(s->game, session_current(s), moves[pick], next);
            if (s->game->ops->legal_moves(s->game, next, replies) > 0)
                break;
        }
        session_clock_run(s, true);
        fake_ms += 10;
        assert_int_equal(session_play(s, moves[pick]), 0);
        memcpy(seen[n + 1], session_current(s), size);
        clocks[n + 1] = s->clock;
    }
    assert_true(n > 128); /* past two doublings */
    while (session_undo(s))
        ;
    for (int i = 0; i <= n; i++) {
        assert_memory_equal(session_state(s, i), seen[i], size);
        assert_int_equal(s->clock.main_left[0], clocks[i].main_left[0]);
        assert_int_equal(s->clock.main_left[1], clocks[i].main_left[1]);
        if (i < n)
            assert_true(session_redo(s));
    }
    session_free(s);
}

static void out_of_time_loses(void **unused)
{
    (void)unused;
    const ClockRules byoyomi = {.timed = true, .byoyomi_ms = 2000};
    Session *s = kalah_game(&byoyomi);
    const int side = session_side(s);
    int value;
    const char *why;
    session_clock_run(s, true);
    fake_ms += 2000;
    assert_false(session_clock_fell(s));
    assert_false(session_over(s, &value, &why));
    fake_ms += 1;
    assert_true(session_clock_fell(s));
    assert_true(session_over(s, &value, &why));
    assert_string_equal(why, "running out of time");
    assert_true(side == 0 ? value < 0 : value > 0); /* a loss for the side out of time */
    session_clock_run(s, true); /* a fallen flag runs no clock */
    assert_false(s->clock.running);
    session_free(s);
    /* without a clock nobody runs out, however long */
    s = kalah_game(NULL);
    assert_false(session_timed(s));
    session_clock_run(s, true);
    fake_ms += 86400000;
    assert_false(session_clock_fell(s));
    assert_int_equal(session_time_used(s, session_side(s)), 86400000);
    session_free(s);
}

static Session *round_trip(const Session *s)
{
    size_t len;
    char *text = session_text(s, &len);
    assert_non_null(text);
    Err err = {{0}};
    Session *t = session_parse(text, len, "clock.yomi", &err);
    if (!t)
        fail_msg("%s", err.msg);
    free(text);
    return t;
}

static void save_files_keep_the_clock(void **unused)
{
    (void)unused;
    const ClockRules rules = {.timed = true, .main_ms = 60000, .byoyomi_ms = 10000};
    Session *s = kalah_game(&rules);
    think_and_play(s, 7000);
    think_and_play(s, 2500);
    const int mover = session_side(s);
    session_clock_run(s, true);
    fake_ms += 1200; /* saved mid-move: the move's time so far comes off */
    Session *t = round_trip(s);
    assert_true(session_timed(t));
    assert_int_equal(t->clock.rules.main_ms, 60000);
    assert_int_equal(t->clock.rules.inc_ms, 0);
    assert_int_equal(t->clock.rules.byoyomi_ms, 10000);
    for (int i = 0; i < 2; i++) {
        const int64_t expect = s->clock.main_left[i] - (i == mover ? 1200 : 0);
        assert_int_equal(t->clock.main_left[i], expect);
        assert_int_equal(session_time_used(t, i), session_time_used(s, i));
    }
    assert_int_equal(t->clock.flag, -1);
    assert_false(t->clock.running);
    /* undo past the load keeps the loaded times: the file has no others */
    const GameClock loaded = t->clock;
    assert_true(session_undo(t));
    assert_int_equal(t->clock.main_left[0], loaded.main_left[0]);
    session_free(t);
    /* a side out of time stays out of time */
    fake_ms += 120000;
    assert_true(session_clock_fell(s));
    t = round_trip(s);
    int value;
    const char *why;
    assert_true(session_over(t, &value, &why));
    assert_string_equal(why, "running out of time");
    session_free(t);
    session_free(s);
    /* time used is kept without a clock too */
    s = kalah_game(NULL);
    think_and_play(s, 3000);
    t = round_trip(s);
    assert_false(session_timed(t));
    assert_int_equal(session_time_used(t, 0) + session_time_used(t, 1), 3000);
    session_free(t);
    session_free(s);
}

static void old_files_have_no_clock(void **unused)
{
    (void)unused;
    static const char old[] = "yomi-save 1\ngame kalah-4x3\nfirst human\nsecond pvs:3\nmoves\n1\n";
    Err err = {{0}};
    Session *s = session_parse(old, sizeof old - 1, "old.yomi", &err);
    assert_non_null(s);
    assert_false(session_timed(s));
    assert_int_equal(s->clock.used[0] + s->clock.used[1], 0);
    size_t len;
    char *text = session_text(s, &len);
    assert_null(strstr(text, "clock")); /* and none is written back */
    assert_null(strstr(text, "time-used"));
    free(text);
    session_free(s);
}

static void bad_clock_lines_name_their_line(void **unused)
{
    (void)unused;
    static const struct {
        const char *line, *why;
    } bad[] = {
        {"clock 60000 x 0", "'clock' needs main time, increment and byoyomi"},
        {"clock -1 0 0", "'clock' needs"},
        {"clock 0 5000 0", "main time or byoyomi above 0"},
        {"clock 60000 0", "'clock' needs"},
        {"clock 60000 0 0 0", "'clock' needs"},
        {"clock 86400001 0 0", "0 to 86400000"},
        {"clock 60000  0 0", "'clock' needs"},
        {"clock-left 1000 2000", "'clock-left' needs a 'clock' line before it"},
        {"clock-flag first", "'clock-flag' needs a 'clock' line"},
        {"time-used 5", "'time-used' needs two times in ms"},
        {"time-used 5 99999999999999999999", "'time-used' needs two times"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "yomi-save 1\ngame kalah-4x3\n%s\nmoves\n", bad[i].line);
        Err err = {{0}};
        assert_null(session_parse(text, strlen(text), "bad.yomi", &err));
        if (strncmp(err.msg, "bad.yomi:3: ", 12) != 0 || !strstr(err.msg, bad[i].why))
            fail_msg("'%s': wanted 'bad.yomi:3: ...%s', got '%s'", bad[i].line, bad[i].why, err.msg);
    }
    static const char flag[] = "yomi-save 1\ngame kalah-4x3\nclock 60000 0 0\nclock-left 0 60000\n"
                               "clock-flag third\nmoves\n";
    Err err = {{0}};
    assert_null(session_parse(flag, sizeof flag - 1, "bad.yomi", &err));
    assert_non_null(strstr(err.msg, "bad.yomi:5: 'clock-flag' needs first or second"));
}

static void clock_faces(void **unused)
{
    (void)unused;
    static const struct {
        int64_t ms;
        const char *face;
    } faces[] = {
        {300000, "05:00"}, {299999, "04:59"}, {10000, "00:10"}, {9999, "00:09.9"},
        {9950, "00:09.9"}, {100, "00:00.1"}, {0, "00:00.0"}, {-500, "00:00.0"},
        {4500000, "75:00"},
    };
    for (size_t i = 0; i < sizeof faces / sizeof faces[0]; i++) {
        char buf[16];
        clock_face_text(faces[i].ms, buf, sizeof buf);
        assert_string_equal(buf, faces[i].face);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moves_charge_the_clock_and_undo_gives_it_back),
        cmocka_unit_test(saved_records_keep_each_moves_time),
        cmocka_unit_test(a_long_game_keeps_every_ply),
        cmocka_unit_test(out_of_time_loses),
        cmocka_unit_test(save_files_keep_the_clock),
        cmocka_unit_test(old_files_have_no_clock),
        cmocka_unit_test(bad_clock_lines_name_their_line),
        cmocka_unit_test(clock_faces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
