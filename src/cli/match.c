/* match.c - `yomi match GAME --first P --second P ...`: headless games
 * between two computer players, yomi's searches or external USI engines
 * (agents, players/agent.h), under a clock when asked. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>

#include "base/atomic_file.h"
#include "base/clock.h"
#include "base/rng.h"
#include "cli/match_report.h"
#include "cli/searchcli.h"
#include "games/registry.h"
#include "players/agent.h"
#include "players/game_clock.h"
#include "players/player.h"
#include "records/records.h"

#define MAX_PLIES 2000
#define TIME_TOLERANCE_MS 100 /* scheduling noise forgiven before a flag falls */

typedef struct {
    long games, random_plies, seed, max_plies;
    bool swap;
    AgentClock clock;    /* --time: per move */
    ClockRules rules;    /* --game-time, --inc, --byoyomi: a game clock (timed) */
    const char *record;  /* --record FILE: every game's moves, or NULL */
    bool record_dir;     /* --record DIR/: a record file per game there */
    const CliGameOpts *go; /* the game's options, for the records */
    long balanced;       /* --balanced V: redraw openings judged beyond V, or -1 */
    long shard, shards;  /* --shard K/N: play slice K (from 1) of N */
} MatchOpts;

/* How one game ended, from the first seat's view. */
typedef struct {
    int score;           /* like GameRecord.final_score */
    int plies;
    const char *reason;  /* "" or why it ended early: resigned, illegal move, time */
    int loser_seat;      /* whose fault the reason is, -1 none */
    uint64_t leaves[2], nodes[2];
    bool aborted;        /* an engine broke: the match cannot go on */
    const Move *moves;   /* the game's moves, mg->plies of them */
    const int64_t *move_ms; /* the time each took, or NULL: played with no clock */
} MatchGame;

/* `plies` random legal moves from `start` drawn from the generator x. */
static int draw_opening(const Game *g, const void *start, uint64_t x, long plies, Move *moves,
                        void *end)
{
    _Alignas(16) unsigned char next[GAME_MAX_STATE];
    memcpy(end, start, g->state_size);
    Move legal[GAME_MAX_MOVES];
    int n = 0;
    for (long i = 0; i < plies; i++) {
        const int nl = g->ops->legal_moves(g, end, legal);
        if (nl == 0)
            break;
        moves[n] = legal[rng_next(&x) % (uint64_t)nl];
        g->ops->play(g, end, moves[n], next);
        memcpy(end, next, g->state_size);
        n++;
    }
    return n;
}

/* How many openings --balanced draws for one game before it takes the
 * last one anyway (in practice a few do). */
#define BALANCE_TRIES 200
/* The depth of the search that judges an opening: enough to see a piece
 * left hanging, a few milliseconds in every game. */
#define BALANCE_DEPTH 6

/// The opening of game `index`: `plies` random legal moves (seeded, so a
/// pair of games with swapped colours can share it).  Random moves often
/// blunder (in gogo two random plies hang a piece about half the time), and
/// a game decided by its opening measures nothing, so with --balanced the
/// opening is redrawn until a short search of the yomi algorithm judges it
/// within `balanced` of level (in the game's units: discs, seeds,
/// centipawns).  The judge is the same for every match, never a player.
static int random_opening(const Game *g, const void *start, const MatchOpts *o, long index,
                          Search *judge, Move *moves)
{
    _Alignas(16) unsigned char end[GAME_MAX_STATE];
    int n = 0;
    for (uint64_t attempt = 0; attempt < BALANCE_TRIES; attempt++) {
        const uint64_t x = (uint64_t)o->seed * 1000003u + (uint64_t)index +
                           attempt * 0x9E3779B97F4A7C15ULL;
        n = draw_opening(g, start, x, o->random_plies, moves, end);
        if (!judge || g->ops->is_terminal(g, end))
            break;
        SearchResult r;
        Err err = {{0}};
        search_clear(judge);
        if (search_run(judge, end, &r, &err) != 0 || labs((long)r.value) <= o->balanced)
            break;
    }
    return n;
}

static void end_by_fault(MatchGame *mg, int seat, const char *reason)
{
    mg->score = seat == 0 ? -SCORE_WIN : SCORE_WIN;
    mg->reason = reason;
    mg->loser_seat = seat;
}

/// One game between the agents in seat[0] (moves first) and seat[1].  The
/// whole game so far goes to each agent on each move (external engines get
/// it as `position ... moves`, yomi's search as its repetition history), and
/// only one agent thinks at a time.
static void play_one(const Game *g, const void *start, Agent *seat[2], const MatchOpts *o,
                     const Move *opening, int nopening, MatchGame *mg)
{
    memset(mg, 0, sizeof *mg);
    mg->reason = "";
    mg->loser_seat = -1;
    static Move moves[MAX_PLIES + SEARCH_MAX_PLY];
    static int64_t move_ms[MAX_PLIES + SEARCH_MAX_PLY];
    static unsigned char hist[(MAX_PLIES + SEARCH_MAX_PLY + 1) * GAME_MAX_STATE];
    static const void *hist_ptr[MAX_PLIES + SEARCH_MAX_PLY + 1];
    const size_t size = g->state_size;
    int n = 0;
    memcpy(hist, start, size);
    hist_ptr[0] = hist;
    for (int s = 0; s < 2; s++) {
        Err err = {{0}};
        if (agent_new_game(seat[s], &err) != 0) {
            fprintf(stderr, "yomi: match: %s\n", err.msg);
            mg->aborted = true;
            return;
        }
    }
    GameClock clock;
    game_clock_init(&clock, &o->rules);
    Move legal[GAME_MAX_MOVES];
    bool decided = false;
    while (n < o->max_plies && !decided) {
        const unsigned char *cur = hist + (size_t)n * GAME_MAX_STATE;
        int v;
        if (g->ops->legal_moves(g, cur, legal) == 0)
            break;
        if (g->ops->history_result && g->ops->history_result(g, hist_ptr, n + 1, &v))
            break;
        const int side = g->ops->side_to_move(g, cur);
        AgentResult r;
        Err err = {{0}};
        int64_t took = 0;
        if (n < nopening) {
            r.answer = AGENT_MOVE;
            r.turn[0] = opening[n];
            r.turn_len = 1;
            memset(&r.final, 0, sizeof r.final);
        } else {
            AgentClock told = o->clock;
            if (o->rules.timed)
                game_clock_agent(&clock, clock_ms(), 0, &told);
            const uint64_t began = clock_ms();
            game_clock_start(&clock, side, began);
            int rc = agent_start(seat[side], start, moves, n, &told, &err);
            if (rc == 0)
                rc = agent_wait(seat[side], &r, &err);
            const uint64_t ended = clock_ms();
            const bool in_time = game_clock_end_move(&clock, ended);
            took = (int64_t)(ended - began);
            if (rc != 0) {
                fprintf(stderr, "yomi: match: %s\n", err.msg);
                if (agent_broken(seat[side])) {
                    mg->aborted = true;
                    return;
                }
                end_by_fault(mg, side, "illegal move");
                break;
            }
            if (!in_time) {
                end_by_fault(mg, side, "time");
                break;
            }
            if (r.answer != AGENT_MOVE) {
                /* A claimed win here is false: a real one ended the game above. */
                end_by_fault(mg, side, r.answer == AGENT_RESIGN ? "resigned" : "false win claim");
                break;
            }
        }
        mg->leaves[side] += r.final.stats.leaves;
        mg->nodes[side] += r.final.stats.nodes;
        for (int i = 0; i < r.turn_len && n < MAX_PLIES; i++) {
            unsigned char *next = hist + (size_t)(n + 1) * GAME_MAX_STATE;
            g->ops->play(g, hist + (size_t)n * GAME_MAX_STATE, r.turn[i], next);
            move_ms[n] = i == 0 ? took : 0; /* a turn of several moves: one think */
            moves[n++] = r.turn[i];
            hist_ptr[n] = next;
        }
    }
    mg->plies = n;
    mg->moves = moves;
    mg->move_ms = o->rules.timed || o->clock.movetime_ms > 0 ? move_ms : NULL;
    if (mg->loser_seat < 0) {
        const unsigned char *end = hist + (size_t)n * GAME_MAX_STATE;
        int v;
        int score = g->ops->is_terminal(g, end) ? g->ops->final_score(g, end) : g->ops->evaluate(g, end);
        if (g->ops->history_result && g->ops->history_result(g, hist_ptr, n + 1, &v))
            score = v;
        mg->score = g->ops->side_to_move(g, end) == 0 ? score : -score;
    }
    for (int s = 0; s < 2; s++) {
        const int mine = s == 0 ? mg->score : -mg->score;
        agent_game_over(seat[s], mine > 0 ? 1 : mine < 0 ? -1 : 0);
    }
}

/* One line of the --record file: the game's number, A's seat, the result
 * from A's view and every move in the game's notation from the start, so
 * that a game can be studied or replayed. */
static void record_line(FILE *f, const Game *g, const void *start, long index, int a_seat,
                        const char *result, const MatchGame *mg)
{
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, start, g->state_size);
    fprintf(f, "%ld\t%s\t%s\t", index, a_seat ? "B-A" : "A-B", result);
    for (int i = 0; i < mg->plies; i++) {
        char text[32];
        g->ops->format_move(g, cur, mg->moves[i], text, sizeof text);
        fprintf(f, "%s%s", i ? " " : "", text);
        g->ops->play(g, cur, mg->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    fputc('\n', f);
    fflush(f);
}

/* --record names a folder: one that is there, or a name ending in '/',
 * made if need be.  Otherwise it is the file of one line per game. */
static bool record_folder(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return S_ISDIR(st.st_mode);
    const size_t n = strlen(path);
    return n > 0 && path[n - 1] == '/' && (mkdir(path, 0777) == 0 || errno == EEXIST);
}

/* DIR/NNN.EXT: game `index`'s record, in the game's own format. */
static void record_path(const MatchOpts *o, const Game *g, long index, char *buf, size_t len)
{
    const size_t n = strlen(o->record);
    snprintf(buf, len, "%s%s%03ld%s", o->record, n && o->record[n - 1] == '/' ? "" : "/", index,
             record_format_extension(record_format_natural(g)));
}

/// Game `index` as a record other programs read (KIF for gogo, GGF for
/// reversi, the Kalah record): the seats' players as its names, and how it
/// ended when a player's fault ended it.
static int record_file(const Game *g, const void *start, long index, int a_seat,
                       char names[2][200], const MatchOpts *o, const MatchGame *mg)
{
    static const struct {
        const char *reason;
        RecordEnd end;
    } ends[] = {{"resigned", RECORD_END_RESIGN}, {"time", RECORD_END_TIME},
                {"illegal move", RECORD_END_ILLEGAL}, {"false win claim", RECORD_END_ILLEGAL}};
    RecordGame r = {.game = g, .opts = o->go->opts, .nopts = o->go->n, .start = start,
                    .moves = mg->moves, .nmoves = mg->plies, .move_ms = mg->move_ms,
                    .names = {names[a_seat], names[1 - a_seat]}};
    for (size_t i = 0; mg->loser_seat >= 0 && i < sizeof ends / sizeof ends[0]; i++)
        if (strcmp(mg->reason, ends[i].reason) == 0) {
            r.end = ends[i].end;
            r.loser = mg->loser_seat;
        }
    char path[4096];
    Err err = {{0}};
    record_path(o, g, index, path, sizeof path);
    if (record_save(record_format_natural(g), &r, path, &err) != 0)
        return cli_fail("match: --record: %s", err.msg);
    return EXIT_OK;
}

/* "K/N", 1 <= K <= N. */
static int parse_shard(const char *text, MatchOpts *o)
{
    long k, n;
    int used = 0;
    if (sscanf(text, "%ld/%ld%n", &k, &n, &used) != 2 || text[used] || n < 1 || n > 10000 ||
        k < 1 || k > n)
        return cli_fail("match: --shard takes K/N with 1 <= K <= N <= 10000, not '%.40s'", text);
    o->shard = k, o->shards = n;
    return 0;
}

/// Whether game k (from 0) is this shard's.  Shards take the match's games
/// in turn (with --swap, its pairs in turn, so a pair and its shared
/// opening stay together); every game keeps the number, opening and seed
/// it has in the whole match, so the shards' reports merge into the very
/// report one run would print.
static bool in_shard(const MatchOpts *o, long k)
{
    const long unit = o->swap ? k / 2 : k;
    return unit % o->shards == o->shard - 1;
}

static int parse_match_args(int argc, char **argv, const char **id, const char **position,
                            const char *spec[2], const char *eval[2], CliGameOpts *go,
                            MatchOpts *o)
{
    long time_ms = 0, game_ms = -1, inc_ms = -1, byo_ms = -1;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strcmp(opt, "--swap") == 0) {
            o->swap = true;
            continue;
        }
        if (strncmp(opt, "--", 2) != 0) {
            if (*id)
                return cli_fail("match: unexpected argument '%.40s'", opt);
            *id = opt;
            continue;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        int bad = 0;
        if (strcmp(opt, "--first") == 0)
            spec[0] = v;
        else if (strcmp(opt, "--second") == 0)
            spec[1] = v;
        else if (strcmp(opt, "--first-eval") == 0)
            eval[0] = v;
        else if (strcmp(opt, "--second-eval") == 0)
            eval[1] = v;
        else if (strcmp(opt, "--position") == 0)
            *position = v;
        else if (strcmp(opt, "--record") == 0)
            o->record = v;
        else if (strcmp(opt, "--balanced") == 0)
            bad = cli_parse_int(opt, v, 0, SCORE_WIN, &o->balanced);
        else if (strcmp(opt, "--games") == 0)
            bad = cli_parse_int(opt, v, 1, 10000, &o->games);
        else if (strcmp(opt, "--time") == 0)
            bad = cli_parse_int(opt, v, 1, 86400000L, &time_ms);
        else if (strcmp(opt, "--game-time") == 0)
            bad = cli_parse_int(opt, v, 0, 86400000L, &game_ms);
        else if (strcmp(opt, "--inc") == 0)
            bad = cli_parse_int(opt, v, 0, 86400000L, &inc_ms);
        else if (strcmp(opt, "--byoyomi") == 0)
            bad = cli_parse_int(opt, v, 1, 86400000L, &byo_ms);
        else if (strcmp(opt, "--random-plies") == 0 || strcmp(opt, "--openings") == 0)
            bad = cli_parse_int(opt, v, 0, 40, &o->random_plies);
        else if (strcmp(opt, "--seed") == 0)
            bad = cli_parse_int(opt, v, 0, 2000000000L, &o->seed);
        else if (strcmp(opt, "--max-plies") == 0)
            bad = cli_parse_int(opt, v, 1, MAX_PLIES, &o->max_plies);
        else if (strcmp(opt, "--shard") == 0)
            bad = v ? parse_shard(v, o) : 0;
        else if (!cli_game_option(go, opt, v))
            return cli_fail("match: unknown option '%.40s'", opt);
        if (bad)
            return EXIT_USAGE;
        if (!v)
            return cli_fail("match: %s needs a value", opt);
    }
    if (time_ms > 0 && (game_ms >= 0 || byo_ms > 0 || inc_ms >= 0))
        return cli_fail("match: --time (per move) goes alone, without --game-time, --inc, --byoyomi");
    if (inc_ms >= 0 && game_ms < 0)
        return cli_fail("match: --inc needs --game-time");
    agent_clock_none(&o->clock);
    o->clock.movetime_ms = time_ms;
    o->rules = (ClockRules){.timed = game_ms >= 0 || byo_ms > 0,
                            .main_ms = game_ms > 0 ? game_ms : 0,
                            .inc_ms = inc_ms > 0 ? inc_ms : 0,
                            .byoyomi_ms = byo_ms > 0 ? byo_ms : 0,
                            .grace_ms = TIME_TOLERANCE_MS};
    return EXIT_OK;
}

/* One Game per player when --first-eval or --second-eval is given: the
 * same rules, that player's evaluation (NULL: the match's own Game). */
static int open_player_games(const char *id, const CliGameOpts *go, const char *eval[2],
                             Game *games[2])
{
    games[0] = games[1] = NULL;
    for (int p = 0; p < 2; p++) {
        if (!eval[p])
            continue;
        CliGameOpts mine = *go;
        if (!cli_game_option(&mine, "--eval", eval[p]))
            return cli_fail("match: too many game options");
        Err err = {{0}};
        games[p] = cli_game_open(id, mine.opts, mine.n, &err);
        if (!games[p])
            return cli_fail("match: --%s-eval: %s", p ? "second" : "first", err.msg);
    }
    return EXIT_OK;
}

static int play_match(const Game *g, const void *start, Agent *agents[2], const MatchOpts *mo,
                      char names[2][MATCH_NAME_MAX]);

static int match_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_match, argc, argv))
        return EXIT_OK;
    if (argc > 1 && strcmp(argv[1], "--merge") == 0)
        return match_merge(argc - 2, argv + 2);
    const char *id = NULL, *position = NULL, *spec[2] = {NULL, NULL};
    const char *eval[2] = {NULL, NULL};
    CliGameOpts go = {0};
    MatchOpts o = {.games = 1, .seed = 1, .max_plies = MAX_PLIES, .balanced = -1, .shard = 1,
                   .shards = 1, .go = &go};
    int rc = parse_match_args(argc, argv, &id, &position, spec, eval, &go, &o);
    if (rc != EXIT_OK)
        return rc;
    o.record_dir = o.record && record_folder(o.record);
    if (!id)
        return cli_fail("match: which game? (yomi match GAME --first P --second P)");
    for (int p = 0; p < 2; p++) {
        Err err = {{0}};
        if (!spec[p])
            return cli_fail("match: --%s P is required", p ? "second" : "first");
        if (strcmp(spec[p], "human") == 0)
            return cli_fail("match: --%s human: match is headless (use yomi play)",
                            p ? "second" : "first");
        if (agent_spec_check(spec[p], &err) != 0)
            return cli_fail("match: --%s: %s", p ? "second" : "first", err.msg);
    }
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    Game *g = cli_game_open_at(id, &go, position, start);
    if (!g)
        return EXIT_USAGE;
    Game *player_game[2];
    rc = open_player_games(id, &go, eval, player_game);
    Agent *agents[2] = {NULL, NULL};
    for (int p = 0; p < 2 && rc == EXIT_OK; p++) {
        Err err = {{0}};
        agents[p] = agent_new(player_game[p] ? player_game[p] : g, spec[p], &err);
        if (!agents[p])
            rc = cli_fail("match: --%s: %s", p ? "second" : "first", err.msg);
    }
    if (rc == EXIT_OK) {
        char names[2][MATCH_NAME_MAX];
        for (int p = 0; p < 2; p++) {
            Player pl;
            Err ignore;
            if (!agent_spec_is_external(spec[p]) && player_parse(spec[p], &pl, &ignore) == 0)
                player_format(&pl, names[p], sizeof names[p]);
            else
                snprintf(names[p], sizeof names[p], "%s", spec[p]);
            if (eval[p]) {
                const size_t at = strlen(names[p]);
                snprintf(names[p] + at, sizeof names[p] - at, " (eval %.40s)", eval[p]);
            }
        }
        rc = play_match(g, start, agents, &o, names);
    }
    agent_free(agents[0]);
    agent_free(agents[1]);
    game_close(player_game[0]);
    game_close(player_game[1]);
    game_close(g);
    return rc;
}

/// The games of the match and their rows, the totals and the score.
static int play_match(const Game *g, const void *start, Agent *agents[2], const MatchOpts *mo,
                      char names[2][MATCH_NAME_MAX])
{
    const MatchOpts o = *mo;
    int rc = EXIT_OK;
    if (o.balanced >= 0 && o.random_plies == 0)
        return cli_fail("match: --balanced needs --random-plies N");
    Search *judge = NULL;
    if (o.balanced >= 0) {
        SearchConfig cfg;
        search_config_default(&cfg);
        cfg.algo = ALGO_YOMI;
        cfg.depth = BALANCE_DEPTH;
        Err err = {{0}};
        if (!(judge = search_new(g, &cfg, &err)))
            return cli_fail("match: --balanced: %s", err.msg);
    }
    FILE *record = NULL;
    if (o.record_dir) {
        char path[4096];
        Err err = {{0}};
        record_path(&o, g, 1, path, sizeof path);
        if (!record_format_natural(g) || atomic_file_check(path, &err) != 0) {
            search_free(judge);
            return cli_fail("match: --record: %s", record_format_natural(g)
                                                       ? err.msg
                                                       : "no record format holds this game");
        }
    } else if (o.record && !(record = fopen(o.record, "w"))) {
        search_free(judge);
        return cli_fail("match: --record: cannot write '%.200s'", o.record);
    }
    match_print_header();
    fflush(stdout);
    MatchTally tally = {0};
    Move opening[64];
    /* The rows are the progress on a terminal; sent to a file, a line on
     * stderr keeps a person watching informed (a pipe there stays quiet). */
    const bool progress = isatty(STDERR_FILENO) && !isatty(STDOUT_FILENO);
    for (long k = 0; k < o.games; k++) {
        if (!in_shard(&o, k))
            continue;
        /* A is --first, B --second; with --swap they change seats every game
         * and each pair of games shares its opening. */
        const int a_seat = o.swap && k % 2 ? 1 : 0;
        Agent *seat[2];
        seat[a_seat] = agents[0];
        seat[1 - a_seat] = agents[1];
        const int nopening = random_opening(g, start, &o, o.swap ? k / 2 : k, judge, opening);
        /* Each game's random moves (the weak levels) from --seed and its
         * number, so any one game of a match replays alone. */
        for (int p = 0; p < 2; p++)
            agent_set_seed(agents[p], ((uint64_t)o.seed * 1000003u + (uint64_t)k) * 2 + (uint64_t)p);
        MatchGame mg;
        play_one(g, start, seat, &o, opening, nopening, &mg);
        if (mg.aborted) {
            rc = EXIT_INTERNAL;
            break;
        }
        const int a_score = a_seat == 0 ? mg.score : -mg.score;
        const char *result = a_score > 0 ? "A wins" : a_score < 0 ? "B wins" : "draw";
        const uint64_t la = mg.leaves[a_seat], lb = mg.leaves[1 - a_seat];
        const uint64_t na = mg.nodes[a_seat], nb = mg.nodes[1 - a_seat];
        match_tally_add(&tally, a_score, la, na, lb, nb);
        char why[48] = "";
        if (mg.loser_seat >= 0)
            snprintf(why, sizeof why, ", %s %s", mg.loser_seat == a_seat ? "A" : "B", mg.reason);
        printf("%ld\t%s\t%s\t%s (%+d%s)\t%d\t%llu\t%llu\t%llu\t%llu\n", k + 1, a_seat ? "B" : "A",
               a_seat ? "A" : "B", result, a_score, why, mg.plies, (unsigned long long)la,
               (unsigned long long)na, (unsigned long long)lb, (unsigned long long)nb);
        fflush(stdout);
        if (record)
            record_line(record, g, start, k + 1, a_seat, result, &mg);
        if (o.record_dir && record_file(g, start, k + 1, a_seat, names, &o, &mg) != EXIT_OK) {
            rc = EXIT_USAGE;
            break;
        }
        if (progress) {
            fputc('\r', stderr);
            fprintf(stderr, _("match: %ld of %ld games, A %d, B %d, draws %d"), k + 1, o.games,
                    tally.wins[0], tally.wins[1], tally.draws);
            fputs("\033[K", stderr);
        }
    }
    if (progress)
        fputs("\r\033[K", stderr);
    match_print_total(&tally, names[0], names[1]);
    if (record && fclose(record) != 0)
        rc = cli_fail("match: --record: cannot write '%.200s'", o.record);
    search_free(judge);
    return rc;
}

const CliCommand cli_match = {
    .name = "match",
    .run = match_cmd,
    .synopsis = "match GAME --first P --second P [--games N] [--swap] [--time MS]",
    /* xgettext:c-format */
    .help = N_("usage: yomi match GAME --first P --second P [--games N] [--swap] [--position POS]\n"
            "         [--time MS | --game-time MS [--inc MS] [--byoyomi MS]]\n"
            "         [--random-plies N] [--seed S] [--max-plies N]\n"
            "         [--balanced V] [--first-eval E] [--second-eval E] [--record FILE|DIR/]\n"
            "         [--shard K/N]\n"
            "       yomi match --merge FILE...\n"
            "\n"
            "Headless games between two computer players: A (--first) and B (--second).\n"
            "P is a strength level level:N (1 to 8 in Kalah, 11 in reversi and gogo),\n"
            "ALGO:DEPTH[,KEY=VALUE...], e.g. negascout:6 or mtdf:8,table=on,order=best\n"
            "(random=P: a random legal move on P%% of the turns), or (gogo) an external\n"
            "USI engine: usi:COMMAND[,KEY=VALUE...],\n"
            "e.g. usi:/usr/games/fairy-stockfish (UCI_Variant=minishogi is set for it) or\n"
            "usi:yomi usi,Algorithm=pvs; other KEY=VALUE become setoption, and time=MS,\n"
            "depth=N, nodes=N are added to its go (movetime=on: per-move time as go\n"
            "movetime, which Fairy-Stockfish spends in full, unlike a byoyomi).\n"
            "\n"
            "  --time MS         per-move clock: each move gets MS (a yomi player's depth\n"
            "                    still caps it: use e.g. pvs:60 for time alone)\n"
            "  --game-time MS    main time per side for the game, with --inc MS (Fischer)\n"
            "                    and --byoyomi MS; a side that overruns it loses\n"
            "  --random-plies N  open each game with N random legal moves (seeded by\n"
            "                    --seed S, default 1); with --swap a pair shares one\n"
            "                    (--openings N is the same option)\n"
            "  --seed S          also seeds the players' random moves (random=P, the weak\n"
            "                    levels), each game its own: a match replays exactly\n"
            "  --balanced V      redraw a random opening that a short search judges more\n"
            "                    than V from level (discs, seeds or centipawns)\n"
            "  --max-plies N     stop a game after N plies (scored by the evaluation)\n"
            "  --first-eval E, --second-eval E\n"
            "                    that player's own game option --eval (its values are\n"
            "                    among the game variant options below)\n"
            "  --record FILE     write each game's moves there, a line per game (number,\n"
            "                    A's seat, result, the moves in the game's notation)\n"
            "  --record DIR/     a record of each game in that folder, 001.kifu, 002.kifu...\n"
            "                    in the game's own format: KIF for gogo, GGF for reversi\n"
            "                    (a transcript, .txt, on a board that is not square), the\n"
            "                    Kalah record (.kalah)\n"
            "  --shard K/N       play only the K-th of N slices of the match (games K,\n"
            "                    K+N, ...; pairs with --swap), each game as in the whole\n"
            "                    match; --merge FILE... joins the slices' reports into\n"
            "                    the report the whole match prints\n"
            "\n"
            "With --swap they change seats every game.  One tab-separated row per game (the\n"
            "result from A's view, the leaves and nodes each side spent), then the totals\n"
            "and A's score with a 95%% margin and as an Elo difference (+inf or -inf when\n"
            "A won or lost every game; when all games ended alike, the Elo range is the\n"
            "exact binomial one).  Only one player thinks at a time.\n"),
    .game_options = true,
};
