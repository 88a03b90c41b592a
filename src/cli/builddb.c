/* builddb.c - `yomi build-db kalah [--pits M] [--seeds N] [--capture R]`:
 * build Kalah's endgame database into the user's cache ahead of use. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/search.h"
#include "games/kalah/enddb.h"

/* A progress line only for a person watching: a pipe or a log stays quiet. */
static void show_progress(void *arg, uint64_t done, uint64_t total)
{
    const char *name = arg;
    fputc('\r', stderr);
    fprintf(stderr, _("building %s: %3d%% (%llu of %llu positions)"), name,
            total ? (int)(done * 100 / total) : 100, (unsigned long long)done,
            (unsigned long long)total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

static int build_db_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_build_db, argc, argv))
        return EXIT_OK;
    if (argc < 2)
        return cli_fail("build-db: which game? (yomi build-db kalah [--pits M] [--seeds N])");
    if (strcmp(argv[1], "kalah") != 0)
        return cli_fail("build-db: only kalah has an endgame database, not '%.40s'", argv[1]);
    long pits = 6, seeds = 16, threads = 1;
    KalahCapture capture = KALAH_CAPTURE_STANDARD;
    for (int i = 2; i < argc; i += 2) { /* every option takes a value */
        const char *opt = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "--pits") == 0) {
            if (cli_parse_int(opt, value, 1, 8, &pits) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--seeds") == 0) {
            if (cli_parse_int(opt, value, 0, 100, &seeds) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--threads") == 0) {
            if (value && strcmp(value, "all") == 0)
                threads = search_cores();
            else if (cli_parse_int(opt, value, 1, KALAH_DB_MAX_THREADS, &threads) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--capture") == 0) {
            if (value && strcmp(value, "standard") == 0)
                capture = KALAH_CAPTURE_STANDARD;
            else if (value && strcmp(value, "empty") == 0)
                capture = KALAH_CAPTURE_EMPTY;
            else
                return cli_fail("--capture: '%.30s' is not one of standard, empty",
                                value ? value : "");
        } else {
            return cli_fail("build-db: unknown option '%.40s'", opt);
        }
    }
    const uint64_t entries = kalah_db_entries((int)pits, (int)seeds);
    if (entries == 0 || entries > KALAH_DB_MAX_ENTRIES)
        return cli_fail("build-db: %ld seeds over %ld pits a side is too large (limit %llu MB)",
                        seeds, pits, (unsigned long long)(KALAH_DB_MAX_ENTRIES >> 20));
    char name[64], path[1100];
    snprintf(name, sizeof name, "kalah-m%ld-%s (%ld seeds)", pits,
             capture == KALAH_CAPTURE_EMPTY ? "empty" : "standard", seeds);
    Err err;
    if (kalah_db_build_file((int)pits, capture, (int)seeds, (int)threads,
                            isatty(2) ? show_progress : NULL, name, path, sizeof path, &err) != 0)
        return cli_fail("build-db: %s", err.msg);
    printf("database: %s\nseeds: %ld\nentries: %llu\n", path, seeds, (unsigned long long)entries);
    return EXIT_OK;
}

const CliCommand cli_build_db = {
    .name = "build-db",
    .run = build_db_cmd,
    .synopsis = "build-db kalah [--pits M] [--seeds N] [--capture standard|empty] [--threads N]",
    /* xgettext:c-format */
    .help = N_("usage: yomi build-db kalah [--pits M] [--seeds N] [--capture standard|empty]\n"
            "                         [--threads N]\n"
            "\n"
            "Build Kalah's endgame database: the exact value of every position with at\n"
            "most N seeds left in the pits of a board of M pits a side (default 6 pits,\n"
            "16 seeds: 30 MB), whatever the seeds per pit at the start.  It is saved in\n"
            "$XDG_CACHE_HOME/yomi (else ~/.cache/yomi), where the Kalah solver finds it;\n"
            "a database with at least N seeds already there is kept, a smaller one is\n"
            "grown (its positions are not solved again).  Without one the\n"
            "solver builds a small one (about 1.5 MB) at its first use.  --threads N\n"
            "(default 1, `all`: one per core) builds on N threads; the file is the same.\n"),
};
