/* game.h — a game: its variant, start position, the moves played (with undo and redo), the
 * tags of its record and its result, decided by the end rules (checkmate, stalemate scoring,
 * bare king, three-player elimination, repetition, the move rule, resignation, agreement). */
#ifndef CELLMATE_GAME_H
#define CELLMATE_GAME_H

#include "endrules.h"
#include "notation.h"

#include <stddef.h>

typedef struct {
    Move move;
    Undo undo;
    char san[MOVE_TEXT_MAX];
    int mover;
    uint64_t hash; /* of the position after the move */
    long clock_ms; /* the mover's time left after the move (a clock's [%clk]), or -1 */
} Ply;

/* A comment of the record (a chat line in a room, a note of a loaded record): it follows
 * the move that made the game `ply` plies long (0: before the first move). */
typedef struct {
    int ply;
    char *text;
} GameNote;

typedef struct {
    bool over;
    int winner;   /* player index, or -1 for a draw */
    bool partial; /* 3/4 - 1/4 (stalemate scoring) */
    char termination[48];
} Result;

typedef struct {
    char *name, *value; /* any length */
} Tag;

typedef struct Game {
    const Variant *v;
    Position start, pos;
    bool custom_start; /* started from a position string: the record needs SetUp/FEN */
    Ply *plies;
    uint64_t *keys; /* keys[i]: the position after i plies (keys[0] the start), for repetition */
    int nplies, nredo, cap;
    Result result;
    bool decided; /* ended by resignation or agreement, not by a move: undo reopens it */
    int ntags, tagcap;
    Tag *tags; /* Event, Site, Date, Round, player names and any others kept, as many as given */
    GameNote *notes; /* in the order made; those after a taken-back move go with it */
    int nnotes, notes_cap;
} Game;

void game_init(Game *g, const Variant *v, const Position *start);
void game_free(Game *g);

/* Play a legal move (the caller has checked legality); clears the redo list. False when
 * memory for the record ran out: then nothing has changed. */
bool game_play(Game *g, Move m);
bool game_undo(Game *g);
bool game_redo(Game *g);

/* The side to move resigns (two players: the other wins; three: the resigner leaves). */
void game_resign(Game *g);
void game_agree_draw(Game *g);

/* Result text for the PGN Result tag: "1-0", "0-1", "1/2-1/2", "3/4-1/4", "1/4-3/4", "*",
 * or with three players the winner's name, "draw" or "*". */
const char *game_result_text(const Game *g, char *buf, size_t len);

/* Three players: the final placing, winner first ("Yellow, Red, Blue"; "Yellow = Red, Blue"). */
void game_placing(const Game *g, char *buf, size_t len);

/* A one-line summary of the end: "White wins by checkmate", "draw by repetition". */
void game_result_line(const Game *g, char *buf, size_t len);

const char *game_tag(const Game *g, const char *name);
/* Set a tag (any number, names and values of any length); false when out of memory. */
bool game_set_tag(Game *g, const char *name, const char *value);

/* Add a comment after the moves played so far (the text is copied, '}' made ')' and line
 * breaks blanks, so the record stays well formed); false when out of memory. */
bool game_add_note(Game *g, const char *text);

/* A deep copy of src (its plies and notes); false when out of memory. */
bool game_copy(Game *dst, const Game *src);

/* The player p ends the game by running out of time: two players, the other wins; three,
 * p (who must be the side to move) is out, as by resignation. */
void game_time_out(Game *g, int p);

/* Player p resigns: two players, at any time; three, only at p's turn (else nothing). */
void game_resign_side(Game *g, int p);

/* Recompute the result from the position and history (after loading or undoing). */
void game_evaluate(Game *g);

/* The number of the move the record is at, as a player reads it: while the game goes on,
 * the move being played now (1 before any); once it has ended, the number of its last move
 * on the board (the "--" of a side leaving moves nothing), or the start's when none was. */
int game_move_number(const Game *g);

#endif
