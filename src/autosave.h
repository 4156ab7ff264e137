/* autosave.h — the game in progress, kept safe: written atomically after every change to
 * $XDG_STATE_HOME/cellmate/current.pgn (default ~/.local/state/cellmate/current.pgn), and
 * read back by cellmate --resume. */
#ifndef CELLMATE_AUTOSAVE_H
#define CELLMATE_AUTOSAVE_H

#include "session.h"

/* Take the state directory's lock, or, when another cellmate holds it, save this run's game
 * under a name of its own. Call once before the first save. */
void autosave_claim(void);

/* The save file's path (created directories aside); false if no home directory is known. */
bool autosave_path(char *out, size_t len);

/* Save the session's game; with keep_previous, an existing save is first renamed to
 * previous.pgn beside it. False with a message in err. */
bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen);

/* Replace the session's game with the saved one; false with a message in err. */
bool autosave_resume(Session *s, char *err, int errlen);

#endif
