/* resume.h — what --resume does when the program starts: continue a saved game, and, when
 * another cellmate is playing it, say so and let the player watch it or play a copy; and
 * whether a restricted login continues the player's last game. */
#ifndef CELLMATE_RESUME_H
#define CELLMATE_RESUME_H

#include "autosave.h"
#include "restrict.h"

/* Load the saved game `name` names (NAME.pgn, --resume=NAME), or when NULL the one `mode`
 * means, into the session. on_screen: the game screen will run
 * (a question can be asked on the terminal); autosave: this run will save the game, so it
 * takes the save over (when another process holds it: the question, or, off the screen, a
 * copy). When the game is to be watched, its path is put in watch. Returns -1 when
 * the program goes on, or the exit status to leave with (after a message). */
int resume_start(Session *s, enum resume_mode mode, const char *name, bool on_screen, bool autosave,
                 char *watch, size_t len);

/* Restricted mode, a start that is not told to resume: whether the player's last game goes
 * on. It does when it is waiting (autosave_waiting) or has no move yet (a new game of the
 * player's choosing), not when there is none. One that has ended does not go on: it is
 * moved among the player's saves, as ended-DATE-TIME (the time of its last save; -2, -3 ...
 * after it when that name is taken), never over another file.
 * Then `ended` says how it ended and `kept` where it is; when it cannot be moved (the saves
 * are full, another process plays it), `kept` says why and it goes on as before. */
bool resume_restricted(const Restriction *r, const Variant *fallback, char *ended, size_t elen,
                       char *kept, size_t klen);

#endif
