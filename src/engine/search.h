/* search.h — the computer opponent's interface: what to search (a game, with its history for
 * repetitions), how long or how deep (SearchLimits), what it found (SearchResult: the best
 * lines with their scores), progress reports while it thinks, and a stop flag any thread may
 * set. An Engine keeps the transposition table between moves. Works for every variant
 * through the generic move generator and the end rules (endrules.h). */
#ifndef CELLMATE_SEARCH_H
#define CELLMATE_SEARCH_H

#include "game.h"

#include <stdatomic.h>

#define SEARCH_MAX_PV      32
#define SEARCH_MAX_MULTIPV 8
#define SEARCH_MAX_LEVEL   10
#define SEARCH_MAX_THREADS 64
#define SEARCH_MATE        100000 /* a score of SEARCH_MATE - n: the mover wins in n plies */

/* How the search treats three players (two players: always plain alpha-beta). Paranoid: the
 * player to move against a team of both others, each moving in turn. Best-reply: the two
 * opponents' moves make one ply, only the best of them is searched, the other one passing.
 * BRS+: the same, but the other one plays its first move by the move ordering instead of
 * passing (Esser et al., 2013). Auto: best-reply while the opponents have more than
 * SEARCH_FEW_PIECES pieces between them (neither royal pieces nor pawns), paranoid once they
 * have no more: with few pieces paranoid search sees as deep, and it sees the moves of both
 * opponents, so that a won ending is not thrown away to a repetition that takes both. */
enum search_scheme {
    SEARCH_SCHEME_DEFAULT,
    SEARCH_PARANOID,
    SEARCH_BRS,
    SEARCH_BRS_PLUS,
    SEARCH_AUTO
};
#define SEARCH_FEW_PIECES 4

typedef struct {
    double time;    /* seconds for this move; 0: no time limit */
    int depth;      /* plies; 0: no limit */
    uint64_t nodes; /* 0: no limit */
    int threads;    /* 0: one per core (one when only nodes or depth bound the search) */
    int level;      /* 1 (a beginner's opponent) .. 10 (full strength); 0: full strength */
    int multipv;    /* how many best lines to find and report; 0 or 1: one */
    uint64_t seed;  /* the levels' mistakes and the helper threads follow it */
    int scheme;     /* enum search_scheme; 0: the default, SEARCH_DEFAULT_SCHEME */
} SearchLimits;

#define SEARCH_DEFAULT_SCHEME SEARCH_AUTO

/* The frontier rule: at a node a few plies before quiescence (depth 1 to 3, not on the
 * principal variation, not in check) with static value `stand` for its side to move, whether
 * the quiet move m, the i-th tried (from 0), is left out: it could not lift the value to
 * alpha by a margin per ply, or it comes so late in the ordering that it rarely matters. The
 * first move and a move that gives check never are (hints: check_hints of pos; a move they
 * cannot clear is made and unmade to see). */
bool search_frontier_skips(Position *pos, const CheckHints *hints, Move m, int stand, int depth,
                           int i, int alpha);

/* The place of the greatest of score[i..end - 1], the first of equals: the order moves are
 * picked in (the search swaps the one picked to place i and looks again from i + 1). */
int search_best_of(const int *score, int i, int end);

/* One line of play from the position searched, with its score from the mover's side. */
typedef struct {
    int score; /* centipawns, or +-(SEARCH_MATE - plies) for a forced end */
    int len;
    Move pv[SEARCH_MAX_PV];
} SearchLine;

typedef struct {
    bool found;      /* false when the side to move has no legal move */
    Move best;       /* the move chosen (below full strength not always line[0]'s first) */
    int depth;       /* deepest completed iteration */
    bool unfinished; /* best and line[0] come from the next depth, stopped in the middle after
                        it found a move better than the completed one's */
    int score;       /* of the best line, from the mover's side */
    uint64_t nodes;  /* all threads together */
    double seconds;
    int nlines;
    SearchLine line[SEARCH_MAX_MULTIPV]; /* best first */
} SearchResult;

/* Called from the searching thread after each completed depth, a few times a second in
 * between (with the lines of the last completed depth), and once more when the search,
 * stopped in the middle of a depth, takes that depth's better move (unfinished); it may set
 * the stop flag. */
typedef void (*SearchProgress)(const SearchResult *sofar, void *ctx);

typedef struct {
    SearchProgress progress; /* may be NULL */
    void *ctx;
    atomic_bool *stop; /* may be NULL; once true the search ends and returns its best so far */
} SearchHooks;

typedef struct Engine Engine;

/* An engine with a transposition table of about hash_mb megabytes (0: the default). NULL
 * when the memory cannot be had. */
Engine *engine_new(int hash_mb);
void engine_free(Engine *e);
/* Forget what earlier searches learnt (a new game). */
void engine_clear(Engine *e);

#define ENGINE_DEFAULT_HASH_MB 32
#define ENGINE_MAX_HASH_MB     4096

/* Choose a move for the side to move of g. e may be NULL (a table just for this search),
 * hooks may be NULL. The game's whole history counts for repetitions. */
SearchResult search_run(Engine *e, const Game *g, const SearchLimits *lim,
                        const SearchHooks *hooks);

/* The threads a search uses by default: one per core. */
int search_default_threads(void);

/* Limits for a plain timed search at full strength. */
SearchLimits search_limits_time(double seconds);

/* For the tests: whether a node tests its moves' legality lazily, as they are picked (true, the
 * default), or filters its lists whole first, the plain way that the lazy one must follow
 * move for move. Not while a search runs. */
void search_set_lazy(bool on);

/* For the tests: how many plies of quiescence the search allows before the static value
 * stands (below 0: the search's own bounds). Not while a search runs. */
void search_set_quiesce_plies(int plies);

/* A score as people read it: "+1.25", "-0.40", "mate in 3", "mated in 2" (moves of the
 * mover; with three players, rounds). */
void search_score_text(int score, int nplayers, char *buf, size_t len);

#endif
