/* autosave.c — saving the game in progress (see autosave.h). The first screen to run holds
 * a lock on the state directory and saves to current.pgn; a second one running at the same
 * time saves to current-PID.pgn instead, so two games never overwrite each other.
 * --resume continues the most recently saved of them. */
#include "autosave.h"

#include "fileio.h"
#include "pgn.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static char save_name[64] = "current.pgn";
static int lock_fd = -1;
static char resumed_path[4400]; /* a save another run left, merged into ours on our first write */

static bool state_dir(char *out, size_t len)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/') return snprintf(out, len, "%s/cellmate", xdg) < (int)len;
    if (home && *home) return snprintf(out, len, "%s/.local/state/cellmate", home) < (int)len;
    return false;
}

void autosave_claim(void)
{
    char dir[4096], lock[4200], err[600];
    if (lock_fd >= 0 || !state_dir(dir, sizeof dir) || !make_dirs(dir, err, sizeof err)) return;
    if (snprintf(lock, sizeof lock, "%s/current.lock", dir) >= (int)sizeof lock) return;
    lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lock_fd >= 0 && flock(lock_fd, LOCK_EX | LOCK_NB) == 0) return; /* held until exit */
    snprintf(save_name, sizeof save_name, "current-%ld.pgn", (long)getpid());
}

bool autosave_path(char *out, size_t len)
{
    char dir[4096];
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/%s", dir, save_name) < (int)len;
}

bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen)
{
    char dir[4096], path[4200], previous[4200];
    if (!state_dir(dir, sizeof dir) || !autosave_path(path, sizeof path)) {
        snprintf(err, errlen, "no place to save the game: set HOME or XDG_STATE_HOME");
        return false;
    }
    if (!make_dirs(dir, err, errlen)) return false;
    if (keep_previous &&
        snprintf(previous, sizeof previous, "%s/previous.pgn", dir) < (int)sizeof previous)
        rename(path, previous); /* nothing to keep is fine */
    char *text = pgn_write(&s->game);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = write_file_atomic(path, text, 0600, err, errlen);
    free(text);
    if (ok && resumed_path[0] && strcmp(resumed_path, path)) unlink(resumed_path);
    if (ok) resumed_path[0] = 0;
    return ok;
}

/* The most recently written current*.pgn of the state directory. */
static bool newest_save(char *out, size_t len)
{
    char dir[4096];
    time_t best = 0;
    bool found = false;
    if (!state_dir(dir, sizeof dir)) return false;
    DIR *d = opendir(dir);
    if (!d) return false;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "current", 7) || n < 11 || strcmp(e->d_name + n - 4, ".pgn"))
            continue;
        char path[4400];
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (!found || st.st_mtime > best)) {
            best = st.st_mtime;
            snprintf(out, len, "%s", path);
            found = true;
        }
    }
    closedir(d);
    return found;
}

bool autosave_resume(Session *s, char *err, int errlen)
{
    char path[4400];
    PgnReport rep;
    if (!newest_save(path, sizeof path)) {
        char where[4200] = "";
        autosave_path(where, sizeof where);
        snprintf(err, errlen, "no saved game to resume (%s)", where);
        return false;
    }
    if (!session_load_file(s, path, &rep, err, errlen)) return false;
    snprintf(resumed_path, sizeof resumed_path, "%s", path);
    return true;
}
