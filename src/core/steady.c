/* steady.c — the program's one clock for durations (see steady.h). While the program is
 * stopped the clock stands at the moment the stop began (steady_stop_begin), so that a thread
 * woken by the continue before the handler has taken the stop off (steady_stop_end) does not
 * see it as time gone. Both are kept in nanoseconds in lock-free atomics: a signal handler
 * writes them while a search thread reads the clock. */
#include "steady.h"

#include <stdatomic.h>
#include <time.h>

_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "the clock's atomics are used in a signal handler");

static _Atomic long long skipped_ns, stopped_at_ns; /* stopped_at_ns: 0 while running */

static long long raw_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

double steady_now(void)
{
    /* (the stop's end adds to skipped_ns before it clears stopped_at_ns: read in this order,
     * the clock may stand a moment longer, never jump by the stop) */
    long long stopped = atomic_load(&stopped_at_ns), skipped = atomic_load(&skipped_ns);
    return (double)((stopped ? stopped : raw_ns()) - skipped) / 1e9;
}

void steady_stop_begin(void)
{
    atomic_store(&stopped_at_ns, raw_ns());
}

void steady_stop_end(void)
{
    long long stopped = atomic_load(&stopped_at_ns);
    if (!stopped) return;
    atomic_fetch_add(&skipped_ns, raw_ns() - stopped);
    atomic_store(&stopped_at_ns, 0);
}
