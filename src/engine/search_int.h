/* search_int.h — what the search's two files share: search.c searches the tree, search_run.c
 * deepens it, runs the threads and is the interface of search.h. */
#ifndef CELLMATE_SEARCH_INT_H
#define CELLMATE_SEARCH_INT_H

#include "search.h"
#include "steady.h"

#include "eval.h"
#include "tt.h"

#include <stdatomic.h>

#define INF         1000000
#define MATE        SEARCH_MATE
#define MAX_PLY     64
#define PARTIAL     400 /* a 3/4 - 1/4 result, worth a few pawns but less than a mate */
#define MAX_THREADS SEARCH_MAX_THREADS
#define MATE_BOUND  (MATE - MAX_PLY) /* scores beyond this are forced ends */

/* What the search knows of each ply of the line being searched, for the end rules. */
typedef struct {
    bool captured;
    int mover;
    const Undo *undo; /* the move that led here (NULL: none, or a pass) */
    uint8_t check;    /* whether the side to move is in check: 0 not known yet, 1 no, 2 yes */
} PlyInfo;

typedef struct Shared Shared;

/* A static value for the root player, kept by the position's key. */
typedef struct {
    uint64_t key;
    int value;
} EvalSlot;

#define EVAL_SLOTS (1u << 18)

/* One thread's search. */
typedef struct {
    Position pos;
    const Variant *v;
    int root;
    int id; /* 0: the main thread, which reports and decides when to stop */
    bool stop;
    bool teams;       /* three players: the root player against a team of both others */
    bool brs;         /* best-reply search: the team's two moves make one ply */
    bool plus;        /* BRS+: the opponent not searched plays its first move by ordering */
    bool quick_check; /* two players, the root's other player not attacked: in_check is found
                         from the move that led to a node (node_check) */
    uint64_t salt;    /* table keys differ per root player and scheme with three players */
    _Atomic uint64_t nodes;
    Shared *sh;
    Move killers[MAX_PLY + 1][2];
    int history[MAX_PLAYERS][MAX_TYPES][MAX_CELLS + 1];
    uint64_t *keys; /* keys of the game so far and of the line being searched */
    int nkeys;
    PlyInfo line[MAX_PLY + 1];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pvlen[MAX_PLY + 1];
    MoveList moves; /* the root's legal moves, best first after each search of the root */
    MoveList spare; /* the other opponent's moves at a node of best-reply search */
    int spare_score[MAX_MOVES];
    Eval eval;
    EvalHits hits; /* at a quiescence node, what its static evaluation found (eval_lazy) */
    EvalSums sums[2 * MAX_PLY + 4]; /* the evaluation's sums of the line's positions (two a
                                       ply at most: best-reply search's passed turns) */
    int at;                         /* the current position's in sums */
    int8_t checks[2 * MAX_PLY + 4]; /* whether the side to move of the line's positions (as
                                       sums) is in check, when play_move found it out; -1 */
    EvalSlot *evals; /* full static values by position key: iterations meet the same leaves */
    int better;      /* root moves: the index of one that beat the first in an unfinished
                        iteration (0: none), with its value */
    int better_score;
    bool first_searched; /* root moves: the first of an iteration has its value, first_score */
    int first_score;
} Search;

struct Shared {
    TT *tt;
    atomic_bool stop;
    const SearchHooks *hooks;
    const SearchLimits *lim;
    double start, deadline, next_report;
    double last_resort; /* with a time per move: a first depth not ended by then is cut */
    uint64_t max_nodes;
    int nthreads;
    Search *thread[MAX_THREADS];
    SearchResult *result;
    bool first_done; /* depth 1 is complete: the limits may stop the search from now on */
};

struct Engine {
    TT tt;
    const Variant *variant; /* what the table was filled for: keys of two variants collide */
    char variant_name[MAX_NAME];
};

static inline uint64_t tt_key(const Search *s)
{
    return s->pos.hash ^ s->salt;
}

/* search_run.c: the nodes counted by all threads, a report to the hooks, and
 * whether the hooks ask the search to end (the main thread's to read) */
uint64_t search_total_nodes(const Shared *sh);
void search_report(Search *s);
bool search_stop_asked(const Shared *sh);

/* search.c: one line of the root at `depth` (an aspiration window around `last`), the moves
 * before `first` left out; a root move's score for a level's choice (level.h) */
int search_line(Search *s, int depth, int last, int first);
bool search_level_score(void *ctx, Move m, int depth, int *score);

#endif
