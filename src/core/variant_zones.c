/* variant_zones.c — [zone NAME] sections: zones are named first (pieces refer to them by
 * name) and their cells worked out after the pieces are read (zone.h describes the
 * language), since a description may name a piece's promotion cells; and references to
 * zones and piece kinds from other sections. */
#include "variant_load_int.h"

#include "zone.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Zones are named first (pieces refer to them by name), their cells worked out after the
 * pieces are read, since a description may name a piece's promotion cells. */
void load_zones(Loader *L, Variant *v)
{
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "zone ", 5)) continue;
        const char *name = sec + 5;
        if (!*name || strlen(name) >= MAX_NAME || strchr(name, ' ') || strchr(name, '}')) {
            lerr(L, L->section_line[s], "bad zone name '%s'", name);
            return;
        }
        if (v->nzones >= MAX_ZONES) {
            lerr(L, L->section_line[s], "too many zones (at most %d)", MAX_ZONES);
            return;
        }
        Zone *z = &v->zone[v->nzones++];
        snprintf(z->name, MAX_NAME, "%s", name);
        bool *cells = variant_cells(v, v->nplayers, sizeof *cells);
        if (!cells) {
            lerr(L, L->section_line[s], "out of memory");
            return;
        }
        for (int p = 0; p < v->nplayers; p++)
            z->cell[p] = cells + (size_t)p * ((size_t)v->board.ncells + 1);
    }
}

static bool zone_cells(Loader *L, Variant *v, int z);

typedef struct {
    Loader *L;
    Variant *v;
} ZoneCtx;

static bool env_zone(const ZoneEnv *env, const char *name, bool *out, char *err, int errlen)
{
    ZoneCtx *x = env->ctx;
    int z = variant_zone(x->v, name);
    if (z < 0) {
        snprintf(err, (size_t)errlen, "unknown zone '%s' (define it in a [zone %s] section)", name,
                 name);
        return false;
    }
    x->v->zone[z].referenced = true;
    if (!zone_cells(x->L, x->v, z)) {
        snprintf(err, (size_t)errlen, "zone '%s' cannot be worked out (see its own message)", name);
        return false;
    }
    memcpy(out, x->v->zone[z].cell[env->player], ((size_t)x->v->board.ncells + 1) * sizeof *out);
    return true;
}

/* Whether a piece of kind k standing on c could promote there: it could not move on, or with
 * promote_auto every cell it could reach is in the zone (variant_compile.c decides the same
 * way when it builds the promotion tables). */
static bool auto_promotes(const Variant *v, const PieceType *pt, int o, Cell c)
{
    bool any = false, all_in = true;
    for (int i = 0; i < pt->ncomp; i++) {
        const CompiledComp *cc = &pt->cc[o][i];
        if (cc->flags & CF_EXCHANGE) continue;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *ray = v->board.ray[c][cc->dirs[j]];
            for (int s = 0; s < cc->range && ray[s]; s++) {
                if (cc->zone >= 0 && zone_has(v, cc->zone, o, ray[s]) == cc->zone_not) continue;
                any = true;
                all_in &= zone_has(v, pt->promo_may_zone, o, ray[s]);
            }
        }
    }
    return !any || all_in;
}

static bool env_promotion(const ZoneEnv *env, int kind, bool *out, char *err, int errlen)
{
    ZoneCtx *x = env->ctx;
    const Variant *v = x->v;
    const PieceType *pt = &v->type[kind];
    int o = env->player, zones[2 + MAX_COMPS];
    zones[0] = pt->promo_must_zone;
    zones[1] = pt->promo_may_zone;
    for (int i = 0; i < MAX_COMPS; i++) zones[2 + i] = i < pt->ncomp ? pt->comp[i].zone : -1;
    for (int i = 0; i < 2 + MAX_COMPS; i++)
        if (zones[i] >= 0 && !zone_cells(x->L, x->v, zones[i])) {
            snprintf(err, (size_t)errlen, "the promotion cells of %c need zone '%s'", pt->letter,
                     v->zone[zones[i]].name);
            return false;
        }
    for (int c = 1; c <= v->board.ncells; c++) {
        if (!pt->npromo)
            out[c] = false;
        else if (pt->promo_auto)
            out[c] = auto_promotes(v, pt, o, (Cell)c);
        else
            out[c] = (zones[0] >= 0 && zone_has(v, zones[0], o, (Cell)c)) ||
                     (zones[1] >= 0 && zone_has(v, zones[1], o, (Cell)c));
    }
    return true;
}

/* Work out zone z's cells for every player: `all` and each player's own description, then the
 * players derived with mirror or rotate. */
static bool zone_cells(Loader *L, Variant *v, int z)
{
    Zone *zn = &v->zone[z];
    char sec[64], err[300];
    snprintf(sec, sizeof sec, "zone %s", zn->name);
    if (L->zone_state[z] == 2) return true;
    if (L->zone_state[z] == 1) {
        lerr(L, section_line(L, sec), "zone '%s' is described in terms of itself", zn->name);
        return false;
    }
    L->zone_state[z] = 1;
    ZoneCtx ctx = {L, v};
    bool any = false, derive[MAX_PLAYERS] = {false};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < L->n && !L->failed; i++) {
            Entry *e = &L->e[i];
            if (strcmp(e->section, sec)) continue;
            e->used = true;
            any = true;
            bool all = !strcmp(e->key, "all"), mirror;
            int p = all ? 0 : variant_side_named(v, e->key), from;
            if (p < 0 && inherited_other_player(e)) continue;
            if (p < 0) {
                lerr(L, e->line, "zone key must be 'all' or a player name, not '%s'", e->key);
                return false;
            }
            bool is_derived = !all && derived_from(L, v, e, p, &mirror, &from);
            if (L->failed) return false;
            if (pass == 1) {
                if (!is_derived) continue;
                Cell *map = player_map(L, v, e, mirror, from, p);
                if (!map || derive[from]) {
                    if (map)
                        lerr(L, e->line, "%s's cells are derived themselves", v->player_name[from]);
                    return false;
                }
                for (int c = 1; c <= v->board.ncells; c++)
                    if (zn->cell[from][c]) zn->cell[p][map[c]] = true;
                continue;
            }
            if (is_derived) {
                derive[p] = true;
                continue;
            }
            for (int q = all ? 0 : p; q < (all ? v->nplayers : p + 1); q++) {
                bool *cells = calloc((size_t)v->board.ncells + 1, sizeof *cells);
                ZoneEnv env = {v, q, env_zone, env_promotion, &ctx};
                if (!cells || !zone_eval(&env, e->value, cells, err, sizeof err)) {
                    lerr(L, e->line, "%s", cells ? err : "out of memory");
                    free(cells);
                    return false;
                }
                for (int c = 1; c <= v->board.ncells; c++) zn->cell[q][c] |= cells[c];
                free(cells);
            }
        }
    if (!any) lerr(L, section_line(L, sec), "zone '%s' lists no cells", zn->name);
    L->zone_state[z] = 2;
    return !L->failed;
}

void eval_zones(Loader *L, Variant *v)
{
    for (int z = 0; z < v->nzones && !L->failed; z++) zone_cells(L, v, z);
}

int zone_ref(Loader *L, Variant *v, Entry *e)
{
    int z = variant_zone(v, e->value);
    if (z < 0)
        lerr(L, e->line, "unknown zone '%s' (define it in a [zone %s] section)", e->value,
             e->value);
    return z;
}

int kind_ref(Loader *L, Variant *v, Entry *e, const char *word)
{
    int k = kind_of(v, word);
    if (!k) lerr(L, e->line, "'%s' is not a piece letter of this variant", word);
    return k;
}
