/* autosave.h — the game in progress, kept safe: written atomically after every change to
 * $XDG_STATE_HOME/cellmate/current.pgn (default ~/.local/state/cellmate/current.pgn), and
 * read back by cellmate --resume. A saved game belongs to one process at a time: the one
 * holding the lock file beside it (current.lock for current.pgn) while it runs. */
#ifndef CELLMATE_AUTOSAVE_H
#define CELLMATE_AUTOSAVE_H

#include "session.h"

#include <stddef.h>
#include <time.h>

struct Restriction;

/* Restricted mode: keep the game in the player's directory instead of the state directory,
 * and what a run keeps besides (previous.pgn, a game left) among the player's saves. */
void autosave_use_dir(const struct Restriction *r);

/* Restricted mode: every mention of the player's directory in text (a message) goes, so
 * that its files show by their names (current.pgn) and the host's directories do not. */
void autosave_hide_dirs(char *text, size_t len);

/* Whether there is a saved game to resume. */
bool autosave_exists(void);

/* For a start that does not resume it: whether the save --resume would continue
 * (autosave_pick) holds a game to be continued. False when there is none, or when its game has
 * ended: then `ended` says how (game_result_line's words, "result 1-0: White wins by checkmate"),
 * else it is empty. A save that cannot be read counts as waiting (--resume says what is wrong with
 * it). */
bool autosave_waiting(const Variant *fallback, char *ended, size_t len);

enum { AUTOSAVE_GONE = -2 };

/* Move the save at path (autosave_pick's) to dest, under its lock: 1 when moved, 0 when a
 * file has the name dest (a file there is never replaced), -1 with err when another process
 * holds it or on another error, AUTOSAVE_GONE when it is no longer there (another process
 * moved it meanwhile). Restricted mode files a game that has ended among the player's saves
 * this way. */
int autosave_move(const char *path, const char *dest, char *err, int errlen);

/* Make sure the state directory can take saves (false with the reason in err: then nothing
 * will be saved). Unless a resumed save was taken over, take current.pgn, or, when another
 * cellmate holds it, a name of this run's own (current-PID.pgn). Removes the temporary files
 * writers that were killed left behind. Call once before the first save. */
bool autosave_claim(char *err, int errlen);

/* The save file's path (created directories aside); false if no home directory is known. */
bool autosave_path(char *out, size_t len);

/* Save the session's game; with keep_previous (a run's first save), the save it replaces is
 * kept first (written and synced before it is replaced): a game that goes on and that this
 * run did not resume as autosave_keep_game keeps a game (restricted mode: among the player's
 * saves, as left-DATE-TIME); a copy of this run's own game, or a game that has ended, only as
 * previous.pgn (restricted mode: the player's save previous), and only when no game that goes
 * on (and is not all in the games saved) is there. False with a message in err: then the old
 * save is untouched. */
bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen);

/* One of the saves current.pgn and current-PID.pgn (autosave_saves). */
typedef struct {
    char path[4400];
    char name[64];        /* its name without .pgn: current, current-1234 */
    long owner;           /* the process playing it, when another one is; else 0 */
    bool goes_on;         /* its game has not ended (or it cannot be read whole) */
    bool unplayed;        /* its game, read whole, has no move yet (and so goes_on is false) */
    char ended[256];      /* when its game has ended: how (game_result_line's words) */
    struct timespec when; /* when it was written */
} SaveInfo;

enum { MAX_SAVES_LISTED = 64 };

/* The newest max saves of the state directory, the most recently written first; with a
 * fallback variant (for records without a Variant tag) also who plays each, whether its game
 * goes on and how it ended (each file read once while it stays the same: save_scan.h), else
 * those are 0, false and empty. */
int autosave_saves(const Variant *fallback, SaveInfo *out, int max);

/* The same for the newest MAX_SAVES_LISTED saves, in a list it allocates (a SaveInfo holds a
 * path: the list is too big for the stack): their count, *out to be freed by the caller; -1
 * with *out NULL when memory ran out. */
int autosave_saves_listed(const Variant *fallback, SaveInfo **out);

/* The save --resume continues: the most recently written one whose game goes on and that no
 * other process plays, or, when there is none, the most recently written one; false when
 * there is no save. 1 when one was picked, 0 when there is no save, -1 when memory ran out. */
int autosave_pick(const Variant *fallback, SaveInfo *out);

/* A save's name, as --resume=NAME takes it: 1 to 64 lower-case letters, digits and '-'. */
bool autosave_name_ok(const char *name);

/* Where this run's first save would keep the save it replaces (autosave_write): that name
 * (previous.pgn, previous-2.pgn), or false when it would keep nothing. */
bool autosave_keep_name(const Variant *fallback, char *out, size_t len);

/* Keep game g, which the player leaves for another: as previous.pgn, or, when that holds a game
 * that goes on (and whose moves are not all in g) or another running cellmate plays it, as the
 * first previous-N.pgn that is free so. Each name is decided under its lock, and a new one is
 * made by a link that never replaces a file made meanwhile. Its name in kept, or false with
 * the reason in err. */
bool autosave_keep_game(const Game *g, char *kept, size_t len, char *err, int errlen);

/* The session's replacing hook for a run that saves: a game that goes on is kept
 * (autosave_keep_game; in restricted mode among the player's saves, as left-DATE-TIME, which
 * 'load' reads) before new or load replaces it, and note says where; when it cannot be kept,
 * false with the reason in note (the session then refuses the new game, or asks again). */
bool autosave_replacing(Session *s, char *note, size_t len);

/* The session's list_saves hook (not in restricted mode, whose load lists the player's saves):
 * the games of the state directory, newest first, how to load or continue one, and that they
 * stay until deleted (how to clear the games kept as previous*.pgn). Each is read as load
 * reads it: a record without a Variant tag as fallback. False when there is none. */
bool autosave_list_saves(const Variant *fallback, Sink *out);

/* The session's find_save hook: the file of the state directory that autosave_list_saves
 * lists as name ("previous-2.pgn", or "previous-2"), in path; false when name is not a plain
 * file name or there is no such save. */
bool autosave_find_save(const char *name, char *path, size_t len);

enum resume_mode {
    RESUME_LATEST,   /* the newest save */
    RESUME_PREVIOUS, /* previous.pgn, the save before it */
    RESUME_COPY,     /* the newest save, as a copy: this run saves it under a name of its own */
    RESUME_WATCH     /* the newest save, only to look at */
};

typedef struct {
    char path[4400];  /* the save that was read (or would have been) */
    char name[64];    /* its name, for --resume=NAME */
    long owner;       /* the process playing it, when another one is; 0 when none is */
    bool damaged;     /* it could not be read whole (cut short, say) */
    char aside[4500]; /* where a damaged save was set aside, if it was */
} Resumed;

/* Replace the session's game with a saved one: the save `name` names (NAME.pgn, --resume=NAME)
 * or, when NULL, the one `mode` means (autosave_pick; to watch or copy: the most recently
 * written one another process plays, if any). With `take` (RESUME_LATEST only), this run
 * takes the save over and goes on saving to it; when another process holds it, nothing is
 * loaded and false is returned with r->owner set. A save that cannot be read whole (cut
 * short, say) is damaged: false with r->damaged, and, unless another process plays it, it is
 * set aside as damaged-NAME.pgn (or damaged-NAME-2.pgn, ...: never over another; r->aside).
 * One that cannot be read, or whose variant is not found, is no damage: it is left in place.
 * False with a message in err otherwise (no save: it then names previous.pgn when that is
 * left). */
bool autosave_resume(Session *s, enum resume_mode mode, const char *name, bool take, Resumed *r,
                     char *err, int errlen);

/* The path of previous.pgn, the save before the newest (restricted mode: the player's save
 * previous); false when there is none. */
bool autosave_previous(char *out, size_t len);

/* The process holding the save at path, or 0 when none does (or it is this one). */
long autosave_owner(const char *path);

#endif
