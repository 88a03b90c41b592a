/* match.c - `yomi match GAME --first P --second P [--games N] [--swap]`:
 * headless computer-vs-computer games. */
#include <string.h>

#include "cli/searchcli.h"

/* splitmix64 step: the openings' random numbers, the same on every machine. */
static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* `plies` random legal moves from `start` into `out` (opening number k of
 * the seed); an opening that would end the game is drawn again. */
static void random_opening(const Game *g, const void *start, int plies, uint64_t seed, long k,
                           void *out)
{
    uint64_t rng = seed * 0x2545F4914F6CDD1DULL + (uint64_t)k;
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    for (int attempt = 0;; attempt++) {
        memcpy(a, start, g->state_size);
        int i = 0;
        for (; i < plies; i++) {
            const int n = g->ops->legal_moves(g, a, moves);
            if (n == 0)
                break;
            g->ops->play(g, a, moves[next_random(&rng) % (uint64_t)n], b);
            memcpy(a, b, g->state_size);
        }
        if ((i == plies && g->ops->legal_moves(g, a, moves) > 0) || attempt == 100)
            break;
    }
    memcpy(out, a, g->state_size);
}

/* One Game per player when --first-eval or --second-eval is given (NULLs
 * otherwise: both players use the match's own Game). */
static int open_player_games(const char *id, const CliGameOpts *go, const char *eval[2],
                             Game *games[2])
{
    games[0] = games[1] = NULL;
    if (!eval[0] && !eval[1])
        return EXIT_OK;
    for (int p = 0; p < 2; p++) {
        CliGameOpts mine = *go;
        if (eval[p] && (mine.n == CLI_MAX_GAME_OPTS || !cli_game_option(&mine, "--eval", eval[p])))
            return cli_fail("match: too many game options");
        Err err = {{0}};
        games[p] = game_open(id, mine.opts, mine.n, &err);
        if (!games[p]) {
            if (p == 1)
                game_close(games[0]);
            return cli_fail("match: %s%s", eval[p] ? (p ? "--second-eval: " : "--first-eval: ") : "",
                            err.msg);
        }
    }
    return EXIT_OK;
}

static int match_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_match, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *position = NULL, *spec[2] = {NULL, NULL};
    CliGameOpts go = {0};
    const char *eval[2] = {NULL, NULL};
    long games = 1, openings = 0, seed = 1;
    bool swap = false;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (strcmp(o, "--swap") == 0) {
            swap = true;
        } else if (strncmp(o, "--", 2) == 0) {
            if (i + 1 >= argc)
                return cli_fail("match: %s needs a value", o);
            const char *v = argv[++i];
            if (strcmp(o, "--first") == 0)
                spec[0] = v;
            else if (strcmp(o, "--second") == 0)
                spec[1] = v;
            else if (strcmp(o, "--games") == 0) {
                if (cli_parse_int(o, v, 1, 10000, &games) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(o, "--openings") == 0) {
                if (cli_parse_int(o, v, 0, 100, &openings) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(o, "--seed") == 0) {
                if (cli_parse_int(o, v, 0, 2147483647L, &seed) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(o, "--first-eval") == 0)
                eval[0] = v;
            else if (strcmp(o, "--second-eval") == 0)
                eval[1] = v;
            else if (strcmp(o, "--position") == 0)
                position = v;
            else if (!cli_game_option(&go, o, v))
                return cli_fail("match: unknown option '%.40s'", o);
        } else if (!id) {
            id = o;
        } else {
            return cli_fail("match: unexpected argument '%.40s'", o);
        }
    }
    if (!id)
        return cli_fail("match: which game? (yomi match GAME --first P --second P)");
    Player players[2];
    for (int p = 0; p < 2; p++) {
        Err err = {{0}};
        if (!spec[p])
            return cli_fail("match: --%s P is required", p ? "second" : "first");
        if (player_parse(spec[p], &players[p], &err) != 0)
            return cli_fail("match: --%s: %s", p ? "second" : "first", err.msg);
        if (players[p].human)
            return cli_fail("match: --%s human: match is headless (use yomi play)",
                            p ? "second" : "first");
    }
    _Alignas(16) unsigned char start[GAME_MAX_STATE], opening[GAME_MAX_STATE];
    Game *g = cli_open_game(id, &go, position, start);
    if (!g)
        return EXIT_USAGE;
    Game *player_game[2];
    if (open_player_games(id, &go, eval, player_game) != EXIT_OK) {
        game_close(g);
        return EXIT_USAGE;
    }
    char names[2][128];
    player_format(&players[0], names[0], sizeof names[0]);
    player_format(&players[1], names[1], sizeof names[1]);
    printf("game\tfirst\tsecond\tresult\tplies\tleaves_A\tnodes_A\tleaves_B\tnodes_B\n");
    uint64_t leaves[2] = {0, 0}, nodes[2] = {0, 0};
    int wins[2] = {0, 0}, draws = 0, rc = EXIT_OK;
    for (long k = 0; k < games && rc == EXIT_OK; k++) {
        /* A is --first, B --second; with --swap they change seats every game. */
        const int a_seat = swap && k % 2 ? 1 : 0;
        const SearchConfig *cfg[2];
        cfg[a_seat] = &players[0].cfg;
        cfg[1 - a_seat] = &players[1].cfg;
        const Game *seat_game[2];
        seat_game[a_seat] = player_game[0] ? player_game[0] : g;
        seat_game[1 - a_seat] = player_game[1] ? player_game[1] : g;
        /* With --swap both seatings of a pair start from the same opening. */
        if (openings > 0)
            random_opening(g, start, (int)openings, (uint64_t)seed, swap ? k / 2 : k, opening);
        GameRecord rec;
        rc = cli_play_game_between(seat_game, openings > 0 ? opening : start, cfg, &rec);
        if (rc != EXIT_OK)
            break;
        const int a_score = a_seat == 0 ? rec.final_score : -rec.final_score;
        const char *result = a_score > 0 ? "A wins" : a_score < 0 ? "B wins" : "draw";
        if (a_score > 0)
            wins[0]++;
        else if (a_score < 0)
            wins[1]++;
        else
            draws++;
        const uint64_t la = rec.leaves[a_seat], lb = rec.leaves[1 - a_seat];
        const uint64_t na = rec.nodes[a_seat], nb = rec.nodes[1 - a_seat];
        leaves[0] += la, leaves[1] += lb, nodes[0] += na, nodes[1] += nb;
        printf("%ld\t%s\t%s\t%s (%+d)\t%d\t%llu\t%llu\t%llu\t%llu\n", k + 1, a_seat ? "B" : "A",
               a_seat ? "A" : "B", result, a_score, rec.plies, (unsigned long long)la,
               (unsigned long long)na, (unsigned long long)lb, (unsigned long long)nb);
    }
    if (rc == EXIT_OK)
        printf("total\tA=%s\tB=%s\tA %d, B %d, draws %d\t-\t%llu\t%llu\t%llu\t%llu\n", names[0],
               names[1], wins[0], wins[1], draws, (unsigned long long)leaves[0],
               (unsigned long long)nodes[0], (unsigned long long)leaves[1],
               (unsigned long long)nodes[1]);
    if (player_game[0]) {
        game_close(player_game[0]);
        game_close(player_game[1]);
    }
    game_close(g);
    return rc;
}

const CliCommand cli_match = {
    .name = "match",
    .run = match_cmd,
    .synopsis = "match GAME --first P --second P [--games N] [--swap]",
    .help = "usage: yomi match GAME --first P --second P [--games N] [--swap] [--position POS]\n"
            "                  [--openings PLIES [--seed S]] [--first-eval E] [--second-eval E]\n"
            "\n"
            "Headless games between two computer players: A (--first) and B (--second).\n"
            "P is ALGO:DEPTH[,KEY=VALUE...], e.g. negascout:6 or mtdf:8,table=on,order=best.\n"
            "With --swap they change seats every game.  One tab-separated row per game (the\n"
            "result from A's view, the leaves and nodes each side spent), then the totals.\n"
            "--openings PLIES: each game (each pair with --swap) starts after PLIES random\n"
            "moves drawn from seed S (default 1).  --first-eval/--second-eval E: the game\n"
            "option --eval for that player alone (gogo: material, tuned, builtin, FILE).\n",
};
