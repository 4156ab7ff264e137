/* testutil.h — helpers shared by the unit tests: load a variant from the source tree, set
 * up a position from a short description, and list a piece's legal targets as text. */
#ifndef CELLMATE_TESTUTIL_H
#define CELLMATE_TESTUTIL_H

#include "game.h"
#include "variant_file.h"

/* Load variants/NAME.ini from $VARIANTS_DIR (the source tree); aborts the test on error. */
Variant *tu_variant(const char *name);

/* The shipped variants in turn: the next name in $VARIANTS_DIR (without ".ini") into name;
 * *dir is NULL before the first call and is closed after the last, which returns false. */
bool tu_next_variant(void **dir, char *name, size_t len);

/* Load a variant from INI text; aborts the test on error. */
Variant *tu_variant_text(const char *text);

/* Set up pos from "White: K a1, P e4; Black: K k11" (setup-line syntax per player, players
 * separated by ';'), with `to_move` moving. Empty hands, no rights, clocks 0 and 1. */
void tu_setup(Position *pos, const Variant *v, const char *desc, int to_move);

/* The cells the piece on `from` can legally move to, sorted by board order, space separated;
 * a cell appears once however many moves (promotions) lead there. */
const char *tu_targets(Position *pos, const char *from);

/* The number of legal moves of the piece on `from`. */
int tu_count_from(Position *pos, const char *from);

/* Check that the fast legality test agrees with making every pseudo-legal move of pos;
 * the legal moves go to *legal. */
void tu_check_legality(Position *pos, MoveList *legal);

/* The position string of pos reads back to the same position, in every field. */
void tu_check_fen(const Position *pos);

/* Play m on pos (u records it) and check on the way: the incremental key equals a
 * recomputed one, the position string reads back to the same position in every field, and
 * unmake restores the identical position. m is left played. */
void tu_check_move(Position *pos, Move m, Undo *u);

/* Play space-separated moves (any accepted notation) in a game; aborts the test on one that
 * does not parse. */
void tu_play(Game *g, const char *moves);

/* The cell named `name`; aborts the test when there is none. */
Cell tu_cell(const Variant *v, const char *name);

/* A move written independently of notation.c, so that tests do not check the code with
 * itself: e4-e5, d4xd5, e9-f10=R, c3!d4 (capture without moving), H@e4 (drop), h2~g3
 * (swap), O-O (castling by its name). */
void tu_move_text(const Position *pos, Move m, char *out, size_t len);

/* The legal moves in that form, sorted: all (from NULL), those from one cell, or the drops
 * of one kind ("@H"). */
const char *tu_moves(Position *pos, const char *from);
bool tu_has_move(Position *pos, const char *text);

/* The legal move written `text`; aborts the test, listing the legal moves, when none is. */
Move tu_find_move(Position *pos, const char *text);
void tu_play_text(Position *pos, const char *text, Undo *u);
void tu_game_move(Game *g, const char *text);

/* How many legal moves are of this kind (MOVE_EP, MOVE_DROP ...). */
int tu_count_kind(Position *pos, uint8_t kind);

/* Two games are the same: moves, their text and movers, the final position (hands, pools,
 * players out, clocks) and the result. */
void tu_check_same_game(const Game *a, const Game *b);

/* load(save(g)) == g: the record reads back without warnings (fallback: the variant for a
 * record without a Variant tag, or NULL) to the same game, and writes out to the same text.
 * Returns the record (the caller frees it). */
char *tu_check_pgn_round_trip(const Game *g, const Variant *fallback);

/* Random games from the start of v (`games` of up to `plies` plies), checking every position
 * with tu_check_legality and every move with tu_check_move. */
void tu_random_games(const Variant *v, int games, int plies);

/* A repeatable pseudo-random sequence (xorshift) for random games; tu_seed starts it. */
void tu_seed(uint64_t seed);
unsigned tu_rand(void);

/* Take a player out as if eliminated earlier (the position holds none of its pieces). */
void tu_set_out(Position *pos, int player);

/* The position string of pos (a static buffer). */
const char *tu_fen(const Position *pos);

/* Sort a space-separated list of words alphabetically (for comparing sets). */
const char *tu_sorted(const char *words);

#endif
