/* notation.h — how moves are written and read: long algebraic (e3-f6) and SAN with
 * disambiguation computed from the legal moves. */
#ifndef CELLMATE_NOTATION_H
#define CELLMATE_NOTATION_H

#include "movegen.h"

#define MOVE_TEXT_MAX 32

/* Long algebraic form: e3-f6, e3xf6, e9-f10=Q, P@e4, c3!d4, g2~e4, O-O. */
void move_long(const Position *pos, Move m, char *out);

#endif
