/* save_scan.h — the saved games of a directory, each read once. A start asks about them
 * several times (what is waiting, what --resume would continue, where the first save keeps
 * the game it replaces); a save is parsed again only once its file changed, and every save is
 * written as a new file renamed over the old one, so a file's inode, size and time tell, once
 * its time is well past: one written just before it was read is read again each time (its
 * time, kept coarsely, could be that of another file written just after). */
#ifndef CELLMATE_SAVE_SCAN_H
#define CELLMATE_SAVE_SCAN_H

#include "game.h"

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* What a save holds, as far as keeping it goes. */
typedef struct {
    bool whole; /* it was read whole (not: unreadable, cut short, variant unknown) */
    bool over;  /* its game has ended: how, in ended (game_result_line's words) */
    char ended[256];
    char variant[MAX_NAME]; /* the rest only when whole */
    int nplies;
    int move;       /* the move it is at (game_move_number) */
    uint64_t *keys; /* keys[0..nplies], the positions it goes through */
} SaveGame;

/* The moves of a game, to ask whether a save's are all in it. */
typedef struct {
    const char *variant;
    const uint64_t *keys;
    int nplies;
} SaveMoves;

/* The save at path, read once while its file stays the same; NULL when no regular file is
 * there. fallback: the variant of a record without a Variant tag. The entry stays valid (and
 * the same) until the next call for the same path, which reads the file again when it changed
 * or was written just before this reading. */
const SaveGame *save_scan_read(const char *path, const Variant *fallback);

/* Whether a save's game goes on: it has a move and has not ended, or it cannot be read whole
 * (--resume then says what is wrong with it). False for NULL (no save). */
bool save_scan_goes_on(const SaveGame *sg);

/* Whether the moves of a save's game are all in m: the same variant, and m goes through the
 * same positions as far as the save goes (m may go on). */
bool save_scan_within(const SaveGame *sg, const SaveMoves *m);

/* A file of a directory, as save_scan_dir lists it. */
typedef struct {
    char path[4400];
    char name[64]; /* without .pgn */
    struct timespec when;
} SaveFile;

/* All regular files of dir whose names `want` takes, the most recently written first, in
 * *out (malloc'ed: the caller frees it); their count, 0 when there is none or dir cannot be
 * read. */
int save_scan_dir(const char *dir, bool (*want)(const char *name), SaveFile **out);

#endif
