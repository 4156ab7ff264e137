/* eval.h — the computer's judgement of a position that is not over: a score in centipawns
 * for one player, from tables worked out once per variant (eval_prepare) out of the
 * variant's data alone, so that no variant needs code of its own: piece values, placement,
 * advancement of pieces that promote (measured by their own promotion zone), mobility of
 * sliders, safety of the royal piece, pieces in hand and in pools, the bare-king threat,
 * and driving a lone royal piece to the cells where it has the fewest moves. */
#ifndef CELLMATE_EVAL_H
#define CELLMATE_EVAL_H

#include "position.h"

/* The weights, in centipawns per unit; eval_prepare sets the defaults (tuned by self-play),
 * which the environment variable CELLMATE_EVAL may change for tuning matches. */
typedef struct {
    int centre;   /* per single step a non-royal piece has from its cell */
    int advance;  /* a promoting piece one step from its zone, from the farthest cell: 0 */
    int passed;   /* the same, extra, when no enemy pawn stands in its way */
    int mobility; /* per cell a slider reaches */
    int attack;   /* per enemy piece that attacks the cells around a royal piece (squared) */
    int shelter;  /* per own piece beside a royal piece (at most three count) */
    int hand;     /* a piece in hand, in percent of its value */
    int pool;     /* a piece in a promotion pool, in percent of its value */
    int bare;     /* a side down to one non-royal piece where a bare royal piece loses */
    int edge;     /* per move fewer a lone royal piece has than in the open */
    int close;    /* per step the strong royal piece stands closer to the lone one */
    int box;      /* per cell of the board the lone royal piece cannot walk to */
    int lead;     /* three or more players: the leading opponent's lead over the mean, in percent */
} EvalWeights;

/* The terms that only add up what stands on the board, for one player: kept up to date move
 * by move by the search (eval_sums_move) instead of counted over the whole board at every
 * node. */
typedef struct {
    int score;    /* material and placement */
    int bank;     /* pieces in hand and in pools */
    int material; /* of the pieces that are neither royal nor pawns */
    int nonroyal, pawns;
} EvalSide;

#define EVAL_WORDS (MAX_CELLS / 64 + 1)

/* With the sums, each player's pieces that are not royal, kept the same way so that the
 * costly terms need not scan the board for them: bit c % 64 of cells[c / 64][player][0] for
 * a piece on c that is no pawn, of [1] for a pawn. By word first, so that eval_sums_copy
 * copies only the words of the board's cells. */
typedef struct {
    EvalSide side[MAX_PLAYERS];
    uint64_t cells[EVAL_WORDS][MAX_PLAYERS][2];
} EvalSums;

/* A ray a slider's mobility walks from one cell: its cells, how many of them its range lets
 * it reach (never 0: a ray that reaches none is left out), and what an empty cell and a cell
 * with an enemy piece each count. */
typedef struct {
    const Cell *cells;
    uint16_t reach;
    uint8_t quiet, take;
} EvalRun;

typedef struct {
    const Variant *v;
    int ncells, words;
    EvalWeights w;
    int value[MAX_TYPES];       /* material, from the variant (CELLMATE_EVAL may override) */
    int16_t *place;             /* [owner][kind][cell]: centre and advancement */
    int32_t *psq;               /* [piece & 0x7f][cell]: its value and placement together */
    EvalSide counts[MAX_TYPES]; /* a kind's part of material, nonroyal and pawns */
    bool banks;                 /* moves can change what is in hand or in a pool */
    int16_t *passed;            /* [owner][kind][cell]: the bonus when passed */
    uint64_t *cone; /* [owner][kind][cell]: words of cells where an enemy pawn stops it */
    uint64_t *near; /* [owner][kind][cell]: words of the cells from which it attacks a cell
                       around that one (the cell or a single step from it) on an empty board */
    EvalRun *runs; /* the rays mobility walks, [owner][kind][cell] from runs_at[slot] to the next */
    int *runs_at;
    uint64_t *around; /* [cell]: words of the cell and its single steps */
    uint8_t *dist;    /* [cell][cell]: royal steps between two cells (255: never) */
    int8_t *edge;     /* [cell]: how far into an edge or corner (royal_tables) */
    int *step_at;     /* [cell]: where the cell's royal steps start in step */
    Cell *step;
    int maxdist;
    bool slider[MAX_TYPES];
    bool promotes[MAX_TYPES];
    uint8_t kind[MAX_TYPES]; /* EVAL_ROYAL, EVAL_PAWN, EVAL_SLIDER, EVAL_PROMOTES of a kind */
    size_t stride, kinds;    /* cells + 1 and kinds + 1: the [owner][kind][cell] tables' sizes */
    uint32_t slot0[128];     /* [piece & 0x7f]: its [owner][kind][cell] tables' place at cell 0 */
} Eval;

/* EVAL_PLAIN: a slider that is not royal, whose every component slides (range two or more)
 * without hop, swap, rifle capture, first-move-only rule or zone, moves to empty cells, and that
 * neither promotes, takes en passant nor can reach a cell twice: its captures are the enemy
 * pieces first met along its mobility rays that take. */
enum { EVAL_ROYAL = 1, EVAL_PAWN = 2, EVAL_SLIDER = 4, EVAL_PROMOTES = 8, EVAL_PLAIN = 16 };

/* Work out the tables of e for variant v; false when out of memory (then e evaluates by
 * material alone). eval_free releases them. */
bool eval_prepare(Eval *e, const Variant *v);
void eval_free(Eval *e);

/* pos judged for player p: p's score against the average of the players still in. */
int eval_position(const Eval *e, const Position *pos, int p);

/* The sums of pos counted over the whole board; and brought up to date after
 * play_move(pos, u->m, u) made the move u records (pos is the position after it). */
void eval_sums(const Eval *e, const Position *pos, EvalSums *sums);
void eval_sums_move(const Eval *e, const Position *pos, const Undo *u, EvalSums *sums);
/* *to = *from, copying only the part a board of e's size uses. */
void eval_sums_copy(const Eval *e, EvalSums *to, const EvalSums *from);
/* Player q's cells, its royal piece's too, as bits (bit c % 64 of own[c / 64], the board's
 * words), read from the sums; false when the sums keep no cells (no tables). */
bool eval_own_cells(const Eval *e, const Position *pos, const EvalSums *sums, int q, uint64_t *own);
/* The cells of every player but q, as eval_own_cells gives each (call it only where that
 * gives true). */
void eval_enemy_cells(const Eval *e, const Position *pos, const EvalSums *sums, int q,
                      uint64_t *enemy);

/* What the mobility walk of the costly terms found for the side to move's plain sliders
 * (EVAL_PLAIN): for each, in the order of their cells, its cell, the number of enemy pieces
 * it can take and their cells in the order of its rays, which are the generator's: the
 * captures a captures-only generation would give such a piece. Ends with cell 0; n < 0 when
 * the costly terms were not counted (or did not fit). */
#define EVAL_HITS_MAX 1024
typedef struct {
    int n;
    Cell cell[EVAL_HITS_MAX];
} EvalHits;

/* The same from pos's sums (eval_sums), but when the cheap terms alone (material, placement, hands,
 * mop-up) put the score further than EVAL_LAZY_MARGIN outside (lo, hi), only they are counted: the
 * costly terms (mobility, passed pieces, royal safety) seldom add up to that much; *full says
 * whether every term was counted; with hits (not NULL) the captures found on the way. */
#define EVAL_LAZY_MARGIN 300
int eval_lazy(const Eval *e, const Position *pos, const EvalSums *sums, int p, int lo, int hi,
              bool *full, EvalHits *hits);

/* Read "name=value,..." into w and values (KIND letter=centipawns); false with a message
 * in err on a bad item. Used for CELLMATE_EVAL and by the tests. */
bool eval_parse_weights(const Variant *v, const char *text, EvalWeights *w, int *values, char *err,
                        size_t errlen);

#endif
