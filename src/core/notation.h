/* notation.h — how moves are written and read: SAN with disambiguation computed from the
 * legal moves, long algebraic (e3-f6), and the special forms of the spec README (Peanut's
 * capture without moving K!Nd4, drops H@e4, castling O-O, the royal swap G~e4). */
#ifndef CELLMATE_NOTATION_H
#define CELLMATE_NOTATION_H

#include "movegen.h"

#define MOVE_TEXT_MAX 32
#define NOTE_ERR_MAX  512

/* Long algebraic form: e3-f6, e3xf6, e9-f10=Q, P@e4, c3!d4, g2~e4, O-O. */
void move_long(const Position *pos, Move m, char *out);

/* Canonical SAN of a legal move in pos, with the check or mate suffix. */
void move_san(Position *pos, Move m, char *out);

/* SAN without the check suffix (cheaper: no move is made). */
void move_san_bare(Position *pos, Move m, char *out);

/* qsort order of move texts (char[MOVE_TEXT_MAX]) as a player reads them: numbers as
 * numbers (a8 a9 a13, not a13 a8 a9). The moves command and the errors' lists use it. */
int move_text_cmp(const void *a, const void *b);

/* "the Pawn on e4 has no legal move": what is said of the side to move's piece on `from`
 * when it has none (the move reader, and the screen when it is picked up). */
void move_none_text(const Position *pos, Cell from, char *out, size_t len);

enum parse_status {
    PARSE_OK,
    PARSE_MALFORMED, /* not a move at all */
    PARSE_ILLEGAL,   /* a move, but no legal move matches */
    PARSE_AMBIGUOUS  /* more than one legal move matches */
};

/* Read a move in any accepted form. On failure err says why and lists the candidates or
 * the legal moves from the cell concerned; *warn is set when the text needed tolerance
 * (a from-to form naming the captured piece, a file-only pawn capture, e.p. marks). */
enum parse_status move_parse(Position *pos, const char *text, Move *out, char *err, int errlen,
                             bool *warn);

#endif
