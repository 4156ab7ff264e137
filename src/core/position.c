/* position.c — setting up a position and making/unmaking moves, with Zobrist keys kept
 * incrementally. Hands, pools, en passant and castling rights and the players still in are
 * all part of the key, because repetition depends on them. */
#include "position.h"

#include <stdatomic.h>
#include <string.h>

/* Keys are a hash of what they stand for, not a sequence drawn in order, so the tables can be
 * filled only as far as the largest board loaded so far needs (start-up stays quick however
 * large MAX_CELLS is), and hand and pool keys are computed when a count changes, for any
 * count. */
static uint64_t z_piece[MAX_CELLS + 1][128]; /* by cell first: a small board touches few pages */
static uint64_t z_fresh[MAX_CELLS + 1];
static uint64_t z_ep[MAX_PLAYERS][MAX_CELLS + 1];
static uint64_t z_castle[16];
static uint64_t z_stm[MAX_PLAYERS];
static uint64_t z_alive[8];
static _Atomic int z_cells = -1; /* cells 0..z_cells have their keys */
static atomic_flag z_busy = ATOMIC_FLAG_INIT;

enum { Z_PIECE = 1, Z_FRESH, Z_EP, Z_CASTLE, Z_STM, Z_ALIVE, Z_HAND, Z_POOL };

static uint64_t zkey(uint64_t tag, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t z = 0x5eed0fce11a7e5ULL + (tag << 56 ^ a << 40 ^ b << 20 ^ c) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void zobrist_init(int ncells)
{
    if (ncells > MAX_CELLS) ncells = MAX_CELLS;
    if (atomic_load_explicit(&z_cells, memory_order_acquire) >= ncells) return;
    while (atomic_flag_test_and_set_explicit(&z_busy, memory_order_acquire)) {
    }
    int from = atomic_load_explicit(&z_cells, memory_order_relaxed) + 1;
    if (from == 0) {
        for (int i = 0; i < 16; i++) z_castle[i] = zkey(Z_CASTLE, (uint64_t)i, 0, 0);
        for (int p = 0; p < MAX_PLAYERS; p++) z_stm[p] = zkey(Z_STM, (uint64_t)p, 0, 0);
        for (int i = 0; i < 8; i++) z_alive[i] = zkey(Z_ALIVE, (uint64_t)i, 0, 0);
    }
    for (int c = from; c <= ncells; c++) {
        for (int p = 0; p < (MAX_PLAYERS << 5); p++) /* the owners there are (bits 5 and 6) */
            z_piece[c][p] = zkey(Z_PIECE, (uint64_t)p, (uint64_t)c, 0);
        z_fresh[c] = zkey(Z_FRESH, (uint64_t)c, 0, 0);
        for (int p = 0; p < MAX_PLAYERS; p++)
            z_ep[p][c] = c ? zkey(Z_EP, (uint64_t)p, (uint64_t)c, 0) : 0;
    }
    if (from <= ncells) atomic_store_explicit(&z_cells, ncells, memory_order_release);
    atomic_flag_clear_explicit(&z_busy, memory_order_release);
}

static inline uint64_t piece_key(Piece p, Cell c)
{
    return z_piece[c][p & 0x7f] ^ (p & PIECE_FRESH ? z_fresh[c] : 0);
}

/* The key of holding n pieces of kind k (none: no key). */
static inline uint64_t count_key(int what, int p, int k, int n)
{
    return n ? zkey((uint64_t)what, (uint64_t)p, (uint64_t)k, (uint64_t)n) : 0;
}

uint64_t pos_compute_hash(const Position *pos)
{
    const Variant *v = pos->v;
    uint64_t h = z_stm[pos->stm] ^ z_alive[pos->alive & 7];
    for (int c = 1; c <= v->board.ncells; c++)
        if (pos->board[c]) h ^= piece_key(pos->board[c], (Cell)c);
    for (int p = 0; p < v->nplayers; p++) {
        for (int k = 1; k <= v->ntypes; k++) {
            h ^= count_key(Z_HAND, p, k, pos->hand[p][k]);
            h ^= count_key(Z_POOL, p, k, pos->pool[p][k]);
        }
        h ^= z_ep[p][pos->ep[p].passed];
    }
    for (int i = 0; i < 16; i++)
        if (pos->castling & (1u << i)) h ^= z_castle[i];
    return h;
}

int pos_next_player(const Position *pos, int p)
{
    int n = pos->v->nplayers;
    for (int i = 1; i <= n; i++) {
        int q = (p + i) % n;
        if (pos->alive & (1u << q)) return q;
    }
    return p;
}

void pos_init(Position *pos, const Variant *v)
{
    zobrist_init(v->board.ncells);
    memset(pos, 0, sizeof *pos);
    pos->v = v;
    pos->alive = (uint8_t)((1u << v->nplayers) - 1);
    pos->fullmove = 1;
    memcpy(pos->board, v->setup, ((size_t)v->board.ncells + 1) * sizeof *pos->board);
    memcpy(pos->hand, v->setup_hand, sizeof pos->hand);
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (p && v->type[PIECE_KIND(p)].royal) pos->royal[PIECE_OWNER(p)] = (Cell)c;
    }
    for (int i = 0; i < v->ncastles; i++)
        for (int p = 0; p < v->nplayers; p++)
            if (v->castle[i].defined[p] && pos_castle_ready(pos, i, p))
                pos->castling |= (uint16_t)(1u << (i * MAX_PLAYERS + p));
    pos->hash = pos_compute_hash(pos);
}

bool pos_castle_ready(const Position *pos, int ci, int p)
{
    const Variant *v = pos->v;
    const Castle *cs = &v->castle[ci];
    Piece k = pos->board[cs->king_from[p]], r = pos->board[cs->rook_from[p]];
    return k && PIECE_OWNER(k) == p && v->type[PIECE_KIND(k)].royal && r && PIECE_OWNER(r) == p &&
           !v->type[PIECE_KIND(r)].royal;
}

static inline void put(Position *pos, Cell c, Piece p)
{
    pos->board[c] = p;
    pos->hash ^= piece_key(p, c);
}

static inline void lift(Position *pos, Cell c)
{
    pos->hash ^= piece_key(pos->board[c], c);
    pos->board[c] = 0;
}

static void set_hand(Position *pos, int p, int k, int n)
{
    pos->hash ^= count_key(Z_HAND, p, k, pos->hand[p][k]) ^ count_key(Z_HAND, p, k, n);
    pos->hand[p][k] = (uint8_t)n;
}

static void set_pool(Position *pos, int p, int k, int n)
{
    pos->hash ^= count_key(Z_POOL, p, k, pos->pool[p][k]) ^ count_key(Z_POOL, p, k, n);
    pos->pool[p][k] = (uint8_t)n;
}

static void set_ep(Position *pos, int p, EpRight r)
{
    pos->hash ^= z_ep[p][pos->ep[p].passed] ^ z_ep[p][r.passed];
    pos->ep[p] = r;
}

/* A captured piece goes where its kind says: nowhere, the captor's hand or its owner's pool. */
static void bank_capture(Position *pos, Piece cap, int captor, int dir)
{
    const PieceType *pt = &pos->v->type[PIECE_KIND(cap)];
    int k = pt->returns_as;
    if (pt->returns == RETURN_HAND)
        set_hand(pos, captor, k, pos->hand[captor][k] + dir);
    else if (pt->returns == RETURN_POOL)
        set_pool(pos, PIECE_OWNER(cap), k, pos->pool[PIECE_OWNER(cap)][k] + dir);
}

static void clear_castling(Position *pos, Cell c)
{
    if (!pos->castling) return;
    for (unsigned bits = pos->castling & pos->v->castle_touch[c]; bits; bits &= bits - 1) {
        int b = __builtin_ctz(bits);
        pos->castling &= (uint16_t) ~(1u << b);
        pos->hash ^= z_castle[b];
    }
}

/* With three players a right outlives the next player's move, which may fill the passed cell
 * or take the double-stepped piece: the right has then lapsed for good, and keeping it would
 * make a position string that does not read back and a key that differs for equal positions. */
static void drop_lapsed_rights(Position *pos)
{
    for (int p = 0; p < pos->v->nplayers; p++) {
        EpRight r = pos->ep[p];
        if (!r.passed) continue;
        Piece lp = pos->board[r.landed];
        if (pos->board[r.passed] || !lp || PIECE_OWNER(lp) != p) set_ep(pos, p, (EpRight){0, 0});
    }
}

void pos_save(const Position *pos, Move m, Undo *u)
{
    u->m = m;
    u->hash = pos->hash;
    u->castling = pos->castling;
    u->halfmove = pos->halfmove;
    u->fullmove = pos->fullmove;
    u->stm = pos->stm;
    u->alive = pos->alive;
    u->nout = pos->nout;
    memcpy(u->ep, pos->ep, sizeof u->ep);
    u->captured = 0;
    u->capcell = NO_CELL;
    u->pool_used = false;
    u->nremoved = 0;
    memcpy(u->royal, pos->royal, sizeof u->royal);
}

/* Take what stands on capcell (if anything) for player us; whether something was taken. */
static bool take(Position *pos, Cell capcell, int us, Undo *u)
{
    Piece cap = pos->board[capcell];
    if (!cap) return false;
    u->captured = cap;
    u->capcell = capcell;
    lift(pos, capcell);
    bank_capture(pos, cap, us, +1);
    return true;
}

/* A move from one cell to another (a double step and en passant too), with its capture and
 * promotion; whether it resets the move rule's clock. */
static bool make_moving(Position *pos, Move m, Undo *u, int us, Piece moved)
{
    const Variant *v = pos->v;
    Cell capcell = m.kind == MOVE_EP ? m.extra : m.to;
    bool reset_clock = take(pos, capcell, us, u);
    lift(pos, m.from);
    Piece np = moved & (Piece)~PIECE_FRESH;
    if (m.promo) {
        np = MAKE_PIECE(us, m.promo);
        reset_clock = true;
        if (v->type[PIECE_KIND(moved)].promo_from_pool) {
            set_pool(pos, us, m.promo, pos->pool[us][m.promo] - 1);
            u->pool_used = true;
        }
    }
    put(pos, m.to, np);
    if (v->type[PIECE_KIND(moved)].royal) pos->royal[us] = m.to;
    if (v->type[PIECE_KIND(moved)].pawn) reset_clock = true;
    if (m.kind == MOVE_DOUBLE) set_ep(pos, us, (EpRight){m.extra, m.to});
    if (pos->castling) {
        clear_castling(pos, m.from);
        clear_castling(pos, capcell);
    }
    return reset_clock;
}

static void make_drop(Position *pos, Move m, int us)
{
    Piece np = MAKE_PIECE(us, m.promo);
    if (pos->v->type[m.promo].fresh_on_drop) np |= PIECE_FRESH;
    set_hand(pos, us, m.promo, pos->hand[us][m.promo] - 1);
    put(pos, m.to, np);
}

/* Swap places with the friendly piece on m.to. */
static void make_exchange(Position *pos, Move m, Undo *u, int us, Piece moved)
{
    const Variant *v = pos->v;
    Piece other = pos->board[m.to];
    u->partner = other;
    lift(pos, m.from);
    lift(pos, m.to);
    put(pos, m.to, moved & (Piece)~PIECE_FRESH);
    put(pos, m.from, other & (Piece)~PIECE_FRESH);
    if (v->type[PIECE_KIND(moved)].royal) pos->royal[us] = m.to;
    if (v->type[PIECE_KIND(other)].royal) pos->royal[us] = m.from;
    if (pos->castling) {
        clear_castling(pos, m.from);
        clear_castling(pos, m.to);
    }
}

static void make_castle(Position *pos, Move m, Undo *u, int us, Piece moved)
{
    const Castle *cs = &pos->v->castle[m.promo];
    Piece rook = pos->board[cs->rook_from[us]];
    u->partner = rook;
    lift(pos, m.from);
    lift(pos, cs->rook_from[us]);
    put(pos, cs->rook_to[us], rook & (Piece)~PIECE_FRESH);
    put(pos, m.to, moved & (Piece)~PIECE_FRESH);
    pos->royal[us] = m.to;
    clear_castling(pos, m.from);
    clear_castling(pos, cs->rook_from[us]);
}

void pos_make(Position *pos, Move m, Undo *u)
{
    int us = pos->stm;
    pos_save(pos, m, u);
    bool reset_clock = false;
    Piece moved = m.kind == MOVE_DROP ? 0 : pos->board[m.from];
    u->moved = moved;
    switch (m.kind) {
    case MOVE_NORMAL:
    case MOVE_DOUBLE:
    case MOVE_EP: reset_clock = make_moving(pos, m, u, us, moved); break;
    case MOVE_DROP:
        make_drop(pos, m, us);
        reset_clock = true;
        break;
    case MOVE_RIFLE: /* capture without moving */
        reset_clock = take(pos, m.to, us, u);
        if (pos->castling) clear_castling(pos, m.to);
        break;
    case MOVE_EXCHANGE: make_exchange(pos, m, u, us, moved); break;
    case MOVE_RESIGN: break;
    case MOVE_CASTLE: make_castle(pos, m, u, us, moved); break;
    }
    pos->halfmove = reset_clock ? 0 : pos->halfmove + 1;
    if (pos->v->has_ep) drop_lapsed_rights(pos);
    pos_set_stm(pos, pos_next_player(pos, us));
}

/* A right lasts until the double-stepping player's next turn, so it ends when that turn
 * begins; clearing it then keeps stale rights out of keys and position strings. */
void pos_set_stm(Position *pos, int p)
{
    if (p <= pos->stm) pos->fullmove++;
    pos->hash ^= z_stm[pos->stm] ^ z_stm[p];
    pos->stm = (uint8_t)p;
    if (pos->ep[p].passed) set_ep(pos, p, (EpRight){0, 0});
}

void pos_eliminate(Position *pos, int player, Undo *u)
{
    const Variant *v = pos->v;
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (p && PIECE_OWNER(p) == player && u->nremoved < MAX_PIECES) {
            u->removed_cell[u->nremoved] = (Cell)c;
            u->removed_piece[u->nremoved++] = p;
            lift(pos, (Cell)c);
        }
    }
    pos->hash ^= z_alive[pos->alive & 7];
    pos->alive &= (uint8_t) ~(1u << player);
    pos->hash ^= z_alive[pos->alive & 7];
    pos->out[pos->nout++] = (uint8_t)player;
    pos->royal[player] = NO_CELL;
    if (pos->ep[player].passed) set_ep(pos, player, (EpRight){0, 0});
}

void pos_unmake(Position *pos, const Undo *u)
{
    const Variant *v = pos->v;
    Move m = u->m;
    int us = u->stm;
    for (int i = u->nremoved - 1; i >= 0; i--) pos->board[u->removed_cell[i]] = u->removed_piece[i];
    switch (m.kind) {
    case MOVE_NORMAL:
    case MOVE_DOUBLE:
    case MOVE_EP:
        pos->board[m.to] = 0;
        pos->board[m.from] = u->moved;
        if (u->captured) {
            pos->board[u->capcell] = u->captured;
            bank_capture(pos, u->captured, us, -1);
        }
        if (u->pool_used) pos->pool[us][m.promo]++;
        break;
    case MOVE_DROP:
        pos->board[m.to] = 0;
        pos->hand[us][m.promo]++;
        break;
    case MOVE_RIFLE:
        pos->board[m.to] = u->captured;
        bank_capture(pos, u->captured, us, -1);
        break;
    case MOVE_EXCHANGE:
        pos->board[m.to] = u->partner;
        pos->board[m.from] = u->moved;
        break;
    case MOVE_RESIGN: break;
    case MOVE_CASTLE: {
        const Castle *cs = &v->castle[m.promo];
        pos->board[cs->rook_to[us]] = 0;
        pos->board[m.to] = 0;
        pos->board[cs->rook_from[us]] = u->partner;
        pos->board[m.from] = u->moved;
        break;
    }
    }
    memcpy(pos->ep, u->ep, sizeof pos->ep);
    pos->castling = u->castling;
    pos->halfmove = u->halfmove;
    pos->fullmove = u->fullmove;
    pos->stm = u->stm;
    pos->alive = u->alive;
    /* unmake restores the identical position, unused places of the placing included */
    for (int i = u->nout; i < pos->nout; i++) pos->out[i] = 0;
    pos->nout = u->nout;
    memcpy(pos->royal, u->royal, sizeof pos->royal);
    pos->hash = u->hash;
}
