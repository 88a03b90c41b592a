/* test_agent.c - players (players/agent.h).  yomi's own search tells
 * through the agent face what the search itself says.  External engines,
 * played by small shell scripts: a search given up with agent_abandon() is
 * never waited for, its late answer is not taken for the next one, a
 * program that cannot be told to stop leaves no process behind, and an
 * engine hears of a new game whenever the game does not go on from the
 * one it last saw. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "games/registry.h"
#include "players/agent.h"
#include "players/player.h"

static char dir[64];
static Game *gogo, *reversi, *kalah;

/* Write `body` to an executable script in the temp folder; its path. */
static const char *script(const char *name, const char *body)
{
    static char path[2][128];
    static int turn;
    char *p = path[turn++ % 2];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(body, f);
    fclose(f);
    assert_int_equal(chmod(p, 0700), 0);
    return p;
}

/* This process's children, zombies too (read from /proc). */
static int children(void)
{
    DIR *d = opendir("/proc");
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char path[300], stat[512];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        const size_t got = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[got] = '\0';
        const char *paren = strrchr(stat, ')'); /* "pid (comm) state ppid" */
        char state;
        int ppid;
        if (paren && sscanf(paren + 1, " %c %d", &state, &ppid) == 2 && ppid == getpid())
            n++;
    }
    closedir(d);
    return n;
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/yomi-agent-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    Err err = {{0}};
    gogo = game_open("gogo", NULL, 0, &err);
    reversi = game_open("reversi", NULL, 0, &err);
    kalah = game_open("kalah", NULL, 0, &err);
    return gogo && reversi && kalah ? 0 : -1;
}

/* A failed check leaves its test early: the agent, kept in *state, is
 * freed here, so that no engine outlives the test. */
static int free_agent(void **state)
{
    agent_free(*state);
    *state = NULL;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    game_close(gogo);
    game_close(reversi);
    game_close(kalah);
    return system(cmd) == 0 ? 0 : -1;
}

static void sleep_ms(long ms)
{
    const struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* What the search says when run directly with the player's options. */
static void search_directly(const Game *g, const char *spec, const void *root, SearchResult *out)
{
    Player p;
    Err err = {{0}};
    assert_int_equal(player_parse(spec, &p, &err), 0);
    Search *s = search_new(g, &p.cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_run(s, root, out, &err), 0);
    search_free(s);
}

/* Start a turn of `a` from `start` after `moves`, with no clock (the
 * player's own limits apply). */
static void start_turn(Agent *a, const void *start, const Move *moves, int n)
{
    AgentClock clock;
    agent_clock_none(&clock);
    Err err = {{0}};
    assert_int_equal(agent_start(a, start, moves, n, &clock, &err), 0);
}

/* One turn of `a` from `start` after `moves`, waited for. */
static void turn(Agent *a, const void *start, const Move *moves, int n, AgentResult *r)
{
    start_turn(a, start, moves, n);
    Err err = {{0}};
    assert_int_equal(agent_wait(a, r, &err), 0);
}

/* yomi's own search as a player, polled as the UI polls it: at the end
 * of its turn it tells exactly what the search says, every counter, the
 * value, the line and the move. */
static void test_search_agent_tells_what_the_search_says(void **state)
{
    const char *spec = "negascout:5";
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    reversi->ops->start(reversi, start);
    SearchResult want;
    search_directly(reversi, spec, start, &want);
    Err err = {{0}};
    Agent *a = *state = agent_new(reversi, spec, &err);
    assert_non_null(a);
    start_turn(a, start, NULL, 0);
    AgentStatus st;
    while (!agent_poll(a, &st))
        sleep_ms(1);
    AgentResult r;
    assert_int_equal(agent_wait(a, &r, &err), 0);
    assert_int_equal(r.answer, AGENT_MOVE);
    assert_int_equal(r.turn_len, 1);
    assert_int_equal(r.turn[0], want.move);
    const AgentStatus *f = &r.final;
    assert_true(f->done);
    assert_false(f->stats.running);
    assert_true(f->has_value);
    assert_int_equal(f->stats.nodes, want.stats.nodes);
    assert_int_equal(f->stats.leaves, want.stats.leaves);
    assert_int_equal(f->stats.probes, want.stats.probes);
    assert_int_equal(f->stats.hits, want.stats.hits);
    assert_int_equal(f->stats.cutoffs, want.stats.cutoffs);
    assert_int_equal(f->stats.researches, want.stats.researches);
    assert_int_equal(f->stats.depth, want.stats.depth);
    assert_int_equal(f->stats.value, want.value);
    assert_int_equal(f->stats.best, want.move);
    assert_int_equal(f->stats.exact, want.stats.exact);
    assert_int_equal(f->pv_len, want.pv_len);
    assert_memory_equal(f->pv, want.pv, (size_t)want.pv_len * sizeof *want.pv);
    /* a poll after the turn still tells its end */
    assert_true(agent_poll(a, &st));
    assert_int_equal(st.stats.nodes, want.stats.nodes);
    assert_int_equal(st.stats.best, want.move);
    free_agent(state);
}

/* While it thinks it tells its live counters, its best move and line so
 * far; given up, it is not waited for, and it can start again at once. */
static void test_search_agent_tells_its_counters_while_it_thinks(void **state)
{
    Err err = {{0}};
    Agent *a = *state = agent_new(reversi, "yomi:40,time=60000", &err);
    assert_non_null(a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    reversi->ops->start(reversi, start);
    start_turn(a, start, NULL, 0);
    AgentStatus st;
    const uint64_t deadline = clock_ms() + 20000;
    while (!agent_poll(a, &st) && st.stats.depth < 3 && clock_ms() < deadline)
        sleep_ms(1);
    assert_false(st.done);
    assert_true(st.stats.running);
    assert_true(st.stats.depth >= 3);
    assert_true(st.has_value);
    assert_true(st.stats.nodes > 0);
    assert_true(st.stats.leaves > 0);
    assert_int_not_equal(st.stats.best, MOVE_NONE);
    assert_true(st.pv_len >= 1);
    /* Giving up never waits for the search's minute: the bound is loose
     * on purpose, so that a loaded machine (make -j2 distcheck beside the
     * UI tests) cannot fail it, yet a join would still miss it by far. */
    const uint64_t t0 = clock_ms();
    agent_abandon(a);
    assert_true(clock_ms() - t0 < 10000);
    assert_true(agent_poll(a, &st)); /* its turn is over */
    AgentResult r;
    assert_int_equal(agent_wait(a, &r, &err), -1); /* and has no answer */
    start_turn(a, start, NULL, 0);
    agent_abandon(a);
    free_agent(state); /* a search given up and not yet joined is ended too */
}

/* A Kalah move that ends in the store keeps the turn: the turn comes back
 * whole, as the search's PV plays it. */
static void test_search_agent_plays_a_kalah_turn_whole(void **state)
{
    const char *spec = "negascout:6";
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    kalah->ops->start(kalah, start);
    SearchResult want;
    search_directly(kalah, spec, start, &want);
    assert_true(want.turn_len > 1);
    Err err = {{0}};
    Agent *a = *state = agent_new(kalah, spec, &err);
    assert_non_null(a);
    AgentResult r;
    turn(a, start, NULL, 0, &r);
    assert_int_equal(r.answer, AGENT_MOVE);
    assert_int_equal(r.turn_len, want.turn_len);
    assert_memory_equal(r.turn, want.turn, (size_t)want.turn_len * sizeof *want.turn);
    free_agent(state);
}

/* A USI engine that answers its first go only when told to stop (with a
 * resignation), and every later go with a move: the stopped search's
 * answer comes after the next go, and must not be taken for its. */
static void test_usi_abandon_skips_the_late_answer(void **state)
{
    const char *engine = script("usi.sh", "#!/bin/sh\n"
                                          "gos=0\n"
                                          "while read -r line; do\n"
                                          "    case $line in\n"
                                          "    usi) echo usiok ;;\n"
                                          "    isready) echo readyok ;;\n"
                                          "    go*) gos=$((gos + 1)); [ $gos -gt 1 ] && echo 'bestmove 5d5c' ;;\n"
                                          "    stop) echo 'bestmove resign' ;;\n"
                                          "    quit) exit 0 ;;\n"
                                          "    esac\n"
                                          "done\n");
    char spec[200];
    snprintf(spec, sizeof spec, "usi:%s,time=60000", engine);
    Err err = {{0}};
    Agent *a = *state = agent_new(gogo, spec, &err);
    assert_non_null(a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    gogo->ops->start(gogo, start);
    start_turn(a, start, NULL, 0);
    agent_abandon(a);
    start_turn(a, start, NULL, 0);
    AgentResult r;
    assert_int_equal(agent_wait(a, &r, &err), 0);
    assert_int_equal(r.answer, AGENT_MOVE);
    char move[16];
    gogo->ops->format_move(gogo, start, r.turn[0], move, sizeof move);
    assert_string_equal(move, "5d5c");
    free_agent(state);
    assert_int_equal(children(), 0);
}

/* An xshogi program that never moves, reads nothing and ignores SIGTERM,
 * like GNU minishogi deep in a search: given up, it is ended at once and
 * reaped, and the agent can start again with a fresh one. */
static void test_xshogi_abandon_ends_the_program(void **state)
{
    const char *program = script("xshogi.sh", "#!/bin/sh\n"
                                              "trap '' TERM\n"
                                              "echo 'GNU Shogi (thinks for ever)'\n"
                                              "exec sleep 600\n");
    char spec[200];
    snprintf(spec, sizeof spec, "xshogi:%s", program);
    Err err = {{0}};
    Agent *a = *state = agent_new(gogo, spec, &err);
    assert_non_null(a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    gogo->ops->start(gogo, start);
    start_turn(a, start, NULL, 0);
    AgentStatus st;
    assert_false(agent_poll(a, &st));
    assert_int_equal(children(), 1);
    agent_abandon(a);
    assert_int_equal(children(), 0);
    start_turn(a, start, NULL, 0);
    assert_int_equal(children(), 1);
    free_agent(state); /* still thinking: killed too */
    assert_int_equal(children(), 0);
}

/* How many times `what` begins a line of the file at `path`. */
static int lines_saying(const char *path, const char *what)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f))
        n += strncmp(line, what, strlen(what)) == 0;
    fclose(f);
    return n;
}

/* A USI engine's info lines: its depth, nodes, score and line (as far as
 * its moves are legal) are told, its move is the best at the end, and
 * its speed is reckoned from our own measure of its time. */
static void test_usi_tells_what_its_info_says(void **state)
{
    const char *engine = script("info.sh", "#!/bin/sh\n"
                                           "while read -r line; do\n"
                                           "    case $line in\n"
                                           "    usi) echo usiok ;;\n"
                                           "    isready) echo readyok ;;\n"
                                           "    go*) echo 'info depth 3 score cp 42 nodes 1000 pv 5d5c 1b1c 9z9z'\n"
                                           "         sleep 0.1; echo 'bestmove 5d5c' ;;\n"
                                           "    quit) exit 0 ;;\n"
                                           "    esac\n"
                                           "done\n");
    char spec[200];
    snprintf(spec, sizeof spec, "usi:%s,time=60000", engine);
    Err err = {{0}};
    Agent *a = *state = agent_new(gogo, spec, &err);
    assert_non_null(a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE], next[GAME_MAX_STATE];
    gogo->ops->start(gogo, start);
    Move line[2];
    assert_int_equal(gogo->ops->parse_move(gogo, start, "5d5c", &line[0], &err), 0);
    gogo->ops->play(gogo, start, line[0], next);
    assert_int_equal(gogo->ops->parse_move(gogo, next, "1b1c", &line[1], &err), 0);
    start_turn(a, start, NULL, 0);
    AgentStatus st;
    const uint64_t deadline = clock_ms() + 10000;
    while (!agent_poll(a, &st) && st.stats.depth == 0 && clock_ms() < deadline)
        sleep_ms(1);
    assert_int_equal(st.stats.depth, 3);
    assert_int_equal(st.stats.nodes, 1000);
    assert_true(st.has_value);
    assert_int_equal(st.stats.value, 42);
    assert_int_equal(st.stats.best, line[0]);
    assert_int_equal(st.pv_len, 2);
    assert_memory_equal(st.pv, line, sizeof line);
    assert_int_equal(st.stats.leaves, 0); /* not told */
    AgentResult r;
    assert_int_equal(agent_wait(a, &r, &err), 0);
    assert_int_equal(r.answer, AGENT_MOVE);
    assert_int_equal(r.turn[0], line[0]);
    assert_int_equal(r.final.stats.best, line[0]);
    assert_int_equal(r.final.pv_len, 2);
    assert_true(r.final.stats.elapsed_ms >= 100);
    assert_int_equal(r.final.stats.nps, 1000 * 1000 / r.final.stats.elapsed_ms);
    free_agent(state);
}

/* A USI engine that notes every line it hears and resigns every go: it
 * is told of a new game before its first go, after a takeback and after
 * a search given up, and not while the game goes on. */
static void test_usi_hears_of_a_new_game_when_the_game_does_not_go_on(void **state)
{
    char heard[128];
    snprintf(heard, sizeof heard, "%s/heard", dir);
    char body[512];
    snprintf(body, sizeof body,
             "#!/bin/sh\n"
             "while read -r line; do\n"
             "    echo \"$line\" >>'%s'\n"
             "    case $line in\n"
             "    usi) echo usiok ;;\n"
             "    isready) echo readyok ;;\n"
             "    go*) echo 'bestmove resign' ;;\n"
             "    quit) exit 0 ;;\n"
             "    esac\n"
             "done\n",
             heard);
    char spec[200];
    snprintf(spec, sizeof spec, "usi:%s,time=60000", script("log.sh", body));
    Err err = {{0}};
    Agent *a = *state = agent_new(gogo, spec, &err);
    assert_non_null(a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    gogo->ops->start(gogo, start);
    Move moves[1];
    assert_int_equal(gogo->ops->parse_move(gogo, start, "5d5c", &moves[0], &err), 0);
    AgentResult r;
    turn(a, start, moves, 0, &r);
    assert_int_equal(r.answer, AGENT_RESIGN);
    assert_int_equal(lines_saying(heard, "usinewgame"), 1); /* its first game */
    turn(a, start, moves, 1, &r);
    assert_int_equal(lines_saying(heard, "usinewgame"), 1); /* the game goes on */
    turn(a, start, moves, 0, &r);
    assert_int_equal(lines_saying(heard, "usinewgame"), 2); /* a move taken back */
    start_turn(a, start, moves, 1);
    agent_abandon(a);
    turn(a, start, moves, 1, &r);
    assert_int_equal(lines_saying(heard, "usinewgame"), 3); /* after a search given up */
    assert_int_equal(agent_new_game(a, &err), 0);
    turn(a, start, moves, 0, &r);
    assert_int_equal(lines_saying(heard, "usinewgame"), 4); /* told once, not twice */
    free_agent(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_search_agent_tells_what_the_search_says, free_agent),
        cmocka_unit_test_teardown(test_search_agent_tells_its_counters_while_it_thinks, free_agent),
        cmocka_unit_test_teardown(test_search_agent_plays_a_kalah_turn_whole, free_agent),
        cmocka_unit_test_teardown(test_usi_abandon_skips_the_late_answer, free_agent),
        cmocka_unit_test_teardown(test_xshogi_abandon_ends_the_program, free_agent),
        cmocka_unit_test_teardown(test_usi_tells_what_its_info_says, free_agent),
        cmocka_unit_test_teardown(test_usi_hears_of_a_new_game_when_the_game_does_not_go_on,
                                  free_agent),
    };
    return cmocka_run_group_tests_name("agent", tests, setup, teardown);
}
