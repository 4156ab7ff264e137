/* position.h — the state of a game at one moment (pieces, side to move, hands, pools, en
 * passant rights, castling rights, clocks, players still in) and how a move changes it:
 * make/unmake on one position with an undo record, and Zobrist keys for repetition. */
#ifndef CELLMATE_POSITION_H
#define CELLMATE_POSITION_H

#include "variant.h"

enum move_kind {
    MOVE_NORMAL,   /* from -> to, capturing what stands on to */
    MOVE_DOUBLE,   /* a two-cell step that leaves an en passant right on `extra` */
    MOVE_EP,       /* en passant: to is empty, the captured piece stands on `extra` */
    MOVE_DROP,     /* put a piece of kind `promo` from the hand on `to` */
    MOVE_RIFLE,    /* capture on `to` without moving */
    MOVE_EXCHANGE, /* swap places with the friendly piece on `to` */
    MOVE_CASTLE,   /* castling number `promo`: king from -> to, its rook too */
    MOVE_RESIGN    /* three players: the side to move leaves the game (not generated) */
};

typedef struct {
    Cell from, to;
    uint8_t kind;
    uint8_t promo; /* kind promoted to (0 none); dropped kind; castling index */
    Cell extra;
} Move;

typedef struct {
    Cell passed; /* NO_CELL when there is no right */
    Cell landed;
} EpRight;

typedef struct Position {
    const Variant *v;
    Piece board[MAX_CELLS + 1];
    uint8_t stm;
    uint8_t alive; /* bit per player still in the game */
    Cell royal[MAX_PLAYERS];
    uint8_t hand[MAX_PLAYERS][MAX_TYPES];
    uint8_t pool[MAX_PLAYERS][MAX_TYPES];
    EpRight ep[MAX_PLAYERS];  /* the right each player's last double step left */
    uint16_t castling;        /* bit castle * MAX_PLAYERS + player */
    int halfmove;             /* plies since a capture, pawn move, drop or promotion */
    int fullmove;             /* move number, from 1 */
    uint8_t out[MAX_PLAYERS]; /* players eliminated, in order (first out = last place) */
    uint8_t nout;
    uint64_t hash;
} Position;

typedef struct {
    Move m;
    Piece moved, captured;
    Piece partner; /* the friendly piece an exchange or castling also moved */
    Cell capcell;
    EpRight ep[MAX_PLAYERS];
    uint16_t castling;
    int halfmove, fullmove;
    uint64_t hash;
    Cell royal[MAX_PLAYERS];
    uint8_t stm, alive, nout;
    bool pool_used; /* the promotion took a piece from the mover's pool */
    /* after play_move: whether the player then to move is in check, when the three-player
     * rules found it out on the way (-1: not known) */
    int8_t check;
    /* armies removed by three-player elimination: no more than every piece there is (the
     * loader and the position reader keep that to MAX_PIECES) */
    int nremoved;
    Cell removed_cell[MAX_PIECES];
    Piece removed_piece[MAX_PIECES];
} Undo;

void pos_init(Position *pos, const Variant *v);
/* Whether castling ci of player p has its pieces in place: p's royal piece on the king's cell
 * and another piece of p's on the rook's. A right is only ever held when they are. */
bool pos_castle_ready(const Position *pos, int ci, int p);
uint64_t pos_compute_hash(const Position *pos);

/* The next player still in the game after p, in turn order. */
int pos_next_player(const Position *pos, int p);
/* The bits of alive counted by hand: without a popcount instruction in the target (plain
 * x86-64) the builtin is a library call, and the search asks this at every node. */
static inline int pos_players_left(const Position *pos)
{
    unsigned a = pos->alive;
    a = a - (a >> 1 & 0x55u);
    a = (a & 0x33u) + (a >> 2 & 0x33u);
    return (int)((a + (a >> 4)) & 0x0fu);
}

/* Record in u everything pos_unmake needs to restore pos, before changing it. */
void pos_save(const Position *pos, Move m, Undo *u);

/* Apply a move's direct effect; the side to move passes to the next player in. */
void pos_make(Position *pos, Move m, Undo *u);
void pos_unmake(Position *pos, const Undo *u);

/* Remove a player's army (three-player elimination), recording it in u. */
void pos_eliminate(Position *pos, int player, Undo *u);

/* Give the turn to player p (skipping an eliminated player's turn); undone by pos_unmake. */
void pos_set_stm(Position *pos, int p);

static inline bool move_equal(Move a, Move b)
{
    return a.from == b.from && a.to == b.to && a.kind == b.kind && a.promo == b.promo &&
           a.extra == b.extra;
}

/* Make the Zobrist keys of boards up to ncells cells ready (pos_init does it; the FEN reader
 * calls it before recomputing a key). Safe to call from several threads. */
void zobrist_init(int ncells);

#endif
