/* level.h — levels for people: below full strength (levels 1..9) the computer searches
 * shallower and then chooses its move among the root moves whose scores lie within a margin
 * of the best, a margin that grows as the level falls; at the lowest levels, on some turns,
 * it judges its moves without looking at the answers to them, and so overlooks a capture, as
 * a beginner does. Never a move far worse than its best: every mistake is a plausible one. The
 * choice follows the limits' seed, so the same seed plays the same move. */
#ifndef CELLMATE_LEVEL_H
#define CELLMATE_LEVEL_H

#include "movegen.h"
#include "search.h"

/* Whether lim asks for less than full strength (level 1..9; 0 and 10 are full strength). */
bool level_below_full(const SearchLimits *lim);

/* lim with the depth its level allows (the shallower of its own and the level's). */
SearchLimits level_limits(const SearchLimits *lim);

/* A root move's score for the root player after searching `depth` plies (0: the position
 * after the move judged as it stands, its captures unseen); false when the search had to
 * stop. */
typedef bool (*LevelScore)(void *ctx, Move m, int depth, int *score);

/* The move the level plays among the legal moves ml of pos, searched `depth` plies (< 0: no
 * depth ended in time, so every move is judged as it stands); best is the search's own
 * choice, played when scoring has to stop. */
Move level_choose(const Position *pos, const MoveList *ml, int depth, Move best,
                  const SearchLimits *lim, LevelScore score, void *ctx);

/* The level a setting plays at: 1 .. SEARCH_MAX_LEVEL (0, or anything above, is full
 * strength). */
int level_effective(int level);

/* What a level is, said after its number: " (full strength)", " (a beginner's opponent)" or
 * "" between them. */
const char *level_gloss(int level);

#define COMPUTER_NAME "cellmate" /* the computer's name as a player, in records and rooms */

/* The computer's name in a record's player tag at this level: "cellmate" at full strength,
 * "cellmate (level 3)" below it. */
void level_player_name(int level, char *buf, size_t len);

/* The level named in such a name (10 for plain "cellmate"), or 0 when it names no level
 * of the computer. */
int level_from_player_name(const char *name);

#endif
