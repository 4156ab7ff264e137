/* pgn.h — game records: writing a game as PGN with a Variant tag, and reading files of one
 * or more games, tolerant of what real records contain (warnings) and strict about what
 * would change the game (errors with line and column). */
#ifndef CELLMATE_PGN_H
#define CELLMATE_PGN_H

#include "game.h"

#include <stdio.h>

#define PGN_MSG_MAX 640

/* The record of g as PGN text; the caller frees it. */
char *pgn_write(const Game *g);

/* Write the record of g to path as one atomic save (fileio.h write_file_atomic: mode for a
 * new file). False with err. */
bool pgn_write_file(const Game *g, const char *path, unsigned mode, char *err, int errlen);

typedef struct {
    char *text; /* the whole file */
    size_t pos, len;
    int line, col;           /* of text[pos], from 1 */
    int ngames;              /* games started so far */
    const Variant *fallback; /* the variant of games with no Variant tag */
    Game *game;              /* the game whose movetext is being read: it keeps comments */
    char *word;              /* the movetext word being read, any length */
    size_t wordcap;
} PgnReader;

typedef struct PgnReport {
    int moves; /* moves played before the end or the error */
    int warnings;
    char warning[PGN_MSG_MAX]; /* the first warning */
    char error[PGN_MSG_MAX];   /* "line L, column C: ..." */
    char bad_label[48];        /* the move an error is about: "12..." and "Nf6" */
    char bad_move[128];        /* as long as a movetext word may be */
    char reason[NOTE_ERR_MAX]; /* why that move was rejected */
    int line, col;             /* where the error is */
    bool cut_short; /* the text ends inside a tag or a comment, or before the game's result:
                     * the record was probably cut (the warning says where) */
    char missing_variant[64]; /* the variant the Variant tag names, when it cannot be opened
                               * (the record may be whole: the variant is what is missing) */
    char assumed_variant[64]; /* with no Variant tag, the fallback it was read as (an error
                               * may come of reading it so: pgn_read_first says so) */
} PgnReport;

/* Open a file (false with a message in err if unreadable) or a string. */
bool pgn_open_file(PgnReader *r, const char *path, const Variant *fallback, char *err, int errlen);
void pgn_open_string(PgnReader *r, const char *text, const Variant *fallback);
void pgn_close(PgnReader *r);

enum pgn_status { PGN_OK, PGN_EOF, PGN_ERROR };

/* Read the next game into g (initialised here; free with game_free). The game's variant is
 * its Variant tag's file, loaded into *owned (free with variant_free after the game), or the
 * fallback. On PGN_ERROR the reader has moved on to the next game. */
enum pgn_status pgn_read_game(PgnReader *r, Game *g, Variant **owned, PgnReport *rep);

/* The first game of the file at path, as load reads a record (and the list of saved games
 * does, so that it lists what load reads): into g and *owned as pgn_read_game, fallback the
 * variant of a record without a Variant tag. False with "PATH: reason" in err (nothing to
 * free) when the file cannot be read (rep then untouched), holds no game, or its first game
 * has an error. */
bool pgn_read_first(const char *path, const Variant *fallback, Game *g, Variant **owned,
                    PgnReport *rep, char *err, int errlen);

#endif
