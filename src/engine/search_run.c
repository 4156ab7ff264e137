/* search_run.c — the computer's search as search.h offers it: iterative deepening with the
 * lines of each depth, the helper threads of lazy SMP, the limits (time, nodes, depth, the
 * hooks' stop) and the reports; the tree itself is searched by search.c. */
#include "search_int.h"

#include "level.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* --- limits and reports -------------------------------------------------------------------- */

uint64_t search_total_nodes(const Shared *sh)
{
    uint64_t n = 0;
    for (int i = 0; i < sh->nthreads; i++)
        n += atomic_load_explicit(&sh->thread[i]->nodes, memory_order_relaxed);
    return n;
}

void search_report(Search *s)
{
    Shared *sh = s->sh;
    SearchResult *r = sh->result;
    r->nodes = search_total_nodes(sh);
    r->seconds = steady_now() - sh->start;
    if (sh->hooks->progress) sh->hooks->progress(r, sh->hooks->ctx);
}

/* Whether the interrupt hook or the hooks' stop flag asks the search to end (the main
 * thread's to read). */
bool search_stop_asked(const Shared *sh)
{
    return interrupted() || (sh->hooks->stop && atomic_load(sh->hooks->stop));
}

static void keep_line(Search *s, SearchLine *line, int score)
{
    line->score = score;
    line->len = s->pvlen[0] < SEARCH_MAX_PV ? s->pvlen[0] : SEARCH_MAX_PV;
    memcpy(line->pv, s->pv[0], (size_t)line->len * sizeof(Move));
    /* restore the en passant cells the table's moves lost, through the position */
    Position pos = s->pos;
    for (int i = 0; i < line->len; i++) {
        MoveList ml;
        gen_legal(&pos, &ml);
        int j = 0;
        while (j < ml.n && !tt_move_is(line->pv[i], ml.m[j])) j++;
        if (j == ml.n) {
            line->len = i;
            break;
        }
        Undo u;
        line->pv[i] = ml.m[j];
        play_move(&pos, ml.m[j], &u);
    }
}

/* Whether m stands among the first n root moves (after a search of the root, those it
 * searched before the n-th). Fail-lows of the aspiration window reorder the root's moves,
 * so the last depth's best move is not always the first of them. */
static bool searched_before(const MoveList *ml, Move m, int n)
{
    for (int i = 0; i < n; i++)
        if (move_equal(ml->m[i], m)) return true;
    return false;
}

/* The k lines of a depth into the result, best first: later lines may score above earlier
 * ones found with other windows. */
static void publish_lines(Search *s, SearchLine *found, int k)
{
    SearchResult *r = s->sh->result;
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && found[j].score > found[j - 1].score; j--) {
            SearchLine t = found[j];
            found[j] = found[j - 1];
            found[j - 1] = t;
        }
    memcpy(r->line, found, (size_t)k * sizeof *found);
    r->nlines = k;
    r->score = found[0].score;
    r->best = found[0].len ? found[0].pv[0] : s->moves.m[0];
}

/* The static value for the root player after root move m, its answers unseen. */
static void static_after(Search *s, Move m, int *score)
{
    search_level_score(s, m, 0, score);
}

/* Iterative deepening: the main thread keeps the lines of every completed depth in the
 * result; helper threads search alongside, every other one a ply deeper, and feed the table. */
static void deepen(Search *s)
{
    Shared *sh = s->sh;
    const SearchLimits *lim = sh->lim;
    SearchResult *r = sh->result;
    int limit = lim->depth > 0 && lim->depth < MAX_PLY - 8 ? lim->depth : MAX_PLY - 8;
    if (s->moves.n == 1) limit = 1; /* no choice: a score is all there is to find */
    int lines = s->id ? 1 : lim->multipv > 1 ? lim->multipv : 1;
    if (lines > SEARCH_MAX_MULTIPV) lines = SEARCH_MAX_MULTIPV;
    if (lines > s->moves.n) lines = s->moves.n;
    int last[SEARCH_MAX_MULTIPV] = {0};
    for (int depth = 1 + (s->id & 1); depth <= limit; depth++) {
        SearchLine found[SEARCH_MAX_MULTIPV];
        int k = 0;
        for (; k < lines; k++) {
            int sc = search_line(s, depth, last[k], k);
            if (s->stop) break;
            last[k] = sc;
            keep_line(s, &found[k], sc);
        }
        if (s->id) {
            if (s->stop) return;
            continue;
        }
        if (k == 0 && lines == 1 && s->better && !level_below_full(lim) &&
            searched_before(&s->moves, r->best, s->better)) {
            /* stopped in the middle of a depth after a move beat the last depth's best (or,
             * in a first depth cut by the time, the first move): that move, searched to the
             * new depth, is the better choice */
            keep_line(s, &r->line[0], s->better_score);
            r->score = s->better_score;
            r->best = s->moves.m[s->better];
            r->unfinished = true;
            search_report(s);
        } else if (k < lines && !sh->first_done && !level_below_full(lim)) {
            /* a first depth cut by the time: the lines it ended; else the first move, with
             * its value if it has one, or the static value after it when not even it ended */
            if (k) {
                publish_lines(s, found, k);
            } else {
                if (s->first_searched) keep_line(s, &r->line[0], s->first_score);
                r->nlines = s->first_searched;
                r->score = s->first_score;
                if (!s->first_searched) static_after(s, s->moves.m[0], &r->score);
            }
            r->unfinished = true;
        }
        if (k == lines) {
            publish_lines(s, found, k);
            r->depth = depth;
            r->unfinished = false;
            sh->first_done = true;
            search_report(s);
        }
        /* a stop asked while this depth ended (by its own report, often) ends the search
         * here: the next node check could come only after the next depth, which the
         * helpers' table entries may let it finish in a few hundred nodes */
        if (search_stop_asked(sh)) s->stop = true;
        if (s->stop) return;
        if (r->score > MATE_BOUND || r->score < -MATE_BOUND) return; /* a forced end */
        /* A time per move is used to the end: what an unfinished depth finds is kept (above).
         * A level searches to its own depth; it stops when the next could not end. */
        if (level_below_full(lim) && lim->time > 0 && steady_now() - sh->start > lim->time / 2)
            return;
        if (sh->max_nodes && search_total_nodes(sh) >= sh->max_nodes) return;
    }
}

static void *helper_main(void *arg)
{
    deepen(arg);
    return NULL;
}

/* --- the interface ------------------------------------------------------------------------- */

Engine *engine_new(int hash_mb)
{
    if (hash_mb <= 0) hash_mb = ENGINE_DEFAULT_HASH_MB;
    if (hash_mb > ENGINE_MAX_HASH_MB) hash_mb = ENGINE_MAX_HASH_MB;
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    if (!tt_init(&e->tt, (size_t)hash_mb)) {
        free(e);
        return NULL;
    }
    return e;
}

void engine_free(Engine *e)
{
    if (!e) return;
    tt_free(&e->tt);
    free(e);
}

void engine_clear(Engine *e)
{
    tt_clear(&e->tt);
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

int search_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

/* Threads for these limits: as asked; by default one per core, but one for a search bounded
 * only by nodes or depth, which is meant to be reproducible. */
static int threads_for(const SearchLimits *lim)
{
    int n = lim->threads;
    if (n <= 0) n = lim->time <= 0 && (lim->nodes || lim->depth) ? 1 : search_default_threads();
    return n > MAX_THREADS ? MAX_THREADS : n;
}

/* Whether the opponents of `root` have no more than SEARCH_FEW_PIECES pieces between them, on
 * the board or in hand, that are neither royal nor pawns (the auto scheme's paranoid search). */
static bool few_pieces(const Position *pos, int root)
{
    const Variant *v = pos->v;
    int n = 0;
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (!p || PIECE_OWNER(p) == root) continue;
        const PieceType *pt = &v->type[PIECE_KIND(p)];
        n += !pt->royal && !pt->pawn;
    }
    for (int q = 0; q < v->nplayers; q++) {
        if (q == root) continue;
        for (int k = 1; k <= v->ntypes; k++)
            if (!v->type[k].royal && !v->type[k].pawn) n += pos->hand[q][k];
    }
    return n <= SEARCH_FEW_PIECES;
}

static Search *search_new(Shared *sh, const Game *g, int id)
{
    Search *s = calloc(1, sizeof *s);
    /* a ply of best-reply search may add two keys (a pass and a move), and one more while
     * the other opponent's moves are generated */
    if (s) s->keys = malloc(((size_t)g->nplies + 2 * MAX_PLY + 4) * sizeof *s->keys);
    if (!s || !s->keys) {
        free(s);
        return NULL;
    }
    s->evals = calloc(EVAL_SLOTS, sizeof *s->evals); /* none: every value worked out */
    s->id = id;
    s->sh = sh;
    s->pos = g->pos;
    s->v = g->v;
    s->root = g->pos.stm;
    s->teams = g->v->nplayers > 2;
    s->quick_check =
        g->v->nplayers == 2 && pos_players_left(&s->pos) == 2 &&
        !attacked_by(&s->pos, s->pos.royal[pos_next_player(&s->pos, s->root)], s->root);
    int scheme = sh->lim->scheme ? sh->lim->scheme : SEARCH_DEFAULT_SCHEME;
    if (scheme == SEARCH_AUTO) scheme = few_pieces(&s->pos, s->root) ? SEARCH_PARANOID : SEARCH_BRS;
    s->brs = s->teams && (scheme == SEARCH_BRS || scheme == SEARCH_BRS_PLUS);
    s->plus = s->teams && scheme == SEARCH_BRS_PLUS;
    /* paranoid and best-reply values of one position differ: auto may change scheme between
     * two searches sharing the table */
    s->salt =
        s->teams ? (uint64_t)(s->root + 1 + 4 * s->brs + 8 * s->plus) * 0x9e3779b97f4a7c15ULL : 0;
    eval_prepare(&s->eval, s->v);
    eval_sums(&s->eval, &s->pos, &s->sums[0]);
    s->checks[0] = -1;
    s->keys[s->nkeys++] = g->start.hash;
    for (int i = 0; i < g->nplies; i++) s->keys[s->nkeys++] = g->plies[i].hash;
    return s;
}

static void search_delete(Search *s)
{
    if (!s) return;
    eval_free(&s->eval);
    free(s->evals);
    free(s->keys);
    free(s);
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
    Shared *sh = e ? calloc(1, sizeof *sh) : NULL;
    if (sh) sh->lim = lim;
    Search *s = sh ? search_new(sh, g, 0) : NULL;
    if (!s) {
        free(sh);
        engine_free(own);
        return r;
    }
    if (e->variant != g->v || strcmp(e->variant_name, g->v->name)) {
        if (e->variant) engine_clear(e); /* a new table is clear already */
        e->variant = g->v;
        snprintf(e->variant_name, sizeof e->variant_name, "%s", g->v->name);
    }
    tt_new_search(&e->tt);
    sh->tt = &e->tt;
    sh->hooks = hooks ? hooks : &no_hooks;
    sh->result = &r;
    sh->max_nodes = lim->nodes;
    sh->start = steady_now();
    sh->deadline = lim->time > 0 ? sh->start + lim->time : 1e300;
    /* A first depth always ends, else there would be no move worth the name; but where the
     * captures explode (three players, both opponents taking) it can take minutes, so it
     * too is cut at twice the time, with the best root move searched so far. */
    sh->last_resort = lim->time > 0 ? sh->start + 2 * lim->time : 1e300;
    sh->next_report = sh->start + 0.25;
    sh->thread[sh->nthreads++] = s;

    gen_legal(&s->pos, &s->moves);
    if (s->moves.n) {
        r.found = true;
        r.best = s->moves.m[0];
        /* the table's move first, the rest as generated */
        TTEntry te;
        if (tt_probe(sh->tt, tt_key(s), &te))
            for (int i = 1; i < s->moves.n; i++)
                if (tt_move_is(te.move, s->moves.m[i])) {
                    Move m = s->moves.m[i];
                    memmove(&s->moves.m[1], &s->moves.m[0], (size_t)i * sizeof(Move));
                    s->moves.m[0] = m;
                }
        int want = s->moves.n > 1 ? threads_for(lim) : 1;
        pthread_t tid[MAX_THREADS];
        int started = 1;
        for (; started < want; started++) {
            Search *h = search_new(sh, g, started);
            if (!h) break;
            h->moves = s->moves;
            sh->thread[sh->nthreads++] = h;
        }
        for (int i = 1; i < started; i++)
            if (pthread_create(&tid[i], NULL, helper_main, sh->thread[i])) {
                started = i; /* fewer helpers than asked: the others stay idle */
                break;
            }
        deepen(s);
        bool cut = s->stop; /* by the time, the nodes or the stop flag */
        atomic_store(&sh->stop, true);
        for (int i = 1; i < started; i++) pthread_join(tid[i], NULL);
        /* a level's choice searches on alone: the helpers' stop must not end it */
        atomic_store(&sh->stop, false);
        /* a level chooses after its depth; when the time cut even the first (the captures
         * explode), among the moves as they stand rather than play the search's first */
        if (level_below_full(lim) && (!cut || !r.depth))
            r.best = level_choose(&s->pos, &s->moves, cut ? -1 : r.depth, r.best, lim,
                                  search_level_score, s);
        if (!r.nlines) {
            r.nlines = 1;
            r.line[0].len = 1;
            r.line[0].pv[0] = r.best;
            r.line[0].score = r.score;
        }
    }
    r.nodes = search_total_nodes(sh);
    r.seconds = steady_now() - sh->start;
    for (int i = 0; i < sh->nthreads; i++) search_delete(sh->thread[i]);
    free(sh);
    engine_free(own);
    return r;
}
