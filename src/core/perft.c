/* perft.c — perft and divide with timing (see perft.h). */
#include "perft.h"

#include "notation.h"
#include "steady.h"

#include <stdio.h>
#include <time.h>

/* A count shorter than this shows no rate: its time, printed to the millisecond, would be
 * 0.000 s or have one digit, and a rate from it says more about the clock and the start-up
 * than about the count (perft 2 once printed "0.000 s, 41006612 nps"). */
#define TIMED_MIN_SECONDS 0.01

/* While a perft with a time limit runs: its deadline, and the interrupt hook it stands in
 * front of (a signal or a key still stops it). */
static double deadline;
static InterruptFn outer;
static bool out_of_time;

static bool deadline_passed(void)
{
    if (steady_now() > deadline) out_of_time = true;
    return out_of_time || (outer && outer());
}

/* A count with a progress display: what it shows, and the leaves it was last told of. */
typedef struct {
    PerftProgress p;
    uint64_t told;
    const PerftOut *out;
} Counting;

/* The display is told of each reply, and otherwise once this many more leaves are counted
 * (often enough to move a few times a second, seldom enough to cost no counting time). */
#define PROGRESS_LEAVES 100000

/* The leaves under the move just played, `depth` plies deep, `ply` plies from the root. With
 * a progress display, nodes three plies or more from the leaves are gone through move by move
 * (perft counts the rest), so that the display moves on within a long count. */
static uint64_t count_move(Position *pos, int depth, int ply, Counting *c)
{
    if (depth < 3 || !c->out->progress) {
        uint64_t n = perft(pos, depth);
        c->p.leaves += n;
        return n;
    }
    MoveList ml;
    uint64_t total = 0;
    gen_legal(pos, &ml);
    if (ply == 1) c->p.replies = ml.n;
    for (int i = 0; i < ml.n && !interrupted(); i++) {
        Undo u;
        if (ply == 1) c->p.reply = i + 1;
        play_move(pos, ml.m[i], &u);
        total += count_move(pos, depth - 1, ply + 1, c);
        pos_unmake(pos, &u);
        if (ply == 1 || c->p.leaves - c->told >= PROGRESS_LEAVES) {
            c->told = c->p.leaves;
            c->out->progress(c->out->ctx, &c->p);
        }
    }
    return total;
}

uint64_t perft_report(Position *pos, int depth, bool divide, double seconds, const PerftOut *out)
{
    char buf[160];
    double t0 = steady_now();
    double printing = 0; /* the time the divide lines took to show is not counting time */
    uint64_t total = 0;
    out_of_time = false;
    if (seconds > 0) {
        deadline = t0 + seconds;
        outer = set_interrupt(deadline_passed);
    }
    if (depth > 0 && (divide || out->progress)) {
        MoveList ml;
        Counting c = {.p = {.depth = depth}, .out = out};
        gen_legal(pos, &ml);
        c.p.moves = ml.n;
        for (int i = 0; i < ml.n && !interrupted(); i++) {
            char text[MOVE_TEXT_MAX];
            Undo u;
            c.p.move = i + 1, c.p.reply = c.p.replies = 0;
            if (out->progress) out->progress(out->ctx, &c.p);
            move_long(pos, ml.m[i], text);
            play_move(pos, ml.m[i], &u);
            uint64_t n = count_move(pos, depth - 1, 1, &c);
            pos_unmake(pos, &u);
            total += n;
            if (interrupted()) break; /* a move's count cut short is not printed */
            if (!divide) continue;
            snprintf(buf, sizeof buf, "%s: %llu", text, (unsigned long long)n);
            double shown = steady_now();
            out->line(out->ctx, buf);
            printing += steady_now() - shown;
        }
    } else {
        total = perft(pos, depth);
    }
    bool stopped = interrupted();
    if (seconds > 0) set_interrupt(outer);
    double secs = steady_now() - t0;
    if (stopped) {
        snprintf(buf, sizeof buf, "perft %d: %s after %.1f s, %llu leaves counted so far", depth,
                 out_of_time ? "stopped at its time limit" : "interrupted", secs,
                 (unsigned long long)total);
        out->line(out->ctx, buf);
        return total;
    }
    double counting = secs - printing;
    if (counting < TIMED_MIN_SECONDS)
        snprintf(buf, sizeof buf, "perft %d: %llu (too fast to time)", depth,
                 (unsigned long long)total);
    else
        snprintf(buf, sizeof buf, "perft %d: %llu (%.3f s, %.0f nps)", depth,
                 (unsigned long long)total, counting, (double)total / counting);
    out->line(out->ctx, buf);
    return total;
}
