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

uint64_t perft_report(Position *pos, int depth, bool divide, LineFn line, void *ctx)
{
    char buf[128];
    double t0 = now_seconds();
    uint64_t total = 0;
    if (divide && depth > 0) {
        MoveList ml;
        gen_legal(pos, &ml);
        for (int i = 0; i < ml.n; i++) {
            char text[MOVE_TEXT_MAX];
            Undo u;
            move_long(pos, ml.m[i], text);
            play_move(pos, ml.m[i], &u);
            uint64_t n = perft(pos, depth - 1);
            pos_unmake(pos, &u);
            snprintf(buf, sizeof buf, "%s: %llu", text, (unsigned long long)n);
            line(ctx, buf);
            total += n;
        }
    } else {
        total = perft(pos, depth);
    }
    double secs = now_seconds() - t0;
    if (interrupted()) {
        snprintf(buf, sizeof buf, "perft %d: interrupted after %.1f s", depth, secs);
        line(ctx, buf);
        return total;
    }
    double nps = secs > 0 ? (double)total / secs : 0;
    snprintf(buf, sizeof buf, "perft %d: %llu (%.3f s, %.0f nps)", depth, (unsigned long long)total,
             secs, nps);
    line(ctx, buf);
    return total;
}
