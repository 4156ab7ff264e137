/* eval.h — the computer's judgement of a position that is not over: a score in centipawns
 * for one player, from tables worked out once per variant (Eval) out of the variant's data
 * alone, so that no variant needs code of its own. */
#ifndef CELLMATE_EVAL_H
#define CELLMATE_EVAL_H

#include "position.h"

typedef struct {
    const Variant *v;
    int centre[MAX_CELLS + 1]; /* how central a cell is: its single steps */
} Eval;

/* Work out the tables of e for variant v. */
void eval_prepare(Eval *e, const Variant *v);

/* pos judged for player p: p's material and placement against the average of the players
 * still in. */
int eval_position(const Eval *e, const Position *pos, int p);

#endif
