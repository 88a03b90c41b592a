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

static void helper_test(GameSolver *h)
{
    const Crew *crew = h->crew;
    h->stopped = false;
    h->ply = 0;
    h->next_poll = h->nodes + POLL_EVERY;
    int pit = NO_PIT;
    const int v = kalah_solve_node(h, &crew->root, crew->seeds, crew->key, crew->alpha, crew->beta, &pit);
    atomic_store_explicit(&h->told, h->nodes, memory_order_relaxed);
    if (h->stopped)
        return;
    pthread_mutex_lock(&h->crew->mu);
    if (!h->crew->answered) {
        h->crew->answered = true;
        h->crew->answer = v;
        h->crew->answer_pit = pit;
    }
    pthread_mutex_unlock(&h->crew->mu);
    atomic_store_explicit(&h->crew->abort, 1, memory_order_relaxed); /* the others stop */
}

static void *helper_main(void *arg)
{
    GameSolver *h = arg;
    Crew *crew = h->crew;
    unsigned seen = 0;
    pthread_mutex_lock(&crew->mu);
    for (;;) {
        while (!crew->quit && crew->job == seen)
            pthread_cond_wait(&crew->wake, &crew->mu);
        if (crew->quit)
            break;
        seen = crew->job;
        pthread_mutex_unlock(&crew->mu);
        helper_test(h);
        pthread_mutex_lock(&crew->mu);
        if (--crew->busy == 0)
            pthread_cond_broadcast(&crew->idle);
    }
    pthread_mutex_unlock(&crew->mu);
    return NULL;
}

void kalah_crew_start(Crew *crew, const KBoard *b, int seeds, uint64_t key, int alpha, int beta)
{
    pthread_mutex_lock(&crew->mu);
    crew->root = *b;
    crew->seeds = seeds;
    crew->key = key;
    crew->alpha = alpha;
    crew->beta = beta;
    atomic_store_explicit(&crew->abort, 0, memory_order_relaxed);
    crew->answered = false;
    crew->busy = crew->n;
    crew->job++;
    pthread_cond_broadcast(&crew->wake);
    pthread_mutex_unlock(&crew->mu);
}

/* Stop the helpers and wait until they sleep again. */
void kalah_crew_finish(Crew *crew)
{
    atomic_store_explicit(&crew->abort, 1, memory_order_relaxed);
    pthread_mutex_lock(&crew->mu);
    while (crew->busy > 0)
        pthread_cond_wait(&crew->idle, &crew->mu);
    pthread_mutex_unlock(&crew->mu);
}

/* A helper's answer to the test just finished (crew_finish has waited
 * for them all), if one finished it. */
bool kalah_crew_answer(const Crew *crew, int *value, int *pit)
{
    if (!crew->answered)
        return false;
    *value = crew->answer;
    *pit = crew->answer_pit;
    return true;
}

void kalah_crew_free(Crew *crew)
{
    if (!crew)
        return;
    pthread_mutex_lock(&crew->mu);
    crew->quit = true;
    pthread_cond_broadcast(&crew->wake);
    pthread_mutex_unlock(&crew->mu);
    for (int i = 0; i < crew->started; i++)
        pthread_join(crew->thread[i], NULL);
    for (int i = 0; i < crew->n; i++)
        free(crew->helper[i]);
    free(crew->helper);
    free(crew->thread);
    pthread_cond_destroy(&crew->idle);
    pthread_cond_destroy(&crew->wake);
    pthread_mutex_destroy(&crew->mu);
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
    pthread_mutex_init(&crew->mu, NULL);
    pthread_cond_init(&crew->wake, NULL);
    pthread_cond_init(&crew->idle, NULL);
    crew->helper = calloc((size_t)threads - 1, sizeof *crew->helper);
    crew->thread = calloc((size_t)threads - 1, sizeof *crew->thread);
    bool ok = crew->helper && crew->thread;
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
    for (int i = 0; ok && i < crew->n; i++)
        if ((ok = pthread_create(&crew->thread[i], NULL, helper_main, crew->helper[i]) == 0))
            crew->started++;
    if (!ok) {
        kalah_crew_free(crew);
        return err_set(err, "cannot start the solver's threads");
    }
    sv->crew = crew;
    return 0;
}
