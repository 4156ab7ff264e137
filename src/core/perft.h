/* perft.h — the perft and divide report shared by the command line and the command table:
 * optional "MOVE: COUNT" lines, then "perft N: COUNT (S s, NPS nps)". */
#ifndef CELLMATE_PERFT_H
#define CELLMATE_PERFT_H

#include "movegen.h"

typedef void (*LineFn)(void *ctx, const char *line);

/* Run perft to depth, reporting each line through `line`; returns the leaf count. */
uint64_t perft_report(Position *pos, int depth, bool divide, LineFn line, void *ctx);

#endif
