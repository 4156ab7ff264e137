/* steady.c — the program's one clock for durations (see steady.h). The time skipped is kept
 * in nanoseconds in a lock-free atomic, so that a signal handler may add to it while a
 * search thread reads the clock. */
#include "steady.h"

#include <stdatomic.h>
#include <time.h>

static _Atomic long long skipped_ns;

double steady_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9 - atomic_load(&skipped_ns) / 1e9;
}

void steady_skip(double seconds)
{
    if (seconds > 0) atomic_fetch_add(&skipped_ns, (long long)(seconds * 1e9));
}
