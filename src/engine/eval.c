/* eval.c — static evaluation (see eval.h): material, pieces in hand, and a bonus for
 * non-royal pieces on central cells. */
#include "eval.h"

void eval_prepare(Eval *e, const Variant *v)
{
    const Board *b = &v->board;
    e->v = v;
    for (Cell c = 1; c <= b->ncells; c++) {
        e->centre[c] = 0;
        for (int d = 0; d < b->ndirs; d++)
            if (b->dir[d].atom != 'N' && b->ray[c][d][0]) e->centre[c]++;
    }
}

static int material(const Eval *e, const Position *pos, int p)
{
    const Variant *v = pos->v;
    int sum = 0;
    for (Cell c = 1; c <= v->board.ncells; c++) {
        Piece pc = pos->board[c];
        if (!pc || PIECE_OWNER(pc) != p) continue;
        const PieceType *pt = &v->type[PIECE_KIND(pc)];
        sum += pt->value;
        if (!pt->royal) sum += 2 * e->centre[c];
    }
    for (int k = 1; k <= v->ntypes; k++) sum += pos->hand[p][k] * v->type[k].value * 4 / 5;
    return sum;
}

int eval_position(const Eval *e, const Position *pos, int p)
{
    const Variant *v = pos->v;
    int mine = material(e, pos, p), others = 0, n = 0;
    for (int q = 0; q < v->nplayers; q++) {
        if (q == p || !(pos->alive & (1u << q))) continue;
        others += material(e, pos, q);
        n++;
    }
    return n ? mine - others / n : mine;
}
