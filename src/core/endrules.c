/* endrules.c — whether a position ends the game, and how (see endrules.h). The order is the
 * rule book's: a player left alone has won; no legal move is mate or stalemate (a baring move
 * that mates wins as a mate, one that stalemates is a stalemate); then the bare king, then
 * repetition, then the move rule. */
#include "endrules.h"

static bool only_royal(const Position *pos, int player)
{
    const Variant *v = pos->v;
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (p && PIECE_OWNER(p) == player && !v->type[PIECE_KIND(p)].royal) return false;
    }
    return true;
}

/* The side to move, just bared by x, has a legal move that bares x in turn. */
static bool bare_answered(Position *pos, int x)
{
    if (only_royal(pos, x)) return false;
    MoveList ml;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) {
        Undo u;
        play_move(pos, ml.m[i], &u);
        bool bares = only_royal(pos, x);
        pos_unmake(pos, &u);
        if (bares) return true;
    }
    return false;
}

/* The position occurred often enough before. Only positions since the last irreversible
 * move (capture, pawn move, drop, promotion) can be equal to it, so the scan stops there. */
static bool repeated(const Position *pos, const EndContext *ctx)
{
    if (ctx->repeats <= 0) return false;
    int seen = 1, lo = ctx->nkeys - pos->halfmove;
    for (int i = ctx->nkeys - 1; i >= (lo > 0 ? lo : 0) && seen < ctx->repeats; i--)
        if (ctx->keys[i] == pos->hash) seen++;
    return seen >= ctx->repeats;
}

static Ending ending(enum end_kind kind, int winner, bool partial)
{
    return (Ending){kind, winner, partial};
}

static Ending no_moves(Position *pos)
{
    const Variant *v = pos->v;
    int us = pos->stm, them = pos_next_player(pos, us);
    if (in_check(pos)) return ending(END_CHECKMATE, them, false);
    if (v->nplayers > 2) return ending(END_STALEMATE, -1, false);
    switch (v->stalemate) {
    case STALEMATE_WIN: return ending(END_STALEMATE, them, false);
    case STALEMATE_LOSS: return ending(END_STALEMATE, us, false);
    case STALEMATE_34: return ending(END_STALEMATE, them, true);
    case STALEMATE_DRAW: break;
    }
    return ending(END_STALEMATE, -1, false);
}

Ending end_rules(Position *pos, const EndContext *ctx)
{
    const Variant *v = pos->v;
    if (pos_players_left(pos) < 2)
        return ending(END_ELIMINATION, pos->alive ? __builtin_ctz(pos->alive) : -1, false);
    int x = ctx->mover, y = pos->stm;
    bool bare = v->bare_king != BARE_NONE && v->nplayers == 2 && ctx->captured && x >= 0 &&
                only_royal(pos, y);
    bool rep = repeated(pos, ctx);
    bool rule = v->move_rule > 0 && pos->halfmove >= v->move_rule * pos_players_left(pos);
    int moves = ctx->has_moves;
    if (moves < 0) {
        if (ctx->lazy && !bare && !rep && !rule) return ending(END_NONE, -1, false);
        moves = has_legal_move(pos);
    }
    if (!moves) return no_moves(pos);
    if (bare) {
        if (v->bare_king == BARE_WIN_UNLESS_REPLY && bare_answered(pos, x))
            return ending(END_BARE_KING_DRAWN, -1, false);
        return ending(END_BARE_KING, x, false);
    }
    if (rep) return ending(END_REPETITION, -1, false);
    if (rule) return ending(END_MOVE_RULE, -1, false);
    return ending(END_NONE, -1, false);
}

const char *end_name(enum end_kind kind)
{
    static const char *const names[] = {
        [END_NONE] = "",
        [END_ELIMINATION] = "elimination",
        [END_CHECKMATE] = "checkmate",
        [END_STALEMATE] = "stalemate",
        [END_BARE_KING] = "bare king",
        [END_BARE_KING_DRAWN] = "bare king, answered",
        [END_REPETITION] = "repetition",
        [END_MOVE_RULE] = "move rule",
    };
    return names[kind];
}
