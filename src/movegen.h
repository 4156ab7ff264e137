/* movegen.h — move generation (pseudo-legal and legal), attack tests and the three-player
 * elimination rules that every move is followed by. */
#ifndef CELLMATE_MOVEGEN_H
#define CELLMATE_MOVEGEN_H

#include "position.h"

#define MAX_MOVES 1024

typedef struct {
    int n;
    Move m[MAX_MOVES];
} MoveList;

/* Whether player `by` could capture on cell t (a pseudo-legal capture: it does not matter
 * whether that capture would expose the capturer's own royal). */
bool attacked_by(const Position *pos, Cell t, int by);

/* Whether the side to move's royal could be captured by the next player in. */
bool in_check(const Position *pos);

/* The player whose attacks decide whether `p` is in check: the next player still in. */
static inline int checker_of(const Position *pos, int p)
{
    return pos_next_player(pos, p);
}

void gen_pseudo(const Position *pos, MoveList *out);
void gen_legal(Position *pos, MoveList *out);
int count_legal(Position *pos);
bool has_legal_move(Position *pos);
bool move_is_legal(Position *pos, Move m);

/* Make a move and everything that follows from it automatically (three-player
 * eliminations and skipped turns). Unmake with pos_unmake. */
void play_move(Position *pos, Move m, Undo *u);

/* perft: leaves of the legal-move tree of the given depth, counted in bulk at the last ply. */
uint64_t perft(Position *pos, int depth);

#endif
