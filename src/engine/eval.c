/* eval.c — static evaluation (see eval.h). Everything a variant's rules say about a cell is
 * worked out once per search in eval_prepare, so that eval_position, asked at every node of
 * the quiescence search, is one pass over the board plus a few table lookups. */
#include "eval.h"

#include "movegen.h"
#include "number.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAR 255 /* no way there */

static const EvalWeights default_weights = {
    .centre = 2,
    .advance = 40,
    .passed = 90,
    .mobility = 3,
    .attack = 8,
    .shelter = 10,
    .hand = 80,
    .pool = 10,
    .bare = 120,
    .edge = 12,
    .close = 20,
    .box = 2,
    .lead = 100,
};

/* --- tables ---------------------------------------------------------------------------------- */

static size_t slot(const Eval *e, int owner, int kind, Cell c)
{
    return ((size_t)owner * e->kinds + kind) * e->stride + c;
}

static void set_bit(uint64_t *w, Cell c)
{
    w[c / 64] |= 1ull << (c % 64);
}

static bool any_common(const uint64_t *a, const uint64_t *b, int words)
{
    for (int i = 0; i < words; i++)
        if (a[i] & b[i]) return true;
    return false;
}

/* The cells a piece of kind k owned by o reaches from c on an empty board with a component
 * having one of `flags`, each once; their number. */
static int targets(const Variant *v, int o, int k, Cell c, uint8_t flags, Cell *out, uint8_t *mark)
{
    const PieceType *pt = &v->type[k];
    int n = 0;
    for (int i = 0; i < pt->ncomp; i++) {
        const CompiledComp *cc = &pt->cc[o][i];
        if (!(cc->flags & flags) || (cc->flags & CF_EXCHANGE)) continue;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *ray = v->board.ray[c][cc->dirs[j]];
            for (int s = 0; s < cc->range && ray[s]; s++) {
                Cell t = ray[s];
                if (cc->zone >= 0 && zone_has(v, cc->zone, o, t) == cc->zone_not) continue;
                if (!mark[t]) out[n++] = t, mark[t] = 1;
            }
        }
    }
    for (int i = 0; i < n; i++) mark[out[i]] = 0;
    return n;
}

static int first_royal(const Variant *v)
{
    for (int k = 1; k <= v->ntypes; k++)
        if (v->type[k].royal) return k;
    return 0;
}

/* Royal steps between every two cells, and how far into a corner each cell is: how many
 * moves fewer than its best a royal piece has there, plus how much nearer it stands to the
 * cells where it has the fewest (so that the way to the board's own edges and corners,
 * whatever its shape, runs downhill from the middle). */
static bool royal_tables(Eval *e, Cell *list, uint8_t *mark, Cell *queue)
{
    const Variant *v = e->v;
    int n = e->ncells, k = first_royal(v), most = 0, fewest = MAX_MOVES;
    if (!k) return true;
    for (Cell c = 1; c <= n; c++) {
        int m = targets(v, 0, k, c, CF_MOVE, list, mark);
        e->step_at[c + 1] = e->step_at[c] + m;
        e->edge[c] = (int8_t)(m > 127 ? 127 : m);
        if (e->edge[c] > most) most = e->edge[c];
        if (e->edge[c] < fewest) fewest = e->edge[c];
    }
    e->step = malloc(((size_t)e->step_at[n + 1] + 1) * sizeof *e->step);
    if (!e->step) return false;
    for (Cell c = 1; c <= n; c++) targets(v, 0, k, c, CF_MOVE, e->step + e->step_at[c], mark);
    for (Cell from = 1; from <= n; from++) {
        uint8_t *d = e->dist + (size_t)from * (n + 1);
        memset(d, FAR, (size_t)n + 1);
        int head = 0, tail = 0;
        d[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            Cell c = queue[head++];
            int m = targets(v, 0, k, c, CF_MOVE, list, mark);
            for (int i = 0; i < m; i++)
                if (d[list[i]] == FAR) {
                    d[list[i]] = d[c] + 1 < FAR ? (uint8_t)(d[c] + 1) : FAR - 1;
                    queue[tail++] = list[i];
                }
        }
        for (Cell c = 1; c <= n; c++)
            if (d[c] != FAR && d[c] > e->maxdist) e->maxdist = d[c];
    }
    int corner[MAX_CELLS + 1], far = 0; /* steps to the nearest cell of fewest moves */
    for (Cell c = 1; c <= n; c++) {
        corner[c] = FAR;
        for (Cell t = 1; t <= n; t++)
            if (e->edge[t] == fewest && e->dist[(size_t)c * (n + 1) + t] < corner[c])
                corner[c] = e->dist[(size_t)c * (n + 1) + t];
        if (corner[c] != FAR && corner[c] > far) far = corner[c];
    }
    for (Cell c = 1; c <= n; c++) {
        int into = most - e->edge[c] + (corner[c] == FAR ? 0 : far - corner[c]);
        e->edge[c] = (int8_t)(into > 127 ? 127 : into);
    }
    return true;
}

/* For a kind that promotes: its moves to its own promotion cells from every cell (d), the
 * bonus for being nearer, and the cells where an enemy pawn would stand in its way (the
 * cells of its shortest paths and the single steps beside them). */
static void promotion_tables(Eval *e, int o, int k, int *d, Cell *list, uint8_t *mark, Cell *queue)
{
    const Variant *v = e->v;
    const PieceType *pt = &v->type[k];
    int n = e->ncells, far = 0;
    for (Cell c = 1; c <= n; c++)
        d[c] = pt->promo[o][c] == PROMO_MAY || pt->promo[o][c] == PROMO_MUST ? 0 : FAR;
    for (bool changed = true; changed;) {
        changed = false;
        for (Cell c = 1; c <= n; c++) {
            if (!d[c]) continue;
            int m = targets(v, o, k, c, CF_MOVE, list, mark);
            for (int i = 0; i < m; i++)
                if (d[list[i]] + 1 < d[c]) d[c] = d[list[i]] + 1, changed = true;
        }
    }
    for (Cell c = 1; c <= n; c++)
        if (d[c] != FAR && d[c] > far) far = d[c];
    if (far < 2) return;
    for (Cell c = 1; c <= n; c++) {
        if (d[c] == FAR || !d[c]) continue;
        int near = far - d[c];
        e->place[slot(e, o, k, c)] +=
            (int16_t)(e->w.advance * near * near / ((far - 1) * (far - 1)));
        e->passed[slot(e, o, k, c)] =
            (int16_t)(e->w.passed * near * near / ((far - 1) * (far - 1)));
        uint64_t *cone = e->cone + slot(e, o, k, c) * e->words;
        int head = 0, tail = 0;
        queue[tail++] = c;
        while (head < tail) {
            Cell x = queue[head++];
            int m = targets(v, o, k, x, CF_MOVE, list, mark);
            for (int i = 0; i < m; i++) {
                Cell t = list[i];
                if (d[t] >= d[x] || (cone[t / 64] >> (t % 64) & 1)) continue;
                set_bit(cone, t);
                queue[tail++] = t;
            }
        }
        for (Cell x = 1; x <= n; x++)
            if (cone[x / 64] >> (x % 64) & 1)
                for (int w = 0; w < e->words; w++) cone[w] |= e->around[(size_t)x * e->words + w];
        for (int w = 0; w < e->words; w++) cone[w] |= e->around[(size_t)c * e->words + w];
    }
}

static bool parse_env(Eval *e)
{
    static atomic_bool told;
    const char *text = getenv("CELLMATE_EVAL");
    char err[200];
    EvalWeights w = e->w;
    int values[MAX_TYPES];
    memcpy(values, e->value, sizeof values);
    if (!text) return true;
    if (eval_parse_weights(e->v, text, &w, values, err, sizeof err)) {
        e->w = w; /* all of it or nothing */
        memcpy(e->value, values, sizeof values);
        return true;
    }
    if (!atomic_exchange(&told, true)) fprintf(stderr, "cellmate: CELLMATE_EVAL: %s\n", err);
    return false;
}

bool eval_parse_weights(const Variant *v, const char *text, EvalWeights *w, int *values, char *err,
                        size_t errlen)
{
    static const struct {
        const char *name;
        size_t offset;
    } names[] = {
#define W(x) {#x, offsetof(EvalWeights, x)}
        W(centre), W(advance), W(passed), W(mobility), W(attack), W(shelter), W(hand),
        W(pool),   W(bare),    W(edge),   W(close),    W(box),    W(lead),
#undef W
    };
    while (*text) {
        const char *eq = strchr(text, '='), *end = strchr(text, ',');
        if (!end) end = text + strlen(text);
        if (!eq || eq > end) {
            snprintf(err, errlen, "expected NAME=NUMBER, not '%.*s'", (int)(end - text), text);
            return false;
        }
        const char *num_end = eq + 1;
        long n;
        if (number_scan_signed_to(&num_end, end, 100000, &n) != NUMBER_OK || num_end != end) {
            snprintf(err, errlen, "'%.*s' needs a whole number", (int)(eq - text), text);
            return false;
        }
        size_t len = (size_t)(eq - text);
        bool known = false;
        if (len == 1 && text[0] >= 'A' && text[0] <= 'Z' && v->kind_of_letter[(int)text[0]]) {
            values[v->kind_of_letter[(int)text[0]]] = (int)n;
            known = true;
        }
        for (size_t i = 0; !known && i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].name) == len && !strncmp(names[i].name, text, len)) {
                *(int *)((char *)w + names[i].offset) = (int)n;
                known = true;
            }
        if (!known) {
            snprintf(err, errlen, "no weight or piece letter '%.*s'", (int)len, text);
            return false;
        }
        text = *end ? end + 1 : end;
    }
    return true;
}

void eval_free(Eval *e)
{
    free(e->place);
    free(e->psq);
    free(e->passed);
    free(e->cone);
    free(e->near);
    free(e->runs);
    free(e->runs_at);
    free(e->around);
    free(e->dist);
    free(e->edge);
    free(e->step);
    free(e->step_at);
    e->step = NULL;
    e->step_at = NULL;
    e->place = e->passed = NULL;
    e->psq = NULL;
    e->cone = e->near = e->around = NULL;
    e->runs = NULL;
    e->runs_at = NULL;
    e->dist = NULL;
    e->edge = NULL;
}

/* Per cell: the cell and its single steps (around), and for every kind that is not royal its
 * centre bonus and the cells it attacks from there on an empty board (hits). */
static void cell_tables(Eval *e, uint64_t *hits, Cell *list, uint8_t *mark)
{
    const Variant *v = e->v;
    const Board *b = &v->board;
    for (Cell c = 1; c <= b->ncells; c++) {
        int steps = 0;
        set_bit(e->around + c * e->words, c);
        for (int dir = 0; dir < b->ndirs; dir++)
            if (b->dir[dir].atom != 'N' && b->ray[c][dir][0]) {
                steps++;
                set_bit(e->around + c * e->words, b->ray[c][dir][0]);
            }
        for (int o = 0; o < v->nplayers; o++)
            for (int k = 1; k <= v->ntypes; k++) {
                if (v->type[k].royal) continue;
                e->place[slot(e, o, k, c)] = (int16_t)(e->w.centre * steps);
                int m = targets(v, o, k, c, CF_CAPTURE | CF_RIFLE, list, mark);
                uint64_t *h = hits + slot(e, o, k, c) * e->words;
                for (int i = 0; i < m; i++) set_bit(h, list[i]);
            }
    }
}

/* For every royal cell r, the cells from which a piece attacks a cell around r: royal safety
 * then tests one bit per piece. */
static void near_tables(Eval *e, const uint64_t *hits)
{
    const Variant *v = e->v;
    for (int o = 0; o < v->nplayers; o++)
        for (int k = 1; k <= v->ntypes; k++)
            for (Cell c = 1; c <= e->ncells; c++) {
                const uint64_t *h = hits + slot(e, o, k, c) * e->words;
                bool some = false;
                for (int w = 0; w < e->words && !some; w++) some = h[w] != 0;
                if (!some) continue;
                for (Cell r = 1; r <= e->ncells; r++)
                    if (any_common(h, e->around + (size_t)r * e->words, e->words))
                        set_bit(e->near + slot(e, o, k, r) * e->words, c);
            }
}

/* The rays of each slider that mobility walks: ranges of two or more, neither hops, swaps
 * nor initial moves; listed per cell with the cells they can reach there, so that mobility
 * neither looks up directions nor tests for the board's edge and the range both, and skips a
 * ray that leaves the board at once. */
static bool ray_tables(Eval *e)
{
    const Variant *v = e->v;
    size_t per = (size_t)v->nplayers * e->kinds * e->stride, n = 0;
    if (!(e->runs_at = calloc(per + 1, sizeof *e->runs_at))) return false;
    for (int pass = 0; pass < 2; pass++) {
        n = 0;
        for (int o = 0; o < v->nplayers; o++)
            for (int k = 0; k <= v->ntypes; k++)
                for (Cell c = 0; c <= e->ncells; c++) {
                    e->runs_at[slot(e, o, k, c)] = (int)n;
                    const PieceType *pt = &v->type[k];
                    for (int i = 0; k && c && e->slider[k] && i < pt->ncomp; i++) {
                        const CompiledComp *cc = &pt->cc[o][i];
                        if (cc->range < 2 || (cc->flags & (CF_HOP | CF_EXCHANGE | CF_INITIAL)))
                            continue;
                        for (int j = 0; j < cc->ndirs; j++) {
                            const Cell *ray = v->board.ray[c][cc->dirs[j]];
                            int len = 0;
                            while (len < cc->range && ray[len]) len++;
                            if (!len) continue;
                            if (pass)
                                e->runs[n] = (EvalRun){ray, (uint16_t)len, !!(cc->flags & CF_MOVE),
                                                       !!(cc->flags & CF_CAPTURE)};
                            n++;
                        }
                    }
                }
        e->runs_at[per] = (int)n;
        if (!pass && !(e->runs = calloc(n + 1, sizeof *e->runs))) return false;
    }
    return true;
}

/* What a piece adds to the sums (EvalSums): its value and placement by its code and cell, and
 * by its kind the counts; and whether hands and pools can change in play. */
static bool piece_tables(Eval *e)
{
    const Variant *v = e->v;
    size_t n1 = (size_t)e->ncells + 1;
    e->psq = calloc((size_t)MAKE_PIECE(MAX_PLAYERS, 0) * n1, sizeof *e->psq);
    if (!e->psq) return false;
    e->banks = v->drop_zone >= 0;
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *pt = &v->type[k];
        bool counted = !pt->royal && !pt->pawn;
        e->counts[k] =
            (EvalSide){0, 0, counted ? e->value[k] : 0, !pt->royal, !pt->royal && pt->pawn};
        e->banks |= pt->returns != RETURN_GONE || pt->promo_from_pool;
        for (int o = 0; o < v->nplayers; o++)
            for (Cell c = 1; c <= e->ncells; c++)
                e->psq[MAKE_PIECE(o, k) * n1 + c] = e->value[k] + e->place[slot(e, o, k, c)];
    }
    return true;
}

/* Whether kind k is a plain slider (EVAL_PLAIN): then its mobility rays (ray_tables) are the
 * generator's rays (PieceType.runs) in the same order, and a capture there is a plain move. */
static bool plain_slider(const Variant *v, int k, bool slider)
{
    const PieceType *pt = &v->type[k];
    if (!slider || pt->royal || pt->npromo || pt->en_passant || pt->needs_dedupe) return false;
    for (int o = 0; o < v->nplayers; o++)
        for (int i = 0; i < pt->ncomp; i++) {
            const CompiledComp *cc = &pt->cc[o][i];
            if (cc->range < 2 || cc->zone >= 0 || !(cc->flags & CF_MOVE) ||
                (cc->flags & (CF_HOP | CF_EXCHANGE | CF_INITIAL | CF_RIFLE)))
                return false;
        }
    for (int o = 0; o < v->nplayers; o++)
        for (Cell c = 1; c <= v->board.ncells; c++)
            if (pt->promo[o][c] != PROMO_NONE) return false;
    return true;
}

bool eval_prepare(Eval *e, const Variant *v)
{
    const Board *b = &v->board;
    memset(e, 0, sizeof *e);
    e->v = v;
    e->ncells = b->ncells;
    e->words = b->ncells / 64 + 1;
    e->stride = (size_t)b->ncells + 1;
    e->kinds = (size_t)v->ntypes + 1;
    e->w = default_weights;
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *pt = &v->type[k];
        e->value[k] = pt->value;
        e->promotes[k] = pt->npromo > 0;
        for (int i = 0; i < pt->ncomp; i++)
            if (pt->comp[i].range > 1 && !(pt->comp[i].flags & (CF_HOP | CF_EXCHANGE)))
                e->slider[k] = true;
        e->kind[k] =
            (uint8_t)((pt->royal ? EVAL_ROYAL : 0) | (pt->pawn ? EVAL_PAWN : 0) |
                      (e->slider[k] ? EVAL_SLIDER : 0) | (e->promotes[k] ? EVAL_PROMOTES : 0) |
                      (plain_slider(v, k, e->slider[k]) ? EVAL_PLAIN : 0));
    }
    parse_env(e);
    for (int o = 0; o < v->nplayers; o++)
        for (int k = 0; k <= v->ntypes; k++)
            e->slot0[MAKE_PIECE(o, k)] = (uint32_t)slot(e, o, k, 0);
    size_t n1 = (size_t)b->ncells + 1, per = (size_t)v->nplayers * (v->ntypes + 1) * n1;
    e->place = calloc(per, sizeof *e->place);
    e->passed = calloc(per, sizeof *e->passed);
    e->cone = calloc(per * e->words, sizeof *e->cone);
    e->near = calloc(per * e->words, sizeof *e->near);
    uint64_t *hits = calloc(per * e->words, sizeof *hits);
    e->around = calloc(n1 * e->words, sizeof *e->around);
    e->dist = calloc(n1 * n1, 1);
    e->edge = calloc(n1, 1);
    e->step_at = calloc(n1 + 1, sizeof *e->step_at);
    Cell *list = calloc(n1, sizeof *list), *queue = calloc(n1, sizeof *queue);
    uint8_t *mark = calloc(n1, 1);
    int *d = calloc(n1, sizeof *d);
    bool ok = e->place && e->passed && e->cone && e->near && e->around && e->dist && e->edge &&
              e->step_at && hits && list && queue && mark && d;
    if (ok) {
        cell_tables(e, hits, list, mark);
        near_tables(e, hits);
        for (int o = 0; o < v->nplayers; o++)
            for (int k = 1; k <= v->ntypes; k++)
                if (e->promotes[k]) promotion_tables(e, o, k, d, list, mark, queue);
        ok = royal_tables(e, list, mark, queue) && piece_tables(e) && ray_tables(e);
    }
    free(hits);
    free(list);
    free(queue);
    free(mark);
    free(d);
    if (!ok) eval_free(e);
    return ok;
}

/* --- the evaluation ------------------------------------------------------------------------- */

/* Cells a slider of o reaches along its rays up to the first piece (taking an enemy there);
 * at: its slot (owner, kind and cell). */
static inline __attribute__((always_inline)) int mobility(const Eval *e, const Position *pos, int o,
                                                          size_t at)
{
    const EvalRun *r = e->runs + e->runs_at[at], *end = e->runs + e->runs_at[at + 1];
    int n = 0;
    for (; r < end; r++) {
        int s = 0, reach = r->reach;
        const Cell *ray = r->cells;
        while (s < reach && !pos->board[ray[s]]) s++;
        n += s * r->quiet;
        if (s < reach) n += PIECE_OWNER(pos->board[ray[s]]) != o && r->take;
    }
    return n;
}

/* How many cells the royal piece of q could walk to without stepping onto a cell player s
 * attacks: the box s keeps it in (seen with the royal piece off the board, so that it does
 * not hide the cells behind it from a slider). */
static int box(const Eval *e, const Position *pos, int q, int s)
{
    static _Thread_local Position open;
    uint8_t seen[MAX_CELLS + 1];
    Cell queue[MAX_CELLS];
    Cell r = pos->royal[q];
    open = *pos;
    open.board[r] = 0;
    memset(seen, 0, (size_t)e->ncells + 1);
    int head = 0, tail = 0;
    seen[r] = 1;
    queue[tail++] = r;
    while (head < tail) {
        Cell c = queue[head++];
        for (int i = e->step_at[c]; i < e->step_at[c + 1]; i++) {
            Cell t = e->step[i];
            if (seen[t]) continue;
            seen[t] = 1;
            Piece p = open.board[t];
            if ((p && PIECE_OWNER(p) == q) || attacked_by(&open, t, s)) continue;
            queue[tail++] = t;
        }
    }
    return tail;
}

/* p's score against the players still in: their mean, and with three or more players the
 * leader's lead over it weighted by `lead` (the one to catch). */
static int relative(const Eval *e, const Position *pos, const int *score, int p)
{
    if (pos->v->nplayers == 2) /* the one other player is the mean and the leader */
        return pos->alive & (1u << (1 - p)) ? score[p] - score[1 - p] : score[p];
    int others = 0, n = 0, best = 0;
    for (int q = 0; q < pos->v->nplayers; q++) {
        if (q == p || !(pos->alive & (1u << q))) continue;
        if (!n || score[q] > best) best = score[q];
        others += score[q];
        n++;
    }
    if (!n) return score[p];
    int mean = others / n;
    return score[p] - mean - e->w.lead * (best - mean) / 100;
}

/* --- the sums, kept move by move --------------------------------------------------------- */

/* The word of sums->cells where a piece p on c has its bit (NULL for a royal piece). */
static inline uint64_t *cells_word(const Eval *e, EvalSums *sums, Piece p, Cell c)
{
    uint8_t f = e->kind[PIECE_KIND(p)];
    return f & EVAL_ROYAL ? NULL : &sums->cells[c / 64][PIECE_OWNER(p)][!!(f & EVAL_PAWN)];
}

static inline void sums_add(const Eval *e, EvalSums *sums, Piece p, Cell c)
{
    EvalSide *s = &sums->side[PIECE_OWNER(p)];
    const EvalSide *k = &e->counts[PIECE_KIND(p)];
    uint64_t *w = cells_word(e, sums, p, c);
    if (w) *w |= 1ull << (c % 64);
    s->score += e->psq[(size_t)(p & 0x7f) * (e->ncells + 1) + c];
    s->material += k->material;
    s->nonroyal += k->nonroyal;
    s->pawns += k->pawns;
}

static inline void sums_sub(const Eval *e, EvalSums *sums, Piece p, Cell c)
{
    EvalSide *s = &sums->side[PIECE_OWNER(p)];
    const EvalSide *k = &e->counts[PIECE_KIND(p)];
    uint64_t *w = cells_word(e, sums, p, c);
    if (w) *w &= ~(1ull << (c % 64));
    s->score -= e->psq[(size_t)(p & 0x7f) * (e->ncells + 1) + c];
    s->material -= k->material;
    s->nonroyal -= k->nonroyal;
    s->pawns -= k->pawns;
}

static void sums_banks(const Eval *e, const Position *pos, EvalSums *sums)
{
    for (int q = 0; q < e->v->nplayers; q++) {
        int bank = 0;
        for (int k = 1; k <= e->v->ntypes; k++)
            if (pos->hand[q][k] | pos->pool[q][k]) /* most are empty */
                bank +=
                    (pos->hand[q][k] * e->w.hand + pos->pool[q][k] * e->w.pool) * e->value[k] / 100;
        sums->side[q].bank = bank;
    }
}

void eval_sums(const Eval *e, const Position *pos, EvalSums *sums)
{
    memset(sums, 0, sizeof *sums);
    if (!e->psq) return;
    for (Cell c = 1; c <= e->ncells; c++)
        if (pos->board[c]) sums_add(e, sums, pos->board[c], c);
    sums_banks(e, pos, sums);
}

void eval_sums_copy(const Eval *e, EvalSums *to, const EvalSums *from)
{
    memcpy(to->side, from->side, sizeof to->side);
    memcpy(to->cells, from->cells, (size_t)e->words * sizeof to->cells[0]);
}

/* The royal cell only while q's royal piece stands there: a search that passes turns
 * (best-reply) may let another player take it. */
static void add_royal_cell(const Position *pos, int q, uint64_t *cells)
{
    Cell r = pos->royal[q];
    if (r && pos->board[r] && PIECE_OWNER(pos->board[r]) == q) cells[r / 64] |= 1ull << (r % 64);
}

bool eval_own_cells(const Eval *e, const Position *pos, const EvalSums *sums, int q, uint64_t *own)
{
    if (!e->psq) return false;
    for (int w = 0; w < e->words; w++) own[w] = sums->cells[w][q][0] | sums->cells[w][q][1];
    add_royal_cell(pos, q, own);
    return true;
}

void eval_enemy_cells(const Eval *e, const Position *pos, const EvalSums *sums, int q,
                      uint64_t *enemy)
{
    memset(enemy, 0, (size_t)e->words * sizeof *enemy);
    for (int o = 0; o < e->v->nplayers; o++) {
        if (o == q) continue;
        for (int w = 0; w < e->words; w++) enemy[w] |= sums->cells[w][o][0] | sums->cells[w][o][1];
        add_royal_cell(pos, o, enemy);
    }
}

/* The pieces a move took off and put on are worked out from the undo record, not read from
 * the board, where an elimination that followed the move may have removed them again. */
void eval_sums_move(const Eval *e, const Position *pos, const Undo *u, EvalSums *sums)
{
    if (!e->psq) return;
    Move m = u->m;
    int us = u->stm;
    Piece moved = u->moved & (Piece)~PIECE_FRESH;
    if (u->captured) sums_sub(e, sums, u->captured, u->capcell);
    switch (m.kind) {
    case MOVE_NORMAL:
    case MOVE_DOUBLE:
    case MOVE_EP:
        sums_sub(e, sums, moved, m.from);
        sums_add(e, sums, m.promo ? MAKE_PIECE(us, m.promo) : moved, m.to);
        break;
    case MOVE_DROP: sums_add(e, sums, MAKE_PIECE(us, m.promo), m.to); break;
    case MOVE_EXCHANGE:
        sums_sub(e, sums, moved, m.from);
        sums_sub(e, sums, u->partner, m.to);
        sums_add(e, sums, moved, m.to);
        sums_add(e, sums, u->partner, m.from);
        break;
    case MOVE_CASTLE: {
        const Castle *cs = &e->v->castle[m.promo];
        sums_sub(e, sums, moved, m.from);
        sums_sub(e, sums, u->partner, cs->rook_from[us]);
        sums_add(e, sums, moved, m.to);
        sums_add(e, sums, u->partner, cs->rook_to[us]);
        break;
    }
    default: break; /* a capture without moving is all in u->captured */
    }
    for (int i = 0; i < u->nremoved; i++)
        sums_sub(e, sums, u->removed_piece[i], u->removed_cell[i]);
    /* hands and pools change only by a capture (the piece taken may go to one), a drop or a
     * promotion that takes a piece from the pool: other moves leave the banks as they were */
    if (e->banks && (u->captured || m.kind == MOVE_DROP || u->pool_used)) sums_banks(e, pos, sums);
}

/* --- the terms --------------------------------------------------------------------------- */

/* The cheap terms, from the sums: material, placement, hands and pools, the bare-king threat,
 * mop-up. */
static void quick_terms(const Eval *e, const Position *pos, const EvalSums *sums, int *score)
{
    const Variant *v = pos->v;
    int np = v->nplayers;
    const EvalSide *side = sums->side;
    for (int q = 0; q < np; q++) {
        score[q] = side[q].score + side[q].bank;
        if (v->bare_king != BARE_NONE && side[q].nonroyal == 1) score[q] -= e->w.bare;
    }
    /* mop-up: a lone or outnumbered royal piece without pawns is driven to the cells where it
     * has the fewest moves, and the strong side's royal piece comes closer */
    for (int q = 0; q < np; q++) {
        Cell rq = pos->royal[q];
        if (!rq || !(pos->alive & (1u << q)) || side[q].pawns) continue;
        for (int s = 0; s < np; s++) {
            Cell rs = pos->royal[s];
            if (s == q || !rs || !(pos->alive & (1u << s))) continue;
            if (side[s].material < side[q].material + 400) continue;
            int d = e->dist[(size_t)rs * (e->ncells + 1) + rq];
            score[s] += e->w.edge * e->edge[rq] + e->w.box * (e->ncells - box(e, pos, q, s));
            if (d != FAR) score[s] += e->w.close * (e->maxdist - d);
        }
    }
}

/* mobility for a plain slider of the side to move on c, with the cells of the enemy pieces
 * it can take added to hits (EvalHits). */
static int mobility_hits(const Eval *e, const Position *pos, int o, size_t at, Cell c,
                         EvalHits *hits)
{
    const EvalRun *r = e->runs + e->runs_at[at], *end = e->runs + e->runs_at[at + 1];
    if (hits->n < 0 || hits->n + 2 + (end - r) >= EVAL_HITS_MAX) {
        hits->n = -1;
        return mobility(e, pos, o, at);
    }
    Cell *out = hits->cell + hits->n, *t = out + 2;
    int n = 0;
    for (; r < end; r++) {
        int s = 0, reach = r->reach;
        const Cell *ray = r->cells;
        while (s < reach && !pos->board[ray[s]]) s++;
        n += s * r->quiet;
        if (s < reach && PIECE_OWNER(pos->board[ray[s]]) != o && r->take) {
            n++;
            *t++ = ray[s];
        }
    }
    out[0] = c, out[1] = (Cell)(t - out - 2);
    hits->n = (int)(t - hits->cell);
    return n;
}

/* Whether a promoting piece of o (at: its slot) has no enemy pawn in its way. */
static bool passed(const Eval *e, int o, size_t at, uint64_t (*pawns)[MAX_CELLS / 64 + 1])
{
    const uint64_t *cone = e->cone + at * e->words;
    for (int q = 0; q < e->v->nplayers; q++)
        if (q != o && any_common(cone, pawns[q], e->words)) return false;
    return true;
}

/* The costly terms: slider mobility, passed pieces, attackers and shelter around each royal
 * piece. */
static void full_terms(const Eval *e, const Position *pos, const EvalSums *sums, int *score,
                       EvalHits *hits)
{
    const Variant *v = pos->v;
    int np = v->nplayers;
    uint64_t pawns[MAX_PLAYERS][MAX_CELLS / 64 + 1]; /* each player's, for passed */
    for (int q = 0; q < np; q++)
        for (int w = 0; w < e->words; w++) pawns[q][w] = sums->cells[w][q][1];
    int attack[MAX_PLAYERS] = {0};
    Cell royal[MAX_PLAYERS];
    for (int q = 0; q < np; q++) royal[q] = pos->alive & (1u << q) ? pos->royal[q] : NO_CELL;
    /* the pieces that are not royal, read from the bits the sums keep */
    for (int o = 0; o < np; o++) {
        bool want_hits = hits && o == pos->stm;
        for (int w = 0; w < e->words; w++)
            for (uint64_t x = sums->cells[w][o][0] | pawns[o][w]; x; x &= x - 1) {
                Cell c = (Cell)(w * 64 + __builtin_ctzll(x));
                Piece p = pos->board[c];
                int f = e->kind[PIECE_KIND(p)];
                size_t at = e->slot0[p & 0x7f]; /* its slot on cell 0: + c for its own cell */
                if ((f & EVAL_SLIDER) && e->w.mobility)
                    score[o] += e->w.mobility * (want_hits && (f & EVAL_PLAIN)
                                                     ? mobility_hits(e, pos, o, at + c, c, hits)
                                                     : mobility(e, pos, o, at + c));
                if (f & EVAL_PROMOTES) {
                    int bonus = e->passed[at + c];
                    if (bonus && passed(e, o, at + c, pawns)) score[o] += bonus;
                }
                if (f & EVAL_PAWN) continue;
                /* the enemy royal pieces it attacks around (its own: shelter, below) */
                for (int q = 0; q < np; q++)
                    if (q != o && royal[q])
                        attack[q] += e->near[(at + royal[q]) * e->words + w] >> (c % 64) & 1;
            }
    }
    for (int q = 0; q < np; q++) {
        Cell r = royal[q];
        if (!r) continue;
        /* shelter: its own pieces (neither pawns nor royal) on the cells around it, up to
         * three (counted a bit at a time: a machine without a popcount instruction would
         * call a library function for each word) */
        int shelter = 0;
        for (int w = 0; w < e->words && shelter < 3; w++)
            for (uint64_t x = e->around[(size_t)r * e->words + w] & sums->cells[w][q][0];
                 x && shelter < 3; x &= x - 1)
                shelter++;
        score[q] -= e->w.attack * attack[q] * attack[q];
        score[q] += e->w.shelter * shelter;
    }
}

int eval_lazy(const Eval *e, const Position *pos, const EvalSums *sums, int p, int lo, int hi,
              bool *full, EvalHits *hits)
{
    *full = true;
    if (hits) hits->n = -1;
    int score[MAX_PLAYERS] = {0};
    if (!e->psq) { /* no tables: material only */
        for (Cell c = 1; c <= pos->v->board.ncells; c++)
            if (pos->board[c])
                score[PIECE_OWNER(pos->board[c])] += e->value[PIECE_KIND(pos->board[c])];
        return relative(e, pos, score, p);
    }
    quick_terms(e, pos, sums, score);
    int quick = relative(e, pos, score, p);
    if (quick - EVAL_LAZY_MARGIN >= hi || quick + EVAL_LAZY_MARGIN <= lo) {
        *full = false;
        return quick;
    }
    if (hits) hits->n = e->w.mobility ? 0 : -1;
    full_terms(e, pos, sums, score, hits);
    if (hits && hits->n >= 0) hits->cell[hits->n] = 0;
    return relative(e, pos, score, p);
}

int eval_position(const Eval *e, const Position *pos, int p)
{
    bool full;
    EvalSums sums;
    eval_sums(e, pos, &sums);
    return eval_lazy(e, pos, &sums, p, -EVAL_LAZY_MARGIN - 1000000, EVAL_LAZY_MARGIN + 1000000,
                     &full, NULL);
}
