/* search.h — the computer opponent: iterative deepening alpha-beta (with a transposition
 * table, quiescence search, killer and history ordering) for two players, and paranoid
 * search (the mover against both others) for three, under a time limit. Works for every
 * variant through the generic move generator; of the end rules it knows mate, stalemate
 * scoring, repetition and the move rule, not Peanut's bare king. */
#ifndef CELLMATE_SEARCH_H
#define CELLMATE_SEARCH_H

#include "game.h"

typedef struct {
    Move best;
    bool found; /* false when there is no legal move */
    int depth;  /* deepest completed iteration */
    int score;  /* centipawns for the side to move */
    uint64_t nodes;
    double seconds;
} SearchResult;

/* Choose a move for the side to move of g within `seconds` (and at most max_depth plies when
 * max_depth > 0). The game's history counts for repetitions. */
SearchResult search_move(const Game *g, double seconds, int max_depth);

/* Static evaluation of pos for player p (centipawns), exposed for tests. */
int evaluate(const Position *pos, int p);

#endif
