/* solve_crew.c - the threads of Kalah's exact solver (solver.h's Crew):
 * helpers made once, asleep between MTD(f) tests; solver.h's paragraph on
 * struct Crew says how they share the work. */
#include <stdlib.h>

#include "games/kalah/solver.h"

uint64_t kalah_crew_nodes(const Crew *crew)
{
    uint64_t sum = 0;
    for (int i = 0; i < crew->n; i++)
        sum += atomic_load_explicit(&crew->helper[i]->told, memory_order_relaxed);
    return sum;
}

static void helper_test(void *ctx, int id)
{
    Crew *crew = ctx;
    GameSolver *h = crew->helper[id];
    h->stopped = false;
    h->ply = 0;
    h->next_poll = h->nodes + POLL_EVERY;
    int pit = NO_PIT;
    const int v = kalah_solve_node(h, &crew->root, crew->seeds, crew->key, crew->alpha, crew->beta, &pit);
    atomic_store_explicit(&h->told, h->nodes, memory_order_relaxed);
    if (h->stopped)
        return;
    /* The answer is read after kalah_crew_finish's wait, which orders these
     * writes. */
    if (atomic_exchange_explicit(&crew->answered, 1, memory_order_relaxed) == 0) {
        crew->answer = v;
        crew->answer_pit = pit;
    }
    atomic_store_explicit(&crew->abort, 1, memory_order_relaxed); /* the others stop */
}

void kalah_crew_start(Crew *crew, const KBoard *b, int seeds, uint64_t key, int alpha, int beta)
{
    crew->root = *b;
    crew->seeds = seeds;
    crew->key = key;
    crew->alpha = alpha;
    crew->beta = beta;
    atomic_store_explicit(&crew->abort, 0, memory_order_relaxed);
    atomic_store_explicit(&crew->answered, 0, memory_order_relaxed);
    workers_run(&crew->workers, crew->n);
}

/* Stop the helpers and wait until they sleep again. */
void kalah_crew_finish(Crew *crew)
{
    atomic_store_explicit(&crew->abort, 1, memory_order_relaxed);
    workers_wait(&crew->workers);
}

/* A helper's answer to the test just finished (crew_finish has waited
 * for them all), if one finished it. */
bool kalah_crew_answer(const Crew *crew, int *value, int *pit)
{
    if (!atomic_load_explicit(&crew->answered, memory_order_relaxed))
        return false;
    *value = crew->answer;
    *pit = crew->answer_pit;
    return true;
}

void kalah_crew_free(Crew *crew)
{
    if (!crew)
        return;
    workers_end(&crew->workers);
    for (int i = 0; i < crew->n; i++)
        free(crew->helper[i]);
    free(crew->helper);
    free(crew);
}

/* Helpers share the main solver's table and database; their counters
 * and place in the tree are their own. */
int kalah_solver_threads(GameSolver *sv, int threads, Err *err)
{
    if (sv->crew || threads < 2)
        return 0;
    Crew *crew = calloc(1, sizeof *crew);
    if (!crew)
        return err_set(err, "out of memory for the solver's threads");
    crew->helper = calloc((size_t)threads - 1, sizeof *crew->helper);
    bool ok = crew->helper != NULL;
    for (int i = 0; ok && i < threads - 1; i++) {
        GameSolver *h = calloc(1, sizeof *h);
        if (!(ok = h != NULL))
            break;
        h->k = sv->k;
        h->m = sv->m;
        h->capture_empty = sv->capture_empty;
        h->table = sv->table;
        h->buckets = sv->buckets;
        h->db = sv->db;
        h->db_seeds = sv->db_seeds;
        h->guess_cap = UINT64_MAX;
        h->crew = crew;
        h->crew_on = true;
        h->id = i + 1;
        crew->helper[crew->n++] = h;
    }
    if (ok)
        ok = workers_start(&crew->workers, crew->n, helper_test, crew) == 0;
    if (!ok) {
        kalah_crew_free(crew);
        return err_set(err, "cannot start the solver's threads");
    }
    sv->crew = crew;
    return 0;
}
