/* save_notes.h — what the player is told about the saves of the state directory (autosave.h):
 * the command that continues a save, the saves waiting at a start, and the others waiting
 * when one is resumed. Each names a save's exact way back, so that no game is left where
 * the player cannot find it. */
#ifndef CELLMATE_SAVE_NOTES_H
#define CELLMATE_SAVE_NOTES_H

#include "paths.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

/* The command that continues the save at path: "cellmate --resume" when that is the save
 * --resume continues now and no other cellmate is playing a game (whose next save would come
 * first), else "cellmate --resume=NAME"; either with " --variant PATH" for a variant whose
 * name does not find its file (variant_path_option). With login (restricted mode, whose
 * login takes no options): "your next login". Out holds SAVE_COMMAND_MAX bytes. */
#define SAVE_COMMAND_MAX (PATH_LEN + 256)
void save_notes_command(const Variant *v, const char *path, bool login, char *out, size_t len);

/* The saves other than `except` whose game goes on and that nobody plays, each with its
 * command ("also waiting: current-1234.pgn (cellmate --resume=current-1234)"); empty when
 * there is none; when memory ran out to list them, says so. */
void save_notes_others(const Variant *v, const char *except, bool login, char *out, size_t len);

/* A start that resumes nothing, after this run took its save: another cellmate playing the
 * saved game (this one's saved apart), the saved games waiting, and what a move here does to
 * them; with computer_first, that the computer, to move, waits for 'go'. Empty when there is
 * nothing to tell. Returns whether a saved game is waiting (also when memory ran out to list
 * them, which it says). With login, each says what a login does instead of naming a command. */
bool save_notes_start(const Variant *v, bool computer_first, bool login, char *out, size_t len);

/* What a run that keeps its game tells at its start, the host's directories hidden: for a
 * fresh start save_notes_start's notice, for a resumed game the others waiting
 * (save_notes_others). Returns save_notes_start's answer (false when resumed). */
bool save_notes_opening(const Variant *v, bool fresh, bool computer_first, bool login, char *out,
                        size_t len);

#endif
