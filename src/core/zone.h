/* zone.h — the zone language of variant files: a set of cells described by ranks, files, the
 * rim, distances, other zones and a piece's promotion cells, combined with +, - and &
 * (cellmate-variants(5), ZONES). */
#ifndef CELLMATE_ZONE_H
#define CELLMATE_ZONE_H

#include "variant.h"

/* What a zone description may refer to besides the board, for one player. */
typedef struct ZoneEnv {
    const Variant *v;
    int player;
    /* the cells of the zone called `name` for env->player into out (ncells + 1 entries);
     * false with a message (unknown zone, a zone that refers to itself) */
    bool (*zone)(const struct ZoneEnv *env, const char *name, bool *out, char *err, int errlen);
    /* the cells where a piece of `kind` would promote for env->player */
    bool (*promotion)(const struct ZoneEnv *env, int kind, bool *out, char *err, int errlen);
    void *ctx;
} ZoneEnv;

/* Evaluate a description into out (ncells + 1 entries, set or cleared); false with a message
 * naming the word at fault. */
bool zone_eval(const ZoneEnv *env, const char *text, bool *out, char *err, int errlen);

/* Cells at most `n` orthogonal (W) steps from a cell of `from`, into out. */
bool zone_within(const Board *b, const bool *from, int n, bool *out);

#endif
