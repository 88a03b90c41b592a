/* main.c - the one way in: `yomi` starts the UI, `yomi COMMAND ...` runs a
 * subcommand (doc/cli.md). */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "config.h"
#include "games/registry.h"
#include "ui/ui.h"

static const CliCommand *const commands[] = {
    &cli_perft,
    &cli_show,
    &cli_convert,
    &cli_play,
    &cli_search,
    &cli_trace,
    &cli_explain,
    &cli_analyse,
    &cli_compare,
    &cli_solve,
    &cli_grid,
    &cli_match,
    &cli_bench,
    &cli_build_db,
    &cli_usi,
    &cli_train,
    NULL,
};

const CliCommand *const *cli_commands(void) { return commands; }

/* "  kalah (= kalah-6x6), kalah-MxN (M pits 1..8, N seeds 1..10)": its id,
 * the other ids of the same variant, and the ids with a size; "  tree (a
 * tree typed as --position ...)" for a game of one size that says more. */
static void usage_game(FILE *out, const GameOps *g)
{
    const GameInfo *info = g->info;
    char same[160] = "";
    if (info && info->size_pattern)
        game_size_id(g, NULL, true, same, sizeof same);
    for (const char *const *a = info ? info->aliases : NULL; a && *a; a++) {
        const size_t n = strlen(same);
        snprintf(same + n, sizeof same - n, "%s%s", n ? ", " : "", *a);
    }
    fprintf(out, "  %s", g->family);
    if (same[0])
        fprintf(out, " (= %s)", same);
    if (info && info->size_pattern)
        fprintf(out, ", %s (%s)", info->size_pattern, _(info->size_help));
    else if (info && info->size_help)
        fprintf(out, " (%s)", _(info->size_help));
    fputc('\n', out);
}

static void usage(FILE *out)
{
    fputs(_("usage: yomi [COMMAND [ARGS]]\n"
            "\n"
            "Kalah, Reversi and 5x5 shogi against the computer, and a workbench for\n"
            "game-tree search algorithms.  With no command, starts the terminal UI.\n"
            "\n"
            "commands:\n"), out);
    for (int i = 0; commands[i]; i++)
        fprintf(out, "  yomi %s\n", commands[i]->synopsis);
    fputs(_("  yomi --help | --version   (and yomi COMMAND --help)\n"), out);
    fprintf(out, "\n%s\n", _("games:"));
    for (const GameOps *const *g = game_families(); *g; g++)
        usage_game(out, *g);
}

/* Where the message catalogs are: $YOMI_LOCALEDIR (the tests), else the
 * installed ones, else, while none is installed, the build tree's copies
 * (Makefile.am), so an uninstalled yomi speaks the user's language too.
 * Japanese is the catalog every build ships: its presence tells. */
static const char *catalog_dir(void)
{
    const char *dir = getenv("YOMI_LOCALEDIR");
    if (dir && *dir)
        return dir;
    if (access(LOCALEDIR "/ja/LC_MESSAGES/" PACKAGE ".mo", R_OK) != 0 &&
        access(YOMI_BUILDDIR "/locale/ja/LC_MESSAGES/" PACKAGE ".mo", R_OK) == 0)
        return YOMI_BUILDDIR "/locale";
    return LOCALEDIR;
}

/* The one setlocale: the UI needs the locale's character set for wide
 * characters, and gettext its message language. */
static void start_locale(void)
{
    setlocale(LC_ALL, "");
    bindtextdomain(PACKAGE, catalog_dir());
    /* The grid decodes UTF-8 whatever the locale's own charset. */
    bind_textdomain_codeset(PACKAGE, "UTF-8");
    textdomain(PACKAGE);
}

int main(int argc, char **argv)
{
    start_locale();
    if (argc < 2)
        return ui_main(argc, argv);
    const char *cmd = argv[1];
    const bool help = strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0;
    const bool version = strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0;
    /* A word after them is a mistake (a command's help is `yomi COMMAND
     * --help`), not something to ignore. */
    if ((help || version) && argc > 2)
        return cli_fail("%s takes no argument ('%.40s' is extra; a command's help: yomi "
                        "COMMAND --help)", cmd, argv[2]);
    if (help) {
        usage(stdout);
        return EXIT_OK;
    }
    if (version) {
        printf("yomi %s\n", PACKAGE_VERSION);
        return EXIT_OK;
    }
    for (int i = 0; commands[i]; i++)
        if (strcmp(cmd, commands[i]->name) == 0)
            return commands[i]->run(argc - 1, argv + 1);
    return cli_fail("unknown command '%.40s' (try yomi --help)", cmd);
}
