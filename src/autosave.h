/* autosave.h — the game in progress, kept safe: written atomically after every change to
 * $XDG_STATE_HOME/cellmate/current.pgn (default ~/.local/state/cellmate/current.pgn), and
 * read back by cellmate --resume. */
#ifndef CELLMATE_AUTOSAVE_H
#define CELLMATE_AUTOSAVE_H

#include "session.h"

/* The save file's path (created directories aside); false if no home directory is known. */
bool autosave_path(char *out, size_t len);

/* Save the session's game; false with a message in err. */
bool autosave_write(const Session *s, char *err, int errlen);

/* Replace the session's game with the saved one; false with a message in err. */
bool autosave_resume(Session *s, char *err, int errlen);

#endif
