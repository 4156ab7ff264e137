/* resume.h — what --resume does when the program starts: continue a saved game, and, when
 * another cellmate is playing it, say so and let the player watch it or play a copy. */
#ifndef CELLMATE_RESUME_H
#define CELLMATE_RESUME_H

#include "autosave.h"

/* Load the saved game `name` names (NAME.pgn, --resume=NAME), or when NULL the one `mode`
 * means, into the session. on_screen: the game screen will run
 * (a question can be asked on the terminal); autosave: this run will save the game, so it
 * takes the save over (when another process holds it: the question, or, off the screen, a
 * copy). When the game is to be watched, its path is put in watch. Returns -1 when
 * the program goes on, or the exit status to leave with (after a message). */
int resume_start(Session *s, enum resume_mode mode, const char *name, bool on_screen, bool autosave,
                 char *watch, size_t len);

#endif
