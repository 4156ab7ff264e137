/* autosave.c — saving the game in progress (see autosave.h). The first screen to run holds
 * a lock on the state directory and saves to current.pgn; a second one running at the same
 * time saves to current-PID.pgn instead, so two games never overwrite each other.
 * --resume continues the most recently saved of them. */
#include "autosave.h"

#include "fileio.h"
#include "pgn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static char save_name[64] = "current.pgn";
static int lock_fd = -1;
static char resumed_path[4400]; /* a save another run left, merged into ours on our first write */
static char fixed_dir[4096];    /* restricted mode: the player's directory */

void autosave_use_dir(const char *dir)
{
    snprintf(fixed_dir, sizeof fixed_dir, "%s", dir);
}

/* $XDG_STATE_HOME/cellmate, or ~/.local/state/cellmate with the home directory from HOME or,
 * when HOME is unset, from the password database. */
static bool state_dir(char *out, size_t len)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (fixed_dir[0]) return snprintf(out, len, "%s", fixed_dir) < (int)len;
    if (xdg && *xdg == '/') return snprintf(out, len, "%s/cellmate", xdg) < (int)len;
    if (!home || !*home) {
        struct passwd *pw = getpwuid(getuid());
        home = pw ? pw->pw_dir : NULL;
    }
    if (home && *home) return snprintf(out, len, "%s/.local/state/cellmate", home) < (int)len;
    return false;
}

static bool usable_state_dir(char *dir, size_t len, char *err, int errlen)
{
    if (!state_dir(dir, len)) {
        snprintf(err, errlen,
                 "no place to save the game: no home directory is known (set HOME "
                 "or XDG_STATE_HOME)");
        return false;
    }
    if (!make_dirs(dir, err, errlen)) return false;
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write there: %s", dir, strerror(errno));
        return false;
    }
    return true;
}

bool autosave_claim(char *err, int errlen)
{
    char dir[4096], lock[4200];
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (lock_fd >= 0) return true;
    if (snprintf(lock, sizeof lock, "%s/current.lock", dir) >= (int)sizeof lock) return true;
    lock_fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lock_fd >= 0 && flock(lock_fd, LOCK_EX | LOCK_NB) == 0) return true; /* held until exit */
    snprintf(save_name, sizeof save_name, "current-%ld.pgn", (long)getpid());
    return true;
}

bool autosave_path(char *out, size_t len)
{
    char dir[4096];
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/%s", dir, save_name) < (int)len;
}

bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen)
{
    char dir[4096], path[4200], previous[4200];
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (!autosave_path(path, sizeof path) ||
        snprintf(previous, sizeof previous, "%s/previous.pgn", dir) >= (int)sizeof previous) {
        snprintf(err, errlen, "%s: path too long", dir);
        return false;
    }
    char *text = pgn_write(&s->game);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    /* the save it replaces becomes previous.pgn only once the new one is safe */
    bool ok = write_file_keeping(path, text, 0600, keep_previous ? previous : NULL, err, errlen);
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

bool autosave_exists(void)
{
    char path[4400];
    return newest_save(path, sizeof path);
}

static bool previous_save(char *out, size_t len)
{
    char dir[4096];
    struct stat st;
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/previous.pgn", dir) < (int)len &&
           stat(out, &st) == 0 && S_ISREG(st.st_mode);
}

bool autosave_resume(Session *s, bool previous, char *err, int errlen)
{
    char path[4400], older[4400];
    PgnReport rep;
    if (previous) {
        if (!previous_save(path, sizeof path)) {
            char dir[4096] = "";
            state_dir(dir, sizeof dir);
            snprintf(err, errlen, "no previous save to resume (%s/previous.pgn)", dir);
            return false;
        }
        return session_load_file(s, path, &rep, err, errlen);
    }
    if (!newest_save(path, sizeof path)) {
        char where[4200] = "";
        autosave_path(where, sizeof where);
        if (previous_save(older, sizeof older))
            snprintf(err, errlen,
                     "no saved game to resume (%s); the save before it is %s: "
                     "cellmate --resume=previous continues it",
                     where, older);
        else
            snprintf(err, errlen, "no saved game to resume (%s)", where);
        return false;
    }
    if (!session_load_file(s, path, &rep, err, errlen)) return false;
    snprintf(resumed_path, sizeof resumed_path, "%s", path);
    return true;
}
