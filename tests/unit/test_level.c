/* test_level.c - the strength levels (players/level.h): `level:N` gives,
 * in every game, the spec doc/cli.md and the README print for it; a bad
 * level is one clear error; the weak levels' random moves replay exactly
 * from a seed, through the player and through the agent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "players/agent.h"
#include "players/level.h"
#include "players/player.h"

static const char *const families[] = {"kalah", "reversi", "gogo"};
#define NFAMILIES 3

/* Cell `i` (0: the level's name) of a Markdown table row, its blanks and
 * backquotes removed, into out. */
static void cell(const char *row, int i, char *out, size_t len)
{
    const char *c = row;
    out[0] = '\0';
    for (int k = 0; k <= i; k++) {
        if (!(c = strchr(c, '|')))
            return;
        c++;
    }
    const char *end = strchr(c, '|');
    if (!end)
        return;
    size_t n = 0;
    for (; c < end && n + 1 < len; c++)
        if (*c != ' ' && *c != '`')
            out[n++] = *c;
    out[n] = '\0';
}

/// The levels table of a document (doc/cli.md, README.md): its header
/// names the games in a row, then one row a level.  Every cell must be the
/// table's spec, so what the documents promise is what yomi plays.
static void check_document(const char *name)
{
    char path[512], line[512];
    const char *dir = getenv("TESTDATA");
    snprintf(path, sizeof path, "%s/../../%s", dir ? dir : "tests/data", name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int rows = 0;
    bool in_table = false;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "| Level | kalah | reversi | gogo |", 34) == 0) {
            in_table = true;
            continue;
        }
        if (!in_table || strncmp(line, "|--", 3) == 0)
            continue;
        if (line[0] != '|')
            break;
        char level[64], spec[128];
        cell(line, 0, level, sizeof level);
        const int n = atoi(level);
        assert_int_equal(n, LEVEL_MIN + rows);
        for (int k = 0; k < NFAMILIES; k++) {
            cell(line, k + 1, spec, sizeof spec); /* empty past the game's last level */
            const char *want = level_spec(families[k], n);
            assert_string_equal(spec, want ? want : "");
        }
        rows++;
    }
    fclose(f);
    int most = 0;
    for (int k = 0; k < NFAMILIES; k++)
        most = level_count(families[k]) > most ? level_count(families[k]) : most;
    assert_int_equal(rows, most);
}

static void test_documents_print_the_table(void **state)
{
    (void)state;
    check_document("doc/cli.md");
    check_document("README");
}

/// Every level of every game (and the generic row) is a player spec of
/// yomi's own; all but the last stop at a depth, never at a time, so their
/// strength does not depend on the machine's load; the last is the default
/// computer player; only the weak levels play random moves, and fewer as
/// they rise.
static void test_every_level_is_a_documented_player(void **state)
{
    (void)state;
    const char *all[] = {"kalah", "reversi", "gogo", "tree", NULL};
    for (int k = 0; k < 5; k++) {
        const int count = level_count(all[k]);
        assert_true(count >= 2 && count <= LEVEL_LIMIT);
        int last_random = 101;
        for (int n = LEVEL_MIN; n <= count; n++) {
            Player want, got;
            Err err = {{0}};
            char spec[24], back[64];
            assert_int_equal(player_parse(level_spec(all[k], n), &want, &err), 0);
            assert_false(want.human || want.external[0] || want.level);
            snprintf(spec, sizeof spec, "level:%d", n);
            assert_int_equal(player_parse(spec, &got, &err), 0);
            assert_int_equal(got.level, n);
            assert_int_equal(player_fit_game(&got, all[k], &err), 0);
            char got_text[128], want_text[128];
            Player bare = got;
            bare.level = 0; /* the search and random share it stands for */
            player_format(&bare, got_text, sizeof got_text);
            player_format(&want, want_text, sizeof want_text);
            assert_string_equal(got_text, want_text);
            assert_int_equal(got.random_pct, want.random_pct);
            assert_true(got.random_pct <= last_random);
            last_random = got.random_pct;
            player_format(&got, back, sizeof back);
            assert_string_equal(back, spec); /* save files keep the level */
            if (n < count)
                assert_int_equal(want.cfg.time_ms, 0);
            else
                assert_string_equal(level_spec(all[k], n), PLAYER_DEFAULT_COMPUTER);
            assert_non_null(level_word(all[k], n));
        }
        assert_int_equal(last_random, 0);
        assert_null(level_spec(all[k], 0));
        assert_null(level_spec(all[k], count + 1));
        assert_null(level_word(all[k], 0));
        assert_null(level_word(all[k], count + 1));
    }
}

/// The counts themselves: each game its own (BENCHMARKS.md "Levels"),
/// a game the table does not name Kalah's.
static void test_each_game_has_its_count(void **state)
{
    (void)state;
    assert_int_equal(level_count("kalah"), 8);
    assert_int_equal(level_count("reversi"), 11);
    assert_int_equal(level_count("gogo"), 11);
    assert_int_equal(level_count("tree"), level_count("kalah"));
    assert_int_equal(level_count(NULL), level_count("kalah"));
    assert_string_equal(level_spec("reversi", 11), PLAYER_DEFAULT_COMPUTER);
    assert_string_equal(level_spec("gogo", 11), PLAYER_DEFAULT_COMPUTER);
    assert_null(level_spec("kalah", 9));
    assert_null(level_spec("gogo", 12));
    assert_null(level_spec("reversi", 12));
}

/// Names for any count: the ladder climbs the same way in every game,
/// and a game's last level is always "Strongest".
static void test_names_end_at_strongest(void **state)
{
    (void)state;
    const char *all[] = {"kalah", "reversi", "gogo", "tree"};
    for (int k = 0; k < 4; k++) {
        const int count = level_count(all[k]);
        assert_string_equal(level_word(all[k], 1), "Beginner");
        assert_string_equal(level_word(all[k], count), "Strongest");
        for (int n = LEVEL_MIN; n < count; n++)
            assert_string_not_equal(level_word(all[k], n), "Strongest");
    }
    assert_string_equal(level_word("kalah", 7), "Expert");
    assert_string_equal(level_word("reversi", 8), "Master");
    assert_string_equal(level_word("kalah", 8), "Strongest");
}

static void test_bad_levels_are_one_clear_error(void **state)
{
    (void)state;
    const char *bad[] = {"level:0", "level:13", "level:x", "level:", "level:100", "level:-1",
                         "level:03", "level:3,seed=2", "level:3 "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Player p;
        Err err = {{0}};
        assert_int_equal(player_parse(bad[i], &p, &err), -1);
        assert_non_null(strstr(err.msg, "a level is level:N, N in 1-8 (kalah), 1-11 (reversi), 1-11 (gogo)"));
        assert_non_null(strstr(err.msg, bad[i]));
    }
    /* Some game's level, but not this game's: the game's own range. */
    const struct {
        const char *family, *spec, *msg;
    } beyond[] = {
        {"kalah", "level:9", "player 'level:9': kalah has levels 1 to 8"},
        {"kalah", "level:11", "player 'level:11': kalah has levels 1 to 8"},
        {"gogo", "level:12", "player 'level:12': gogo has levels 1 to 11"},
        {"tree", "level:9", "player 'level:9': tree has levels 1 to 8"},
        {"reversi", "level:12", "player 'level:12': reversi has levels 1 to 11"},
    };
    for (size_t i = 0; i < sizeof beyond / sizeof beyond[0]; i++) {
        Player p;
        Err err = {{0}};
        assert_int_equal(player_parse(beyond[i].spec, &p, &err), 0);
        assert_int_equal(player_fit_game(&p, beyond[i].family, &err), -1);
        assert_string_equal(err.msg, beyond[i].msg);
    }
    Player p;
    Err err = {{0}};
    assert_int_equal(player_parse("level:11", &p, &err), 0);
    assert_int_equal(player_fit_game(&p, "reversi", &err), 0);
    assert_string_equal(level_spec("reversi", 11), PLAYER_DEFAULT_COMPUTER);
    const char *bad_random[] = {"alphabeta:2,random=101", "alphabeta:2,random=-1",
                                "alphabeta:2,random=", "alphabeta:2,random=5x"};
    for (size_t i = 0; i < sizeof bad_random / sizeof bad_random[0]; i++) {
        Err e = {{0}};
        assert_int_equal(player_parse(bad_random[i], &p, &e), -1);
        assert_non_null(strstr(e.msg, "is not a percentage from 0 to 100"));
    }
}

/// Through the agent (match, the UI's computer sides): a level beyond the
/// game's count is refused with the game's range, never played as some
/// other player.
static void test_agent_refuses_another_games_level(void **state)
{
    (void)state;
    Err err = {{0}};
    Game *g = game_open("kalah", NULL, 0, &err);
    assert_non_null(g);
    assert_null(agent_new(g, "level:10", &err));
    assert_string_equal(err.msg, "player 'level:10': kalah has levels 1 to 8");
    assert_int_equal(agent_spec_check_game("level:9", g, &err), -1);
    assert_int_equal(agent_spec_check_game("level:8", g, &err), 0);
    Agent *a = agent_new(g, "level:8", &err);
    assert_non_null(a);
    agent_free(a);
    game_close(g);
}

static void test_random_share_round_trips(void **state)
{
    (void)state;
    Player p, q;
    Err err = {{0}};
    char buf[128];
    assert_int_equal(player_parse("alphabeta:2,random=25,seed=7", &p, &err), 0);
    assert_int_equal(p.random_pct, 25);
    player_format(&p, buf, sizeof buf);
    assert_string_equal(buf, "alphabeta:2,seed=7,random=25");
    assert_int_equal(player_parse(buf, &q, &err), 0);
    assert_int_equal(q.random_pct, 25);
    assert_int_equal(q.cfg.seed, 7);
}

/// A spec that names its threads keeps them, one included: the UI gives
/// its Settings' threads only to a player that named none, and a saved
/// game must not lose the difference (threads=1 is the default).
static void test_named_threads_round_trip(void **state)
{
    (void)state;
    Player p, q;
    Err err = {{0}};
    char buf[128];
    assert_int_equal(player_parse("negascout:4", &p, &err), 0);
    assert_false(p.own_threads);
    assert_int_equal(player_parse("negascout:4,threads=1", &p, &err), 0);
    assert_true(p.own_threads);
    assert_int_equal(p.cfg.threads, 1);
    player_format(&p, buf, sizeof buf);
    assert_string_equal(buf, "negascout:4,threads=1");
    assert_int_equal(player_parse(buf, &q, &err), 0);
    assert_true(q.own_threads);
    assert_int_equal(player_parse("negascout:4,threads=3", &p, &err), 0);
    player_format(&p, buf, sizeof buf);
    assert_string_equal(buf, "negascout:4,threads=3");
}

/// The draw itself: a seed gives the same moves again, the share is
/// about what was asked (over 2000 turns, exactly reproducible), 0 never
/// draws and 100 always plays a random move.
static void test_random_turns_replay_from_a_seed(void **state)
{
    (void)state;
    Err err = {{0}};
    Game *g = game_open("reversi", NULL, 0, &err);
    assert_non_null(g);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    g->ops->start(g, start);
    uint64_t a = 42, b = 42, none = 5;
    int hits = 0;
    for (int i = 0; i < 2000; i++) {
        Move ma = MOVE_NONE, mb = MOVE_NONE;
        const bool ra = player_random_turn(30, &a, g, start, &ma);
        const bool rb = player_random_turn(30, &b, g, start, &mb);
        assert_int_equal(ra, rb);
        assert_int_equal(ma, mb);
        hits += ra;
        Move m;
        assert_false(player_random_turn(0, &none, g, start, &m));
        assert_true(player_random_turn(100, &none, g, start, &m));
    }
    assert_true(hits > 500 && hits < 700);
    uint64_t untouched = 9;
    Move m;
    player_random_turn(0, &untouched, g, start, &m);
    assert_int_equal(untouched, 9); /* no random share, no draw */
    game_close(g);
}

/* A whole game of level `spec` against itself, its moves in out; the
 * number of plies. */
static int self_play(Game *g, const char *spec, uint64_t seed, Move *out, int max)
{
    Err err = {{0}};
    Agent *a = agent_new(g, spec, &err);
    assert_non_null(a);
    agent_set_seed(a, seed);
    _Alignas(16) unsigned char start[GAME_MAX_STATE], cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    g->ops->start(g, start);
    memcpy(cur, start, g->state_size);
    AgentClock clock;
    agent_clock_none(&clock);
    int n = 0, randoms = 0;
    while (n < max && !g->ops->is_terminal(g, cur)) {
        AgentResult r;
        assert_int_equal(agent_start(a, start, out, n, &clock, &err), 0);
        assert_int_equal(agent_wait(a, &r, &err), 0);
        assert_int_equal(r.answer, AGENT_MOVE);
        randoms += r.final.random;
        for (int i = 0; i < r.turn_len && n < max; i++) {
            g->ops->play(g, cur, r.turn[i], next);
            memcpy(cur, next, g->state_size);
            out[n++] = r.turn[i];
        }
    }
    agent_free(a);
    assert_true(randoms > 0); /* level 1 does play random moves */
    return n;
}

/// Through the agent: the same seed plays the same game, another seed
/// another (level 1's random moves are part of its play, not the engine's).
static void test_level_one_replays_its_game(void **state)
{
    (void)state;
    Err err = {{0}};
    Game *g = game_open("kalah", NULL, 0, &err);
    assert_non_null(g);
    Move a[200], b[200], c[200];
    const int na = self_play(g, "level:1", 3, a, 200);
    const int nb = self_play(g, "level:1", 3, b, 200);
    const int nc = self_play(g, "level:1", 4, c, 200);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, (size_t)na * sizeof a[0]);
    assert_true(na != nc || memcmp(a, c, (size_t)na * sizeof a[0]) != 0);
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_documents_print_the_table),
        cmocka_unit_test(test_every_level_is_a_documented_player),
        cmocka_unit_test(test_each_game_has_its_count),
        cmocka_unit_test(test_names_end_at_strongest),
        cmocka_unit_test(test_bad_levels_are_one_clear_error),
        cmocka_unit_test(test_agent_refuses_another_games_level),
        cmocka_unit_test(test_random_share_round_trips),
        cmocka_unit_test(test_named_threads_round_trip),
        cmocka_unit_test(test_random_turns_replay_from_a_seed),
        cmocka_unit_test(test_level_one_replays_its_game),
    };
    return cmocka_run_group_tests_name("level", tests, NULL, NULL);
}
