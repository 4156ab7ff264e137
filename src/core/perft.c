/* perft.c — perft and divide with timing (see perft.h). */
#include "perft.h"

#include "notation.h"

#include <stdio.h>
#include <time.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* While a perft with a time limit runs: its deadline, and the interrupt hook it stands in
 * front of (a signal or a key still stops it). */
static double deadline;
static InterruptFn outer;
static bool out_of_time;

static bool deadline_passed(void)
{
    if (now_seconds() > deadline) out_of_time = true;
    return out_of_time || (outer && outer());
}

uint64_t perft_report(Position *pos, int depth, bool divide, double seconds, LineFn line, void *ctx)
{
    char buf[160];
    double t0 = now_seconds();
    uint64_t total = 0;
    out_of_time = false;
    if (seconds > 0) {
        deadline = t0 + seconds;
        outer = set_interrupt(deadline_passed);
    }
    if (divide && depth > 0) {
        MoveList ml;
        gen_legal(pos, &ml);
        for (int i = 0; i < ml.n && !interrupted(); i++) {
            char text[MOVE_TEXT_MAX];
            Undo u;
            move_long(pos, ml.m[i], text);
            play_move(pos, ml.m[i], &u);
            uint64_t n = perft(pos, depth - 1);
            pos_unmake(pos, &u);
            total += n;
            if (interrupted()) break; /* a move's count cut short is not printed */
            snprintf(buf, sizeof buf, "%s: %llu", text, (unsigned long long)n);
            line(ctx, buf);
        }
    } else {
        total = perft(pos, depth);
    }
    bool stopped = interrupted();
    if (seconds > 0) set_interrupt(outer);
    double secs = now_seconds() - t0;
    if (stopped) {
        snprintf(buf, sizeof buf, "perft %d: %s after %.1f s, %llu leaves counted so far", depth,
                 out_of_time ? "stopped at its time limit" : "interrupted", secs,
                 (unsigned long long)total);
        line(ctx, buf);
        return total;
    }
    double nps = secs > 0 ? (double)total / secs : 0;
    snprintf(buf, sizeof buf, "perft %d: %llu (%.3f s, %.0f nps)", depth, (unsigned long long)total,
             secs, nps);
    line(ctx, buf);
    return total;
}
