/* usi.c - `yomi usi`: yomi as a USI engine for gogo shogi on stdin/stdout.
 *
 * One thread reads the GUI and writes the answers; the search runs on the
 * engine's own thread (search_start), so `stop`, `isready` and `quit` are
 * heard while it thinks.  Reading is done with poll() and read() on the raw
 * descriptor (stdio's buffer would hide lines from poll), and every line
 * goes through usi_parse_line(); anything malformed is answered with
 * `info string` and changes nothing.
 *
 * It drives the Search itself, not an agent (players/agent.h): here yomi
 * is the engine behind the protocol, not a player in a game yomi runs.
 * `stop` must still answer with the best move so far (agent_abandon drops
 * the answer), `go infinite` and `go ponder` run until told otherwise, and
 * every `go` brings its own depth and node limits and every setoption its
 * own search options, where an agent's come from its spec once.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "config.h"
#include "games/registry.h"
#include "players/agent.h"
#include "engine/algorithm.h"
#include "engine/search.h"
#include "engine/stats.h"
#include "players/player.h"
#include "players/usi_protocol.h"

#define USI_MAX_DEPTH 64      /* deeper than any time control here reaches */
#define LINE_MAX_BYTES 65536
#define INFINITE_MS 86400000  /* a day: forces iterative deepening */

typedef struct {
    Game *g;
    SearchConfig cfg;          /* from the options */
    int random_pct;            /* Player's random=P (a weak level's) */
    uint64_t rng;              /* its draws, from the Player's seed */
    int depth_option;          /* Depth: 0 = no limit */
    int overhead_ms;           /* MoveOverhead */
    Search *search;            /* built lazily; rebuilt when an option changes it */
    bool search_stale;
    /* the position: the game from its start, the last state the root */
    unsigned char *states;
    const void **state_ptr;
    int nstates;
    /* the search under way */
    bool searching, infinite, pondering;
    bool ends_itself;          /* it has a depth, node or time limit to reach */
    UsiGo pending_go;          /* a ponder search's real limits, for ponderhit */
    /* the last info line sent: the final one is sent only if it differs */
    int reported_depth, reported_value;
    Move reported_best;
    /* input */
    char *buf;
    size_t len;
    bool discarding;           /* inside an over-long line */
    bool eof;
    UsiCommand cmd;
} Usi;

static void say(const char *fmt, ...) YOMI_PRINTF(1, 2);
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* ---- options ------------------------------------------------------------ */

static void print_options(void)
{
    char algos[512] = "";
    size_t n = 0;
    for (int i = 0; i < ALGO_COUNT; i++)
        n += (size_t)snprintf(algos + n, sizeof algos - n, " var %s", algo_name((Algo)i));
    say("option name USI_Hash type spin default 16 min 1 max 4096");
    say("option name Threads type spin default 1 min 1 max %d", SEARCH_MAX_THREADS);
    say("option name USI_Ponder type check default false");
    say("option name Algorithm type combo default yomi%s", algos);
    say("option name Depth type spin default 0 min 0 max %d", USI_MAX_DEPTH);
    say("option name Quiescence type check default true");
    say("option name Table type combo default on var off var on var exact");
    say("option name Order type combo default best var natural var static var best");
    say("option name MoveOverhead type spin default 20 min 0 max 5000");
    say("option name Player type string default <empty>");
}

/* One setoption: 0, or -1 + err (the settings stay as they were). */
static int set_option(Usi *u, const char *name, const char *value, Err *err)
{
    static const struct {
        const char *usi, *key;
    } map[] = {
        {"USI_Hash", "table-mb"}, {"Algorithm", "algo"}, {"Quiescence", "quiescence"},
        {"Table", "table"},       {"Order", "order"},    {"Threads", "threads"},
    };
    char v[USI_VALUE_LEN];
    snprintf(v, sizeof v, "%s", value);
    if (strcasecmp(v, "true") == 0)
        strcpy(v, "on");
    else if (strcasecmp(v, "false") == 0)
        strcpy(v, "off");
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcasecmp(name, map[i].usi) == 0) {
            SearchConfig cfg = u->cfg;
            if (search_config_set(&cfg, map[i].key, v, err) != 1)
                return -1;
            u->cfg = cfg;
            u->search_stale = true;
            return 0;
        }
    }
    long n;
    char *end;
    if (strcasecmp(name, "Depth") == 0 || strcasecmp(name, "MoveOverhead") == 0) {
        const bool depth = name[0] == 'D' || name[0] == 'd';
        const long hi = depth ? USI_MAX_DEPTH : 5000;
        n = strtol(v, &end, 10);
        if (!*v || *end || n < 0 || n > hi)
            return err_set(err, "%s: '%.40s' is not a number in 0..%ld", name, v, hi);
        *(depth ? &u->depth_option : &u->overhead_ms) = (int)n;
        return 0;
    }
    if (strcasecmp(name, "USI_Ponder") == 0)
        return 0; /* pondering needs no setting: `go ponder` is enough */
    if (strcasecmp(name, "Player") == 0) {
        if (!*v || strcmp(v, "<empty>") == 0)
            return 0;
        Player p;
        if (player_parse(v, &p, err) != 0)
            return -1;
        if (p.human || p.external[0])
            return err_set(err, "Player: only yomi's own searches play here");
        if (player_fit_game(&p, u->g->ops->family, err) != 0)
            return -1;
        u->cfg = p.cfg;
        u->random_pct = p.random_pct;
        u->rng = p.cfg.seed;
        if (!p.cfg.solve)
            u->depth_option = p.cfg.depth < USI_MAX_DEPTH ? p.cfg.depth : 0;
        u->search_stale = true;
        return 0;
    }
    return err_set(err, "unknown option '%.60s'", name);
}

static int ensure_search(Usi *u, Err *err)
{
    if (u->search && !u->search_stale)
        return 0;
    SearchConfig cfg = u->cfg;
    cfg.solve = false;
    cfg.depth = USI_MAX_DEPTH;
    Search *s = search_new(u->g, &cfg, err);
    if (!s)
        return -1;
    search_free(u->search);
    u->search = s;
    u->search_stale = false;
    return 0;
}

/* ---- position ------------------------------------------------------------ */

static int set_position(Usi *u, const UsiCommand *c, Err *err)
{
    const Game *g = u->g;
    unsigned char *st = u->states;
    if (c->startpos)
        g->ops->start(g, st);
    else if (g->ops->parse_position(g, c->sfen, st, err) != 0)
        return -1;
    for (int i = 0; i < c->nmoves; i++) {
        Move m;
        Err bad;
        unsigned char *cur = st + (size_t)i * GAME_MAX_STATE;
        if (g->ops->parse_move(g, cur, c->moves[i], &m, &bad) != 0)
            return err_set(err, "move %d '%s': %s", i + 1, c->moves[i], bad.msg);
        g->ops->play(g, cur, m, cur + GAME_MAX_STATE);
    }
    for (int i = 0; i <= c->nmoves; i++)
        u->state_ptr[i] = st + (size_t)i * GAME_MAX_STATE;
    u->nstates = c->nmoves + 1;
    return 0;
}

static const void *root_of(const Usi *u) { return u->state_ptr[u->nstates - 1]; }

/* ---- go, info, bestmove ------------------------------------------------ */

static void format_score(int v, char *buf, size_t len)
{
    if (v >= SCORE_WIN_MIN)
        snprintf(buf, len, "mate %d", SCORE_WIN - v);
    else if (v <= -SCORE_WIN_MIN)
        snprintf(buf, len, "mate -%d", SCORE_WIN + v);
    else
        snprintf(buf, len, "cp %d", v);
}

/// The limits of one `go`: a depth or node count when asked, the clock's
/// budget (agent_budget; its hard limit less the overhead of the pipe and
/// the GUI) otherwise; infinite and ponder searches run until stopped.
/// Searching always deepens iteratively, so a stop at any moment has an
/// answer.
static int start_go(Usi *u, const UsiGo *go, Err *err)
{
    if (ensure_search(u, err) != 0)
        return -1;
    const void *root = root_of(u);
    const int side = u->g->ops->side_to_move(u->g, root);
    int depth = go->depth > 0 ? go->depth : u->depth_option > 0 ? u->depth_option : USI_MAX_DEPTH;
    if (depth > USI_MAX_DEPTH)
        depth = USI_MAX_DEPTH;
    int64_t time_ms = INFINITE_MS, soft_ms = 0;
    u->infinite = go->infinite || go->ponder;
    if (!u->infinite) {
        AgentClock clock;
        agent_clock_none(&clock);
        /* movetime 0 asks for a move now: the least time that gives one
         * (a search stopped at once still answers its first move). */
        clock.movetime_ms = go->movetime > 0 ? go->movetime : go->movetime == 0 ? 1 : 0;
        clock.time_ms[0] = go->btime;
        clock.time_ms[1] = go->wtime;
        clock.inc_ms[0] = go->binc;
        clock.inc_ms[1] = go->winc;
        clock.byoyomi_ms = go->byoyomi;
        const AgentBudget budget = agent_budget(&clock, side);
        if (budget.hard_ms > 0) {
            const int64_t half = budget.hard_ms / 2;
            const int64_t hard = budget.hard_ms - (u->overhead_ms < half ? u->overhead_ms : half);
            time_ms = hard < 1 ? 1 : hard > INFINITE_MS ? INFINITE_MS : hard;
            soft_ms = budget.soft_ms < time_ms ? budget.soft_ms : 0; /* fits an int */
        }
    }
    /* mcts has no depth to stop at: without a clock or a node count it
     * plays its iterations (its own 10000, or Player's iterations=N). */
    if (!u->infinite && time_ms == INFINITE_MS && go->nodes <= 0 &&
        (algorithm(u->cfg.algo)->flags & ALGO_SAMPLING))
        time_ms = 0;
    if (search_set_limits(u->search, depth, (int)time_ms, go->nodes > 0 ? (uint64_t)go->nodes : 0,
                          err) != 0)
        return -1;
    search_set_soft_limit(u->search, (int)soft_ms);
    search_set_history(u->search, u->state_ptr, u->nstates - 1);
    if (search_start(u->search, root, err) != 0)
        return -1;
    u->searching = true;
    u->ends_itself = !u->infinite && (go->depth > 0 || u->depth_option > 0 || go->nodes > 0 ||
                                      time_ms < INFINITE_MS);
    u->pondering = go->ponder;
    u->reported_depth = 0;
    u->reported_best = MOVE_NONE;
    return 0;
}

/* The moves of pv in USI notation, from the root, space-separated. */
static void format_pv(const Usi *u, const Move *pv, int len, char *out, size_t size)
{
    game_format_line(u->g, root_of(u), pv, len, out, size);
}

/* One info line: an iteration's depth, value, counters and line. */
static void say_info(Usi *u, int depth, int value, const SearchStats *st, const Move *line,
                     int len)
{
    char score[32], pv[SEARCH_MAX_PLY * 8];
    format_score(value, score, sizeof score);
    format_pv(u, line, len, pv, sizeof pv);
    say("info depth %d seldepth %d score %s nodes %llu nps %llu time %llu pv %s", depth,
        len > depth ? len : depth, score, (unsigned long long)st->nodes,
        (unsigned long long)st->nps, (unsigned long long)st->elapsed_ms, pv);
    u->reported_depth = depth;
    u->reported_value = value;
    u->reported_best = len > 0 ? line[0] : MOVE_NONE;
}

/* An info line for each finished iteration, with its whole line, so a GUI
 * shows what the engine expects while it still thinks. */
static void report_progress(Usi *u)
{
    SearchStats st;
    search_poll(u->search, &st);
    if (st.depth <= u->reported_depth || st.best == MOVE_NONE)
        return;
    Move line[LIVE_PV_MAX];
    const int len = search_poll_pv(u->search, line, LIVE_PV_MAX);
    say_info(u, st.depth, st.value, &st, line, len);
}

static void finish_search(Usi *u, bool announce)
{
    SearchResult r;
    search_wait(u->search, &r);
    u->searching = false;
    if (!announce)
        return;
    const Game *g = u->g;
    const void *root = root_of(u);
    if (r.move == MOVE_NONE) {
        say("bestmove resign");
        return;
    }
    /* The answer's own line, unless the last iteration's line already said
     * it (the search ended there, or was stopped in the next one). */
    const int depth = r.stats.depth > 0 ? r.stats.depth : 1;
    if (depth != u->reported_depth || r.value != u->reported_value || r.move != u->reported_best)
        say_info(u, depth, r.value, &r.stats, r.pv, r.pv_len);
    /* A weak level's random move replaces the searched one here, so the
     * protocol's go, info and stop stay those of any search. */
    Move random;
    if (player_random_turn(u->random_pct, &u->rng, g, root, &random))
        r.move = random;
    char mv[16];
    g->ops->format_move(g, root, r.move, mv, sizeof mv);
    say("bestmove %s", mv);
}

/// `go` on a finished game: there is nothing to search.  No legal move
/// means the side to move is mated (resign); a repetition that ended the
/// game decides between resigning and claiming the win.
static bool answer_game_over(Usi *u)
{
    const Game *g = u->g;
    Move legal[GAME_MAX_MOVES];
    int v;
    if (g->ops->history_result && g->ops->history_result(g, u->state_ptr, u->nstates, &v)) {
        say(v > 0 ? "bestmove win" : "bestmove resign");
        return true;
    }
    if (g->ops->legal_moves(g, root_of(u), legal) == 0) {
        say("bestmove resign");
        return true;
    }
    return false;
}

/* Stop the search under way, if any, and send its bestmove if `answer`. */
static void stop_search(Usi *u, bool answer)
{
    if (!u->searching)
        return;
    search_stop(u->search);
    finish_search(u, answer);
}

/// A command that changes what is searched (position, go, setoption,
/// usinewgame) comes after the search under way, and so does the end of
/// input.  As Stockfish's go does, it waits for a search with a limit of
/// its own to reach it; one that would never end (infinite, ponder, no
/// limit) is stopped.  Either way its bestmove is sent first: every go is
/// answered, and `printf 'position startpos\ngo depth 8\n' | yomi usi`
/// prints the depth-8 answer.
static void settle_search(Usi *u)
{
    if (!u->searching)
        return;
    if (!u->ends_itself)
        search_stop(u->search);
    while (!search_done(u->search)) {
        report_progress(u);
        cli_sleep_ms(10);
    }
    report_progress(u);
    finish_search(u, true);
}

/* ---- the loop ------------------------------------------------------------- */

/* Handle one parsed command; false to quit. */
static bool handle(Usi *u, const UsiCommand *c)
{
    Err err = {{0}};
    switch (c->kind) {
    case USI_CMD_EMPTY:
        break;
    case USI_CMD_USI:
        say("id name yomi %s", PACKAGE_VERSION);
        say("id author the yomi authors");
        print_options();
        say("usiok");
        break;
    case USI_CMD_ISREADY:
        if (!u->searching && ensure_search(u, &err) != 0)
            say("info string %s", err.msg);
        say("readyok");
        break;
    case USI_CMD_SETOPTION:
        settle_search(u);
        if (set_option(u, c->name, c->value, &err) != 0)
            say("info string setoption: %s", err.msg);
        break;
    case USI_CMD_USINEWGAME:
        settle_search(u);
        if (u->search && !u->search_stale)
            search_clear(u->search);
        break;
    case USI_CMD_POSITION:
        settle_search(u);
        if (set_position(u, c, &err) != 0)
            say("info string position: %s (position unchanged)", err.msg);
        break;
    case USI_CMD_GO:
        settle_search(u);
        if (c->go.negative_movetime)
            say("info string go: movetime below 0, read as 0: answering at once");
        if (!answer_game_over(u)) {
            u->pending_go = c->go;
            if (start_go(u, &c->go, &err) != 0) {
                say("info string go: %s", err.msg);
                say("bestmove resign");
            }
        }
        break;
    case USI_CMD_STOP:
        stop_search(u, true);
        break;
    case USI_CMD_PONDERHIT:
        /* The ponder move was played: think again under the real clock. */
        if (u->searching && u->pondering) {
            stop_search(u, false);
            UsiGo go = u->pending_go;
            go.ponder = false;
            if (start_go(u, &go, &err) != 0) {
                say("info string ponderhit: %s", err.msg);
                say("bestmove resign");
            }
        }
        break;
    case USI_CMD_GAMEOVER:
        stop_search(u, false);
        break;
    case USI_CMD_QUIT:
        stop_search(u, true); /* as Stockfish: the go is still answered */
        return false;
    }
    return true;
}

/* Read what stdin has, waiting at most `wait_ms` (-1: until something). */
static void read_input(Usi *u, int wait_ms)
{
    struct pollfd p = {.fd = 0, .events = POLLIN};
    const int r = poll(&p, 1, wait_ms);
    if (r <= 0)
        return;
    if (u->len == LINE_MAX_BYTES) { /* no newline in a full buffer */
        u->len = 0;
        u->discarding = true;
    }
    const ssize_t got = read(0, u->buf + u->len, LINE_MAX_BYTES - u->len);
    if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
        u->eof = true;
    else if (got > 0)
        u->len += (size_t)got;
}

/* Handle every whole line in the buffer; false once told to quit. */
static bool handle_lines(Usi *u)
{
    char *nl;
    while ((nl = memchr(u->buf, '\n', u->len))) {
        *nl = '\0';
        const size_t used = (size_t)(nl - u->buf) + 1;
        bool go_on = true;
        if (u->discarding) {
            say("info string line too long (over %d bytes): ignored", LINE_MAX_BYTES);
            u->discarding = false;
        } else if (memchr(u->buf, '\0', used - 1)) {
            say("info string line with a NUL byte: ignored");
        } else {
            Err err = {{0}};
            if (usi_parse_line(u->buf, &u->cmd, &err) != 0)
                say("info string %s", err.msg);
            else
                go_on = handle(u, &u->cmd);
        }
        memmove(u->buf, u->buf + used, u->len - used);
        u->len -= used;
        if (!go_on)
            return false;
    }
    return true;
}

static int usi_loop(Usi *u)
{
    for (;;) {
        read_input(u, u->searching ? 10 : -1);
        if (!handle_lines(u))
            return EXIT_OK;
        if (u->eof) {
            if (u->len > 0) { /* a last line without its newline */
                u->buf[u->len++] = '\n';
                if (!handle_lines(u))
                    return EXIT_OK;
            }
            settle_search(u);
            return EXIT_OK;
        }
        if (u->searching) {
            report_progress(u);
            /* An infinite search that ends by itself (a solved position)
             * still waits for stop, as USI asks. */
            if (search_done(u->search) && !u->infinite)
                finish_search(u, true);
        }
    }
}

static int usi_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_usi, argc, argv))
        return EXIT_OK;
    if (argc > 1)
        return cli_fail("usi: unexpected argument '%.40s' (yomi usi takes none)", argv[1]);
    Err err = {{0}};
    Usi *u = calloc(1, sizeof *u);
    if (!u)
        return cli_fail("usi: out of memory");
    u->g = cli_game_open("gogo", NULL, 0, &err);
    u->buf = malloc(LINE_MAX_BYTES + 1);
    u->states = malloc((size_t)(USI_MAX_MOVES + 1) * GAME_MAX_STATE);
    u->state_ptr = malloc((USI_MAX_MOVES + 1) * sizeof *u->state_ptr);
    int rc = EXIT_INTERNAL;
    if (u->g && u->buf && u->states && u->state_ptr) {
        search_config_default(&u->cfg);
        u->cfg.algo = ALGO_YOMI; /* the strongest: a USI engine is played to win */
        u->overhead_ms = 20;
        u->g->ops->start(u->g, u->states);
        u->state_ptr[0] = u->states;
        u->nstates = 1;
        rc = usi_loop(u);
    } else {
        cli_fail("usi: %s", err.msg[0] ? err.msg : "out of memory");
    }
    search_free(u->search);
    if (u->g)
        game_close(u->g);
    free(u->buf);
    free(u->states);
    free(u->state_ptr);
    free(u);
    return rc;
}

const CliCommand cli_usi = {
    .name = "usi",
    .run = usi_cmd,
    .synopsis = "usi",
    /* xgettext:c-format */
    .help = N_("usage: yomi usi\n"
            "\n"
            "Speak USI on stdin/stdout and play gogo shogi (minishogi), for a GUI or a\n"
            "match runner.  Options: USI_Hash (MB), Algorithm (default yomi), Depth (0 = no\n"
            "limit), Quiescence, Table (off|on|exact), Order (natural|static|best),\n"
            "MoveOverhead (ms kept for the pipe), Player (a whole player spec, e.g.\n"
            "pvs:8,table-mb=64, or a level, level:3).  go takes btime wtime byoyomi binc\n"
            "winc movetime depth nodes infinite ponder (movetime 0: a move at once); stop,\n"
            "ponderhit, gameover and quit are heard while searching.  position, go,\n"
            "setoption and usinewgame, and the end of input, wait for a search with a limit\n"
            "to end, or stop one without (infinite, ponder); every go gets its bestmove, so\n"
            "a script can pipe in e.g. 'position startpos', 'go depth 8'.  Malformed lines\n"
            "are answered with `info string` and ignored.\n"),
};
