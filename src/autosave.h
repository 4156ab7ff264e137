/* autosave.h — the game in progress, kept safe: written atomically after every change to
 * $XDG_STATE_HOME/cellmate/current.pgn (default ~/.local/state/cellmate/current.pgn), and
 * read back by cellmate --resume. */
#ifndef CELLMATE_AUTOSAVE_H
#define CELLMATE_AUTOSAVE_H

#include "session.h"

/* Keep the game in `dir` instead of the state directory (restricted mode: the player's). */
void autosave_use_dir(const char *dir);

/* Whether there is a saved game to resume. */
bool autosave_exists(void);

/* Make sure the state directory can take saves (false with the reason in err: then nothing
 * will be saved), and take its lock, or, when another cellmate holds it, save this run's
 * game under a name of its own. Call once before the first save. */
bool autosave_claim(char *err, int errlen);

/* The save file's path (created directories aside); false if no home directory is known. */
bool autosave_path(char *out, size_t len);

/* Save the session's game; with keep_previous, the save it replaces is kept as previous.pgn
 * beside it (once the new one is safely written). False with a message in err: then the
 * old save is untouched. */
bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen);

/* Replace the session's game with the saved one (with `previous`, the one before it:
 * previous.pgn); false with a message in err, which names previous.pgn when only it is
 * left. */
bool autosave_resume(Session *s, bool previous, char *err, int errlen);

#endif
