/* tt.c — the transposition table (see tt.h). A slot's data, low bits first: from and to (11
 * bits each), move kind (3), promotion or dropped kind (5), score (19, signed), depth (7),
 * bound (2), age (5); a zero data word is an empty slot. */
#include "tt.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

_Static_assert(MAX_CELLS < (1 << 11), "a cell must fit in 11 bits of a table slot");
_Static_assert(MAX_TYPES <= 32, "a kind must fit in 5 bits of a table slot");
_Static_assert(MOVE_RESIGN < 8, "a move kind must fit in 3 bits of a table slot");

#define AGE_MASK 31

static uint64_t pack(Move m, int score, int depth, enum tt_bound bound, unsigned age)
{
    return (uint64_t)m.from | (uint64_t)m.to << 11 | (uint64_t)(m.kind & 7) << 22 |
           (uint64_t)(m.promo & 31) << 25 | ((uint64_t)(uint32_t)score & 0x7ffff) << 30 |
           (uint64_t)(depth & 127) << 49 | (uint64_t)bound << 56 | (uint64_t)(age & AGE_MASK) << 58;
}

static void unpack(uint64_t d, TTEntry *e)
{
    memset(&e->move, 0, sizeof e->move);
    e->move.from = (Cell)(d & 0x7ff);
    e->move.to = (Cell)(d >> 11 & 0x7ff);
    e->move.kind = (uint8_t)(d >> 22 & 7);
    e->move.promo = (uint8_t)(d >> 25 & 31);
    int32_t sc = (int32_t)(d >> 30 & 0x7ffff);
    e->score = sc >= 0x40000 ? sc - 0x80000 : sc; /* sign-extend 19 bits */
    e->depth = (int)(d >> 49 & 127);
    e->bound = (enum tt_bound)(d >> 56 & 3);
}

/* Zeroed memory from calloc: a large block comes as fresh pages, zeroed by the system only
 * when first touched, so a table costs nothing up front (writing zeros over 32 MB would take
 * a noticeable part of a short search). */
static bool alloc_slots(TT *tt, size_t n)
{
    size_t bytes = n * TT_BUCKET * sizeof(TTSlot);
    tt->mem = calloc(bytes + 64, 1);
    tt->slots = tt->mem ? (TTSlot *)(((uintptr_t)tt->mem + 63) & ~(uintptr_t)63) : NULL;
    tt->nbuckets = tt->mem ? n : 0;
#ifdef MADV_HUGEPAGE
    /* large pages where the system offers them: a page fault per 2 MB instead of per 4 KB,
     * and fewer misses of the address cache, for a table read at random */
    uintptr_t lo = ((uintptr_t)tt->slots + 4095) & ~(uintptr_t)4095;
    uintptr_t hi = ((uintptr_t)tt->slots + bytes) & ~(uintptr_t)4095;
    if (tt->mem && hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#endif
    return tt->mem != NULL;
}

bool tt_init(TT *tt, size_t mb)
{
    size_t n = 1;
    while (n * 2 * TT_BUCKET * sizeof(TTSlot) <= mb << 20) n *= 2;
    tt->age = 0;
    return alloc_slots(tt, n);
}

void tt_free(TT *tt)
{
    free(tt->mem);
    tt->mem = NULL;
    tt->slots = NULL;
    tt->nbuckets = 0;
}

void tt_clear(TT *tt)
{
    size_t n = tt->nbuckets;
    void *old = tt->mem;
    if (alloc_slots(tt, n)) {
        free(old);
        return;
    }
    tt->mem = old; /* no memory for a fresh block: clear the old one */
    tt->slots = (TTSlot *)(((uintptr_t)old + 63) & ~(uintptr_t)63);
    tt->nbuckets = n;
    memset(tt->slots, 0, n * TT_BUCKET * sizeof *tt->slots);
}

void tt_new_search(TT *tt)
{
    tt->age = (uint8_t)((tt->age + 1) & AGE_MASK);
}

static TTSlot *bucket(const TT *tt, uint64_t key)
{
    return tt->slots + (key & (tt->nbuckets - 1)) * TT_BUCKET;
}

void tt_prefetch(const TT *tt, uint64_t key)
{
    if (tt->nbuckets) __builtin_prefetch(bucket(tt, key));
}

bool tt_probe(const TT *tt, uint64_t key, TTEntry *out)
{
    TTSlot *b = bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if (d && (c ^ d) == key) {
            unpack(d, out);
            return true;
        }
    }
    return false;
}

void tt_store(TT *tt, uint64_t key, Move m, int score, int depth, enum tt_bound bound)
{
    TTSlot *b = bucket(tt, key), *victim = b;
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if (!d || (c ^ d) == key) {
            /* keep the move of an entry that has one when the new one does not */
            if (d && !m.to) {
                TTEntry old;
                unpack(d, &old);
                m = old.move;
            }
            victim = &b[i];
            break;
        }
        int age = (tt->age - (int)(d >> 58 & AGE_MASK)) & AGE_MASK;
        int worth = (int)(d >> 49 & 127) - 8 * age;
        if (worth < worst) worst = worth, victim = &b[i];
    }
    if (depth < 0) depth = 0;
    if (depth > TT_MAX_DEPTH) depth = TT_MAX_DEPTH;
    if (score > TT_MAX_SCORE) score = TT_MAX_SCORE;
    if (score < -TT_MAX_SCORE) score = -TT_MAX_SCORE;
    uint64_t d = pack(m, score, depth, bound, tt->age);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ d, memory_order_relaxed);
}
