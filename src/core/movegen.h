/* movegen.h — move generation (pseudo-legal and legal), attack tests and the three-player
 * elimination rules that every move is followed by. */
#ifndef CELLMATE_MOVEGEN_H
#define CELLMATE_MOVEGEN_H

#include "position.h"

typedef struct {
    int n;
    Move m[MAX_MOVES];
} MoveList;

/* Whether player `by` could capture on cell t (a pseudo-legal capture: it does not matter
 * whether that capture would expose the capturer's own royal). */
bool attacked_by(const Position *pos, Cell t, int by);

/* Whether the side to move's royal could be captured by the next player in. */
bool in_check(const Position *pos);

/* in_check after a move, pos the position after it and u its undo record, found from the
 * cells the move changed when it can be (two players, Board.toward or lines): the side now
 * to move must not have been attacked by the mover before the move, as after any legal move
 * or a pass out of check. */
bool check_after_move(const Position *pos, const Undo *u);

/* Whether player `by` attacks the cell where m, a plain move of the side to move's royal
 * piece, ends, with the royal piece lifted off its cell. */
bool royal_step_attacked(Position *pos, Move m, int by);

/* The player whose attacks decide whether `p` is in check: the next player still in. */
static inline int checker_of(const Position *pos, int p)
{
    return pos_next_player(pos, p);
}

/* A quick test of whether a move could give check, worked out once for a position: the cells
 * from which each kind of the side to move would attack the other player's royal piece as the
 * board stands, and the cells where a piece leaving or arriving could open a line onto it or
 * make a screen for a hopper. Two players only; with three every move counts as possibly
 * giving check. */
typedef struct {
    bool usable;
    uint32_t kinds[MAX_CELLS + 1]; /* bit k: a piece of kind k moved here would attack */
    uint8_t lines[MAX_CELLS + 1];  /* bits: a piece leaving here, or arriving, may uncover */
} CheckHints;

void check_hints(const Position *pos, CheckHints *h);
/* False only when m certainly does not give check (the test never misses a check). */
bool may_give_check(const Position *pos, const CheckHints *h, Move m);

void gen_pseudo(const Position *pos, MoveList *out);
void gen_legal(Position *pos, MoveList *out);
/* The legal captures (en passant and rifle shots included) and promotions only, for the
 * search's quiescence: no quiet moves, drops, castling or exchanges. */
void gen_tactical(Position *pos, MoveList *out);
/* The same two when the caller already knows whether the side to move is in check (what
 * in_check says): spares the generator finding it out again. */
void gen_legal_known(Position *pos, MoveList *out, bool check);
void gen_tactical_known(Position *pos, MoveList *out, bool check);

/* The legality test of one side's pseudo-legal moves, worked out once for a position so that
 * a caller who tries few of them tests only those (the search). Out of check, a plain move of
 * a piece that is not pinned and touches no hop line (and a drop on no hop line) is legal
 * without trying it; in check from one line in a variant without hoppers, such a move (or a
 * drop) is legal exactly when it lands on that line. The fields are movegen.c's. */
typedef struct Legality {
    Position *pos;
    int us, q;
    Cell k;
    bool fast, evade;
    bool pins; /* mark holds the pins (else a move's own line is looked at) */
    int tests; /* moves tested without the pins */
    /* bit 1: pinned pieces, and cells of hop lines; bit 2: the line of the only check */
    uint8_t mark[MAX_CELLS + 1];
} Legality;

/* Make L ready for the side to move of pos; `check` says whether it is in check (-1: not
 * known). L stays valid while pos is the same position (moves made on it and unmade). */
void legality_prepare(Position *pos, Legality *L, int check);
/* The same, but out of check and without hoppers the pins are left to legality_test, which
 * looks at each move's own line (for the first few moves, then it finds every pin). */
void legality_prepare_lazy(Position *pos, Legality *L, int check);
/* Whether pseudo-legal move m of L's position is legal. */
bool legality_test(Legality *L, Move m);
/* The moves gen_legal_known or gen_tactical_known (tactical) would give, before their
 * legality test, in the same order: the legal ones are those legality_test passes. own, when
 * not NULL, holds exactly the side to move's cells as bits (bit c % 64 of own[c / 64]), so that
 * the board need not be scanned for its pieces. hits, when not NULL (used only with own and
 * tactical), lists pieces whose captures are known, in the order of their cells: for each its
 * cell, the number of its captures and their target cells in the order the generator would
 * give them (plain moves, no promotion), ending with cell 0; those pieces are not walked.
 * enemy, when not NULL (used only with own and tactical), holds every other player's cells as
 * bits as own does: a piece that could take on none of them is not walked either. */
void gen_unfiltered_known(Position *pos, MoveList *out, bool tactical, bool check,
                          const uint64_t *own, const Cell *hits, const uint64_t *enemy);
/* Whether m takes a piece or promotes: the moves a captures-only generation gives. */
bool move_is_tactical(const Position *pos, Move m);
int count_legal(Position *pos);
bool has_legal_move(Position *pos);
bool move_is_legal(Position *pos, Move m);

/* Make a legal move and everything that follows from it automatically (three-player
 * eliminations and skipped turns). Unmake with pos_unmake. */
void play_move(Position *pos, Move m, Undo *u);

/* Apply the three-player elimination rules to a position that did not come from a move (a
 * position string): the player to move may already be unable to move, or mated. */
void settle_position(Position *pos);

/* perft: leaves of the legal-move tree of the given depth, counted in bulk at the last ply.
 * When the interrupt hook says so, it stops early and returns a partial count. */
uint64_t perft(Position *pos, int depth);

/* A function long computations (perft, the search) call now and then; when it returns true
 * they stop. NULL (the default) never interrupts. The screen uses it for signals and keys. */
typedef bool (*InterruptFn)(void);
InterruptFn set_interrupt(InterruptFn fn); /* returns the hook it replaces */
bool interrupted(void);

#endif
