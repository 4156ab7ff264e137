/* variant_compile.c — turns a loaded variant's move components into the tables the move
 * generator walks: direction lists per piece kind and owner, attack lists seen from the
 * target, promotion status per cell, cells where a piece could never move (no drops there),
 * and whether a piece's rays can meet (then its moves must be kept as a set). */
#include "variant.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static int forward_angle(const Variant *v, const PieceType *pt, int owner)
{
    return clock_to_angle(pt->forward_hour ? pt->forward_hour : v->forward_hour[owner]);
}

static bool dir_selected(const Board *b, const Component *c, int d, int fwd)
{
    if (b->dir[d].atom != c->atom) return false;
    return !c->directed || angle_in(&c->angles, angle_between(b->dir[d].angle, fwd));
}

/* Every angle listed with @ must name a direction of the atom for some owner: W@45 on a
 * hex board is a mistake, not an empty set. */
static bool check_listed_angles(const Variant *v, const PieceType *pt, int i, char *err, int errlen)
{
    const Component *c = &pt->comp[i];
    const Board *b = &v->board;
    for (int a = 0; a <= 180; a++) {
        if (!angle_in(&c->angles, a)) continue;
        bool found = false;
        for (int o = 0; o < v->nplayers && !found; o++)
            for (int d = 0; d < b->ndirs && !found; d++)
                found = b->dir[d].atom == c->atom &&
                        angle_between(b->dir[d].angle, forward_angle(v, pt, o)) == a;
        if (found) continue;
        AngleSet have = {{0}};
        for (int d = 0; d < b->ndirs; d++)
            if (b->dir[d].atom == c->atom)
                angle_add(&have, angle_between(b->dir[d].angle, forward_angle(v, pt, 0)));
        int n = snprintf(err, errlen,
                         "move component %d: no %c direction lies at %d degrees to forward (for "
                         "%s they lie at",
                         i + 1, c->atom, a, v->player_name[0]);
        for (int h = 0, first = 1; h <= 180 && n > 0 && n < errlen; h++)
            if (angle_in(&have, h)) {
                n += snprintf(err + n, (size_t)(errlen - n), "%s %d", first ? "" : ",", h);
                first = 0;
            }
        if (n > 0 && n < errlen) snprintf(err + n, (size_t)(errlen - n), ")");
        return false;
    }
    return true;
}

/* Whether component i of pt walks nothing while the piece is fresh that another component
 * does not walk first, in the same order and as the same moves: one with the same directions
 * for every owner, the same flags but CF_INITIAL, the same zone and a range as long (the
 * first of two equal ones). A pawn's step is its double step's first: left out of the fresh
 * walks, it no longer reaches a cell twice, and the generator keeps no set of targets. */
static bool covered_while_fresh(const Variant *v, const PieceType *pt, int i)
{
    const Component *a = &pt->comp[i];
    if (a->flags & (CF_HOP | CF_RIFLE | CF_EXCHANGE)) return false;
    for (int j = 0; j < pt->ncomp; j++) {
        const Component *b = &pt->comp[j];
        if (j == i || (a->flags | CF_INITIAL) != (b->flags | CF_INITIAL) || a->zone != b->zone ||
            a->zone_not != b->zone_not || b->range < a->range || (b->range == a->range && j > i))
            continue;
        bool same = true;
        for (int o = 0; o < v->nplayers && same; o++) {
            const CompiledComp *x = &pt->cc[o][i], *y = &pt->cc[o][j];
            same = x->ndirs == y->ndirs && !memcmp(x->dirs, y->dirs, x->ndirs);
        }
        if (same) return true;
    }
    return false;
}

bool variant_compile_directions(Variant *v, int kind, char *err, int errlen)
{
    PieceType *pt = &v->type[kind];
    const Board *b = &v->board;
    for (int o = 0; o < v->nplayers; o++) {
        int fwd = forward_angle(v, pt, o);
        for (int i = 0; i < pt->ncomp; i++) {
            const Component *c = &pt->comp[i];
            if (c->directed && !pt->forward_hour && !v->forward_hour[o]) {
                snprintf(err, errlen,
                         "move component %d is relative to forward, but neither the piece nor "
                         "[players] gives a forward direction",
                         i + 1);
                return false;
            }
            if (o == 0 && c->listed && !check_listed_angles(v, pt, i, err, errlen)) return false;
            CompiledComp *cc = &pt->cc[o][i];
            cc->flags = c->flags;
            if (c->zone < 0 && !(c->flags & (CF_HOP | CF_RIFLE | CF_EXCHANGE)))
                cc->flags |= CF_PLAIN;
            if (c->range == 1) cc->flags |= CF_STEP;
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
    for (int w = 0; w < 4; w++) {
        pt->walk[w] = 0;
        for (int i = 0; i < pt->ncomp; i++) {
            uint8_t f = pt->comp[i].flags;
            if (!((w & 1) && (f & CF_INITIAL)) && !((w & 2) && !(f & (CF_CAPTURE | CF_HOP))) &&
                !(!(w & 1) && covered_while_fresh(v, pt, i)))
                pt->walk[w] |= (uint8_t)(1u << i);
        }
    }
    return true;
}

/* The promotion status of a move of this kind ending on c, from the zones that decide it; for
 * promote_auto, from what the piece could do there (`any`: it could move at all; `all_in`:
 * every cell it could reach is in the zone). */
static uint8_t promotion_status(const Variant *v, const PieceType *pt, int o, Cell c, bool any,
                                bool all_in)
{
    uint8_t st = PROMO_NONE;
    if (pt->npromo) {
        if (pt->promo_auto) {
            st = !any ? PROMO_MUST : all_in ? PROMO_MAY : PROMO_NONE;
        } else {
            if (pt->promo_may_zone >= 0 && zone_has(v, pt->promo_may_zone, o, c)) st = PROMO_MAY;
            if (pt->promo_must_zone >= 0 && zone_has(v, pt->promo_must_zone, o, c)) st = PROMO_MUST;
        }
    }
    if (pt->forbidden_zone >= 0 && zone_has(v, pt->forbidden_zone, o, c)) st = PROMO_FORBIDDEN;
    return st;
}

/* At most how many moves one move ending on t becomes through promotion. */
static int promotion_choices(const Variant *v, const PieceType *pt, int owner, Cell t)
{
    if (!pt->npromo && pt->forbidden_zone < 0) return 1;
    if (pt->promo_auto && pt->npromo) return pt->npromo + 1; /* the most it can be */
    switch (promotion_status(v, pt, owner, t, true, false)) {
    case PROMO_MAY: return pt->npromo + 1;
    case PROMO_MUST: return pt->npromo;
    case PROMO_FORBIDDEN: return 0;
    default: return 1;
    }
}

/* What a kind could do from one cell on an empty board (blockers only shorten rays, and a
 * hop lands on a cell of its ray): the targets, each listed once, and per target what could
 * happen there. */
enum {
    REACH_MOVE = 1,
    REACH_EP = 2,
    REACH_RIFLE = 4,
    REACH_SWAP = 8,
    REACH_HIT = 16,
    REACH_TWICE = 32
};

typedef struct {
    uint8_t *mark; /* per cell: REACH_ bits; all zero between two uses */
    Cell *list;    /* the targets */
    int n;
    double reach; /* ray cells the moves and captures reach on a board filled at random (value) */
} Reach;

/* For a piece's estimated value a ray is followed through a board where each cell is taken
 * with this chance: a long ray counts for less than its length, as it does in a game. */
#define VALUE_FILL 0.2

static void reach_from(const Variant *v, const PieceType *pt, int owner, Cell c, Reach *r)
{
    const Board *b = &v->board;
    r->n = 0;
    r->reach = 0;
    for (int i = 0; i < pt->ncomp; i++) {
        const CompiledComp *cc = &pt->cc[owner][i];
        uint8_t f = cc->flags;
        uint8_t m = (f & CF_EXCHANGE) ? REACH_SWAP : (f & CF_RIFLE) ? REACH_RIFLE : REACH_MOVE;
        if (pt->en_passant && m == REACH_MOVE && !(f & CF_MOVE)) m |= REACH_EP;
        if (!(f & CF_EXCHANGE)) m |= REACH_HIT;
        /* half for going there, half for taking there; a hop needs a screen first */
        double worth = ((f & CF_MOVE) ? 0.5 : 0) + ((f & (CF_CAPTURE | CF_RIFLE)) ? 0.5 : 0);
        if (f & CF_HOP) worth *= VALUE_FILL;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *ray = b->ray[c][cc->dirs[j]];
            double open = 1;
            for (int s = 0; s < cc->range && ray[s]; s++, open *= 1 - VALUE_FILL) {
                Cell t = ray[s];
                if (cc->zone >= 0 && zone_has(v, cc->zone, owner, t) == cc->zone_not) continue;
                if (!r->mark[t]) r->list[r->n++] = t;
                if ((m & REACH_HIT) && (r->mark[t] & REACH_HIT)) r->mark[t] |= REACH_TWICE;
                r->mark[t] |= m;
                if (m & REACH_HIT) r->reach += worth * open;
            }
        }
    }
}

/* Whether some cell is reached from c twice by the components of pt in walk (bits, as
 * PieceType.walk), swaps left out: reach_from's REACH_TWICE for those alone (a hop's whole
 * ray counted, as there). mark is all zero before and after. */
static bool twice_in(const Variant *v, const PieceType *pt, int owner, Cell c, unsigned walk,
                     uint8_t *mark, Cell *list)
{
    const Board *b = &v->board;
    int n = 0;
    bool twice = false;
    for (; walk; walk &= walk - 1) {
        const CompiledComp *cc = &pt->cc[owner][__builtin_ctz(walk)];
        if (cc->flags & CF_EXCHANGE) continue;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *ray = b->ray[c][cc->dirs[j]];
            for (int s = 0; s < cc->range && ray[s]; s++) {
                Cell t = ray[s];
                if (cc->zone >= 0 && zone_has(v, cc->zone, owner, t) == cc->zone_not) continue;
                if (mark[t])
                    twice = true;
                else
                    mark[t] = 1, list[n++] = t;
            }
        }
    }
    for (int i = 0; i < n; i++) mark[list[i]] = 0;
    return twice;
}

/* The same for the walks a GEN_TWICE_ bit (which) stands for: the fresh piece's, the settled
 * one's, or the captures-only walks of both. */
static bool twice_among(const Variant *v, const PieceType *pt, int owner, Cell c, int which,
                        uint8_t *mark, Cell *list)
{
    if (which == GEN_TWICE_TAKES)
        return twice_in(v, pt, owner, c, pt->walk[2], mark, list) ||
               twice_in(v, pt, owner, c, pt->walk[3], mark, list);
    return twice_in(v, pt, owner, c, pt->walk[which == GEN_TWICE_SETTLED], mark, list);
}

/* At most how many moves a piece with that reach can have in any position: per target, one
 * move times the promotion choices there (times the en passant rights of the other players
 * that could point there, for a capture-only en passant component), one capture without
 * moving and one swap. */
static int most_moves(const Variant *v, const PieceType *pt, int owner, const Reach *r)
{
    if (!pt->npromo && pt->forbidden_zone < 0 && !pt->en_passant && !pt->has_rifle &&
        !pt->has_exchange)
        return r->n; /* one move per target */
    int n = 0, rights = v->nplayers > 2 ? v->nplayers - 1 : 1;
    for (int i = 0; i < r->n; i++) {
        uint8_t m = r->mark[r->list[i]];
        if (m & REACH_MOVE)
            n += promotion_choices(v, pt, owner, r->list[i]) * (m & REACH_EP ? rights : 1);
        n += !!(m & REACH_RIFLE) + !!(m & REACH_SWAP);
    }
    return n;
}

/* The average number of single steps (every atom but the knight's leap) from a cell: a
 * king's mobility, the board's own unit for the mobility of other pieces. */
static double king_steps(const Board *b)
{
    int n = 0;
    for (Cell c = 1; c <= b->ncells; c++)
        for (int d = 0; d < b->ndirs; d++) n += b->dir[d].atom != 'N' && b->ray[c][d][0];
    return n ? (double)n / b->ncells : 1;
}

/* A piece's worth in centipawns from its average reach (moves on a board filled at random,
 * VALUE_FILL) in king steps x. The curve is fitted to orthodox chess, where reach gives N 0.80,
 * R 1.46, Q 2.48 and the values a chess player knows are 3, 5 and 9 pawns (B 1.02 comes out
 * 3.6); it rises faster than a line, as a queen is worth more than a rook and a minor piece.
 * On Glinski's board it gives N 3.0, B 3.5, R 5.2, Q 9.0. */
static int estimated_value(double reach, double king)
{
    double x = reach / king;
    return (int)(120 + 180 * x + 55 * x * x + 0.5);
}

/* The generator's rays of each component from each cell (PieceType.runs): a walk then needs
 * no look-up of the direction's ray and no test for the board's edge besides the range. */
static bool run_tables(Variant *v, PieceType *pt)
{
    const Board *b = &v->board;
    size_t n1 = (size_t)b->ncells + 1;
    for (int o = 0; o < v->nplayers; o++) {
        size_t n = 0;
        int *at = variant_array(v, (size_t)pt->ncomp * n1 + 1, sizeof *at);
        if (!at) return false;
        for (int pass = 0; pass < 2; pass++) {
            n = 0;
            for (size_t c = 0; c < n1; c++)
                for (int i = 0; i < pt->ncomp; i++) {
                    const CompiledComp *cc = &pt->cc[o][i];
                    at[c * (size_t)pt->ncomp + (size_t)i] = (int)n;
                    for (int j = 0; c && j < cc->ndirs; j++) {
                        const Cell *ray = b->ray[c][cc->dirs[j]];
                        uint32_t reach = 0;
                        while (reach < cc->range && ray[reach]) reach++;
                        if (!reach) continue;
                        if (pass) {
                            pt->runs[o][n] = (CellRun){(uint32_t)(ray - b->raybuf), reach};
                            pt->first[o][n] = ray[0];
                        }
                        n++;
                    }
                }
            at[(size_t)pt->ncomp * n1] = (int)n;
            if (!pass && (!(pt->runs[o] = variant_array(v, n, sizeof *pt->runs[o])) ||
                          !(pt->first[o] = variant_array(v, n, sizeof *pt->first[o]))))
                return false;
        }
        pt->run_at[o] = at;
    }
    return true;
}

/* PieceType.take_mask: every cell on the rays of the components that may take, to their
 * range (zones left out: the mask may hold more cells than the captures, never fewer). Only
 * on boards of up to TAKE_MASK_CELLS cells: on larger ones the masks grow with the square of
 * the board and a test of one reads as many words as a short walk reads cells. */
#define TAKE_MASK_CELLS 255
static bool take_masks(Variant *v, PieceType *pt)
{
    const Board *b = &v->board;
    size_t words = (size_t)b->ncells / 64 + 1;
    if (b->ncells > TAKE_MASK_CELLS) return true;
    for (int o = 0; o < v->nplayers; o++) {
        uint64_t *mask = variant_array(v, words * ((size_t)b->ncells + 1), sizeof *mask);
        if (!(pt->take_mask[o] = mask)) return false;
        for (Cell c = 1; c <= b->ncells; c++)
            for (int i = 0; i < pt->ncomp; i++) {
                const CompiledComp *cc = &pt->cc[o][i];
                if ((cc->flags & CF_EXCHANGE) || !(cc->flags & (CF_CAPTURE | CF_HOP))) continue;
                for (int j = 0; j < cc->ndirs; j++) {
                    const Cell *ray = b->ray[c][cc->dirs[j]];
                    for (int s = 0; s < cc->range && ray[s]; s++)
                        mask[c * words + ray[s] / 64] |= 1ull << (ray[s] % 64);
                }
            }
    }
    return true;
}

static bool compile_piece(Variant *v, int kind, char *err, int errlen)
{
    PieceType *pt = &v->type[kind];
    const Board *b = &v->board;
    if (!variant_compile_directions(v, kind, err, errlen)) return false;
    if (!run_tables(v, pt) || !take_masks(v, pt)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    uint8_t *promo = variant_cells(v, v->nplayers, sizeof *promo);
    bool *dead = variant_cells(v, v->nplayers, sizeof *dead);
    bool *near = variant_cells(v, v->nplayers, sizeof *near);
    uint8_t *gen = variant_cells(v, v->nplayers, sizeof *gen);
    if (!promo || !dead || !near || !gen) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (int o = 0; o < v->nplayers; o++) {
        pt->promo[o] = promo + (size_t)o * ((size_t)b->ncells + 1);
        pt->dead[o] = dead + (size_t)o * ((size_t)b->ncells + 1);
        pt->promo_near[o] = near + (size_t)o * ((size_t)b->ncells + 1);
        pt->gen_at[o] = gen + (size_t)o * ((size_t)b->ncells + 1);
    }
    /* promotion status, dead cells, overlapping rays, the move bound */
    Reach r = {calloc((size_t)b->ncells + 1, 1), calloc((size_t)b->ncells + 1, sizeof(Cell)), 0, 0};
    if (!r.mark || !r.list) {
        free(r.mark), free(r.list);
        snprintf(err, errlen, "out of memory");
        return false;
    }
    double mobility = 0;
    for (int o = 0; o < v->nplayers; o++) {
        for (Cell c = 1; c <= b->ncells; c++) {
            reach_from(v, pt, o, c, &r);
            bool all_in_rim = true, any = false;
            for (int i = 0; i < r.n; i++) {
                uint8_t m = r.mark[r.list[i]];
                if (!(m & REACH_HIT)) continue;
                any = true;
                if (m & REACH_TWICE) pt->needs_dedupe = true;
                if (pt->promo_may_zone < 0 || !zone_has(v, pt->promo_may_zone, o, r.list[i]))
                    all_in_rim = false;
            }
            mobility += r.reach;
            pt->dead[o][c] = !any;
            pt->promo[o][c] = promotion_status(v, pt, o, c, any, all_in_rim);
            int most = most_moves(v, pt, o, &r);
            if (most > v->most_moves[o][c]) v->most_moves[o][c] = most;
            for (int i = 0; i < r.n; i++) r.mark[r.list[i]] = 0;
        }
    }
    /* with every cell's promotion status known: the cells from which a move may promote */
    for (int o = 0; o < v->nplayers && pt->npromo; o++)
        for (Cell c = 1; c <= b->ncells; c++) {
            reach_from(v, pt, o, c, &r);
            for (int i = 0; i < r.n; i++) {
                uint8_t st = pt->promo[o][r.list[i]];
                if ((r.mark[r.list[i]] & REACH_HIT) && (st == PROMO_MAY || st == PROMO_MUST))
                    pt->promo_near[o][c] = true;
                r.mark[r.list[i]] = 0;
            }
        }
    /* the generator's bits: with a set kept at all, from where and for which walks */
    for (int o = 0; o < v->nplayers; o++)
        for (Cell c = 1; c <= b->ncells; c++) {
            uint8_t *at = &pt->gen_at[o][c];
            for (int which = GEN_TWICE_FRESH; which <= GEN_TWICE_TAKES && pt->needs_dedupe;
                 which <<= 1)
                if (pt->has_exchange || twice_among(v, pt, o, c, which, r.mark, r.list))
                    *at |= (uint8_t)which;
            if (pt->npromo && pt->promo_near[o][c]) *at |= GEN_PROMOTES;
            if (pt->initial_zone >= 0 && zone_has(v, pt->initial_zone, o, c)) *at |= GEN_INITIAL;
            if (pt->forbidden_zone >= 0) *at |= GEN_FORBIDS;
        }
    free(r.mark);
    free(r.list);
    if (!pt->value) {
        if (pt->pawn)
            pt->value = 100;
        else if (!pt->royal)
            pt->value = estimated_value(mobility / (v->nplayers * b->ncells), king_steps(b));
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

static int descending(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

int variant_pieces(const Variant *v, int p, const Piece *board, const uint8_t (*hand)[MAX_TYPES])
{
    int pieces = 0;
    for (int q = 0; q < v->nplayers; q++)
        for (int k = 1; k <= v->ntypes; k++) pieces += hand[q][k];
    for (int c = 1; c <= v->board.ncells; c++)
        pieces += board[c] && (v->has_hands || PIECE_OWNER(board[c]) == p);
    return pieces;
}

/* At most how many moves player p can have in one position with that many pieces: on the
 * cells where some kind has the most moves (most_moves, sorted by variant_compile), every
 * kind that can reach a hand dropped on every cell of the drop zone, and every castling. */
int variant_move_bound(const Variant *v, int p, int pieces, const uint8_t *hand)
{
    int n = v->board.ncells, bound = v->ncastles;
    const int *most = v->most_moves[p] + 1;
    for (int i = 0; i < n && i < pieces; i++) bound += most[i];
    if (v->drop_zone >= 0) {
        bool in_hand[MAX_TYPES] = {false};
        int kinds = 0, cells = 0;
        for (int k = 1; k <= v->ntypes; k++) {
            if (v->type[k].returns == RETURN_HAND) in_hand[v->type[k].returns_as] = true;
            if (hand[k]) in_hand[k] = true;
        }
        for (int k = 1; k <= v->ntypes; k++) kinds += in_hand[k];
        for (int c = 1; c <= n; c++) cells += zone_has(v, v->drop_zone, p, (Cell)c);
        bound += kinds * cells;
    }
    return bound;
}

/* The rays attacked_by walks from each cell (Variant.attack_runs), once the attackers are
 * filed: no look-up of the opposite direction's ray and no test for the board's edge besides
 * the reach, and the directions without attackers or without cells left out. */
static bool attack_run_tables(Variant *v)
{
    const Board *b = &v->board;
    size_t n1 = (size_t)b->ncells + 1;
    for (int p = 0; p < v->nplayers; p++) {
        int *at = variant_array(v, n1 + 1, sizeof *at);
        if (!at) return false;
        size_t n = 0;
        for (int pass = 0; pass < 2; pass++) {
            n = 0;
            for (size_t t = 0; t < n1; t++) {
                at[t] = (int)n;
                for (int d = 0; t && d < b->ndirs; d++) {
                    if (!v->nattackers[p][d]) continue;
                    const Cell *ray = b->ray[t][b->dir[d].opposite];
                    unsigned reach = 0;
                    while (reach < v->attack_reach[p][d] && ray[reach]) reach++;
                    if (!reach) continue;
                    if (pass)
                        v->attack_runs[p][n] =
                            (AttackRun){(uint32_t)(ray - b->raybuf), (uint16_t)reach, (uint8_t)d};
                    n++;
                }
            }
            at[n1] = (int)n;
            if (!pass && !(v->attack_runs[p] = variant_array(v, n, sizeof *v->attack_runs[p])))
                return false;
        }
        v->attack_run_at[p] = at;
    }
    return true;
}

bool variant_compile(Variant *v, char *err, int errlen)
{
    int *most = variant_cells(v, v->nplayers, sizeof *most);
    if (!most) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (int p = 0; p < v->nplayers; p++)
        v->most_moves[p] = most + (size_t)p * ((size_t)v->board.ncells + 1);
    for (int k = 1; k <= v->ntypes; k++)
        if (!compile_piece(v, k, err, errlen)) return false;
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
    v->move_bound = 0;
    for (int p = 0; p < v->nplayers; p++) {
        qsort(v->most_moves[p] + 1, (size_t)v->board.ncells, sizeof(int), descending);
        int b = variant_move_bound(v, p, variant_pieces(v, p, v->setup, v->setup_hand),
                                   v->setup_hand[p]);
        if (b > v->move_bound) v->move_bound = b;
    }
    if (v->move_bound > MAX_MOVES) {
        snprintf(err, errlen,
                 "a position could have up to %d moves, more than the %d cellmate keeps "
                 "(fewer pieces, a smaller board or fewer promotion choices would do)",
                 v->move_bound, MAX_MOVES);
        return false;
    }
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
    if (!attack_run_tables(v)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    v->castle_touch = NULL;
    if (v->ncastles) {
        if (!(v->castle_touch = variant_array(v, (size_t)v->board.ncells + 1, sizeof(uint16_t)))) {
            snprintf(err, errlen, "out of memory");
            return false;
        }
        for (int i = 0; i < v->ncastles; i++)
            for (int p = 0; p < v->nplayers; p++) {
                uint16_t bit = (uint16_t)(1u << (i * MAX_PLAYERS + p));
                v->castle_touch[v->castle[i].king_from[p]] |= bit;
                v->castle_touch[v->castle[i].rook_from[p]] |= bit;
            }
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
