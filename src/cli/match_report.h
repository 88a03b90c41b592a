/* match_report.h - what `yomi match` prints, and reads back.
 *
 * A match's report is tab-separated text: a header, one row per game (its
 * number in the whole match, who sat first, the result from A's view, the
 * plies, the leaves and nodes each side spent), then a `total` row naming
 * the players and a `score` row (A's score with a 95% margin and as an Elo
 * difference).  A match cut into shards (`--shard K/N`, each shard a
 * slice of the same games) writes one report per shard; `--merge` reads
 * them back and prints the report the whole match would have printed. */
#ifndef YOMI_CLI_MATCH_REPORT_H
#define YOMI_CLI_MATCH_REPORT_H

#include <stdint.h>

#define MATCH_NAME_MAX 200

/* The sums a report's last two rows give. */
typedef struct {
    long games;
    int wins[2], draws;            /* A's wins, B's wins */
    uint64_t leaves[2], nodes[2];  /* A's, B's */
} MatchTally;

void match_print_header(void);
/* Count one game: its result from A's view and what each side spent. */
void match_tally_add(MatchTally *t, int a_score, uint64_t la, uint64_t na, uint64_t lb,
                     uint64_t nb);
/* The `total` and `score` rows (nothing when no game was played). */
void match_print_total(const MatchTally *t, const char *a_name, const char *b_name);

/* `yomi match --merge FILE...`: the shards' reports as one, every game
 * once and in order; an exit code (EXIT_USAGE with one line naming the
 * file and what was wrong). */
int match_merge(int nfiles, char **files);

#endif
