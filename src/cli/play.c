/* play.c - `yomi play GAME [--first P] [--second P]`: the UI, straight into
 * a game.  Everything is checked here, before the terminal is taken over,
 * so bad input gets the usual one-line error. */
#include <string.h>

#include "cli/cli.h"
#include "players/player.h"
#include "ui/player_label.h"
#include "players/agent.h"
#include "records/records.h"
#include "ui/load.h"
#include "ui/ui.h"

static int run_play(int argc, char **argv);

const CliCommand cli_play = {
    .name = "play",
    .run = run_play,
    .synopsis = "play GAME [--first P] [--second P] [--record R]",
    /* xgettext:c-format */
    .help = N_("usage: yomi play GAME [--first P] [--second P] [--record R] [GAME OPTIONS]\n"
            "\n"
            "Start the terminal UI straight into a game.  A player P is `human`, a\n"
            "strength level level:N (1 Beginner up to the game's Strongest: 8 in Kalah,\n"
            "11 in reversi and gogo), or ALGO:DEPTH[,KEY=VALUE...], e.g. negascout:6\n"
            "or mtdf:8,table=on,order=best.\n"
            "Defaults: --first human --second %s\n"
            "(the yomi algorithm, about a second a move: the strongest level).\n"
            "--record R plays on from a game record (a KIF, CSA, GGF, transcript or\n"
            "Kalah record file, or its text), its moves kept for undo; GAME may go.\n"
            "\n"
            "examples:\n"
            "  yomi play reversi\n"
            "  yomi play reversi --second level:3\n"
            "  yomi play kalah --first negascout:8 --second human\n"
            "  yomi play gogo --first human --second pvs:5,quiescence=on\n"),
    .help_arg = PLAYER_DEFAULT_COMPUTER,
    .game_options = true,
};

/* Both players parse and can play this game; EXIT_OK or the line said. */
static int check_players(const Game *g, const char *const players[2], UiPlayer parsed[2])
{
    for (int i = 0; i < 2; i++) {
        Err err = {{0}};
        if (ui_player_parse(players[i], &parsed[i], &err) != 0 ||
            agent_spec_check_game(players[i], g, &err) != 0)
            return cli_fail("play: --%s: %s", i ? "second" : "first", err.msg);
    }
    return EXIT_OK;
}

/* --record: the game the record holds, its moves played, then the UI. */
static int play_record(const char *game, const CliGameOpts *go, const char *record,
                       const char *const players[2])
{
    Record *r = cli_record_load("play", "--record", game, go, record);
    if (!r)
        return EXIT_USAGE;
    UiPlayer p[2];
    Err err = {{0}};
    int rc = check_players(r->game, players, p);
    Session *s = rc == EXIT_OK ? session_from_record(r, p, &err) : NULL;
    if (rc == EXIT_OK && !s)
        rc = cli_fail("play: --record: %s", err.msg);
    record_free(r);
    return rc != EXIT_OK ? rc : ui_play_session(s);
}

static int run_play(int argc, char **argv)
{
    if (cli_wants_help(&cli_play, argc, argv))
        return EXIT_OK;
    const char *game = NULL, *record = NULL, *players[2] = {"human", PLAYER_DEFAULT_COMPUTER};
    CliGameOpts go = {.n = 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (game)
                return cli_fail("play: one game only ('%.40s' is extra)", a);
            game = a;
            continue;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        if (strcmp(a, "--first") == 0)
            players[0] = v;
        else if (strcmp(a, "--second") == 0)
            players[1] = v;
        else if (strcmp(a, "--record") == 0)
            record = v;
        else if (!cli_game_option(&go, a, v))
            return cli_fail("play: unknown option '%.40s'", a);
        if (!v)
            return cli_fail("play: %.40s needs a value", a);
    }
    if (record)
        return play_record(game, &go, record, players);
    if (!game)
        return cli_fail("play: which game? (reversi, kalah, gogo, ...)");
    unsigned char state[GAME_MAX_STATE];
    Game *g = cli_game_open_at(game, &go, NULL, state);
    if (!g)
        return EXIT_USAGE;
    UiPlayer p[2];
    const int rc = check_players(g, players, p);
    game_close(g);
    return rc != EXIT_OK ? rc : ui_play(game, go.opts, go.n, players[0], players[1]);
}
