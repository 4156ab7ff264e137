/* search.c — the computer opponent (see search.h). Values are always from the point of view
 * of the player the search is for ("root"): that player's turns maximise, everyone else's
 * minimise. With two players this is ordinary minimax; with three it is paranoid search,
 * which assumes both opponents play against the root player — pessimistic, but it prunes
 * as well as two-player alpha-beta and never walks into a two-against-one attack. */
#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF     1000000
#define MATE    100000
#define MAX_PLY 64
#define TT_BITS 18
#define PARTIAL 400 /* a 3/4 - 1/4 result, worth a few pawns but less than a mate */

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    Move move;
    int32_t score;
    int8_t depth;
    uint8_t flag;
} TTEntry;

typedef struct {
    Position pos;
    const Variant *v;
    int root;
    double deadline;
    bool stop;
    uint64_t nodes;
    TTEntry *tt;
    Move killers[MAX_PLY][2];
    int history[MAX_CELLS + 1][MAX_CELLS + 1];
    uint64_t path[4096]; /* keys of the game so far and of the line being searched */
    int npath;
    int centre[MAX_CELLS + 1];
} Search;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- evaluation ------------------------------------------------------------------------ */

/* How central a cell is: the cells one step away in any direction but leaps. */
static void centre_table(const Variant *v, int *centre)
{
    const Board *b = &v->board;
    for (Cell c = 1; c <= b->ncells; c++) {
        centre[c] = 0;
        for (int d = 0; d < b->ndirs; d++)
            if (b->dir[d].atom != 'N' && b->ray[c][d][0]) centre[c]++;
    }
}

static int material(const Position *pos, int p, const int *centre)
{
    const Variant *v = pos->v;
    int sum = 0;
    for (Cell c = 1; c <= v->board.ncells; c++) {
        Piece pc = pos->board[c];
        if (!pc || PIECE_OWNER(pc) != p) continue;
        const PieceType *pt = &v->type[PIECE_KIND(pc)];
        sum += pt->value;
        if (!pt->royal) sum += 2 * centre[c];
    }
    for (int k = 1; k <= v->ntypes; k++) sum += pos->hand[p][k] * v->type[k].value * 4 / 5;
    return sum;
}

static int eval_with(const Position *pos, int p, const int *centre)
{
    const Variant *v = pos->v;
    int mine = material(pos, p, centre), others = 0, n = 0;
    for (int q = 0; q < v->nplayers; q++) {
        if (q == p || !(pos->alive & (1u << q))) continue;
        others += material(pos, q, centre);
        n++;
    }
    return n ? mine - others / n : mine;
}

int evaluate(const Position *pos, int p)
{
    int centre[MAX_CELLS + 1];
    centre_table(pos->v, centre);
    return eval_with(pos, p, centre);
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

static bool time_up(Search *s)
{
    if ((s->nodes & 2047) == 0 && (now() > s->deadline || interrupted())) s->stop = true;
    return s->stop;
}

static bool repeated(const Search *s)
{
    uint64_t key = s->pos.hash;
    int limit = s->pos.halfmove;
    for (int i = s->npath - 2; i >= 0 && s->npath - 1 - i <= limit; i--)
        if (s->path[i] == key) return true;
    return false;
}

/* Value of a position where the player to move has no legal move. */
static int no_moves(Search *s, int ply)
{
    Position *pos = &s->pos;
    int stm = pos->stm, root = s->root;
    int sign = stm == root ? -1 : 1; /* good for the root when someone else is stuck */
    if (in_check(pos)) return sign * (MATE - ply);
    if (s->v->nplayers > 2) return 0;
    switch (s->v->stalemate) {
    case STALEMATE_DRAW: return 0;
    case STALEMATE_WIN: return sign * (MATE - ply);
    case STALEMATE_LOSS: return -sign * (MATE - ply);
    case STALEMATE_34: return sign * PARTIAL;
    }
    return 0;
}

/* A finished game: the root player is out, or is the only one left. */
static bool decided(Search *s, int ply, int *value)
{
    const Position *pos = &s->pos;
    if (!(pos->alive & (1u << s->root))) return *value = -(MATE - ply), true;
    if (pos_players_left(pos) < 2) return *value = MATE - ply, true;
    return false;
}

static void play(Search *s, Move m, Undo *u)
{
    play_move(&s->pos, m, u);
    if (s->npath < (int)(sizeof s->path / sizeof s->path[0])) s->path[s->npath++] = s->pos.hash;
}

static void unplay(Search *s, const Undo *u)
{
    pos_unmake(&s->pos, u);
    s->npath--;
}

static int quiesce(Search *s, int alpha, int beta, int ply)
{
    int value;
    s->nodes++;
    if (time_up(s)) return 0;
    if (decided(s, ply, &value)) return value;
    bool maximise = s->pos.stm == s->root;
    int stand = eval_with(&s->pos, s->root, s->centre);
    if (ply >= MAX_PLY - 1) return stand;
    if (maximise ? stand >= beta : stand <= alpha) return stand;
    if (maximise && stand > alpha) alpha = stand;
    if (!maximise && stand < beta) beta = stand;
    MoveList ml;
    gen_legal(&s->pos, &ml);
    if (!ml.n) return no_moves(s, ply);
    order(s, &ml, (Move){0}, ply);
    int best = stand;
    for (int i = 0; i < ml.n; i++) {
        if (!is_tactical(&s->pos, ml.m[i])) continue;
        Undo u;
        play(s, ml.m[i], &u);
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
    if (decided(s, ply, &value)) return value;
    if (ply > 0 && repeated(s)) return 0;
    if (s->v->move_rule && s->pos.halfmove >= s->v->move_rule * pos_players_left(&s->pos)) return 0;
    if (depth <= 0) return quiesce(s, alpha, beta, ply);

    TTEntry *e = &s->tt[s->pos.hash & ((1u << TT_BITS) - 1)];
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
    if (!ml.n) return no_moves(s, ply);
    order(s, &ml, tt_move, ply);

    bool maximise = s->pos.stm == s->root;
    int a0 = alpha, b0 = beta;
    int best = maximise ? -INF : INF;
    Move best_move = ml.m[0];
    for (int i = 0; i < ml.n; i++) {
        Move m = ml.m[i];
        Undo u;
        play(s, m, &u);
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

SearchResult search_move(const Game *g, double seconds, int max_depth)
{
    SearchResult r;
    memset(&r, 0, sizeof r);
    Search *s = calloc(1, sizeof *s);
    if (!s) return r;
    s->tt = calloc(1u << TT_BITS, sizeof *s->tt);
    if (!s->tt) {
        free(s);
        return r;
    }
    s->pos = g->pos;
    s->v = g->v;
    s->root = g->pos.stm;
    double start = now();
    s->deadline = start + seconds;
    centre_table(s->v, s->centre);
    s->path[s->npath++] = g->start.hash;
    for (int i = 0; i < g->nplies && s->npath < 2048; i++) s->path[s->npath++] = g->plies[i].hash;

    MoveList ml;
    gen_legal(&s->pos, &ml);
    if (ml.n) {
        r.found = true;
        r.best = ml.m[0];
        if (ml.n > 1) {
            int limit = max_depth > 0 ? max_depth : MAX_PLY - 8;
            for (int depth = 1; depth <= limit; depth++) {
                Move best = r.best;
                int sc = alphabeta(s, depth, -INF, INF, 0, &best);
                if (s->stop) break;
                r.best = best;
                r.score = sc;
                r.depth = depth;
                if (sc > MATE - MAX_PLY || sc < -(MATE - MAX_PLY)) break; /* a forced end */
                if (now() - start > seconds / 2) break; /* the next iteration would not end */
            }
        }
    }
    r.nodes = s->nodes;
    r.seconds = now() - start;
    free(s->tt);
    free(s);
    return r;
}
