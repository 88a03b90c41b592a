/* convert.c - `yomi convert [GAME] IN OUT [--to FORMAT]`: a game record
 * from one format to another (src/records/). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "records/records.h"

/* The format to write: --to, else OUT's extension, else (stdout) the
 * game's own; NULL with the line printed. */
static const RecordFormat *output_format(const char *to, const char *out, const Game *g)
{
    char list[160];
    record_format_list(list, sizeof list);
    if (to) {
        const RecordFormat *f = record_format_named(to);
        if (!f)
            cli_fail("convert: --to '%.20s' is not one of %s", to, list);
        return f;
    }
    if (strcmp(out, "-") == 0) {
        const RecordFormat *f = record_format_natural(g);
        if (!f)
            cli_fail("convert: no record format holds %s", g->name);
        return f;
    }
    const RecordFormat *f = record_format_of_path(out);
    if (!f)
        cli_fail("convert: which format for '%.60s'? (end it in .kif .kifu .csa .ggf .txt "
                 ".kalah, or give --to %s)", out, "FORMAT");
    return f;
}

static int convert_run(int argc, char **argv)
{
    if (cli_wants_help(&cli_convert, argc, argv))
        return EXIT_OK;
    const char *words[3] = {NULL, NULL, NULL}, *to = NULL;
    int nwords = 0;
    CliGameOpts go = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (nwords == 3)
                return cli_fail("convert: unexpected argument '%.40s'", a);
            words[nwords++] = a;
            continue;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        if (strcmp(a, "--to") == 0)
            to = v;
        else if (!cli_game_option(&go, a, v))
            return cli_fail("convert: unknown option '%.40s'", a);
        if (!v)
            return cli_fail("convert: %.40s needs a value", a);
    }
    if (nwords < 2)
        return cli_fail("convert: which records? (yomi convert [GAME] IN OUT [--to FORMAT])");
    const char *id = nwords == 3 ? words[0] : NULL;
    const char *in = words[nwords - 2], *out = words[nwords - 1];
    if (strcmp(out, "-") != 0 && cli_check_output("convert", "OUT", out) != EXIT_OK)
        return EXIT_USAGE;
    Record *r = cli_record_load("convert", NULL, id, &go, in);
    if (!r)
        return EXIT_USAGE;
    int rc = EXIT_OK;
    const RecordFormat *f = output_format(to, out, r->game);
    const RecordGame game = record_game(r);
    Err err = {{0}};
    if (!f) {
        rc = EXIT_USAGE;
    } else if (strcmp(out, "-") == 0) {
        size_t len;
        char *text = record_text(f, &game, &len, &err);
        if (!text)
            rc = cli_fail("convert: %s", err.msg);
        else if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0)
            rc = cli_fail("convert: cannot write the record to the standard output");
        free(text);
    } else if (record_save(f, &game, out, &err) != 0) {
        rc = cli_fail("convert: %s", err.msg);
    }
    record_free(r);
    return rc;
}

const CliCommand cli_convert = {
    .name = "convert",
    .run = convert_run,
    .synopsis = "convert [GAME] IN OUT [--to FORMAT]",
    /* xgettext:c-format */
    .help = N_("usage: yomi convert [GAME] IN OUT [--to FORMAT] [GAME OPTIONS]\n"
            "\n"
            "Read the game record IN (a file, or the record's text) and write it to OUT\n"
            "(a file, or - for the standard output) in the format OUT's extension names,\n"
            "or FORMAT: %s.\n"
            "\n"
            "  gogo     KIF (.kifu UTF-8, .kif Shift_JIS; 手合割：5五将棋), CSA (.csa)\n"
            "  reversi  GGF (.ggf), the move transcript f5d6c3... (.txt)\n"
            "  kalah    yomi's Kalah record (.kalah; doc/records.md)\n"
            "\n"
            "IN's format is told by its content.  GAME is needed only for a transcript\n"
            "of a board other than 8x8 that does not say so (# game reversi-6x6).  Every\n"
            "move is checked; a record yomi cannot read is named with its line.\n"),
    .help_arg_write = NULL,
    .help_arg = "kif, kifu, csa, ggf, transcript, kalah",
    .game_options = true,
};
