/* autosave.h — the game in progress, kept safe: written atomically after every change to
 * $XDG_STATE_HOME/cellmate/current.pgn (default ~/.local/state/cellmate/current.pgn), and
 * read back by cellmate --resume. A saved game belongs to one process at a time: the one
 * holding the lock file beside it (current.lock for current.pgn) while it runs. */
#ifndef CELLMATE_AUTOSAVE_H
#define CELLMATE_AUTOSAVE_H

#include "session.h"

#include <stddef.h>

/* Keep the game in `dir` instead of the state directory (restricted mode: the player's). */
void autosave_use_dir(const char *dir);

/* Restricted mode: every mention of the player's directory in text (a message) goes, so
 * that its files show by their names (current.pgn) and the host's directories do not. */
void autosave_hide_dirs(char *text, size_t len);

/* Whether there is a saved game to resume. */
bool autosave_exists(void);

/* For a start that does not resume it: whether the newest save holds a game to be
 * continued. False when there is none, or when its game has ended: then `ended` says how
 * (game_result_line's words, "result 1-0: White wins by checkmate"), else it is empty. A
 * save that cannot be read counts as waiting (--resume says what is wrong with it). */
bool autosave_waiting(const Variant *fallback, char *ended, size_t len);

/* Make sure the state directory can take saves (false with the reason in err: then nothing
 * will be saved). Unless a resumed save was taken over, take current.pgn, or, when another
 * cellmate holds it, a name of this run's own (current-PID.pgn). Removes the temporary files
 * writers that were killed left behind. Call once before the first save. */
bool autosave_claim(char *err, int errlen);

/* The save file's path (created directories aside); false if no home directory is known. */
bool autosave_path(char *out, size_t len);

/* Save the session's game; with keep_previous, the save it replaces is kept as previous.pgn
 * beside it (once the new one is safely written). False with a message in err: then the
 * old save is untouched. */
bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen);

enum resume_mode {
    RESUME_LATEST,   /* the newest save */
    RESUME_PREVIOUS, /* previous.pgn, the save before it */
    RESUME_COPY,     /* the newest save, as a copy: this run saves it under a name of its own */
    RESUME_WATCH     /* the newest save, only to look at */
};

typedef struct {
    char path[4400];  /* the save that was read (or would have been) */
    long owner;       /* the process playing it, when another one is; 0 when none is */
    bool damaged;     /* it could not be read whole (cut short, say) */
    char aside[4500]; /* where a damaged save was set aside, if it was */
} Resumed;

/* Replace the session's game with a saved one. With `take` (RESUME_LATEST only), this run
 * takes the save over and goes on saving to it; when another process holds it, nothing is
 * loaded and false is returned with r->owner set. A save that cannot be read whole (cut
 * short, say) is damaged: false with r->damaged, and, unless another process plays it, it is
 * set aside as damaged-NAME.pgn (or damaged-NAME-2.pgn, ...: never over another; r->aside).
 * One that cannot be read, or whose variant is not found, is no damage: it is left in place.
 * False with a message in err otherwise (no save: it then names previous.pgn when that is
 * left). */
bool autosave_resume(Session *s, enum resume_mode mode, bool take, Resumed *r, char *err,
                     int errlen);

/* The path of previous.pgn, the save before the newest; false when there is none. */
bool autosave_previous(char *out, size_t len);

/* The process holding the save at path, or 0 when none does (or it is this one). */
long autosave_owner(const char *path);

#endif
