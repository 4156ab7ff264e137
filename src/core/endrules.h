/* endrules.h — the one set of end rules: whether a position ends the game and how
 * (elimination, checkmate, stalemate with the variant's scoring, bare king and its answer,
 * repetition, the move rule). The game layer asks after every move and the search at every
 * node, so the two can never disagree. */
#ifndef CELLMATE_ENDRULES_H
#define CELLMATE_ENDRULES_H

#include "movegen.h"

enum end_kind {
    END_NONE,
    END_ELIMINATION,     /* one player is left */
    END_CHECKMATE,       /* the side to move is in check with no legal move */
    END_STALEMATE,       /* no legal move and not in check: scored by the variant */
    END_BARE_KING,       /* the mover took the opponent's last piece but the royal */
    END_BARE_KING_DRAWN, /* ... and the bared royal can bare the mover at once */
    END_REPETITION,
    END_MOVE_RULE
};

typedef struct {
    enum end_kind kind;
    int winner;   /* the winning player, or -1 for a draw (and for END_NONE) */
    bool partial; /* the win scores 3/4 - 1/4 (stalemate scoring) */
} Ending;

/* What the end rules need to know besides the position itself. */
typedef struct {
    const uint64_t *keys; /* keys of the earlier positions of the game, oldest first */
    int nkeys;
    int repeats;   /* occurrences (this one included) that draw; 0: repetition never draws */
    bool captured; /* the move that led here captured something */
    int mover;     /* who made that move; -1 when there was none */
    int has_moves; /* the side to move has a legal move: 1 yes, 0 no, -1 not known */
    bool lazy;     /* with has_moves -1: leave a position with no ending but perhaps one
                      of no legal move undecided (END_NONE); the caller generates the
                      moves anyway and asks again with has_moves 0 when there are none */
} EndContext;

/* How the game stands in pos. pos is only borrowed: it is the same afterwards. */
Ending end_rules(Position *pos, const EndContext *ctx);

/* The word for an ending in records and messages: "checkmate", "bare king, answered"... */
const char *end_name(enum end_kind kind);

#endif
