/* test_workers.c - base/workers.h: a pool's threads wake for each job,
 * only the ones it asks for, each once, and the caller's wait sees what
 * they wrote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdatomic.h>
#include <string.h>

#include "base/workers.h"

enum { N = 4, JOBS = 200 };

typedef struct {
    int job;            /* written before each run, read by the threads */
    int seen[N];        /* the last job each thread saw; plain ints, ordered by the wait */
    int calls[N];
    atomic_int running; /* threads inside work() right now */
} Log;

static void note(void *ctx, int id)
{
    Log *log = ctx;
    atomic_fetch_add(&log->running, 1);
    log->seen[id] = log->job;
    log->calls[id]++;
    atomic_fetch_sub(&log->running, 1);
}

static void test_each_job_wakes_the_threads_it_asks_for(void **state)
{
    (void)state;
    Log log;
    memset(&log, 0, sizeof log);
    Workers w;
    assert_int_equal(workers_start(&w, N, note, &log), 0);
    int expect[N] = {0};
    for (int job = 1; job <= JOBS; job++) {
        const int active = job % (N + 2); /* 0 .. N + 1: none, some, all, more than all */
        log.job = job;
        workers_run(&w, active);
        workers_wait(&w);
        for (int i = 0; i < N; i++) {
            if (i < active)
                expect[i]++;
            assert_int_equal(log.calls[i], expect[i]);
            if (i < active)
                assert_int_equal(log.seen[i], job);
        }
        assert_int_equal(atomic_load(&log.running), 0);
    }
    workers_end(&w);
    assert_null(w.seat);
    workers_end(&w); /* a second end is nothing */
}

static void test_an_empty_pool_runs_nothing(void **state)
{
    (void)state;
    Log log;
    memset(&log, 0, sizeof log);
    Workers w;
    assert_int_equal(workers_start(&w, 0, note, &log), 0);
    workers_run(&w, 3);
    workers_wait(&w);
    workers_end(&w);
    for (int i = 0; i < N; i++)
        assert_int_equal(log.calls[i], 0);
    Workers never;
    memset(&never, 0, sizeof never);
    workers_end(&never); /* a zero pool, never started (an error path's) */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_job_wakes_the_threads_it_asks_for),
        cmocka_unit_test(test_an_empty_pool_runs_nothing),
    };
    return cmocka_run_group_tests_name("workers", tests, NULL, NULL);
}
