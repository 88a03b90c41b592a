/* test_usi.c - the USI line parsers (players/usi_protocol.h) and the clock budget
 * (players/agent.h): what they accept, and that bad lines are errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "players/agent.h"
#include "players/player.h"
#include "players/usi_protocol.h"

static UsiCommand cmd; /* 8 KB of moves: not on the stack */

static int parse(const char *line)
{
    Err err = {{0}};
    return usi_parse_line(line, &cmd, &err);
}

static void test_simple_commands(void **state)
{
    (void)state;
    const struct {
        const char *line;
        UsiCommandKind kind;
    } cases[] = {
        {"usi", USI_CMD_USI},         {"isready\r\n", USI_CMD_ISREADY},
        {"  usinewgame ", USI_CMD_USINEWGAME}, {"stop", USI_CMD_STOP},
        {"ponderhit", USI_CMD_PONDERHIT}, {"quit\n", USI_CMD_QUIT},
        {"", USI_CMD_EMPTY},          {"   \t ", USI_CMD_EMPTY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(parse(cases[i].line), 0);
        assert_int_equal(cmd.kind, cases[i].kind);
    }
}

static void test_bad_commands(void **state)
{
    (void)state;
    const char *bad[] = {
        "bogus", "usi now", "quit please", "go sideways", "go btime", "go btime x",
        "go depth 0", "go depth -3", "go nodes", "position", "position nowhere",
        "position startpos moves 2e2d !!", "position startpos 2e2d", "position sfen",
        "position sfen moves 2e2d", "setoption", "setoption value 3", "setoption name",
        "gameover", "gameover maybe", "go btime 99999999999999999999",
        "position startpos moves 2e2d2e2d2e",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Err err = {{0}};
        if (usi_parse_line(bad[i], &cmd, &err) != -1)
            fail_msg("accepted '%s'", bad[i]);
        assert_true(err.msg[0] != '\0');
    }
}

static void test_position(void **state)
{
    (void)state;
    assert_int_equal(parse("position startpos"), 0);
    assert_int_equal(cmd.kind, USI_CMD_POSITION);
    assert_true(cmd.startpos);
    assert_int_equal(cmd.nmoves, 0);

    assert_int_equal(parse("position startpos moves 2e2d 4a3b P*3c 2b3a+"), 0);
    assert_int_equal(cmd.nmoves, 4);
    assert_string_equal(cmd.moves[0], "2e2d");
    assert_string_equal(cmd.moves[2], "P*3c");
    assert_string_equal(cmd.moves[3], "2b3a+");

    assert_int_equal(parse("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5e4d"), 0);
    assert_false(cmd.startpos);
    assert_string_equal(cmd.sfen, "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_int_equal(cmd.nmoves, 1);
    assert_string_equal(cmd.moves[0], "5e4d");

    assert_int_equal(parse("position  sfen   rbsgk/4p/5/P4/KGSBR   w  Pp   7"), 0);
    assert_string_equal(cmd.sfen, "rbsgk/4p/5/P4/KGSBR w Pp 7");
    assert_int_equal(parse("position startpos moves"), 0);
    assert_int_equal(cmd.nmoves, 0);
}

static void test_too_many_moves(void **state)
{
    (void)state;
    const size_t n = USI_MAX_MOVES + 1;
    char *line = malloc(32 + n * 5);
    assert_non_null(line);
    char *p = line + sprintf(line, "position startpos moves");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, " 2e2d");
    Err err = {{0}};
    assert_int_equal(usi_parse_line(line, &cmd, &err), -1);
    assert_non_null(strstr(err.msg, "more than"));
    line[strlen(line) - 5] = '\0'; /* exactly the maximum */
    assert_int_equal(usi_parse_line(line, &cmd, &err), 0);
    assert_int_equal(cmd.nmoves, USI_MAX_MOVES);
    free(line);
}

static void test_go(void **state)
{
    (void)state;
    assert_int_equal(parse("go"), 0);
    assert_int_equal(cmd.kind, USI_CMD_GO);
    assert_int_equal(cmd.go.btime, -1);
    assert_int_equal(cmd.go.depth, -1);
    assert_false(cmd.go.infinite);

    assert_int_equal(parse("go btime 60000 wtime 50000 byoyomi 1000 binc 10 winc 20"), 0);
    assert_int_equal(cmd.go.btime, 60000);
    assert_int_equal(cmd.go.wtime, 50000);
    assert_int_equal(cmd.go.byoyomi, 1000);
    assert_int_equal(cmd.go.binc, 10);
    assert_int_equal(cmd.go.winc, 20);

    assert_int_equal(parse("go depth 7 nodes 123456 movetime 250"), 0);
    assert_int_equal(cmd.go.depth, 7);
    assert_int_equal(cmd.go.nodes, 123456);
    assert_int_equal(cmd.go.movetime, 250);

    assert_int_equal(parse("go ponder btime 0 wtime 0 byoyomi 300"), 0);
    assert_true(cmd.go.ponder);
    assert_int_equal(parse("go infinite"), 0);
    assert_true(cmd.go.infinite);
    assert_int_equal(parse("go mate infinite"), 0);
    assert_true(cmd.go.infinite);
    assert_int_equal(parse("go btime -5 wtime 10"), 0); /* late GUIs: read as 0 */
    assert_int_equal(cmd.go.btime, 0);
    assert_false(cmd.go.negative_movetime);
    assert_int_equal(parse("go movetime 0"), 0);
    assert_int_equal(cmd.go.movetime, 0);
    assert_false(cmd.go.negative_movetime);
    /* No clock explains a negative movetime: read as 0, and flagged so the
     * engine can say so. */
    assert_int_equal(parse("go movetime -5"), 0);
    assert_int_equal(cmd.go.movetime, 0);
    assert_true(cmd.go.negative_movetime);
    assert_int_equal(parse("go"), 0);
    assert_false(cmd.go.negative_movetime);
}

static void test_setoption_and_gameover(void **state)
{
    (void)state;
    assert_int_equal(parse("setoption name USI_Hash value 64"), 0);
    assert_int_equal(cmd.kind, USI_CMD_SETOPTION);
    assert_string_equal(cmd.name, "USI_Hash");
    assert_true(cmd.has_value);
    assert_string_equal(cmd.value, "64");
    assert_int_equal(parse("setoption name Player value pvs:8, table-mb=4"), 0);
    assert_string_equal(cmd.value, "pvs:8, table-mb=4");
    assert_int_equal(parse("setoption name Clear Hash"), 0);
    assert_string_equal(cmd.name, "Clear Hash");
    assert_false(cmd.has_value);
    assert_int_equal(parse("gameover lose"), 0);
    assert_int_equal(cmd.kind, USI_CMD_GAMEOVER);
    assert_int_equal(cmd.gameover, USI_GAMEOVER_LOSE);
    assert_int_equal(parse("gameover win"), 0);
    assert_int_equal(cmd.gameover, USI_GAMEOVER_WIN);
}

static void test_replies(void **state)
{
    (void)state;
    UsiReply r;
    Err err = {{0}};
    assert_int_equal(usi_parse_reply("usiok", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_USIOK);
    assert_int_equal(usi_parse_reply("readyok\r", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_READYOK);
    assert_int_equal(usi_parse_reply("option name UCI_Variant type combo default shogi", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_OPTION);
    assert_string_equal(r.name, "UCI_Variant");
    assert_int_equal(usi_parse_reply("info depth 9 seldepth 12 score cp -35 nodes 4242 pv 2e2d", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_INFO);
    assert_int_equal(r.depth, 9);
    assert_int_equal(r.nodes, 4242);
    assert_true(r.has_score);
    assert_false(r.mate_score);
    assert_int_equal(r.score, -35);
    assert_int_equal(r.pv_len, 1);
    assert_string_equal(r.pv[0], "2e2d");
    assert_int_equal(usi_parse_reply("info score mate -4 pv 1a1b P*3c ?! 2b2a", &r, &err), 0);
    assert_true(r.mate_score);
    assert_int_equal(r.score, -4);
    assert_int_equal(r.pv_len, 2); /* the line ends where its words stop being moves */
    assert_string_equal(r.pv[1], "P*3c");
    assert_int_equal(usi_parse_reply("info depth 3 nodes 12", &r, &err), 0);
    assert_int_equal(r.pv_len, 0);
    assert_int_equal(usi_parse_reply("info string depth 99", &r, &err), 0);
    assert_int_equal(r.depth, -1);
    assert_int_equal(usi_parse_reply("bestmove P*3c ponder 2a2b", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_BESTMOVE);
    assert_int_equal(r.best_kind, USI_BEST_MOVE);
    assert_string_equal(r.best, "P*3c");
    assert_int_equal(usi_parse_reply("bestmove resign", &r, &err), 0);
    assert_int_equal(r.best_kind, USI_BEST_RESIGN);
    assert_int_equal(usi_parse_reply("bestmove win", &r, &err), 0);
    assert_int_equal(r.best_kind, USI_BEST_WIN);
    assert_int_equal(usi_parse_reply("bestmove", &r, &err), -1);
    assert_int_equal(usi_parse_reply("bestmove ?!?!", &r, &err), -1);
    assert_int_equal(usi_parse_reply("id name Something", &r, &err), 0);
    assert_int_equal(r.kind, USI_REPLY_OTHER);
}

/* Arbitrary bytes never crash either parser (a cheap stand-in for the fuzzer). */
static void test_random_lines(void **state)
{
    (void)state;
    static const char *const words[] = {"go", "position", "startpos", "sfen", "moves", "btime",
                                        "setoption", "name", "value", "2e2d", "-1", "x", "info",
                                        "bestmove", "score", "mate", "depth", "999999999999"};
    uint64_t x = 12345;
    char line[256];
    for (int t = 0; t < 20000; t++) {
        size_t n = 0;
        const int nw = (int)(x % 9);
        for (int w = 0; w < nw; w++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            const char *word = words[(x >> 33) % (sizeof words / sizeof words[0])];
            if ((x >> 20) % 7 == 0) { /* a random byte now and then */
                line[n++] = (char)((x >> 40) & 0xff ? (x >> 40) & 0xff : 'a');
            } else {
                n += (size_t)snprintf(line + n, sizeof line - n, "%s ", word);
            }
            if (n > 200)
                break;
        }
        line[n] = '\0';
        Err err;
        UsiReply r;
        (void)usi_parse_line(line, &cmd, &err);
        (void)usi_parse_reply(line, &r, &err);
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    }
}

static void test_clock_budget(void **state)
{
    (void)state;
    AgentClock c;
    agent_clock_none(&c);
    AgentBudget b = agent_budget(&c, 0);
    assert_int_equal(b.hard_ms, 0); /* no clock: no limit */
    assert_int_equal(b.soft_ms, 0);
    c.movetime_ms = 250;
    b = agent_budget(&c, 1);
    assert_int_equal(b.hard_ms, 250); /* a fixed time: all of it */
    assert_int_equal(b.soft_ms, 0);
    agent_clock_none(&c);
    c.byoyomi_ms = 1000;
    c.time_ms[0] = c.time_ms[1] = 0;
    b = agent_budget(&c, 0);
    assert_int_equal(b.hard_ms, 1000); /* byoyomi only: all of it */
    assert_int_equal(b.soft_ms, 0);
    agent_clock_none(&c);
    c.time_ms[0] = 60000;
    c.time_ms[1] = 3000;
    c.inc_ms[0] = c.inc_ms[1] = 1000;
    const AgentBudget rich = agent_budget(&c, 0), poor = agent_budget(&c, 1);
    /* A plan of 60000/30 + the increment: deepen until 60% of it, stop
     * at three times it. */
    assert_int_equal(rich.soft_ms, 1800);
    assert_int_equal(rich.hard_ms, 9000);
    assert_true(rich.hard_ms > poor.hard_ms && rich.soft_ms > poor.soft_ms);
    assert_true(poor.soft_ms < poor.hard_ms);
    assert_int_equal(poor.hard_ms, 1500); /* never more than half the main time */
    c.time_ms[1] = 0; /* only the increment (a GUI that gives it first): all of it */
    assert_int_equal(agent_budget(&c, 1).hard_ms, 1000);
    c.inc_ms[0] = c.inc_ms[1] = -1;
    c.time_ms[1] = 0;
    assert_int_equal(agent_budget(&c, 1).hard_ms, 1);
    c.time_ms[0] = 900000; /* a long game: the plan, the cap far off */
    b = agent_budget(&c, 0);
    assert_int_equal(b.hard_ms, 90000); /* 3 x 30000 */
    assert_int_equal(b.soft_ms, 18000);
}

static void test_agent_specs(void **state)
{
    (void)state;
    Err err = {{0}};
    assert_int_equal(agent_spec_check("pvs:6", &err), 0);
    assert_int_equal(agent_spec_check("usi:/usr/games/fairy-stockfish", &err), 0);
    assert_int_equal(agent_spec_check("usi:yomi usi,Algorithm=negascout,time=50,movetime=on", &err), 0);
    assert_true(agent_spec_is_external("usi:x"));
    assert_false(agent_spec_is_external("pvs:3"));
    assert_int_equal(agent_spec_check("human", &err), -1);
    assert_int_equal(agent_spec_check("usi:", &err), -1);
    assert_int_equal(agent_spec_check("usi:engine,noequals", &err), -1);
    assert_int_equal(agent_spec_check("usi:engine,time=fast", &err), -1);
    assert_int_equal(agent_spec_check("usi:engine,movetime=maybe", &err), -1);
    assert_int_equal(agent_spec_check("pvs", &err), -1);
}

/* A player (search.h) may be an external engine: its spec is kept whole,
 * written back as it came (save files rely on that), and checked. */
static void test_external_players(void **state)
{
    (void)state;
    Err err = {{0}};
    Player p;
    const char *specs[] = {"usi:/usr/games/fairy-stockfish,time=500",
                           "xshogi:/usr/games/gnuminishogi -X,depth=4"};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(player_parse(specs[i], &p, &err), 0);
        assert_false(p.human);
        assert_string_equal(p.external, specs[i]);
        char back[300];
        player_format(&p, back, sizeof back);
        assert_string_equal(back, specs[i]);
    }
    assert_int_equal(player_parse("pvs:4", &p, &err), 0);
    assert_string_equal(p.external, "");
    assert_int_equal(player_parse("usi:engine,time=soon", &p, &err), -1);
    assert_int_equal(player_parse("usi:", &p, &err), -1);
    char long_spec[400];
    memset(long_spec, 'x', sizeof long_spec - 1);
    memcpy(long_spec, "usi:", 4);
    long_spec[sizeof long_spec - 1] = '\0';
    assert_int_equal(player_parse(long_spec, &p, &err), -1);
    assert_non_null(strstr(err.msg, "too long"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_commands), cmocka_unit_test(test_bad_commands),
        cmocka_unit_test(test_position),        cmocka_unit_test(test_too_many_moves),
        cmocka_unit_test(test_go),              cmocka_unit_test(test_setoption_and_gameover),
        cmocka_unit_test(test_replies),         cmocka_unit_test(test_random_lines),
        cmocka_unit_test(test_clock_budget),    cmocka_unit_test(test_agent_specs),
        cmocka_unit_test(test_external_players),
    };
    return cmocka_run_group_tests_name("usi", tests, NULL, NULL);
}
