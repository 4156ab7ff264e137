/* notation.c — writing and reading moves. */
#include "notation.h"

#include <stdio.h>

void move_long(const Position *pos, Move m, char *out)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    switch (m.kind) {
    case MOVE_DROP:
        snprintf(out, MOVE_TEXT_MAX, "%c@%s", v->type[m.promo].letter, b->name[m.to]);
        return;
    case MOVE_CASTLE: snprintf(out, MOVE_TEXT_MAX, "%s", v->castle[m.promo].name); return;
    case MOVE_RIFLE: snprintf(out, MOVE_TEXT_MAX, "%s!%s", b->name[m.from], b->name[m.to]); return;
    case MOVE_EXCHANGE:
        snprintf(out, MOVE_TEXT_MAX, "%s~%s", b->name[m.from], b->name[m.to]);
        return;
    default: break;
    }
    bool capture = m.kind == MOVE_EP || pos->board[m.to];
    int n =
        snprintf(out, MOVE_TEXT_MAX, "%s%c%s", b->name[m.from], capture ? 'x' : '-', b->name[m.to]);
    if (m.promo && n > 0 && n < MOVE_TEXT_MAX - 3)
        snprintf(out + n, (size_t)(MOVE_TEXT_MAX - n), "=%c", v->type[m.promo].letter);
}
