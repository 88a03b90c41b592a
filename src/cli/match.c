/* match.c - `yomi match GAME --first P --second P [--games N] [--swap]`:
 * headless computer-vs-computer games. */
#include <stdlib.h>
#include <string.h>

#include "cli/searchcli.h"

/* A player as match sees it: the search, and game options of its own
 * (`pvs:6,eval=mobility`: keys that are game options, not search options),
 * so two evaluations can meet on the same rules. */
typedef struct {
    Player player;
    char text[256];   /* the spec's storage; the option values point into it */
    CliGameOpts go;   /* the player's own game options */
} MatchPlayer;

static int match_player_parse(const char *seat, const char *spec, MatchPlayer *mp)
{
    memset(mp, 0, sizeof *mp);
    char search[256];
    if (strlen(spec) >= sizeof mp->text)
        return cli_fail("match: --%s: player '%.40s...' is too long", seat, spec);
    strcpy(mp->text, spec);
    size_t len = 0;
    search[0] = '\0';
    for (char *item = mp->text, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *eq = item == mp->text ? NULL : strchr(item, '=');
        char opt[64];
        if (eq && (size_t)(eq - item) < sizeof opt - 2) {
            snprintf(opt, sizeof opt, "--%.*s", (int)(eq - item), item);
            if (cli_game_option(&mp->go, opt, eq + 1)) {
                /* the key's name lives in cli_game_option's table */
                continue;
            }
        }
        len += (size_t)snprintf(search + len, sizeof search - len, "%s%s", len ? "," : "", item);
    }
    Err err = {{0}};
    if (player_parse(search, &mp->player, &err) != 0)
        return cli_fail("match: --%s: %s", seat, err.msg);
    if (mp->player.human)
        return cli_fail("match: --%s human: match is headless (use yomi play)", seat);
    return 0;
}

/* The player's name in the totals: its search, then its own game options. */
static void match_player_name(const MatchPlayer *mp, char *buf, size_t len)
{
    player_format(&mp->player, buf, len);
    for (int i = 0; i < mp->go.n; i++) {
        const size_t at = strlen(buf);
        snprintf(buf + at, len - at, ",%s=%s", mp->go.opts[i].key, mp->go.opts[i].value);
    }
}

/* The game options of the match with the player's own added (they win). */
static Game *match_player_game(const char *id, const CliGameOpts *common, const MatchPlayer *mp)
{
    CliGameOpts go = *common;
    for (int i = 0; i < mp->go.n && go.n < CLI_MAX_GAME_OPTS; i++)
        go.opts[go.n++] = mp->go.opts[i];
    _Alignas(16) unsigned char scratch[GAME_MAX_STATE];
    return cli_open_game(id, &go, NULL, scratch);
}

static uint64_t opening_rng(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Opening `index`: `plies` random legal moves from `start` (fewer when the
 * game ends first), the same for both games of a swapped pair. */
static void random_opening(const Game *g, const void *start, long plies, long seed, long index,
                           void *out)
{
    uint64_t rng = (uint64_t)seed * 0x2545f4914f6cdd1dULL + (uint64_t)index;
    _Alignas(16) unsigned char cur[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    memcpy(cur, start, g->state_size);
    for (long i = 0; i < plies; i++) {
        const int n = g->ops->legal_moves(g, cur, moves);
        if (n == 0)
            break;
        g->ops->play(g, cur, moves[opening_rng(&rng) % (uint64_t)n], out);
        memcpy(cur, out, g->state_size);
    }
    memcpy(out, cur, g->state_size);
}

static int match_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_match, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *position = NULL, *spec[2] = {NULL, NULL};
    CliGameOpts go = {0};
    long games = 1, random_plies = 0, seed = 1;
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
            } else if (strcmp(o, "--random-plies") == 0) {
                if (cli_parse_int(o, v, 0, 60, &random_plies) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(o, "--seed") == 0) {
                if (cli_parse_int(o, v, 0, 2147483647, &seed) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(o, "--position") == 0)
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
    static MatchPlayer mp[2];
    for (int p = 0; p < 2; p++) {
        if (!spec[p])
            return cli_fail("match: --%s P is required", p ? "second" : "first");
        if (match_player_parse(p ? "second" : "first", spec[p], &mp[p]) != 0)
            return EXIT_USAGE;
    }
    _Alignas(16) unsigned char start[GAME_MAX_STATE], opening[GAME_MAX_STATE];
    Game *g = cli_open_game(id, &go, position, start);
    if (!g)
        return EXIT_USAGE;
    /* A player with game options of its own gets its own opening of the game. */
    Game *own[2] = {NULL, NULL};
    for (int p = 0; p < 2; p++) {
        if (mp[p].go.n && !(own[p] = match_player_game(id, &go, &mp[p]))) {
            game_close(own[0]);
            game_close(g);
            return EXIT_USAGE;
        }
    }
    const Game *player_game[2] = {own[0] ? own[0] : g, own[1] ? own[1] : g};
    char names[2][160];
    match_player_name(&mp[0], names[0], sizeof names[0]);
    match_player_name(&mp[1], names[1], sizeof names[1]);
    printf("game\tfirst\tsecond\tresult\tplies\tleaves_A\tnodes_A\tleaves_B\tnodes_B\n");
    uint64_t leaves[2] = {0, 0}, nodes[2] = {0, 0};
    int wins[2] = {0, 0}, draws = 0, rc = EXIT_OK;
    for (long k = 0; k < games && rc == EXIT_OK; k++) {
        /* A is --first, B --second; with --swap they change seats every game. */
        const int a_seat = swap && k % 2 ? 1 : 0;
        const SearchConfig *cfg[2];
        const Game *seats[2];
        cfg[a_seat] = &mp[0].player.cfg;
        cfg[1 - a_seat] = &mp[1].player.cfg;
        seats[a_seat] = player_game[0];
        seats[1 - a_seat] = player_game[1];
        random_opening(g, start, random_plies, seed, swap ? k / 2 : k, opening);
        GameRecord rec;
        rc = cli_play_game_seats(seats, opening, cfg, &rec);
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
    game_close(own[0]);
    game_close(own[1]);
    game_close(g);
    return rc;
}

const CliCommand cli_match = {
    .name = "match",
    .run = match_cmd,
    .synopsis = "match GAME --first P --second P [--games N] [--swap]",
    .help = "usage: yomi match GAME --first P --second P [--games N] [--swap] [--position POS]\n"
            "                      [--random-plies K [--seed S]]\n"
            "\n"
            "Headless games between two computer players: A (--first) and B (--second).\n"
            "P is ALGO:DEPTH[,KEY=VALUE...], e.g. negascout:6 or mtdf:8,table=on,order=best;\n"
            "a KEY may also be a game option for that player alone, e.g.\n"
            "pvs:4,eval=mobility.  With --swap they change seats every game.  With\n"
            "--random-plies each game (each pair of games with --swap) starts after K\n"
            "random moves drawn from seed S (default 1).  One tab-separated row per game\n"
            "(the result from A's view, the leaves and nodes each side spent), then the\n"
            "totals.\n",
};
