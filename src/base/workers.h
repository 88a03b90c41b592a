/* workers.h - threads made once and asleep between jobs.
 *
 * Why: a search on several threads runs many short jobs (an iteration,
 * an MTD(f) test, the solve of a small endgame takes milliseconds), so
 * starting threads for each would cost more than some jobs, and nothing
 * may allocate while a search runs.  A pool's threads wait on a condition
 * variable; workers_run wakes the first `active` of them, each calls the
 * pool's function once with the pool's context and its own number, and
 * workers_wait returns
 * when all of them are asleep again.  What the job is stays the caller's:
 * written before workers_run and read by the threads after they wake
 * (the mutex they both take orders the two), and not changed until
 * workers_wait has returned. */
#ifndef YOMI_BASE_WORKERS_H
#define YOMI_BASE_WORKERS_H

#include <pthread.h>
#include <stdbool.h>

typedef void (*WorkerFn)(void *ctx, int id);

typedef struct WorkerSeat WorkerSeat;

typedef struct {
    WorkerSeat *seat; /* one a thread; NULL: no threads */
    int n;
    WorkerFn work;
    void *ctx;
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    /* under mu */
    unsigned job; /* bumped for each job */
    int active;   /* the threads this job wakes: seats 0 .. active - 1 */
    int busy;     /* of them, still working */
    bool quit;
} Workers;

/* Start n threads in w, thread i to call work(ctx, i) for each job that
 * wakes it.  0, or -1 with nothing started and w zero. */
int workers_start(Workers *w, int n, WorkerFn work, void *ctx);

/* Wake threads 0 .. active - 1 (at most n) for one job. */
void workers_run(Workers *w, int active);

/* Wait until the threads of the last job are done. */
void workers_wait(Workers *w);

/* Stop and join the threads (after the last workers_wait); w zero again.
 * A pool that never started is left alone. */
void workers_end(Workers *w);

#endif
