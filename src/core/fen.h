/* fen.h — position strings: every cell in the board's order, rows separated by '/', then
 * the side to move and each piece of state the variant uses (castling, en passant, fresh
 * pieces, hands, pools, players out), then the half-move clock and the move number. */
#ifndef CELLMATE_FEN_H
#define CELLMATE_FEN_H

#include "position.h"

#include <stddef.h>

/* Long enough for any position the limits allow: at most 255 pieces (2 characters each, with
 * their hands and pools), runs of empty cells between them and at each of at most 99 row
 * ends (4 digits each), and a fresh mark (4 characters) per piece: under 3200 in all. */
#define FEN_MAX 4096

/* Write pos as a position string into out (FEN_MAX bytes). */
void fen_write(const Position *pos, char *out, size_t len);

/* Read a position string. On error returns false with "column N: reason" in err and leaves
 * pos untouched. */
bool fen_read(Position *pos, const Variant *v, const char *fen, char *err, int errlen);

/* How a piece is written in position strings: "P", "p", or "rP" with three players. */
int fen_piece(const Variant *v, Piece p, char *out);

#endif
