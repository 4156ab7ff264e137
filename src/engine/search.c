/* search.c — the computer opponent (see search.h). Values are always from the point of view
 * of the player the search is for ("root"): that player's turns maximise, everyone else's
 * minimise. With two players this is ordinary minimax; with three it is paranoid search,
 * which assumes both opponents play against the root player — pessimistic, but it prunes
 * as well as two-player alpha-beta and never walks into a two-against-one attack. */
#include "search.h"

#include "eval.h"
#include "level.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF     1000000
#define MATE    SEARCH_MATE
#define MAX_PLY 64
#define PARTIAL 400 /* a 3/4 - 1/4 result, worth a few pawns but less than a mate */

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    Move move;
    int32_t score;
    int8_t depth;
    uint8_t flag;
} TTEntry;

struct Engine {
    TTEntry *tt;
    size_t tt_mask;
    const Variant *variant; /* what the table was filled for: keys of two variants collide */
    char variant_name[MAX_NAME];
};

/* What the search knows of each ply of the line being searched, for the end rules. */
typedef struct {
    bool captured;
    int mover;
} PlyInfo;

typedef struct {
    Position pos;
    const Variant *v;
    int root;
    double start, deadline, next_report;
    bool stop;
    uint64_t nodes, max_nodes;
    TTEntry *tt;
    size_t tt_mask;
    const SearchHooks *hooks;
    SearchResult *result;
    Move killers[MAX_PLY][2];
    int history[MAX_CELLS + 1][MAX_CELLS + 1];
    uint64_t *keys; /* keys of the game so far and of the line being searched */
    int nkeys;
    PlyInfo line[MAX_PLY + 1];
    Eval eval;
} Search;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- ordering ------------------------------------------------------------------------------ */

static int victim_value(const Position *pos, Move m)
{
    Cell c = m.kind == MOVE_EP ? m.extra : m.to;
    if (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE || m.kind == MOVE_EXCHANGE) return 0;
    Piece p = pos->board[c];
    return p ? pos->v->type[PIECE_KIND(p)].value + 1 : 0;
}

static bool is_tactical(const Position *pos, Move m)
{
    return m.promo && m.kind != MOVE_DROP && m.kind != MOVE_CASTLE ? true
                                                                   : victim_value(pos, m) > 0;
}

static void order(Search *s, MoveList *ml, Move tt_move, int ply)
{
    int score[MAX_MOVES];
    const Position *pos = &s->pos;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        int sc = 0;
        int victim = victim_value(pos, m);
        if (move_equal(m, tt_move))
            sc = 1 << 30;
        else if (victim) {
            int attacker =
                m.kind == MOVE_DROP ? 0 : pos->v->type[PIECE_KIND(pos->board[m.from])].value;
            sc = (1 << 24) + victim * 16 - attacker / 8;
        } else if (m.promo && m.kind != MOVE_DROP && m.kind != MOVE_CASTLE) {
            sc = (1 << 23) + pos->v->type[m.promo].value;
        } else if (ply < MAX_PLY &&
                   (move_equal(m, s->killers[ply][0]) || move_equal(m, s->killers[ply][1]))) {
            sc = 1 << 22;
        } else {
            sc = s->history[m.from][m.to];
        }
        score[i] = sc;
    }
    /* insertion sort: lists are short */
    for (int i = 1; i < ml->n; i++) {
        Move m = ml->m[i];
        int sc = score[i], j = i - 1;
        for (; j >= 0 && score[j] < sc; j--) ml->m[j + 1] = ml->m[j], score[j + 1] = score[j];
        ml->m[j + 1] = m;
        score[j + 1] = sc;
    }
}

/* --- search ----------------------------------------------------------------------------------- */

static void report(Search *s);

static bool time_up(Search *s)
{
    if (s->max_nodes && s->nodes >= s->max_nodes) s->stop = true;
    if ((s->nodes & 1023) == 0) {
        double t = now();
        if (t > s->deadline || interrupted() || (s->hooks->stop && atomic_load(s->hooks->stop)))
            s->stop = true;
        else if (t >= s->next_report) {
            s->next_report = t + 0.25;
            report(s);
        }
    }
    return s->stop;
}

/* The value of a finished game for the root player. */
static int ending_value(const Search *s, Ending e, int ply)
{
    if (e.winner < 0) return 0;
    int sign = e.winner == s->root ? 1 : -1;
    return sign * (e.partial ? PARTIAL : MATE - ply);
}

/* Whether the game is over here by the end rules, with its value for the root player. Asked
 * lazily: a position with no legal move is found by the caller's move generation, which then
 * asks again with has_moves 0. */
static bool decided(Search *s, int ply, int has_moves, int *value)
{
    Position *pos = &s->pos;
    if (!(pos->alive & (1u << s->root))) return *value = -(MATE - ply), true;
    const Variant *v = s->v;
    int repeats = v->repetition > 0 ? (v->repetition < 2 ? v->repetition : 2) : 0;
    EndContext ctx = {s->keys,   s->nkeys - 1, repeats, s->line[ply].captured, s->line[ply].mover,
                      has_moves, has_moves < 0};
    Ending e = end_rules(pos, &ctx);
    if (e.kind == END_NONE) return false;
    *value = ending_value(s, e, ply);
    return true;
}

static void play(Search *s, Move m, Undo *u, int ply)
{
    int mover = s->pos.stm;
    play_move(&s->pos, m, u);
    s->keys[s->nkeys++] = s->pos.hash;
    if (ply + 1 <= MAX_PLY) s->line[ply + 1] = (PlyInfo){u->captured != 0, mover};
}

static void unplay(Search *s, const Undo *u)
{
    pos_unmake(&s->pos, u);
    s->nkeys--;
}

static int quiesce(Search *s, int alpha, int beta, int ply)
{
    int value;
    s->nodes++;
    if (time_up(s)) return 0;
    if (decided(s, ply, -1, &value)) return value;
    bool maximise = s->pos.stm == s->root;
    int stand = eval_position(&s->eval, &s->pos, s->root);
    if (ply >= MAX_PLY - 1) return stand;
    if (maximise ? stand >= beta : stand <= alpha) return stand;
    if (maximise && stand > alpha) alpha = stand;
    if (!maximise && stand < beta) beta = stand;
    MoveList ml;
    gen_legal(&s->pos, &ml);
    if (!ml.n && decided(s, ply, 0, &value)) return value;
    order(s, &ml, (Move){0}, ply);
    int best = stand;
    for (int i = 0; i < ml.n; i++) {
        if (!is_tactical(&s->pos, ml.m[i])) continue;
        Undo u;
        play(s, ml.m[i], &u, ply);
        int sc = quiesce(s, alpha, beta, ply + 1);
        unplay(s, &u);
        if (s->stop) return 0;
        if (maximise ? sc > best : sc < best) best = sc;
        if (maximise && best > alpha) alpha = best;
        if (!maximise && best < beta) beta = best;
        if (alpha >= beta) break;
    }
    return best;
}

static int to_tt(int v, int ply)
{
    return v > MATE - MAX_PLY ? v + ply : v < -(MATE - MAX_PLY) ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v > MATE - MAX_PLY ? v - ply : v < -(MATE - MAX_PLY) ? v + ply : v;
}

static int alphabeta(Search *s, int depth, int alpha, int beta, int ply, Move *best_out)
{
    int value;
    s->nodes++;
    if (time_up(s)) return 0;
    if (ply > 0 && decided(s, ply, -1, &value)) return value;
    if (depth <= 0) return quiesce(s, alpha, beta, ply);

    TTEntry *e = &s->tt[s->pos.hash & s->tt_mask];
    Move tt_move = {0};
    if (e->key == s->pos.hash) {
        tt_move = e->move;
        if (ply > 0 && e->depth >= depth) {
            int v = from_tt(e->score, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }
    MoveList ml;
    gen_legal(&s->pos, &ml);
    if (!ml.n && decided(s, ply, 0, &value)) return value;
    order(s, &ml, tt_move, ply);

    bool maximise = s->pos.stm == s->root;
    int a0 = alpha, b0 = beta;
    int best = maximise ? -INF : INF;
    Move best_move = ml.m[0];
    for (int i = 0; i < ml.n; i++) {
        Move m = ml.m[i];
        Undo u;
        play(s, m, &u, ply);
        int sc = alphabeta(s, depth - 1, alpha, beta, ply + 1, NULL);
        unplay(s, &u);
        if (s->stop) return 0;
        if (maximise ? sc > best : sc < best) {
            best = sc;
            best_move = m;
        }
        if (maximise && best > alpha) alpha = best;
        if (!maximise && best < beta) beta = best;
        if (alpha >= beta) {
            if (!is_tactical(&s->pos, m) && ply < MAX_PLY) {
                s->killers[ply][1] = s->killers[ply][0];
                s->killers[ply][0] = m;
                s->history[m.from][m.to] += depth * depth;
            }
            break;
        }
    }
    e->key = s->pos.hash;
    e->move = best_move;
    e->score = to_tt(best, ply);
    e->depth = (int8_t)depth;
    e->flag = best <= a0 ? TT_UPPER : best >= b0 ? TT_LOWER : TT_EXACT;
    if (best_out) *best_out = best_move;
    return best;
}

/* The line the table holds from the root: the best move, then what the table remembers. */
static void collect_pv(Search *s, Move best, SearchLine *line)
{
    Position pos = s->pos;
    line->len = 0;
    for (Move m = best; line->len < SEARCH_MAX_PV && move_is_legal(&pos, m);) {
        Undo u;
        line->pv[line->len++] = m;
        play_move(&pos, m, &u);
        const TTEntry *e = &s->tt[pos.hash & s->tt_mask];
        if (e->key != pos.hash) break;
        m = e->move;
    }
}

/* Scores go out from the mover's side. */
static void report(Search *s)
{
    SearchResult *r = s->result;
    r->nodes = s->nodes;
    r->seconds = now() - s->start;
    if (s->hooks->progress) s->hooks->progress(r, s->hooks->ctx);
}

Engine *engine_new(int hash_mb)
{
    if (hash_mb <= 0) hash_mb = ENGINE_DEFAULT_HASH_MB;
    if (hash_mb > ENGINE_MAX_HASH_MB) hash_mb = ENGINE_MAX_HASH_MB;
    size_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= (size_t)hash_mb << 20) n *= 2;
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->tt = calloc(n, sizeof *e->tt);
    if (!e->tt) {
        free(e);
        return NULL;
    }
    e->tt_mask = n - 1;
    return e;
}

void engine_free(Engine *e)
{
    if (!e) return;
    free(e->tt);
    free(e);
}

void engine_clear(Engine *e)
{
    memset(e->tt, 0, (e->tt_mask + 1) * sizeof *e->tt);
}

SearchLimits search_limits_time(double seconds)
{
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time = seconds;
    return l;
}

void search_score_text(int score, int nplayers, char *buf, size_t len)
{
    int plies = MATE - (score < 0 ? -score : score);
    if (plies >= 0 && plies < MAX_PLY * 4) {
        int n = nplayers < 2 ? 2 : nplayers;
        snprintf(buf, len, "%s in %d", score > 0 ? "mate" : "mated", (plies + n - 1) / n);
    } else {
        snprintf(buf, len, "%+.2f", score / 100.0);
    }
}

/* A root move's score for a level's choice (level.h): searched depth - 1 plies after it,
 * or with depth 0 the position after it as it stands, unless the game is over there. */
static bool level_score(void *ctx, Move m, int depth, int *score)
{
    Search *s = ctx;
    Undo u;
    play(s, m, &u, 0);
    if (depth > 0)
        *score = alphabeta(s, depth - 1, -INF, INF, 1, NULL);
    else if (!decided(s, 1, has_legal_move(&s->pos), score))
        *score = eval_position(&s->eval, &s->pos, s->root);
    unplay(s, &u);
    return !s->stop;
}

SearchResult search_run(Engine *engine, const Game *g, const SearchLimits *full,
                        const SearchHooks *hooks)
{
    const SearchLimits level = level_limits(full), *lim = &level;
    static const SearchHooks no_hooks = {NULL, NULL, NULL};
    SearchResult r;
    memset(&r, 0, sizeof r);
    Engine *own = engine ? NULL : engine_new(4);
    Engine *e = engine ? engine : own;
    Search *s = e ? calloc(1, sizeof *s) : NULL;
    if (s) s->keys = malloc(((size_t)g->nplies + MAX_PLY + 2) * sizeof *s->keys);
    if (!s || !s->keys) {
        if (s) free(s);
        engine_free(own);
        return r;
    }
    if (e->variant != g->v || strcmp(e->variant_name, g->v->name)) {
        if (e->variant) engine_clear(e); /* a new table is clear already */
        e->variant = g->v;
        snprintf(e->variant_name, sizeof e->variant_name, "%s", g->v->name);
    }
    s->tt = e->tt;
    s->tt_mask = e->tt_mask;
    s->hooks = hooks ? hooks : &no_hooks;
    s->result = &r;
    s->pos = g->pos;
    s->v = g->v;
    s->root = g->pos.stm;
    s->max_nodes = lim->nodes;
    s->start = now();
    s->deadline = lim->time > 0 ? s->start + lim->time : 1e300;
    s->next_report = s->start + 0.25;
    eval_prepare(&s->eval, s->v);
    s->keys[s->nkeys++] = g->start.hash;
    for (int i = 0; i < g->nplies; i++) s->keys[s->nkeys++] = g->plies[i].hash;

    MoveList ml;
    gen_legal(&s->pos, &ml);
    if (ml.n) {
        r.found = true;
        r.best = ml.m[0];
        if (ml.n > 1) {
            int limit = lim->depth > 0 && lim->depth < MAX_PLY - 8 ? lim->depth : MAX_PLY - 8;
            for (int depth = 1; depth <= limit; depth++) {
                Move best = r.best;
                int sc = alphabeta(s, depth, -INF, INF, 0, &best);
                if (s->stop) break;
                r.best = best;
                r.score = sc;
                r.depth = depth;
                r.nlines = 1;
                r.line[0].score = sc;
                collect_pv(s, best, &r.line[0]);
                report(s);
                if (sc > MATE - MAX_PLY || sc < -(MATE - MAX_PLY)) break; /* a forced end */
                if (lim->time > 0 && now() - s->start > lim->time / 2)
                    break; /* the next iteration would not end */
            }
        }
        if (level_below_full(lim) && !s->stop)
            r.best = level_choose(&s->pos, &ml, r.depth, r.best, lim, level_score, s);
        if (!r.nlines) {
            r.nlines = 1;
            r.line[0].len = 1;
            r.line[0].pv[0] = r.best;
        }
    }
    r.nodes = s->nodes;
    r.seconds = now() - s->start;
    eval_free(&s->eval);
    free(s->keys);
    free(s);
    engine_free(own);
    return r;
}
