/* search.c — the computer opponent's tree (search_run.c deepens it, runs the threads and is
 * the interface of search.h): a principal-variation search with aspiration windows, a shared
 * transposition table (tt.c), null-move pruning, late-move reductions, check extensions and a
 * quiescence search of captures and promotions with static-exchange pruning; helper threads
 * search the same tree and share what they find through the table (lazy SMP).
 *
 * Values are from the side to move's point of view, negamax style. With three players the
 * player the search is for ("root") plays against a team of both others, so a node's value
 * is from the root's side when the root moves and from the team's side otherwise. Paranoid
 * search lets the two team members move in turn, and two team turns in a row pass the
 * window on unchanged: it prunes like two-player alpha-beta and never walks into a
 * two-against-one attack. Best-reply search (Schadd and Winands, 2011) merges the team's two
 * turns into one ply: the moves of both opponents are searched as one list, the one not
 * moving passing, so a round is two plies instead of three; BRS+ (Esser et al., 2013) has
 * the one not searched play its first move by the move ordering instead of passing. The
 * default (auto) is best-reply search until the opponents have few pieces, paranoid after:
 * a pass hides repetitions that take a move of each opponent, which in a won ending cost the
 * game, and with few pieces paranoid search sees as deep.
 *
 * With two players, quiet moves a few plies before quiescence are pruned by the frontier
 * rule (search_frontier_skips): with three, where static values say less of a position that
 * two opponents may both attack, that measured no better and is off. */
#include "search_int.h"

#include "level.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Count a node; true once the search must end. Only the main thread reads the clock, the
 * interrupt hook and the stop flag of the hooks; the helpers follow the shared flag. */
static bool time_up(Search *s)
{
    Shared *sh = s->sh;
    uint64_t n = atomic_load_explicit(&s->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&s->nodes, n, memory_order_relaxed);
    if (sh->nthreads == 1 && sh->max_nodes && n >= sh->max_nodes && sh->first_done) s->stop = true;
    if ((n & 1023) == 0 && !s->stop) {
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
            s->stop = true;
        } else if (s->id == 0) {
            double t = steady_now();
            bool asked = search_stop_asked(sh);
            bool limit =
                sh->first_done
                    ? t > sh->deadline || (sh->max_nodes && search_total_nodes(sh) >= sh->max_nodes)
                    : t > sh->last_resort;
            if (asked || limit)
                s->stop = true;
            else if (t >= sh->next_report) {
                sh->next_report = t + 0.25;
                search_report(s);
            }
        }
    }
    if (s->stop) atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
    return s->stop;
}

/* --- values -------------------------------------------------------------------------------- */

static inline bool root_side(const Search *s, int player)
{
    return player == s->root;
}

/* A value for the root player, seen from the side to move. */
static inline int for_mover(const Search *s, int v)
{
    return root_side(s, s->pos.stm) ? v : -v;
}

/* Where the full static value of the position with this key is kept. */
static inline EvalSlot *eval_slot(const Search *s, uint64_t key)
{
    return &s->evals[key & (EVAL_SLOTS - 1)];
}

/* The static value where only its place against (alpha, beta) matters: far outside the
 * window the cheap terms alone decide (eval_lazy). Full values are kept by key. */
static int window_eval(Search *s, int alpha, int beta, EvalHits *hits)
{
    if (hits) hits->n = -1;
    uint64_t key = s->pos.hash;
    EvalSlot *slot = s->evals ? eval_slot(s, key) : NULL;
    if (slot && key && slot->key == key) return for_mover(s, slot->value);
    bool root = root_side(s, s->pos.stm), full;
    int lo = root ? alpha : -beta, hi = root ? beta : -alpha;
    int v = eval_lazy(&s->eval, &s->pos, &s->sums[s->at], s->root, lo, hi, &full, hits);
    if (slot && full) *slot = (EvalSlot){key, v};
    return for_mover(s, v);
}

static int static_eval(Search *s)
{
    return window_eval(s, -INF, INF, NULL);
}

/* The value of a finished game for the root player. */
static int ending_value(const Search *s, Ending e, int ply)
{
    if (e.winner < 0) return 0;
    int sign = e.winner == s->root ? 1 : -1;
    return sign * (e.partial ? PARTIAL : MATE - ply);
}

/* Whether the game is over here by the end rules, with its value for the side to move.
 * Asked lazily: a position with no legal move is found by the caller's move generation,
 * which then asks again with has_moves 0. */
static bool decided(Search *s, int ply, int has_moves, int *value)
{
    Position *pos = &s->pos;
    if (!(pos->alive & (1u << s->root))) return *value = for_mover(s, -(MATE - ply)), true;
    const Variant *v = s->v;
    int repeats = v->repetition > 0 ? (v->repetition < 2 ? v->repetition : 2) : 0;
    EndContext ctx = {s->keys,   s->nkeys - 1, repeats, s->line[ply].captured, s->line[ply].mover,
                      has_moves, has_moves < 0};
    Ending e = end_rules(pos, &ctx);
    if (e.kind == END_NONE) return false;
    *value = for_mover(s, ending_value(s, e, ply));
    return true;
}

static int to_tt(int v, int ply)
{
    return v > MATE_BOUND ? v + ply : v < -MATE_BOUND ? v - ply : v;
}

static int from_tt(int v, int ply)
{
    return v > MATE_BOUND ? v - ply : v < -MATE_BOUND ? v + ply : v;
}

/* --- moves --------------------------------------------------------------------------------- */

static int victim_value(const Position *pos, Move m)
{
    if (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE || m.kind == MOVE_EXCHANGE) return 0;
    Piece p = pos->board[m.kind == MOVE_EP ? m.extra : m.to];
    return p ? pos->v->type[PIECE_KIND(p)].value + 1 : 0;
}

static bool is_promotion(Move m)
{
    return m.promo && m.kind != MOVE_DROP && m.kind != MOVE_CASTLE;
}

static int mover_value(const Position *pos, Move m)
{
    return m.kind == MOVE_DROP ? 0 : pos->v->type[PIECE_KIND(pos->board[m.from])].value;
}

enum {
    ORDER_TT = 1 << 30,
    ORDER_CAPTURE = 1 << 26,
    ORDER_PROMOTION = 1 << 25,
    ORDER_KILLER = 1 << 24,
    HISTORY_MAX = 1 << 22
};

/* Ordering keys: the table's move, captures most valuable victim first (least valuable
 * attacker first among equals), promotions, the killers of this ply, then by history. */
static void score_moves(const Search *s, const MoveList *ml, Move tt_move, int ply, int *score)
{
    const Position *pos = &s->pos;
    const PieceType *type = pos->v->type;
    const int(*history)[MAX_CELLS + 1] = s->history[pos->stm];
    Move k0 = s->killers[ply][0], k1 = s->killers[ply][1];
    bool tt = tt_move.to;
    int n = ml->n; /* in locals: a store to score[] could be one to ml->n */
    const Move *moves = ml->m;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        /* victim_value, its commonest case first */
        Piece p = m.kind == MOVE_NORMAL ? pos->board[m.to] : 0;
        int victim = p                       ? type[PIECE_KIND(p)].value + 1
                     : m.kind == MOVE_NORMAL ? 0
                                             : victim_value(pos, m);
        if (tt && tt_move_is(tt_move, m))
            score[i] = ORDER_TT;
        else if (victim)
            score[i] = ORDER_CAPTURE + victim * 16 - mover_value(pos, m) / 8;
        else if (is_promotion(m))
            score[i] = ORDER_PROMOTION + type[m.promo].value;
        else if (move_equal(m, k0))
            score[i] = ORDER_KILLER + 1;
        else if (move_equal(m, k1))
            score[i] = ORDER_KILLER;
        else if (m.kind == MOVE_DROP)
            score[i] = history[m.promo][m.to];
        else
            score[i] = history[PIECE_KIND(pos->board[m.from])][m.to];
    }
}

/* The moves of one node, picked best first lazily, since most nodes are cut off after one
 * or two moves. With best-reply search a node of the two opponents holds two sets: set 0 the
 * side to move's moves, set 1 the next player's (the side to move passing). */
typedef struct {
    MoveList ml;
    int score[MAX_MOVES];
    int next[2], end[2]; /* set k: the moves next[k]..end[k] - 1 not yet picked */
    bool ready[2];       /* the best of set k is at next[k] */
    int player[2];
    int sets;
    bool plus;  /* BRS+ at this node: the other opponent plays a move by ordering instead of
                 * passing (false in quiescence, and when the first move ends the next
                 * player's turn, by an elimination: then both sets pass as in BRS) */
    Move first; /* BRS+: the side to move's first move by ordering, played before set 1's */
    /* Lazy legality (set 0): the list holds every pseudo-legal move of the side to move and a
     * move is tested when the picking reaches it (legal[i]: 0 not yet, 1 legal, 2 not), so
     * that a node cut off after a few moves tests only those. The picking treats the illegal
     * ones as holes and so walks the legal ones exactly as it would the filtered list: the
     * same moves in the same order. */
    bool lazy, prepared;
    int check;      /* for legality_prepare */
    int first_move; /* the place of the first legal move as generated */
    /* Three players: set 0's royal moves onto a cell this player attacks are holes too, as
     * drop_royal_suicides leaves them out (-1: none are) */
    int third;
    Legality legality;
    uint8_t legal[MAX_MOVES];
} Picker;

/* The place of the best of moves i..end - 1 by their ordering keys (the first of equals).
 * Long lists are looked through twice, four keys at a time for the best key and then for its
 * first place: a node that tries all its moves picks from dozens of them again and again. */
typedef int Keys4 __attribute__((vector_size(16)));

int search_best_of(const int *score, int i, int end)
{
    if (end - i < 16) {
        int b = i;
        for (int j = i + 1; j < end; j++)
            if (score[j] > score[b]) b = j;
        return b;
    }
    Keys4 top, next;
    memcpy(&top, score + i, sizeof top);
    int j = i + 4;
    for (; j + 4 <= end; j += 4) {
        memcpy(&next, score + j, sizeof next);
        Keys4 more = next > top;
        top = (next & more) | (top & ~more);
    }
    int best = top[0];
    for (int k = 1; k < 4; k++)
        if (top[k] > best) best = top[k];
    for (; j < end; j++)
        if (score[j] > best) best = score[j];
    for (j = i; score[j] != best; j++) {
    }
    return j;
}

/* Bring the best of moves i..end - 1 to place i. */
static void pick(MoveList *ml, int *score, int i, int end)
{
    int b = search_best_of(score, i, end);
    Move m = ml->m[b];
    int sc = score[b];
    ml->m[b] = ml->m[i], score[b] = score[i];
    ml->m[i] = m, score[i] = sc;
}

enum { LEGAL_UNKNOWN, LEGAL_YES, LEGAL_NO };

/* Whether m walks the side to move's royal piece onto a cell player `third` attacks (see
 * drop_royal_suicides). */
static __attribute__((noinline)) bool royal_suicide(Position *pos, Move m, int third)
{
    return m.from == pos->royal[pos->stm] && m.kind == MOVE_NORMAL &&
           royal_step_attacked(pos, m, third);
}

/* Whether move i of a lazy picker is legal, tested once. An illegal move's ordering key
 * becomes lower than any real one, so that the search for the best move passes it over
 * without looking at its mark. */
static inline __attribute__((always_inline)) bool picker_legal(Picker *pk, Search *s, int i)
{
    if (pk->legal[i] == LEGAL_UNKNOWN) {
        if (!pk->prepared) legality_prepare_lazy(&s->pos, &pk->legality, pk->check);
        pk->prepared = true;
        Move m = pk->ml.m[i];
        bool ok = legality_test(&pk->legality, m) &&
                  !(pk->third >= 0 && royal_suicide(&s->pos, m, pk->third));
        pk->legal[i] = ok ? LEGAL_YES : LEGAL_NO;
        if (!ok) pk->score[i] = INT32_MIN;
    }
    return pk->legal[i] == LEGAL_YES;
}

/* picker_next for a lazy picker: the first legal move left takes the place the filtered list
 * would give the pick (pick), and the best legal move left is swapped there. */
static bool picker_next_lazy(Picker *pk, Search *s, Move *m, int *set, int *key)
{
    int i = pk->next[0], end = pk->end[0];
    while (i < end && !picker_legal(pk, s, i)) i++;
    if (i >= end) return false;
    for (;;) { /* move i is legal, so no illegal one (key INT32_MIN) is ever the best */
        int b = search_best_of(pk->score, i, end);
        if (b != i && !picker_legal(pk, s, b)) continue;
        Move mv = pk->ml.m[b];
        int sc = pk->score[b];
        pk->ml.m[b] = pk->ml.m[i], pk->score[b] = pk->score[i], pk->legal[b] = pk->legal[i];
        pk->ml.m[i] = mv, pk->score[i] = sc, pk->legal[i] = LEGAL_YES;
        break;
    }
    pk->next[0] = i + 1;
    *m = pk->ml.m[i], *set = 0, *key = pk->score[i];
    return true;
}

/* Bring the best move left of set k to its place next[k] (of a lazy set 0, the best legal
 * one, as picker_next_lazy does); false when none is left. */
static bool picker_ready(Picker *pk, Search *s, int k)
{
    int i = pk->next[k], end = pk->end[k];
    if (pk->ready[k]) return true;
    if (k == 0 && pk->lazy) {
        while (i < end && !picker_legal(pk, s, i)) i++;
        pk->next[0] = i;
        if (i >= end) return false;
        int b;
        while ((b = search_best_of(pk->score, i, end)) != i && !picker_legal(pk, s, b)) {
        }
        Move mv = pk->ml.m[b];
        int sc = pk->score[b];
        pk->ml.m[b] = pk->ml.m[i], pk->score[b] = pk->score[i], pk->legal[b] = pk->legal[i];
        pk->ml.m[i] = mv, pk->score[i] = sc, pk->legal[i] = LEGAL_YES;
    } else {
        if (i >= end) return false;
        pick(&pk->ml, pk->score, i, end);
    }
    pk->ready[k] = true;
    return true;
}

/* The best move left of either set, its set and its ordering key; false when none is left. */
static bool picker_next(Picker *pk, Search *s, Move *m, int *set, int *key)
{
    if (pk->lazy && pk->sets == 1) return picker_next_lazy(pk, s, m, set, key);
    int best = -1;
    for (int k = 0; k < pk->sets; k++) {
        if (!picker_ready(pk, s, k)) continue;
        if (best < 0 || pk->score[pk->next[k]] > pk->score[pk->next[best]]) best = k;
    }
    if (best < 0) return false;
    int i = pk->next[best]++;
    pk->ready[best] = false;
    *m = pk->ml.m[i], *set = best, *key = pk->score[i];
    return true;
}

static void reward_quiet(Search *s, Move m, int player, int depth, int ply)
{
    const Position *pos = &s->pos;
    if (!move_equal(m, s->killers[ply][0])) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int k = m.kind == MOVE_DROP ? m.promo : PIECE_KIND(pos->board[m.from]);
    int *h = &s->history[player][k][m.to];
    *h += depth * depth;
    if (*h > HISTORY_MAX) /* age the whole table rather than let one entry saturate */
        for (int p = 0; p < MAX_PLAYERS; p++)
            for (int t = 0; t < MAX_TYPES; t++)
                for (int c = 0; c <= s->v->board.ncells; c++) s->history[p][t][c] /= 2;
}

static void play(Search *s, Move m, Undo *u, int ply)
{
    int mover = s->pos.stm;
    play_move(&s->pos, m, u);
    /* the child's static value is read at random in memory: asked for now, it arrives while
     * the sums are brought up to date */
    if (s->evals) __builtin_prefetch(eval_slot(s, s->pos.hash));
    eval_sums_copy(&s->eval, &s->sums[s->at + 1], &s->sums[s->at]);
    eval_sums_move(&s->eval, &s->pos, u, &s->sums[++s->at]);
    s->checks[s->at] = u->check;
    s->keys[s->nkeys++] = s->pos.hash;
    if (ply + 1 <= MAX_PLY) s->line[ply + 1] = (PlyInfo){u->captured != 0, mover, u, 0};
}

static void unplay(Search *s, const Undo *u)
{
    pos_unmake(&s->pos, u);
    s->nkeys--;
    s->at--;
}

/* Pass the turn: a null move, or the opponent left out by best-reply search. No repetition
 * reaches back across it: the halfmove count starts again, restored with everything else by
 * pos_unmake. */
static void pass_turn(Search *s, Undo *u)
{
    pos_save(&s->pos, (Move){0, 0, MOVE_RESIGN, 0, 0}, u);
    pos_set_stm(&s->pos, pos_next_player(&s->pos, s->pos.stm));
    s->pos.halfmove = 0;
    eval_sums_copy(&s->eval, &s->sums[s->at + 1], &s->sums[s->at]);
    s->checks[++s->at] = -1;
    s->keys[s->nkeys++] = s->pos.hash;
}

static void play_null(Search *s, Undo *u, int ply)
{
    int mover = s->pos.stm;
    pass_turn(s, u);
    if (ply + 1 <= MAX_PLY) s->line[ply + 1] = (PlyInfo){false, mover, NULL, 0};
}

/* Whether the side to move is in check at the node of this ply, found once: with two players
 * from the move that led there (check_after_move; the search plays only legal moves, and a
 * pass only out of check, so the player to move was not attacked before that move); with
 * three, as play_move found it out (checks). */
static bool node_check(Search *s, int ply)
{
    if (s->checks[s->at] >= 0) return s->checks[s->at];
    if (!s->quick_check || ply > MAX_PLY) return in_check(&s->pos);
    PlyInfo *l = &s->line[ply];
    if (!l->check)
        l->check = (l->undo ? check_after_move(&s->pos, l->undo) : in_check(&s->pos)) + 1;
    return l->check == 2;
}

/* Best-reply search at this node: an opponent of the root player to move, and the other
 * opponent still in, so that both opponents' moves make one ply (see the top of the file). */
static bool merged_node(const Search *s, bool check)
{
    if (!s->brs || check || root_side(s, s->pos.stm)) return false;
    return !root_side(s, pos_next_player(&s->pos, s->pos.stm));
}

/* Three players: an opponent of the root player does not walk its royal piece where the
 * player after next could take it, which would give it the last place. Paranoid and
 * best-reply search would otherwise count on such a move as the two opponents' way to a draw
 * (the move rule counts fewer plies once a player is out). Kept when it is the only kind of
 * move left. */
static void drop_royal_suicides(Search *s, MoveList *ml)
{
    Position *pos = &s->pos;
    int us = pos->stm, third = pos_next_player(pos, pos_next_player(pos, us));
    Cell k = pos->royal[us];
    if (s->v->nplayers < 3 || root_side(s, us) || !k || third == us) return;
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.from == k && m.kind == MOVE_NORMAL && royal_step_attacked(pos, m, third)) continue;
        ml->m[n++] = m;
    }
    if (n) ml->n = n;
}

static bool lazy_legality = true; /* search_set_lazy */

void search_set_lazy(bool on)
{
    lazy_legality = on;
}

/* Three players: the player whose attacks make a royal move of the side to move one that
 * drop_royal_suicides leaves out, when ml holds a move of its royal piece; else -1. */
static int suicide_watcher(const Search *s, const MoveList *ml)
{
    const Position *pos = &s->pos;
    int us = pos->stm;
    Cell k = pos->royal[us];
    if (!s->teams || root_side(s, us) || !k) return -1;
    int third = pos_next_player(pos, pos_next_player(pos, us));
    if (third == us) return -1;
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].from == k) return third;
    return -1;
}

/* Set 0 of a lazy picker tested whole and its holes closed up, as the filtered list would
 * stand (the other set's moves must then follow it directly). */
static void picker_settle(Picker *pk, Search *s)
{
    int n = 0;
    for (int i = 0; i < pk->end[0]; i++)
        if (picker_legal(pk, s, i)) pk->ml.m[n] = pk->ml.m[i], pk->score[n++] = pk->score[i];
    pk->ml.n = pk->end[0] = n;
    pk->first_move = 0;
    pk->lazy = false;
}

/* Fill pk with the side to move's moves (tactical: captures and promotions only; check: the
 * side to move is in check), and at a merged node add the next player's as set 1. Whether the
 * side to move has a move (with `need`; else 1 when its legality is left to the picking). The
 * side to move's moves are tested for legality lazily (Picker), as they are picked, but for
 * BRS+'s first move, chosen from the legal ones at once. */
static int gen_node(Search *s, Picker *pk, bool tactical, bool check, bool merged, Move tt_move,
                    int ply, bool need, const Cell *hits)
{
    Position *pos = &s->pos;
    pk->lazy = lazy_legality && !(merged && s->plus && !tactical);
    pk->first_move = 0;
    pk->third = -1;
    if (pk->lazy) {
        uint64_t own[EVAL_WORDS], enemy[EVAL_WORDS];
        const EvalSums *sums = &s->sums[s->at];
        bool kept = eval_own_cells(&s->eval, pos, sums, pos->stm, own);
        if (kept && tactical) eval_enemy_cells(&s->eval, pos, sums, pos->stm, enemy);
        gen_unfiltered_known(pos, &pk->ml, tactical, check, kept ? own : NULL, hits, enemy);
        memset(pk->legal, LEGAL_UNKNOWN, (size_t)pk->ml.n);
        pk->prepared = false;
        pk->check = check;
    } else {
        tactical ? gen_tactical_known(pos, &pk->ml, check) : gen_legal_known(pos, &pk->ml, check);
        drop_royal_suicides(s, &pk->ml);
    }
    score_moves(s, &pk->ml, tt_move, ply, pk->score);
    int own = pk->ml.n;
    pk->next[0] = 0, pk->end[0] = own, pk->ready[0] = false;
    pk->player[0] = pos->stm;
    pk->sets = 1;
    pk->plus = false;
    if (pk->lazy) {
        pk->third = suicide_watcher(s, &pk->ml);
        if (pk->third >= 0) { /* left out only when some legal move is not one */
            while (pk->first_move < own && !picker_legal(pk, s, pk->first_move)) pk->first_move++;
            if (pk->first_move == own) { /* all of them kept: tested again without */
                pk->third = -1;
                pk->first_move = 0;
                memset(pk->legal, LEGAL_UNKNOWN, (size_t)own);
                score_moves(s, &pk->ml, tt_move, ply, pk->score);
            }
        }
        if (need)
            while (pk->first_move < own && !picker_legal(pk, s, pk->first_move)) pk->first_move++;
        int has = need ? pk->first_move < own : 1;
        if (!merged || !has) return has;
    } else if (!merged)
        return own;
    Undo u;
    if (s->plus && !tactical && own) { /* set 1 follows the side to move's first move */
        int next = pos_next_player(pos, pos->stm);
        pk->first = pk->ml.m[search_best_of(pk->score, 0, own)];
        play(s, pk->first, &u, ply);
        pk->plus = pos->stm == next;
        if (!pk->plus) unplay(s, &u);
    }
    if (!pk->plus) pass_turn(s, &u);
    tactical ? gen_tactical(pos, &s->spare) : gen_legal(pos, &s->spare);
    drop_royal_suicides(s, &s->spare);
    score_moves(s, &s->spare, tt_move, ply, s->spare_score);
    pk->player[1] = pos->stm;
    unplay(s, &u);
    if (pk->lazy && own + s->spare.n > MAX_MOVES) { /* the filtered list leaves more room */
        picker_settle(pk, s);
        own = pk->ml.n;
    }
    int n = s->spare.n < MAX_MOVES - own ? s->spare.n : MAX_MOVES - own;
    memcpy(&pk->ml.m[own], s->spare.m, (size_t)n * sizeof(Move));
    memcpy(&pk->score[own], s->spare_score, (size_t)n * sizeof(int));
    pk->ml.n = pk->end[1] = own + n;
    pk->next[1] = own, pk->ready[1] = false;
    pk->sets = 2;
    return pk->lazy ? 1 : own;
}

/* A side that may be in zugzwang: only its royal piece and pawns, or very few pieces. */
static bool zugzwang_prone(const Position *pos)
{
    const Variant *v = pos->v;
    int pieces = 0, us = pos->stm;
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (!p || PIECE_OWNER(p) != us) continue;
        const PieceType *pt = &v->type[PIECE_KIND(p)];
        if (!pt->royal && !pt->pawn) pieces++;
    }
    return pieces < 2;
}

/* --- search -------------------------------------------------------------------------------- */

static int pvs(Search *s, int depth, int alpha, int beta, int ply, bool null_ok);
static int quiesce(Search *s, int depth, int alpha, int beta, int ply);

/* Search the position after a move, from the side that moved: a window passes on unchanged
 * to a partner's turn (the other team member with three players) and negated to an
 * opponent's. depth <= 0 is the quiescence search. */
static int child(Search *s, int mover, int depth, int alpha, int beta, int ply, bool null_ok)
{
    bool same = root_side(s, s->pos.stm) == root_side(s, mover);
    if (depth <= 0)
        return same ? quiesce(s, depth, alpha, beta, ply) : -quiesce(s, depth, -beta, -alpha, ply);
    return same ? pvs(s, depth, alpha, beta, ply, null_ok)
                : -pvs(s, depth, -beta, -alpha, ply, null_ok);
}

static void update_pv(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int n = ply + 1 <= MAX_PLY ? s->pvlen[ply + 1] : 0;
    if (n > MAX_PLY - ply) n = MAX_PLY - ply;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(Move));
    s->pvlen[ply] = n + 1;
}

/* Whether a capture by a more valuable piece lands on a cell the next player defends: the
 * exchange that follows loses material, so quiescence leaves it out. */
static bool losing_capture(Search *s, Move m, int victim)
{
    const Position *pos = &s->pos;
    if (m.kind == MOVE_DROP || is_promotion(m)) return false;
    const PieceType *pt = &pos->v->type[PIECE_KIND(pos->board[m.from])];
    if (pt->royal || pt->value <= victim) return false;
    return attacked_by(pos, m.to, checker_of(pos, pos->stm));
}

/* Whether capturing on `cell` takes its owner's last piece but the royal one: in a variant
 * with a bare-king rule that may win the game, whatever the material says. */
static bool bares(const Search *s, int cell)
{
    const Position *pos = &s->pos;
    const Variant *v = s->v;
    if (v->bare_king == BARE_NONE) return false;
    int owner = PIECE_OWNER(pos->board[cell]), left = 0;
    for (int c = 1; c <= v->board.ncells && left < 2; c++) {
        Piece p = pos->board[c];
        if (p && PIECE_OWNER(p) == owner && !v->type[PIECE_KIND(p)].royal) left++;
    }
    return left < 2;
}

#define DELTA_MARGIN 200 /* a capture that cannot bring the score near alpha is not tried */

/* Whether quiescence leaves out capture or promotion m, with the mover to move: it cannot
 * bring the score near alpha, or it loses the exchange, unless it bares a royal piece. */
static bool futile(Search *s, Move m, int stand, int alpha)
{
    int victim = victim_value(&s->pos, m);
    int gain = victim + (is_promotion(m) ? s->v->type[m.promo].value : 0);
    bool prune = stand + gain + DELTA_MARGIN <= alpha || (victim && losing_capture(s, m, victim));
    return prune && !(victim && bares(s, m.kind == MOVE_EP ? m.extra : m.to));
}

/* BRS+: the side to move's first legal move by the ordering keys (no table probe: the reply
 * stands in for a pass, so it should cost little); false when it has none. */
static bool first_by_order(Search *s, int ply, Move *m)
{
    gen_legal(&s->pos, &s->spare);
    if (!s->spare.n) return false;
    score_moves(s, &s->spare, (Move){0}, ply, s->spare_score);
    *m = s->spare.m[search_best_of(s->spare_score, 0, s->spare.n)];
    return true;
}

/* Play move m of set `set` with the undo records in u; their number. At a merged node the
 * other opponent moves too, before m for set 1 and after it for set 0, so that the root
 * player moves next: it passes, or with BRS+ plays its first move by the ordering (for set 1
 * the one set 1 was generated after). With `stand` (quiescence, not in check) a futile
 * capture is not played: 0. */
static int play_picked(Search *s, const Picker *pk, Move m, int set, Undo u[2], int ply, int stand,
                       int alpha)
{
    int n = 0;
    if (set && pk->plus)
        play(s, pk->first, &u[n++], ply);
    else if (set)
        pass_turn(s, &u[n++]);
    if (stand > -INF && futile(s, m, stand, alpha)) {
        if (n) unplay(s, &u[0]);
        return 0;
    }
    play(s, m, &u[n++], ply);
    if (pk->sets == 2 && !set && !root_side(s, s->pos.stm)) {
        Move reply;
        if (pk->plus && first_by_order(s, ply, &reply))
            play(s, reply, &u[n++], ply);
        else
            pass_turn(s, &u[n++]);
    }
    return n;
}

static void unplay_picked(Search *s, const Undo u[2], int n)
{
    while (n--) unplay(s, &u[n]);
}

/* Captures can answer each other for dozens of plies (with three players both opponents
 * take and retake; with two, on a board crowded with pawns that can take each other, where
 * depth 1 took millions of nodes): beyond this many plies of quiescence the static value
 * stands. */
#define QUIESCE_PLIES_TEAMS 8
#define QUIESCE_PLIES       12

static int quiesce_plies = -1; /* search_set_quiesce_plies: below 0, the bounds above */

void search_set_quiesce_plies(int plies)
{
    quiesce_plies = plies;
}

/* The captures and promotions (every evasion in check) after the horizon, depth plies below
 * it (0 at the horizon, then -1, ...; a late move's reduced search may reach it at -1). */
static int quiesce(Search *s, int depth, int alpha, int beta, int ply)
{
    int value;
    s->pvlen[ply] = 0;
    if (time_up(s)) return 0;
    if (decided(s, ply, -1, &value)) return value;
    if (ply >= MAX_PLY - 1) return static_eval(s);
    bool check = node_check(s, ply);
    int bound = quiesce_plies >= 0 ? quiesce_plies : s->teams ? QUIESCE_PLIES_TEAMS : QUIESCE_PLIES;
    if (depth <= -bound) /* but a player in check with no way out is mated here too */
        return check && !has_legal_move(&s->pos) && decided(s, ply, 0, &value) ? value
                                                                               : static_eval(s);
    int best = -INF, stand = -INF;
    Picker pk;
    if (check) { /* every evasion, and mate found */
        if (!gen_node(s, &pk, false, true, false, (Move){0}, ply, true, NULL) &&
            decided(s, ply, 0, &value))
            return value;
    } else {
        stand = best = window_eval(s, alpha, beta, &s->hits);
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        gen_node(s, &pk, true, false, merged_node(s, false), (Move){0}, ply, false,
                 s->hits.n >= 0 ? s->hits.cell : NULL);
    }
    int mover = s->pos.stm, set, key;
    Move m;
    while (picker_next(&pk, s, &m, &set, &key)) {
        Undo u[2];
        int n = play_picked(s, &pk, m, set, u, ply, stand, alpha);
        if (!n) continue;
        int sc = child(s, mover, depth - 1, alpha, beta, ply + 1, false);
        unplay_picked(s, u, n);
        if (s->stop) return 0;
        if (sc > best) best = sc;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    return best;
}

/* The table's word on this node: its move for the ordering, and true with *value when its
 * bound already decides the node (never at a node of the principal variation). */
static bool table_cut(Search *s, int depth, int alpha, int beta, int ply, bool pv_node,
                      Move *tt_move, int *value)
{
    TTEntry e;
    if (!tt_probe(s->sh->tt, tt_key(s), &e)) return false;
    *tt_move = e.move;
    int v = from_tt(e.score, ply);
    if (pv_node || e.depth < depth) return false;
    if (e.bound == TT_EXACT || (e.bound == TT_LOWER && v >= beta) ||
        (e.bound == TT_UPPER && v <= alpha))
        return *value = v, true;
    return false;
}

#define NULL_MIN_DEPTH 3
#define RFP_MARGIN     120 /* per ply of depth left: a static lead this large is kept */

/* Reverse futility and null-move pruning, at a node outside the principal variation and not
 * in check: true with *value when the node fails high without a search of its moves. Never
 * with three players, where passing the turn is unsound. */
static bool prune_early(Search *s, int depth, int beta, int ply, bool null_ok, int *value)
{
    if (s->teams || beta >= MATE_BOUND || beta <= -MATE_BOUND) return false;
    int stand = static_eval(s);
    if (depth <= 3 && stand - RFP_MARGIN * depth >= beta) return *value = stand, true;
    if (!null_ok || depth < NULL_MIN_DEPTH || stand < beta || zugzwang_prone(&s->pos)) return false;
    Undo u;
    int r = 2 + depth / 6, mover = s->pos.stm;
    play_null(s, &u, ply);
    int sc = child(s, mover, depth - 1 - r, beta - 1, beta, ply + 1, false);
    unplay(s, &u);
    if (s->stop || sc < beta) return false;
    *value = sc < MATE_BOUND ? sc : beta;
    return true;
}

/* The value of the i-th move of a node, just played: the first with the full window, the
 * others with a null window, a late quiet one reduced first, searched again when it beats
 * alpha. */
static int search_move(Search *s, int mover, int i, bool quiet, int depth, int alpha, int beta,
                       int ply, bool pv_node)
{
    if (i == 0) return child(s, mover, depth - 1, alpha, beta, ply + 1, true);
    int r = 0;
    if (depth >= 3 && i >= 3 && quiet && !node_check(s, ply + 1))
        r = 1 + (depth >= 6 && i >= 8) + (!pv_node && i >= 16);
    int sc = child(s, mover, depth - 1 - r, alpha, alpha + 1, ply + 1, true);
    if (!s->stop && sc > alpha && r)
        sc = child(s, mover, depth - 1, alpha, alpha + 1, ply + 1, true);
    if (!s->stop && sc > alpha && sc < beta)
        sc = child(s, mover, depth - 1, alpha, beta, ply + 1, true);
    return sc;
}

#define FRONTIER_DEPTH  3   /* the last plies before quiescence, where quiet moves are pruned */
#define FUTILITY_MARGIN 100 /* per ply left: what a quiet move may gain at most */

bool search_frontier_skips(Position *pos, const CheckHints *hints, Move m, int stand, int depth,
                           int i, int alpha)
{
    if (i == 0) return false;
    if (stand + FUTILITY_MARGIN * depth > alpha && i < 3 + 2 * depth * depth) return false;
    if (!may_give_check(pos, hints, m)) return true;
    Undo u;
    play_move(pos, m, &u);
    bool check = in_check(pos);
    pos_unmake(pos, &u);
    return !check;
}

/* The node's moves in turn, best first: its value, kept in the table. */
static int search_moves(Search *s, Picker *pk, int depth, int alpha, int beta, int ply,
                        bool pv_node, bool check, int stand)
{
    int a0 = alpha, best = -INF, mover = s->pos.stm, set, key;
    Move m, best_move = pk->ml.m[pk->first_move];
    CheckHints hints; /* worked out at the first move that might be left out */
    bool hinted = false;
    for (int i = 0; picker_next(pk, s, &m, &set, &key); i++) {
        Undo u[2];
        bool quiet = key < ORDER_KILLER && !check;
        /* pruned only once a move searched has escaped a forced loss, so that no pruned
         * escape can leave a mate score that is not one */
        if (quiet && stand > -INF && best > -MATE_BOUND && i > 0) {
            if (!hinted) {
                check_hints(&s->pos, &hints);
                hinted = true;
            }
            if (search_frontier_skips(&s->pos, &hints, m, stand, depth, i, alpha)) {
                /* a hopeless move is worth at most stand + the margin, which keeps the
                 * bound a fail-low returns true */
                int most = stand + FUTILITY_MARGIN * depth;
                if (most <= alpha && most > best) best = most;
                continue;
            }
        }
        int n = play_picked(s, pk, m, set, u, ply, -INF, alpha);
        /* a child above the horizon reads the table (quiescence does not), at random in
         * memory: asked for now, its bucket arrives while the child gets under way */
        if (depth > 1) tt_prefetch(s->sh->tt, tt_key(s));
        int sc = search_move(s, mover, i, quiet, depth, alpha, beta, ply, pv_node);
        unplay_picked(s, u, n);
        if (s->stop) return 0;
        if (sc > best) {
            best = sc;
            best_move = m;
            if (sc > alpha) {
                alpha = sc;
                if (pv_node) update_pv(s, ply, m);
            }
        }
        if (alpha >= beta) {
            /* BRS+ made a set-1 move's ordering key on the board after the first move: the
             * board here may disagree on whether it captures */
            bool tactical = set && pk->plus ? key >= ORDER_PROMOTION : move_is_tactical(&s->pos, m);
            if (!tactical) reward_quiet(s, m, pk->player[set], depth, ply);
            break;
        }
    }
    tt_store(s->sh->tt, tt_key(s), best_move, to_tt(best, ply), depth,
             best >= beta ? TT_LOWER
             : best > a0  ? TT_EXACT
                          : TT_UPPER);
    return best;
}

static int pvs(Search *s, int depth, int alpha, int beta, int ply, bool null_ok)
{
    int value;
    bool pv_node = beta - alpha > 1;
    s->pvlen[ply] = 0;
    if (time_up(s)) return 0;
    if (decided(s, ply, -1, &value)) return value;
    if (ply >= MAX_PLY - 1) return static_eval(s);
    Move tt_move = {0};
    if (table_cut(s, depth, alpha, beta, ply, pv_node, &tt_move, &value)) return value;
    bool check = node_check(s, ply);
    if (check && ply < MAX_PLY / 2) depth++; /* a check extension */
    if (!pv_node && !check && prune_early(s, depth, beta, ply, null_ok, &value)) return value;
    Picker pk;
    if (!gen_node(s, &pk, false, check, merged_node(s, check), tt_move, ply, true, NULL))
        return decided(s, ply, 0, &value) ? value : 0;
    bool frontier = !pv_node && !check && !s->teams && depth <= FRONTIER_DEPTH &&
                    alpha > -MATE_BOUND && beta < MATE_BOUND;
    return search_moves(s, &pk, depth, alpha, beta, ply, pv_node, check,
                        frontier ? static_eval(s) : -INF);
}

/* Search the root's moves first.. (the ones before are lines already found this depth),
 * and bring the best of them to place `first`. Its value, or a bound outside the window. */
static int search_root(Search *s, int depth, int alpha, int beta, int first)
{
    MoveList *ml = &s->moves;
    int best = -INF, best_i = first, a0 = alpha;
    int mover = s->pos.stm;
    s->pvlen[0] = 0;
    s->better = 0;
    s->first_searched = false;
    for (int i = first; i < ml->n; i++) {
        Move m = ml->m[i];
        Undo u;
        play(s, m, &u, 0);
        int sc;
        if (i == first) {
            sc = child(s, mover, depth - 1, alpha, beta, 1, true);
        } else {
            sc = child(s, mover, depth - 1, alpha, alpha + 1, 1, true);
            if (!s->stop && sc > alpha && sc < beta)
                sc = child(s, mover, depth - 1, alpha, beta, 1, true);
        }
        unplay(s, &u);
        if (s->stop) break;
        if (i == first) s->first_searched = true, s->first_score = sc;
        if (sc > best) {
            best = sc;
            best_i = i;
            if (sc > alpha) {
                alpha = sc;
                update_pv(s, 0, m);
                if (i > first) s->better = i, s->better_score = sc;
            }
        }
        if (alpha >= beta) break;
    }
    if (s->stop) return best;
    Move m = ml->m[best_i]; /* to the front of the rest, the others keeping their order */
    memmove(&ml->m[first + 1], &ml->m[first], (size_t)(best_i - first) * sizeof(Move));
    ml->m[first] = m;
    if (best > -INF && s->pvlen[0] == 0) { /* failed low: the line is just the move */
        s->pv[0][0] = m;
        s->pvlen[0] = 1;
    }
    if (first == 0) /* later lines leave out the best moves: not the root's value */
        tt_store(s->sh->tt, tt_key(s), m, to_tt(best, 0), depth,
                 best >= beta ? TT_LOWER
                 : best > a0  ? TT_EXACT
                              : TT_UPPER);
    return best;
}

#define ASPIRATION 35

/* One line of the root at `depth`: an aspiration window around the last value that widens
 * until the value falls inside it. */
int search_line(Search *s, int depth, int last, int first)
{
    int delta = ASPIRATION;
    bool narrow = depth >= 4 && last > -MATE_BOUND && last < MATE_BOUND;
    int alpha = narrow ? last - delta : -INF, beta = narrow ? last + delta : INF;
    for (;;) {
        int sc = search_root(s, depth, alpha, beta, first);
        if (s->stop) return sc;
        if (sc <= alpha && alpha > -INF)
            alpha = sc - delta > -INF ? sc - delta : -INF;
        else if (sc >= beta && beta < INF)
            beta = sc + delta < INF ? sc + delta : INF;
        else
            return sc;
        delta *= 2;
    }
}

/* A root move's score for a level's choice (level.h): searched depth - 1 plies after it,
 * or with depth 0 the position after it as it stands, unless the game is over there. */
bool search_level_score(void *ctx, Move m, int depth, int *score)
{
    Search *s = ctx;
    Undo u;
    play(s, m, &u, 0);
    if (depth > 0)
        *score = child(s, s->root, depth - 1, -INF, INF, 1, true);
    else if (!decided(s, 1, has_legal_move(&s->pos), score))
        *score = eval_position(&s->eval, &s->pos, s->root);
    unplay(s, &u);
    return depth == 0 || !s->stop; /* judged as it stands: no search to cut */
}
