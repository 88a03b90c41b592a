/* match.c - `yomi match GAME --first P --second P [--games N] [--swap]`:
 * headless computer-vs-computer games. */
#include <string.h>

#include "cli/searchcli.h"

static int match_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_match, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *position = NULL, *spec[2] = {NULL, NULL};
    CliGameOpts go = {0};
    long games = 1;
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
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    Game *g = cli_open_game(id, &go, position, start);
    if (!g)
        return EXIT_USAGE;
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
        GameRecord rec;
        rc = cli_play_game(g, start, cfg, &rec);
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
    game_close(g);
    return rc;
}

const CliCommand cli_match = {
    .name = "match",
    .run = match_cmd,
    .synopsis = "match GAME --first P --second P [--games N] [--swap]",
    .help = "usage: yomi match GAME --first P --second P [--games N] [--swap] [--position POS]\n"
            "\n"
            "Headless games between two computer players: A (--first) and B (--second).\n"
            "P is ALGO:DEPTH[,KEY=VALUE...], e.g. negascout:6 or mtdf:8,table=on,order=best.\n"
            "With --swap they change seats every game.  One tab-separated row per game (the\n"
            "result from A's view, the leaves and nodes each side spent), then the totals.\n",
};
