/* level.c — levels for people (see level.h): one table row per level says how deep the
 * computer looks, how far below its best move it may choose, and on how many turns it judges
 * its moves without seeing the captures that answer them. */
#include "level.h"

#include "number.h"

#include <stdio.h>
#include <string.h>

static const struct {
    int depth;  /* plies searched */
    int margin; /* centipawns below the best a chosen move may score */
    int blind;  /* in percent: turns on which the moves are judged without their answers */
} levels[SEARCH_MAX_LEVEL] = {
    {1, 250, 40}, /* 1: a beginner's opponent */
    {1, 150, 20}, {2, 100, 10}, {2, 50, 3}, {3, 40, 3}, {3, 15, 0},
    {4, 15, 0},   {5, 8, 0},    {6, 0, 0},  {0, 0, 0}, /* 10: full strength */
};

bool level_below_full(const SearchLimits *lim)
{
    return lim->level >= 1 && lim->level < SEARCH_MAX_LEVEL;
}

SearchLimits level_limits(const SearchLimits *lim)
{
    SearchLimits l = *lim;
    if (level_below_full(lim)) {
        int d = levels[lim->level - 1].depth;
        if (!l.depth || l.depth > d) l.depth = d;
    }
    return l;
}

static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

Move level_choose(const Position *pos, const MoveList *ml, int depth, Move best,
                  const SearchLimits *lim, LevelScore score, void *ctx)
{
    if (!level_below_full(lim) || ml->n < 2) return best;
    const int margin = levels[lim->level - 1].margin, blind = levels[lim->level - 1].blind;
    uint64_t rng = lim->seed ^ pos->hash;
    /* The whole turn is blind or none of it: with a chance per move, most turns of forty
     * moves had one judged blind, and a piece left en prise then looked best. */
    bool unseen = (int)(next(&rng) % 100) < blind || depth < 0;
    int sc[MAX_MOVES], top = 0;
    for (int i = 0; i < ml->n; i++) {
        if (!score(ctx, ml->m[i], unseen ? 0 : depth < 1 ? 1 : depth, &sc[i])) return best;
        if (!i || sc[i] > top) top = sc[i];
    }
    /* the moves within the margin, the better ones likelier: weight margin + 1 - shortfall */
    long total = 0;
    for (int i = 0; i < ml->n; i++)
        if (top - sc[i] <= margin) total += margin + 1 - (top - sc[i]);
    long pick = (long)(next(&rng) % (uint64_t)total);
    for (int i = 0; i < ml->n; i++) {
        if (top - sc[i] > margin) continue;
        pick -= margin + 1 - (top - sc[i]);
        if (pick < 0) return ml->m[i];
    }
    return best;
}

int level_effective(int level)
{
    return level >= 1 && level < SEARCH_MAX_LEVEL ? level : SEARCH_MAX_LEVEL;
}

const char *level_gloss(int level)
{
    return level == SEARCH_MAX_LEVEL ? " (full strength)"
           : level == 1              ? " (a beginner's opponent)"
                                     : "";
}

void level_player_name(int level, char *buf, size_t len)
{
    if (level >= 1 && level < SEARCH_MAX_LEVEL)
        snprintf(buf, len, "%s (level %d)", COMPUTER_NAME, level);
    else
        snprintf(buf, len, "%s", COMPUTER_NAME);
}

int level_from_player_name(const char *name)
{
    static const char prefix[] = COMPUTER_NAME " (level ";
    if (!strcmp(name, COMPUTER_NAME)) return SEARCH_MAX_LEVEL;
    const char *p = name + sizeof prefix - 1;
    long level;
    if (strncmp(name, prefix, sizeof prefix - 1) ||
        number_scan(&p, SEARCH_MAX_LEVEL - 1, &level) != NUMBER_OK || strcmp(p, ")") || level < 1)
        return 0;
    char canonical[64];
    level_player_name((int)level, canonical, sizeof canonical);
    return strcmp(canonical, name) ? 0 : (int)level;
}
