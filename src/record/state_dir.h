/* state_dir.h — where cellmate keeps what must outlast a session: the game in progress and
 * its saves (autosave.h), the rooms' records (room/keep.h). One lookup for all of them, so
 * that they stay side by side. */
#ifndef CELLMATE_STATE_DIR_H
#define CELLMATE_STATE_DIR_H

#include <stdbool.h>
#include <stddef.h>

/* $XDG_STATE_HOME/cellmate, or HOME/.local/state/cellmate, with SUB ("" or "/rooms") after
 * it, written to out as snprintf writes (the directory is not made). XDG_STATE_HOME and HOME
 * count only as absolute paths (the XDG specification calls a relative one invalid, and a
 * server that changed directory would read a relative one elsewhere). Without a home from
 * HOME, with_passwd takes the password database's. Returns the path's length as snprintf
 * does (len or more: out could not hold it); -1 when no home is known. */
int state_dir_path(bool with_passwd, const char *sub, char *out, size_t len);

#endif
