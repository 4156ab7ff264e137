/* movegen.c — generates moves by walking the precomputed rays of each piece's compiled
 * components; tests attacks by walking outward from the target along opposite rays; and
 * filters pseudo-legal moves to legal ones, with a pin test so that most moves need no
 * make/unmake. */
#include "movegen.h"

#include <string.h>

typedef struct {
    const Position *pos;
    MoveList *out;
    int us;
    int in_check;  /* -1 not yet known */
    bool tactical; /* captures and promotions only (quiescence) */
    bool ep;       /* some opponent has an en passant right */
    bool dirty;    /* seen may hold a bit (else it is all clear, and need not be cleared) */
    /* targets a piece whose rays meet has reached (bits: move, rifle, exchange); here rather
     * than in gen_piece, whose frame must stay small for it to be inlined */
    uint8_t seen[MAX_CELLS + 1];
} Gen;

static inline bool zone_ok(const Variant *v, int zone, bool neg, int owner, int t)
{
    return zone < 0 || zone_has(v, zone, owner, t) != neg;
}

/* Whether an attacker of player `by` could capture on t: its zone filter allows t, and t is
 * not a cell its kind may never enter. */
static inline bool can_hit(const Variant *v, const Attacker *a, int by, int t)
{
    return zone_ok(v, a->zone, a->zone_not, by, t) &&
           (a->forbidden < 0 || !zone_has(v, a->forbidden, by, t));
}

/* Cells are ints in the generator's locals and arguments: arithmetic on 16-bit values costs
 * extra instructions, and only the stored move needs the narrow type. */
static inline void push(Gen *g, int from, int to, uint8_t kind, uint8_t promo, int extra)
{
    if (g->out->n < MAX_MOVES)
        g->out->m[g->out->n++] = (Move){(Cell)from, (Cell)to, kind, promo, (Cell)extra};
}

/* add_moving for a cell where the piece may promote or may not go (st: its promo status). */
static __attribute__((noinline)) void add_promoting(Gen *g, const PieceType *pt, int from, int to,
                                                    uint8_t kind, int extra, bool quiet, uint8_t st)
{
    bool plain = !quiet || !g->tactical;
    if (st == PROMO_FORBIDDEN) return;
    if (st == PROMO_MAY && plain) push(g, from, to, kind, 0, extra);
    for (int i = 0; i < pt->npromo; i++) {
        uint8_t k = pt->promo_to[i];
        if (pt->promo_from_pool && !g->pos->pool[g->us][k]) continue;
        push(g, from, to, kind, k, extra);
    }
}

/* Add a move that ends on `to`, once per promotion choice the cell offers. A quiet move
 * (no capture) in a tactical generation is added only as its promotions. The common case,
 * no promotion, inline; the rest out of line. */
static inline void add_moving(Gen *g, const PieceType *pt, int from, int to, uint8_t kind,
                              int extra, bool quiet)
{
    uint8_t st = pt->promo[g->us][to];
    if (st == PROMO_NONE) {
        if (!quiet || !g->tactical) push(g, from, to, kind, 0, extra);
        return;
    }
    add_promoting(g, pt, from, to, kind, extra, quiet, st);
}

/* An en passant capture onto the empty cell t, if some opponent's right allows it. */
static void add_en_passant(Gen *g, const PieceType *pt, int from, int t)
{
    const Position *pos = g->pos;
    for (int q = 0; q < pos->v->nplayers; q++) {
        if (q == g->us || pos->ep[q].passed != t) continue;
        Piece victim = pos->board[pos->ep[q].landed];
        if (victim && PIECE_OWNER(victim) == q && pos->v->type[PIECE_KIND(victim)].en_passant)
            add_moving(g, pt, from, t, MOVE_EP, pos->ep[q].landed, false);
    }
}

static bool side_in_check(Gen *g)
{
    if (g->in_check < 0) g->in_check = in_check(g->pos);
    return g->in_check;
}

/* gen_piece's walk of one component's rays from `from` for a piece that makes only plain
 * pushes from there (gen_piece's `plain`) and a component without zone, hop, rifle shot or
 * exchange: the same moves in the same order as the general walk, with fewer tests a cell. */
static inline __attribute__((always_inline)) void walk_plain(Gen *g, const PieceType *pt, int from,
                                                             uint8_t f, const CellRun *run,
                                                             const CellRun *run_end, bool no_quiet)
{
    const Position *pos = g->pos;
    const Cell *raybuf = pos->v->board.raybuf;
    int us = g->us;
    bool cap = f & CF_CAPTURE, mv = (f & CF_MOVE) && !no_quiet;
    bool ep = g->ep && cap && !(f & CF_MOVE) && pt->en_passant;
    bool dbl = pt->en_passant && !cap; /* a second step is a double step */
    for (; run < run_end; run++) {
        const Cell *r = raybuf + run->at;
        int reach = (int)run->reach;
        for (int s = 0; s < reach; s++) {
            int t = r[s];
            Piece q = pos->board[t];
            if (q) {
                if (cap && PIECE_OWNER(q) != us) push(g, from, t, MOVE_NORMAL, 0, 0);
                break;
            }
            if (ep) add_en_passant(g, pt, from, t);
            if (!mv) continue;
            if (s == 1 && dbl)
                push(g, from, t, MOVE_DOUBLE, 0, r[0]);
            else
                push(g, from, t, MOVE_NORMAL, 0, 0);
        }
    }
}

/* walk_plain for a component of single steps (CF_STEP): each run is its first cell, read from
 * PieceType.first (places from..end) without the run's look-up. */
static inline __attribute__((always_inline)) void step_plain(Gen *g, const PieceType *pt, int from,
                                                             uint8_t f, const Cell *t,
                                                             const Cell *end, bool no_quiet)
{
    const Position *pos = g->pos;
    int us = g->us;
    bool cap = f & CF_CAPTURE, mv = (f & CF_MOVE) && !no_quiet;
    bool ep = g->ep && cap && !(f & CF_MOVE) && pt->en_passant;
    for (; t < end; t++) {
        Piece q = pos->board[*t];
        if (q) {
            if (cap && PIECE_OWNER(q) != us) push(g, from, *t, MOVE_NORMAL, 0, 0);
        } else {
            if (ep) add_en_passant(g, pt, from, *t);
            if (mv) push(g, from, *t, MOVE_NORMAL, 0, 0);
        }
    }
}

static inline __attribute__((always_inline)) void gen_piece(Gen *g, int from, Piece p)
{
    const Position *pos = g->pos;
    const Variant *v = pos->v;
    const Board *b = &v->board;
    int us = g->us;
    const PieceType *pt = &v->type[PIECE_KIND(p)];
    uint8_t at = pt->gen_at[us][from];
    bool fresh = (p & PIECE_FRESH) || (at & GEN_INITIAL);
    uint8_t *seen = g->seen;
    /* an empty cell gives a tactical generation nothing unless the piece may promote there */
    bool no_quiet = g->tactical && !(at & GEN_PROMOTES);
    /* the set of targets reached, only where the components walked can reach one twice */
    bool dedupe = at & (no_quiet ? GEN_TWICE_TAKES : fresh ? GEN_TWICE_FRESH : GEN_TWICE_SETTLED);
    if (dedupe && g->dirty) memset(seen, 0, (size_t)b->ncells + 1), g->dirty = false;
    /* no promotion, no forbidden cell and no set of targets: every move it makes from here is
     * one plain push (add_moving would only push) */
    bool plain = !dedupe && !(at & (GEN_FORBIDS | GEN_PROMOTES));
    const CellRun *runs = pt->runs[us];
    const int *run_at = pt->run_at[us] + from * pt->ncomp;
    /* initial moves only while fresh; without quiet moves, a component that cannot take gives
     * nothing: its walk skipped */
    for (unsigned walk = pt->walk[2 * no_quiet + !fresh]; walk; walk &= walk - 1) {
        int i = __builtin_ctz(walk);
        const CompiledComp *cc = &pt->cc[us][i];
        uint8_t f = cc->flags;
        const CellRun *run = runs + run_at[i], *run_end = runs + run_at[i + 1];
        if (plain && (f & CF_PLAIN)) {
            if (f & CF_STEP)
                step_plain(g, pt, from, f, pt->first[us] + run_at[i], pt->first[us] + run_at[i + 1],
                           no_quiet);
            else
                walk_plain(g, pt, from, f, run, run_end, no_quiet);
            continue;
        }
        for (; run < run_end; run++) {
            const Cell *r = b->raybuf + run->at;
            int s = 0, reach = (int)run->reach;
            int t;
            if (f & CF_HOP) {
                while (s < reach && !pos->board[r[s]]) s++;
                if (s >= reach) continue;
                for (s++; s < reach && !pos->board[r[s]]; s++) {
                }
                if (s >= reach) continue;
                t = r[s];
                Piece q = pos->board[t];
                if (PIECE_OWNER(q) != us && zone_ok(v, cc->zone, cc->zone_not, us, t)) {
                    if (dedupe && (seen[t] & 1)) continue;
                    if (dedupe) seen[t] |= 1, g->dirty = true;
                    add_moving(g, pt, from, t, MOVE_NORMAL, 0, false);
                }
                continue;
            }
            for (; s < reach; s++) {
                t = r[s];
                Piece q = pos->board[t];
                if (!q) {
                    if (!(f & CF_MOVE)) {
                        if (g->ep && (f & CF_CAPTURE) && pt->en_passant && !(f & CF_RIFLE))
                            add_en_passant(g, pt, from, t);
                        continue;
                    }
                    if (no_quiet) continue;
                    if (!zone_ok(v, cc->zone, cc->zone_not, us, t)) continue;
                    if (dedupe) {
                        if (seen[t] & 1) continue;
                        seen[t] |= 1, g->dirty = true;
                    }
                    if (s == 1 && pt->en_passant && !(f & CF_CAPTURE))
                        add_moving(g, pt, from, t, MOVE_DOUBLE, r[0], true);
                    else
                        add_moving(g, pt, from, t, MOVE_NORMAL, 0, true);
                    continue;
                }
                if (!zone_ok(v, cc->zone, cc->zone_not, us, t)) break;
                if (PIECE_OWNER(q) == us) {
                    if ((f & CF_EXCHANGE) && !g->tactical &&
                        !pt->exchange_excludes[PIECE_KIND(q)] && !side_in_check(g)) {
                        if (!dedupe || !(seen[t] & 4)) push(g, from, t, MOVE_EXCHANGE, 0, 0);
                        if (dedupe) seen[t] |= 4, g->dirty = true;
                    }
                    break;
                }
                if (!(f & CF_CAPTURE)) break;
                if (f & CF_RIFLE) {
                    if (!dedupe || !(seen[t] & 2)) push(g, from, t, MOVE_RIFLE, 0, 0);
                    if (dedupe) seen[t] |= 2, g->dirty = true;
                } else if (!dedupe || !(seen[t] & 1)) {
                    if (dedupe) seen[t] |= 1, g->dirty = true;
                    add_moving(g, pt, from, t, MOVE_NORMAL, 0, false);
                }
                break;
            }
        }
    }
}

static void gen_drops(Gen *g)
{
    const Position *pos = g->pos;
    const Variant *v = pos->v;
    int us = g->us;
    for (int k = 1; k <= v->ntypes; k++) {
        if (!pos->hand[us][k]) continue;
        const PieceType *pt = &v->type[k];
        for (int c = 1; c <= v->board.ncells; c++)
            if (!pos->board[c] && zone_has(v, v->drop_zone, us, c) && !pt->dead[us][c] &&
                pt->promo[us][c] != PROMO_FORBIDDEN)
                push(g, 0, c, MOVE_DROP, (uint8_t)k, 0);
    }
}

static void gen_castling(Gen *g)
{
    const Position *pos = g->pos;
    const Variant *v = pos->v;
    int us = g->us, them = checker_of(pos, us);
    for (int i = 0; i < v->ncastles; i++) {
        const Castle *cs = &v->castle[i];
        if (!(pos->castling & (1u << (i * MAX_PLAYERS + us)))) continue;
        if (pos->royal[us] != cs->king_from[us]) continue;
        Piece rook = pos->board[cs->rook_from[us]];
        if (!rook || PIECE_OWNER(rook) != us) continue;
        bool ok = true;
        for (int j = 0; j < MAX_CASTLE_CELLS && cs->empty[us][j] && ok; j++)
            ok = !pos->board[cs->empty[us][j]];
        if (!ok || side_in_check(g)) continue;
        for (int j = 0; j < MAX_CASTLE_CELLS && cs->safe[us][j] && ok; j++)
            ok = !attacked_by(pos, cs->safe[us][j], them);
        if (ok) push(g, cs->king_from[us], cs->king_to[us], MOVE_CASTLE, (uint8_t)i, 0);
    }
}

/* The legality test (below), for a generation that stops at the first legal move. */
static bool keep_first_legal(const Legality *L, MoveList *out);

/* Whether the piece p on c could make no move a captures-only generation gives: no enemy
 * (bits in enemy) among the cells it could take on, no promotion and no en passant. */
static inline bool takes_nothing(const Gen *g, const uint64_t *enemy, int words, Cell c, Piece p)
{
    const PieceType *pt = &g->pos->v->type[PIECE_KIND(p)];
    const uint64_t *mask = pt->take_mask[g->us];
    if (!mask || (pt->gen_at[g->us][c] & GEN_PROMOTES) || (g->ep && pt->en_passant)) return false;
    mask += (size_t)c * (size_t)words;
    for (int w = 0; w < words; w++)
        if (mask[w] & enemy[w]) return false;
    return true;
}

/* own: the side to move's cells as bits (bit c % 64 of own[c / 64]), walked instead of the
 * board when given; NULL to scan the board. Both visit the pieces in the order of their cells.
 * hits (with own, in a captures-only generation): pieces whose captures are listed there
 * (gen_unfiltered_known), taken from the list instead of walked. enemy (with own, in a
 * captures-only generation): the other players' cells as bits, to pass by the pieces that
 * could take on none of them. */
static void generate(const Position *pos, MoveList *out, bool tactical, int check,
                     const Legality *first, const uint64_t *own, const Cell *hits,
                     const uint64_t *enemy)
{
    const Variant *v = pos->v;
    Gen g;
    g.pos = pos;
    g.out = out;
    g.us = pos->stm;
    g.in_check = check;
    g.tactical = tactical;
    g.ep = false;
    g.dirty = true;
    for (int q = 0; q < v->nplayers; q++) g.ep |= q != g.us && pos->ep[q].passed;
    out->n = 0;
    if (own) {
        int words = v->board.ncells / 64 + 1;
        for (int w = 0; w < words; w++)
            for (uint64_t x = own[w]; x; x &= x - 1) {
                int c = w * 64 + __builtin_ctzll(x);
                if (hits && c == hits[0]) { /* the captures the evaluation's walk found */
                    for (int i = 0; i < hits[1]; i++) push(&g, c, hits[2 + i], MOVE_NORMAL, 0, 0);
                    hits += 2 + hits[1];
                    continue;
                }
                if (enemy && takes_nothing(&g, enemy, words, (Cell)c, pos->board[c])) continue;
                gen_piece(&g, c, pos->board[c]);
            }
    } else
        for (int c = 1; c <= v->board.ncells; c++) {
            Piece p = pos->board[c];
            if (!p || PIECE_OWNER(p) != g.us) continue;
            gen_piece(&g, c, p);
            if (first && keep_first_legal(first, out)) return;
        }
    if (tactical) return;
    if (v->drop_zone >= 0) gen_drops(&g);
    if (v->ncastles) gen_castling(&g);
    if (first) keep_first_legal(first, out);
}

void gen_pseudo(const Position *pos, MoveList *out)
{
    generate(pos, out, false, -1, NULL, NULL, NULL, NULL);
}

/* --- attacks ------------------------------------------------------------------------------ */

/* Whether one of the n attackers att of player `by` hits t from along the ray r, which leads
 * away from t: the first piece on it within reach, or a hopper just beyond that piece. One
 * walk for attacked_by's runs and attacked_along's single ray. in_ray: reach ends within the
 * ray, as a run's does, so the walk need not look for the ray's end (a constant, folded). */
static inline __attribute__((always_inline)) bool attacked_on_ray(const Position *pos, Cell t,
                                                                  int by, const Attacker *att,
                                                                  int n, const Cell *r, int reach,
                                                                  bool in_ray)
{
    const Variant *v = pos->v;
    for (int s = 0; s < reach && (in_ray || r[s]); s++) {
        Piece p = pos->board[r[s]];
        if (!p) continue;
        if (PIECE_OWNER(p) == by)
            for (int i = 0; i < n; i++)
                if (att[i].kind == PIECE_KIND(p) && !att[i].hop && att[i].range > s &&
                    can_hit(v, &att[i], by, t))
                    return true;
        if (!v->has_hop) return false;
        /* r[s] is a screen: a hopper beyond it */
        for (int s2 = s + 1; r[s2] && s2 < RANGE_ANY; s2++) {
            Piece h = pos->board[r[s2]];
            if (!h) continue;
            if (PIECE_OWNER(h) == by)
                for (int i = 0; i < n; i++)
                    if (att[i].kind == PIECE_KIND(h) && att[i].hop && att[i].range > s2 &&
                        can_hit(v, &att[i], by, t))
                        return true;
            return false;
        }
        return false;
    }
    return false;
}

bool attacked_by(const Position *pos, Cell t, int by)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    if (!t) return false;
    const AttackRun *run = v->attack_runs[by] + v->attack_run_at[by][t];
    const AttackRun *run_end = v->attack_runs[by] + v->attack_run_at[by][t + 1];
    for (; run < run_end; run++) {
        int d = run->dir;
        if (attacked_on_ray(pos, t, by, v->attackers[by][d], v->nattackers[by][d],
                            b->raybuf + run->at, run->reach, true))
            return true;
    }
    return false;
}

bool in_check(const Position *pos)
{
    int us = pos->stm;
    return attacked_by(pos, pos->royal[us], checker_of(pos, us));
}

/* Whether player `by` attacks t along the ray of direction e from t (the first piece on it
 * within the attackers' reach, or a hopper beyond it): attacked_by for one of its runs. */
static inline __attribute__((always_inline)) bool attacked_along(const Position *pos, Cell t,
                                                                 int by, int e)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    int d = b->dir[e].opposite; /* the attackers' travel */
    return attacked_on_ray(pos, t, by, v->attackers[by][d], v->nattackers[by][d], b->ray[t][e],
                           v->attack_reach[by][d], false);
}

/* Whether `by` attacks t along a line from t through cell c (Board.toward, or Board.lines
 * where two lines can pass c). */
static bool attacked_through(const Position *pos, Cell t, int by, Cell c)
{
    const Board *b = &pos->v->board;
    size_t at = (size_t)t * ((size_t)b->ncells + 1) + c;
    if (b->toward)
        return b->toward[at] != BOARD_NOWHERE && attacked_along(pos, t, by, b->toward[at]);
    for (uint32_t m = b->lines[at]; m; m &= m - 1)
        if (attacked_along(pos, t, by, __builtin_ctz(m))) return true;
    return false;
}

bool check_after_move(const Position *pos, const Undo *u)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    if (v->nplayers != 2 || !(b->toward || b->lines) || pos_players_left(pos) != 2)
        return in_check(pos);
    Cell k = pos->royal[pos->stm];
    if (!k) return false;
    int by = u->stm;
    Move m = u->m;
    /* a line onto k changes only where a cell of it changed (up to its first piece, or its
     * second for a hopper): the lines from k through the cells the move emptied or filled */
    Cell changed[4] = {m.to, NO_CELL, NO_CELL, NO_CELL};
    switch (m.kind) {
    case MOVE_NORMAL:
    case MOVE_DOUBLE:
    case MOVE_EXCHANGE: changed[1] = m.from; break;
    case MOVE_EP: changed[1] = m.from, changed[2] = u->capcell; break;
    case MOVE_CASTLE:
        changed[1] = m.from;
        changed[2] = v->castle[m.promo].rook_from[by];
        changed[3] = v->castle[m.promo].rook_to[by];
        break;
    case MOVE_DROP:
    case MOVE_RIFLE: break;
    default: return in_check(pos);
    }
    for (int i = 0; i < 4; i++)
        if (changed[i] && attacked_through(pos, k, by, changed[i])) return true;
    return false;
}

/* --- checks given -------------------------------------------------------------------------- */

enum { HINT_LEAVE = 1, HINT_ENTER = 2 };

void check_hints(const Position *pos, CheckHints *h)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    int us = pos->stm, them = checker_of(pos, us);
    Cell r = pos->royal[them];
    h->usable = v->nplayers == 2 && pos_players_left(pos) == 2 && r;
    if (!h->usable) return;
    memset(h->kinds, 0, ((size_t)b->ncells + 1) * sizeof *h->kinds);
    memset(h->lines, 0, (size_t)b->ncells + 1);
    for (int d = 0; d < b->ndirs; d++) {
        int n = v->nattackers[us][d];
        if (!n) continue;
        const Attacker *att = v->attackers[us][d];
        const Cell *ray = b->ray[r][b->dir[d].opposite];
        bool hop = false;
        for (int i = 0; i < n; i++) hop |= att[i].hop;
        for (int s = 0; s < v->attack_reach[us][d] && ray[s]; s++) {
            int c = ray[s];
            for (int i = 0; i < n; i++)
                if (!att[i].hop && att[i].range > s && can_hit(v, &att[i], us, r))
                    h->kinds[c] |= 1u << att[i].kind;
            if (pos->board[c]) break;
        }
        /* a hopper's line: any piece leaving or entering it may change its screens */
        if (hop)
            for (int s = 0; ray[s]; s++) h->lines[ray[s]] |= HINT_LEAVE | HINT_ENTER;
    }
    /* a slider's line is uncovered only by its first piece moving off it */
    for (int i = 0; i < v->nslider_dirs[us]; i++) {
        const Cell *ray = b->ray[r][b->dir[v->slider_dirs[us][i]].opposite];
        int s = 0;
        while (ray[s] && !pos->board[ray[s]]) s++;
        if (ray[s]) h->lines[ray[s]] |= HINT_LEAVE;
    }
}

bool may_give_check(const Position *pos, const CheckHints *h, Move m)
{
    if (!h->usable) return true;
    if (m.kind == MOVE_DROP)
        return (h->kinds[m.to] >> m.promo & 1) || (h->lines[m.to] & HINT_ENTER);
    if ((m.kind != MOVE_NORMAL && m.kind != MOVE_DOUBLE) || m.promo) return true;
    return (h->kinds[m.to] >> PIECE_KIND(pos->board[m.from]) & 1) ||
           (h->lines[m.from] & HINT_LEAVE) || (h->lines[m.to] & HINT_ENTER);
}

/* --- legality ----------------------------------------------------------------------------- */

/* Mark our pieces that stand between our royal and a slider of the checking player. */
static void find_pins(const Position *pos, int us, int q, uint8_t *pinned)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    Cell k = pos->royal[us];
    for (int i = 0; i < v->nslider_dirs[q]; i++) {
        int d = v->slider_dirs[q][i];
        const Cell *r = b->ray[k][b->dir[d].opposite];
        Cell own = NO_CELL;
        for (int s = 0; r[s]; s++) {
            Piece p = pos->board[r[s]];
            if (!p) continue;
            if (!own) {
                if (PIECE_OWNER(p) != us) break;
                own = r[s];
                continue;
            }
            if (PIECE_OWNER(p) == q) {
                const Attacker *att = v->attackers[q][d];
                for (int j = 0; j < v->nattackers[q][d]; j++)
                    if (att[j].kind == PIECE_KIND(p) && !att[j].hop && att[j].range > s &&
                        can_hit(v, &att[j], q, k))
                        pinned[own] = 1;
            }
            break;
        }
    }
}

/* Mark the cells of every line from our royal where a hopper of the checking player could
 * capture it after one of our moves, up to that hopper: a move that empties or fills one of
 * them may open or close a hop onto the royal (a pin through a screen, a new screen), so only
 * those moves need making and unmaking. One move changes the number of pieces between a
 * hopper and the royal by one at most, and a hop takes exactly one, so only a hopper among
 * the first three pieces of the line matters: the first (a screen put in front of it), the
 * second (it gives check now) or the third (one of the two screens taken away, even when the
 * other screen is a hopper itself). */
static void find_hop_lines(const Position *pos, int us, int q, uint8_t *touchy)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    Cell k = pos->royal[us];
    for (int d = 0; d < b->ndirs; d++) {
        const Attacker *att = v->attackers[q][d];
        int n = v->nattackers[q][d];
        bool hops = false;
        for (int j = 0; j < n && !hops; j++) hops = att[j].hop;
        if (!hops) continue;
        const Cell *r = b->ray[k][b->dir[d].opposite];
        int last = -1;
        for (int s = 0, pieces = 0; r[s] && pieces < 3; s++) {
            Piece p = pos->board[r[s]];
            if (!p) continue;
            pieces++;
            if (PIECE_OWNER(p) != q) continue;
            for (int j = 0; j < n; j++)
                if (att[j].hop && att[j].kind == PIECE_KIND(p) && att[j].range > s) last = s;
        }
        for (int i = 0; i <= last; i++) touchy[r[i]] = 1;
    }
}

/* A plain move of the royal piece is legal when q does not attack its target with the royal
 * piece lifted off its cell, which then screens no ray (and a piece taken on the target is no
 * screen for the rays from it either): no need to make it. Out of line on purpose: inlined
 * into legal_by_make it cost perft some 10 % of CPU time on small boards (measured pair by
 * pair), though fewer instructions. */
static __attribute__((noinline)) bool royal_move_legal(Position *pos, Move m, int q)
{
    Piece royal = pos->board[m.from];
    pos->board[m.from] = 0;
    bool ok = !attacked_by(pos, m.to, q);
    pos->board[m.from] = royal;
    return ok;
}

bool royal_step_attacked(Position *pos, Move m, int by)
{
    return !royal_move_legal(pos, m, by);
}

/* Whether m leaves our royal piece unattacked by q, tried by making it. */
static bool legal_by_make(Position *pos, Move m, int us, int q)
{
    if (m.from == pos->royal[us] && (m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE))
        return royal_move_legal(pos, m, q);
    Undo u;
    pos_make(pos, m, &u);
    bool ok = !attacked_by(pos, pos->royal[us], q);
    pos_unmake(pos, &u);
    return ok;
}

/* With our royal piece in check from q and no hopper in the variant: mark (bit 2 of mark)
 * the cell of the piece giving check and the cells between it and the royal piece, where
 * another piece must go to capture it or block its line. The number of checking lines,
 * counted up to 2 (two checks are left to making the moves). */
static int find_check_line(const Position *pos, int us, int q, uint8_t *mark)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    Cell k = pos->royal[us];
    int lines = 0;
    for (int d = 0; d < b->ndirs && lines < 2; d++) {
        int n = v->nattackers[q][d];
        if (!n) continue;
        const Attacker *att = v->attackers[q][d];
        const Cell *r = b->ray[k][b->dir[d].opposite];
        int reach = v->attack_reach[q][d], s = 0;
        while (s < reach && r[s] && !pos->board[r[s]]) s++;
        if (s >= reach || !r[s] || PIECE_OWNER(pos->board[r[s]]) != q) continue;
        int kind = PIECE_KIND(pos->board[r[s]]);
        for (int i = 0; i < n; i++)
            if (att[i].kind == kind && att[i].range > s && can_hit(v, &att[i], q, k)) {
                for (int j = 0; j <= s; j++) mark[r[j]] |= 2;
                lines++;
                break;
            }
    }
    return lines;
}

void legality_prepare(Position *pos, Legality *L, int check)
{
    const Variant *v = pos->v;
    L->pos = pos;
    L->us = pos->stm;
    L->q = checker_of(pos, L->us);
    L->k = pos->royal[L->us];
    if (check < 0) check = attacked_by(pos, L->k, L->q);
    L->fast = !check;
    L->evade = false;
    L->pins = true;
    if (L->fast || !v->has_hop) {
        memset(L->mark, 0, (size_t)v->board.ncells + 1);
        find_pins(pos, L->us, L->q, L->mark);
        if (L->fast && v->has_hop) find_hop_lines(pos, L->us, L->q, L->mark);
        L->evade = !L->fast && find_check_line(pos, L->us, L->q, L->mark) == 1;
    }
}

static inline __attribute__((always_inline)) bool legal(const Legality *L, Move m)
{
    Position *pos = L->pos;
    bool plain = (m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE) && m.from != L->k;
    if (L->fast && m.kind == MOVE_DROP)
        return !(L->mark[m.to] & 1) || legal_by_make(pos, m, L->us, L->q);
    if (L->fast && plain && !(L->mark[m.from] & 1) && !(L->mark[m.to] & 1)) return true;
    if (L->evade && (m.kind == MOVE_DROP || (plain && !(L->mark[m.from] & 1))))
        return L->mark[m.to] & 2;
    return legal_by_make(pos, m, L->us, L->q);
}

/* Whether our piece on `from` is pinned to our royal piece k by a slider of q: find_pins for
 * the one line from k through it. */
static inline __attribute__((always_inline)) bool pinned_along(const Position *pos, int q, Cell k,
                                                               int from, int e)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    int d = b->dir[e].opposite; /* the pinning piece's travel */
    const Cell *r = b->ray[k][e];
    int s = 0;
    while (r[s] && !pos->board[r[s]]) s++;
    if (r[s] != from) return false;
    for (s++; r[s] && !pos->board[r[s]]; s++) {
    }
    if (!r[s] || PIECE_OWNER(pos->board[r[s]]) != q) return false;
    const Attacker *att = v->attackers[q][d];
    int kind = PIECE_KIND(pos->board[r[s]]);
    for (int j = 0; j < v->nattackers[q][d]; j++)
        if (att[j].kind == kind && !att[j].hop && att[j].range > s && can_hit(v, &att[j], q, k))
            return true;
    return false;
}

/* ... along every line from k through it (Board.toward, or Board.lines where two can pass). */
static bool pinned_on_line(const Position *pos, int q, Cell k, int from)
{
    const Board *b = &pos->v->board;
    size_t at = (size_t)k * ((size_t)b->ncells + 1) + (size_t)from;
    if (b->toward)
        return b->toward[at] != BOARD_NOWHERE && pinned_along(pos, q, k, from, b->toward[at]);
    for (uint32_t m = b->lines[at]; m; m &= m - 1)
        if (pinned_along(pos, q, k, from, __builtin_ctz(m))) return true;
    return false;
}

/* After this many moves tested one line at a time, the pins of every line are cheaper. */
#define LINE_TESTS 8

void legality_prepare_lazy(Position *pos, Legality *L, int check)
{
    const Variant *v = pos->v;
    if (check < 0) check = attacked_by(pos, pos->royal[pos->stm], checker_of(pos, pos->stm));
    if (check || v->has_hop || !(v->board.toward || v->board.lines)) {
        legality_prepare(pos, L, check);
        return;
    }
    L->pos = pos;
    L->us = pos->stm;
    L->q = checker_of(pos, L->us);
    L->k = pos->royal[L->us];
    L->fast = true;
    L->evade = false;
    L->pins = false;
    L->tests = 0;
}

bool legality_test(Legality *L, Move m)
{
    if (!L->pins && ++L->tests > LINE_TESTS) legality_prepare(L->pos, L, 0);
    if (L->pins) return legal(L, m);
    /* out of check, no hoppers: legal() with the pin of the move's own line */
    if (m.kind == MOVE_DROP) return true;
    bool plain = (m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE) && m.from != L->k;
    if (plain && !pinned_on_line(L->pos, L->q, L->k, m.from)) return true;
    return legal_by_make(L->pos, m, L->us, L->q);
}

/* Keep only the first legal move of the list, if any: whether there was one. */
static bool keep_first_legal(const Legality *L, MoveList *out)
{
    for (int i = 0; i < out->n; i++)
        if (legal(L, out->m[i])) {
            out->m[0] = out->m[i];
            out->n = 1;
            return true;
        }
    out->n = 0;
    return false;
}

/* Filter a pseudo-legal list in place; check as for legality_prepare. */
static int filter_legal(Position *pos, MoveList *ml, int check)
{
    if (pos_players_left(pos) < 2) return ml->n = 0;
    if (!ml->n) return 0; /* quiescence often has no capture to look at */
    Legality L;
    legality_prepare(pos, &L, check);
    int n = 0;
    for (int i = 0; i < ml->n; i++)
        if (legal(&L, ml->m[i])) ml->m[n++] = ml->m[i];
    return ml->n = n;
}

/* The legal moves, or only the tactical ones; check as for filter_legal; unfiltered: the
 * pseudo-legal ones. generate has only this, gen_pseudo and has_legal_move for callers, so
 * that the piece generator stays inlined into it. */
static void gen_filtered(Position *pos, MoveList *out, bool tactical, int check, bool filter)
{
    generate(pos, out, tactical, check, NULL, NULL, NULL, NULL);
    if (filter) filter_legal(pos, out, check);
}

void gen_unfiltered_known(Position *pos, MoveList *out, bool tactical, bool check,
                          const uint64_t *own, const Cell *hits, const uint64_t *enemy)
{
    generate(pos, out, tactical, check, NULL, own, own && tactical ? hits : NULL,
             own && tactical ? enemy : NULL);
}

bool move_is_tactical(const Position *pos, Move m)
{
    if (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE || m.kind == MOVE_EXCHANGE) return false;
    return m.promo || pos->board[m.kind == MOVE_EP ? m.extra : m.to];
}

void gen_legal(Position *pos, MoveList *out)
{
    gen_filtered(pos, out, false, -1, true);
}

void gen_tactical(Position *pos, MoveList *out)
{
    gen_filtered(pos, out, true, -1, true);
}

void gen_legal_known(Position *pos, MoveList *out, bool check)
{
    gen_filtered(pos, out, false, check, true);
}

void gen_tactical_known(Position *pos, MoveList *out, bool check)
{
    gen_filtered(pos, out, true, check, true);
}

int count_legal(Position *pos)
{
    MoveList ml;
    gen_legal(pos, &ml);
    return ml.n;
}

/* Stops at the first piece with a legal move: three-player games ask this after every move
 * (eliminations), where generating the whole list cost most of the search's time. */
static bool has_legal_move_check(Position *pos, int8_t *check)
{
    if (pos_players_left(pos) < 2) return false;
    MoveList ml;
    Legality L;
    legality_prepare(pos, &L, -1);
    *check = !L.fast; /* legality_prepare found it out */
    generate(pos, &ml, false, *check, &L, NULL, NULL, NULL);
    return ml.n > 0;
}

bool has_legal_move(Position *pos)
{
    int8_t check;
    return has_legal_move_check(pos, &check);
}

bool move_is_legal(Position *pos, Move m)
{
    MoveList ml;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (move_equal(ml.m[i], m)) return true;
    return false;
}

/* --- three-player consequences -------------------------------------------------------------- */

/* After a move: (a) remove every player whose royal the player to move could capture, until
 * none is left; (b) while three players remain and the player to move has no legal move,
 * remove him, pass the turn, and apply (a) again. A legal move leaves its mover's royal out
 * of the next player's reach, so safe (the mover, or -1) is not tested until something
 * changed. */
static void apply_eliminations(Position *pos, Undo *u, int safe)
{
    const Variant *v = pos->v;
    for (;;) {
        bool changed = true;
        while (changed && pos_players_left(pos) > 1) {
            changed = false;
            int n = pos->stm;
            for (int x = 0; x < v->nplayers; x++) {
                if (x == n || x == safe || !(pos->alive & (1u << x))) continue;
                if (attacked_by(pos, pos->royal[x], n)) {
                    pos_eliminate(pos, x, u);
                    changed = true;
                    safe = -1; /* the pieces taken off may have opened a line */
                }
            }
        }
        u->check = -1;
        if (pos_players_left(pos) < 3 || has_legal_move_check(pos, &u->check)) return;
        int n = pos->stm;
        pos_eliminate(pos, n, u);
        pos_set_stm(pos, pos_next_player(pos, n));
        safe = -1; /* the mover's royal was legal against n only */
    }
}

void settle_position(Position *pos)
{
    Undo u;
    if (pos->v->nplayers < 3 || pos_players_left(pos) < 2) return;
    pos_save(pos, (Move){0, 0, MOVE_RESIGN, 0, 0}, &u);
    apply_eliminations(pos, &u, -1);
}

void play_move(Position *pos, Move m, Undo *u)
{
    int mover = pos->stm;
    pos_make(pos, m, u);
    u->check = -1;
    if (pos->v->nplayers > 2) apply_eliminations(pos, u, mover);
}

static InterruptFn interrupt_fn;

InterruptFn set_interrupt(InterruptFn fn)
{
    InterruptFn was = interrupt_fn;
    interrupt_fn = fn;
    return was;
}

bool interrupted(void)
{
    return interrupt_fn && interrupt_fn();
}

uint64_t perft(Position *pos, int depth)
{
    MoveList ml;
    if (depth <= 0) return 1;
    if (depth >= 3 && interrupted()) return 0; /* checked far from the leaves: cheap */
    gen_legal(pos, &ml);
    if (depth == 1) return (uint64_t)ml.n;
    uint64_t total = 0;
    for (int i = 0; i < ml.n; i++) {
        Undo u;
        play_move(pos, ml.m[i], &u);
        total += perft(pos, depth - 1);
        pos_unmake(pos, &u);
    }
    return total;
}
