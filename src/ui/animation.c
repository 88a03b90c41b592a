/* animation.c - when each step of a move shows. */
#include <string.h>

#include "ui/animation.h"

void animation_start(Animation *a, const Game *g, const void *before, Move m, int ms_per_step,
                     uint64_t now)
{
    a->steps = 0;
    if (ms_per_step <= 0 || !g->ops->move_frames || m == MOVE_NONE)
        return;
    memcpy(a->before, before, g->state_size);
    const int steps = g->ops->move_frames(g, a->before, m, 0, a->frame);
    if (steps <= 0)
        return;
    a->steps = steps;
    a->step = 0;
    a->move = m;
    a->started_at = now;
    a->step_ms = steps > ANIMATION_MAX_STEPS ? ms_per_step * ANIMATION_MAX_STEPS / steps
                                              : ms_per_step;
    if (a->step_ms < 1)
        a->step_ms = 1;
}

bool animation_tick(Animation *a, const Game *g, uint64_t now)
{
    if (a->steps == 0)
        return false;
    const uint64_t due = now > a->started_at ? (now - a->started_at) / (uint64_t)a->step_ms : 0;
    if (due >= (uint64_t)a->steps) {
        a->steps = 0;
        return false;
    }
    if ((int)due != a->step) {
        a->step = (int)due;
        g->ops->move_frames(g, a->before, a->move, a->step, a->frame);
    }
    return true;
}

uint64_t animation_next_at(const Animation *a)
{
    return a->steps ? a->started_at + (uint64_t)(a->step + 1) * (uint64_t)a->step_ms : 0;
}

const void *animation_frame(const Animation *a) { return a->steps ? a->frame : NULL; }

void animation_stop(Animation *a) { a->steps = 0; }
