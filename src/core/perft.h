/* perft.h — the perft and divide report shared by the command line and the command table:
 * optional "MOVE: COUNT" lines, then "perft N: COUNT (S s, NPS nps)", or "perft N: COUNT
 * (too fast to time)" for a count of under 0.01 s. */
#ifndef CELLMATE_PERFT_H
#define CELLMATE_PERFT_H

#include "movegen.h"

typedef void (*LineFn)(void *ctx, const char *line);

/* How far a count has gone, for a front end to show while it runs: the first move being
 * counted (1 to moves) and, when the count goes two plies deeper, its reply (1 to replies,
 * else 0 of 0); the leaves counted so far. */
typedef struct {
    int depth;
    int move, moves;
    int reply, replies;
    uint64_t leaves;
} PerftProgress;

/* Where a report goes: each line through `line`; `progress` (may be NULL) is called at each
 * first move and after each reply is counted. */
typedef struct {
    LineFn line;
    void (*progress)(void *ctx, const PerftProgress *p);
    void *ctx;
} PerftOut;

/* Run perft to depth, reporting through out; returns the leaf count. With
 * seconds > 0 it stops after that long; it also stops when the interrupt hook says so (a
 * signal). Stopped, its last line is "perft N: stopped at its time limit after S s, COUNT
 * leaves counted so far" (or "interrupted after"), and divide lists only the moves whose
 * count is whole. */
uint64_t perft_report(Position *pos, int depth, bool divide, double seconds, const PerftOut *out);

#endif
