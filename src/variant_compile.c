/* variant_compile.c — turns a loaded variant's move components into the tables the move
 * generator walks: direction lists per piece kind and owner, attack lists seen from the
 * target, promotion status per cell, cells where a piece could never move (no drops there),
 * and whether a piece's rays can meet (then its moves must be kept as a set). */
#include "variant.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int forward_angle(const Variant *v, const PieceType *pt, int owner)
{
    return clock_to_angle(pt->forward_hour ? pt->forward_hour : v->forward_hour[owner]);
}

static bool dir_selected(const Board *b, const Component *c, int d, int fwd)
{
    if (b->dir[d].atom != c->atom) return false;
    if (!c->angles) return true;
    int rel = angle_between(b->dir[d].angle, fwd);
    if (rel % 30) return false;
    return c->angles & (1u << (rel / 30));
}

/* Cells a kind reaches from c on an empty board: marks[] counts how often each is reached. */
static int empty_board_targets(const Variant *v, const PieceType *pt, int owner, Cell c,
                               uint8_t *marks)
{
    const Board *b = &v->board;
    int n = 0;
    for (int i = 0; i < pt->ncomp; i++) {
        const CompiledComp *cc = &pt->cc[owner][i];
        if (cc->flags & CF_EXCHANGE) continue;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *r = b->ray[c][cc->dirs[j]];
            for (int s = 0; s < cc->range && r[s]; s++) {
                if (cc->zone >= 0 && zone_has(v, cc->zone, owner, r[s]) == cc->zone_not) continue;
                marks[r[s]]++;
                n++;
            }
        }
    }
    return n;
}

bool variant_compile_directions(Variant *v, int kind, char *err, int errlen)
{
    PieceType *pt = &v->type[kind];
    const Board *b = &v->board;
    for (int o = 0; o < v->nplayers; o++) {
        int fwd = forward_angle(v, pt, o);
        for (int i = 0; i < pt->ncomp; i++) {
            const Component *c = &pt->comp[i];
            if (c->angles && !pt->forward_hour && !v->forward_hour[o]) {
                snprintf(err, errlen,
                         "move component %d is relative to forward, but neither the piece nor "
                         "[players] gives a forward direction",
                         i + 1);
                return false;
            }
            CompiledComp *cc = &pt->cc[o][i];
            cc->flags = c->flags;
            cc->range = c->range;
            cc->zone = c->zone;
            cc->zone_not = c->zone_not;
            cc->ndirs = 0;
            for (int d = 0; d < b->ndirs; d++)
                if (dir_selected(b, c, d, fwd)) cc->dirs[cc->ndirs++] = (uint8_t)d;
            if (!cc->ndirs) {
                snprintf(err, errlen,
                         "move component %d selects no direction for %s "
                         "(check its @angles against the forward direction)",
                         i + 1, v->player_name[o]);
                return false;
            }
            if (c->flags & CF_EXCHANGE) pt->has_exchange = true;
            if (c->flags & CF_RIFLE) pt->has_rifle = true;
            if (c->flags & CF_HOP) pt->has_hop = true;
        }
    }
    return true;
}

static bool compile_piece(Variant *v, int kind, char *err, int errlen)
{
    PieceType *pt = &v->type[kind];
    const Board *b = &v->board;
    if (!variant_compile_directions(v, kind, err, errlen)) return false;
    uint8_t *promo = variant_cells(v, v->nplayers, sizeof *promo);
    bool *dead = variant_cells(v, v->nplayers, sizeof *dead);
    if (!promo || !dead) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (int o = 0; o < v->nplayers; o++) {
        pt->promo[o] = promo + (size_t)o * ((size_t)b->ncells + 1);
        pt->dead[o] = dead + (size_t)o * ((size_t)b->ncells + 1);
    }
    /* promotion status, dead cells, overlapping rays */
    double mobility = 0;
    for (int o = 0; o < v->nplayers; o++) {
        for (Cell c = 1; c <= b->ncells; c++) {
            uint8_t marks[MAX_CELLS + 1];
            memset(marks, 0, (size_t)b->ncells + 1);
            int n = empty_board_targets(v, pt, o, c, marks);
            bool all_in_rim = true, any = false;
            for (int t = 1; t <= b->ncells; t++) {
                if (!marks[t]) continue;
                any = true;
                if (marks[t] > 1) pt->needs_dedupe = true;
                if (pt->promo_may_zone < 0 || !zone_has(v, pt->promo_may_zone, o, (Cell)t))
                    all_in_rim = false;
            }
            mobility += n;
            pt->dead[o][c] = !any;
            uint8_t st = PROMO_NONE;
            if (pt->npromo) {
                if (pt->promo_auto) {
                    st = !any ? PROMO_MUST : all_in_rim ? PROMO_MAY : PROMO_NONE;
                } else {
                    if (pt->promo_may_zone >= 0 && zone_has(v, pt->promo_may_zone, o, c))
                        st = PROMO_MAY;
                    if (pt->promo_must_zone >= 0 && zone_has(v, pt->promo_must_zone, o, c))
                        st = PROMO_MUST;
                }
            }
            if (pt->forbidden_zone >= 0 && zone_has(v, pt->forbidden_zone, o, c))
                st = PROMO_FORBIDDEN;
            pt->promo[o][c] = st;
        }
    }
    if (!pt->value) {
        if (pt->pawn)
            pt->value = 100;
        else if (!pt->royal) {
            double avg = mobility / (v->nplayers * b->ncells);
            pt->value = (int)(60 + 140 * sqrt(avg));
        }
    }
    return true;
}

/* File an attack under (player, direction); false when the table is full. */
static bool add_attacker(Variant *v, int p, int d, Attacker a)
{
    uint8_t n = v->nattackers[p][d];
    for (int i = 0; i < n; i++) {
        Attacker *x = &v->attackers[p][d][i];
        if (x->kind == a.kind && x->hop == a.hop && x->zone == a.zone &&
            x->zone_not == a.zone_not && x->forbidden == a.forbidden) {
            if (a.range > x->range) x->range = a.range;
            goto reach;
        }
    }
    if (n == MAX_ATTACKERS) return false;
    v->attackers[p][d][v->nattackers[p][d]++] = a;
reach:
    if (a.hop || a.range > v->attack_reach[p][d])
        v->attack_reach[p][d] = a.hop ? RANGE_ANY : a.range;
    return true;
}

bool variant_compile(Variant *v, char *err, int errlen)
{
    for (int k = 1; k <= v->ntypes; k++)
        if (!compile_piece(v, k, err, errlen)) return false;
    memset(v->nattackers, 0, sizeof v->nattackers);
    memset(v->attack_reach, 0, sizeof v->attack_reach);
    for (int p = 0; p < v->nplayers; p++) {
        for (int k = 1; k <= v->ntypes; k++) {
            const PieceType *pt = &v->type[k];
            for (int i = 0; i < pt->ncomp; i++) {
                const CompiledComp *cc = &pt->cc[p][i];
                if (!(cc->flags & CF_CAPTURE)) continue;
                Attacker a = {(uint8_t)k, cc->range,    (cc->flags & CF_HOP) != 0,
                              cc->zone,   cc->zone_not, pt->forbidden_zone};
                for (int j = 0; j < cc->ndirs; j++)
                    if (!add_attacker(v, p, cc->dirs[j], a)) {
                        snprintf(err, errlen,
                                 "more than %d kinds and zones capture along one direction",
                                 MAX_ATTACKERS);
                        return false;
                    }
            }
        }
        v->nslider_dirs[p] = 0;
        for (int d = 0; d < v->board.ndirs; d++) {
            bool slider = false;
            for (int i = 0; i < v->nattackers[p][d]; i++)
                slider |= v->attackers[p][d][i].range > 1 && !v->attackers[p][d][i].hop;
            if (slider) v->slider_dirs[p][v->nslider_dirs[p]++] = (uint8_t)d;
        }
    }
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *pt = &v->type[k];
        v->has_hands |= pt->returns == RETURN_HAND;
        v->has_pools |= pt->returns == RETURN_POOL;
        v->has_hop |= pt->has_hop;
        v->has_rifle |= pt->has_rifle;
        v->has_exchange |= pt->has_exchange;
        v->has_ep |= pt->en_passant;
        v->has_fresh |= pt->fresh_at_start || pt->fresh_on_drop;
    }
    if (v->drop_zone >= 0 && !v->has_hands) {
        snprintf(err, errlen, "drops are set but no piece goes to a hand when captured");
        return false;
    }
    if (v->has_hands && v->drop_zone < 0) {
        snprintf(err, errlen, "pieces go to hands when captured, but [rules] sets no 'drops' zone");
        return false;
    }
    return true;
}
