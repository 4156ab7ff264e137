/* autosave.c — saving the game in progress (see autosave.h). */
#include "autosave.h"

#include "fileio.h"
#include "pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool state_dir(char *out, size_t len)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/') return snprintf(out, len, "%s/cellmate", xdg) < (int)len;
    if (home && *home) return snprintf(out, len, "%s/.local/state/cellmate", home) < (int)len;
    return false;
}

bool autosave_path(char *out, size_t len)
{
    char dir[4096];
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/current.pgn", dir) < (int)len;
}

bool autosave_write(const Session *s, char *err, int errlen)
{
    char dir[4096], path[4200];
    if (!state_dir(dir, sizeof dir) || !autosave_path(path, sizeof path)) {
        snprintf(err, errlen, "no place to save the game: set HOME or XDG_STATE_HOME");
        return false;
    }
    if (!make_dirs(dir, err, errlen)) return false;
    char *text = pgn_write(&s->game);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = write_file_atomic(path, text, err, errlen);
    free(text);
    return ok;
}

bool autosave_resume(Session *s, char *err, int errlen)
{
    char path[4200];
    PgnReader r;
    PgnReport rep;
    Game g;
    Variant *owned;
    if (!autosave_path(path, sizeof path)) {
        snprintf(err, errlen, "no saved game: set HOME or XDG_STATE_HOME");
        return false;
    }
    if (!pgn_open_file(&r, path, s->v, err, errlen)) {
        snprintf(err, errlen, "no saved game to resume (%s)", path);
        return false;
    }
    enum pgn_status st = pgn_read_game(&r, &g, &owned, &rep);
    pgn_close(&r);
    if (st != PGN_OK) {
        if (st == PGN_ERROR && g.v) game_free(&g);
        variant_free(owned);
        snprintf(err, errlen, "%s: %s", path, st == PGN_EOF ? "empty" : rep.error);
        return false;
    }
    session_set_game(s, owned ? owned : s->v, &g);
    return true;
}
