/* perft.h — the perft and divide report shared by the command line and the command table:
 * optional "MOVE: COUNT" lines, then "perft N: COUNT (S s, NPS nps)", or "perft N: COUNT
 * (too fast to time)" for a count of under 0.01 s. */
#ifndef CELLMATE_PERFT_H
#define CELLMATE_PERFT_H

#include "movegen.h"

typedef void (*LineFn)(void *ctx, const char *line);

/* Run perft to depth, reporting each line through `line`; returns the leaf count. With
 * seconds > 0 it stops after that long; it also stops when the interrupt hook says so (a
 * signal). Stopped, its last line is "perft N: stopped at its time limit after S s, COUNT
 * leaves counted so far" (or "interrupted after"), and divide lists only the moves whose
 * count is whole. */
uint64_t perft_report(Position *pos, int depth, bool divide, double seconds, LineFn line,
                      void *ctx);

#endif
