/* tt.h — the transposition table: what earlier searches found about positions, shared by
 * every search thread without locks. Each slot holds a packed entry and its key xor the
 * entry, so a slot torn by two threads writing at once reads as a miss, never as a wrong
 * entry for the key. */
#ifndef CELLMATE_TT_H
#define CELLMATE_TT_H

#include "position.h"

#include <stdatomic.h>
#include <stddef.h>

enum tt_bound { TT_NONE, TT_UPPER, TT_LOWER, TT_EXACT };

#define TT_BUCKET    4      /* slots a key may use: 64 bytes, one cache line */
#define TT_MAX_SCORE 262143 /* scores are kept in 19 bits */
#define TT_MAX_DEPTH 127

typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} TTSlot;

typedef struct {
    TTSlot *slots; /* aligned to a cache line within `mem` */
    void *mem;
    size_t nbuckets; /* a power of two */
    uint8_t age;     /* of the current search, to prefer replacing older entries */
} TT;

/* What a slot says about a position. The move has no `extra` (en passant cells): it is
 * compared with generated moves by tt_move_is. */
typedef struct {
    Move move;
    int score, depth;
    enum tt_bound bound;
} TTEntry;

/* A table of at most mb megabytes (at least one bucket); false when out of memory. */
bool tt_init(TT *tt, size_t mb);
void tt_free(TT *tt);
void tt_clear(TT *tt);
/* A new search begins: entries of earlier ones are replaced first. */
void tt_new_search(TT *tt);
bool tt_probe(const TT *tt, uint64_t key, TTEntry *out);
/* Ask the memory for key's bucket now, so that a probe soon after finds it in the cache. */
void tt_prefetch(const TT *tt, uint64_t key);
void tt_store(TT *tt, uint64_t key, Move m, int score, int depth, enum tt_bound bound);

/* Whether generated move m is the table's move t (which has lost its extra cell). */
static inline bool tt_move_is(Move t, Move m)
{
    return t.to && t.from == m.from && t.to == m.to && t.kind == m.kind && t.promo == m.promo;
}

#endif
