/* autosave.c — saving the game in progress (see autosave.h). Each save NAME.pgn of the
 * state directory has a lock file NAME.lock; the process that holds an exclusive flock on it
 * owns the save, writes its process id into it, and is the only one that writes NAME.pgn.
 * The first screen takes current.pgn; one that starts while another plays takes
 * current-PID.pgn, so two games never overwrite each other. --resume takes over the newest
 * save when nobody holds it; otherwise the caller may watch it or copy it. */
#include "autosave.h"

#include "fileio.h"
#include "lockfile.h"
#include "number.h"
#include "pgn.h"
#include "restrict.h"
#include "save_scan.h"
#include "state_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char save_path[4400]; /* the save this run owns, once it owns one */
static int lock_fd = -1;
static char fixed_dir[4096];           /* restricted mode: the player's directory */
static const Restriction *restriction; /* restricted mode: the player's, and their saves */
/* this run continues the game its save holds (it resumed it): the first save then replaces
 * only a copy of the game on the screen */
static bool took_over;

enum { MAX_SET_ASIDE = 1000 }; /* damaged saves kept of one name */

void autosave_use_dir(const Restriction *r)
{
    restriction = r;
    snprintf(fixed_dir, sizeof fixed_dir, "%s", r->dir);
}

void autosave_hide_dirs(char *text, size_t len)
{
    char dir[4200], full[8192];
    if (!fixed_dir[0] || !len) return;
    snprintf(dir, sizeof dir, "%s/", fixed_dir);
    snprintf(full, sizeof full, "%s", text);
    restrict_hide_path(full, dir, "", text, len); /* files: by their names */
    snprintf(full, sizeof full, "%s", text);
    restrict_hide_path(full, fixed_dir, "(your folder)", text, len);
}

/* The player's directory in restricted mode, else the state directory (state_dir.h), with
 * the home directory from HOME or, without it, from the password database. */
static bool state_dir(char *out, size_t len)
{
    if (fixed_dir[0]) return snprintf(out, len, "%s", fixed_dir) < (int)len;
    int n = state_dir_path(true, "", out, len);
    return n >= 0 && n < (int)len;
}

static bool usable_state_dir(char *dir, size_t len, char *err, int errlen)
{
    if (!state_dir(dir, len)) {
        snprintf(err, errlen,
                 "no place to save the game: no home directory is known (set HOME "
                 "or XDG_STATE_HOME)");
        return false;
    }
    if (!make_dirs(dir, err, errlen)) {
        autosave_hide_dirs(err, (size_t)errlen);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write there: %s", dir, strerror(errno));
        autosave_hide_dirs(err, (size_t)errlen);
        return false;
    }
    return true;
}

/* NAME.lock for NAME.pgn (or for NAME.pgn.tmp.XXXXXX, a temporary file of it). */
static bool lock_path_of(const char *save, char *out, size_t len)
{
    const char *base = strrchr(save, '/'), *dot = strstr(base ? base : save, ".pgn");
    if (!dot) return false;
    return snprintf(out, len, "%.*s.lock", (int)(dot - save), save) < (int)len;
}

/* An exclusive lock on a save's lock file: its descriptor, or -1 when another process holds
 * it (its id in *owner) or it cannot be opened. */
static int try_lock(const char *save, long *owner)
{
    char lock[4500];
    *owner = 0;
    if (!lock_path_of(save, lock, sizeof lock)) return -1;
    bool locked;
    /* (a process's own copy removes its lock file when it ends: release_own_copy) */
    int fd = lockfile_take(lock, 0600, &locked);
    if (fd < 0 || locked) return fd;
    char buf[32] = "";
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n > 0) {
        const char *p = buf;
        buf[n] = 0;
        if (number_scan(&p, 2147483647L /* a pid_t */, owner) != NUMBER_OK) *owner = 0;
    }
    if (*owner <= 0) *owner = -1; /* held, by a process that has not said which yet */
    close(fd);
    return -1;
}

/* Let a lock go and remove its file, still held, so that nobody races: a lock taken on a
 * file unlinked meanwhile is taken again (lockfile_take). */
static void drop_lock(const char *save, int fd)
{
    char lock[4500];
    if (lock_path_of(save, lock, sizeof lock)) unlink(lock);
    close(fd);
}

/* At exit: a save other than current.pgn (current-PID.pgn, or one resumed by its name) keeps
 * its game, but its lock file goes, so that such saves do not leave one lock file each
 * behind. */
static void release_own_copy(void)
{
    const char *base = strrchr(save_path, '/');
    if (lock_fd < 0 || !base || !strcmp(base, "/current.pgn")) return;
    drop_lock(save_path, lock_fd);
    lock_fd = -1;
}

/* Own the save at path for the rest of the run; false when another process does. */
static bool take(const char *path, long *owner)
{
    static bool registered;
    if (!registered) registered = atexit(release_own_copy) == 0;
    int fd = try_lock(path, owner);
    if (fd < 0) return false;
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n) {
        /* the lock holds all the same; only the message naming us would lack the id */
    }
    if (lock_fd >= 0) close(lock_fd);
    lock_fd = fd;
    snprintf(save_path, sizeof save_path, "%s", path);
    return true;
}

long autosave_owner(const char *path)
{
    long owner;
    if (save_path[0] && !strcmp(path, save_path)) return 0;
    int fd = try_lock(path, &owner);
    if (fd >= 0) close(fd); /* releases the lock */
    return owner;
}

enum { OLD_TEMP_SECONDS = 3600 };

/* A temporary file of a save without a process id in its name (an older cellmate's; those with
 * one go when their process is gone, fileio_remove_stale_temps) goes when it is of a save
 * nobody holds (checked under its lock, so that no writer can start meanwhile), or, for a save
 * without locks (those kept by name), when it is more than an hour old. */
static void remove_older_temporary(const char *dir, const char *name, const char *path,
                                   const struct stat *st)
{
    char save[4400];
    const char *tag = strstr(name, ".pgn.tmp.");
    snprintf(save, sizeof save, "%s/%.*s", dir, (int)(tag + 4 - name), name);
    if (!strncmp(name, "current", 7)) {
        long owner;
        int fd = !strcmp(save, save_path) ? -1 : try_lock(save, &owner);
        if (!strcmp(save, save_path) || fd >= 0) unlink(path); /* (under the lock) */
        if (fd >= 0) drop_lock(save, fd); /* (not left behind for a save nobody holds) */
        return;
    }
    if (st->st_mtime < time(NULL) - OLD_TEMP_SECONDS) unlink(path);
}

/* Temporary files of writers that were killed before they renamed them (a crash, kill -9). */
static void remove_stale_temporaries(const char *dir)
{
    fileio_remove_stale_temps(dir, ".pgn.tmp.", remove_older_temporary);
}

bool autosave_claim(char *err, int errlen)
{
    char dir[4096], path[4400];
    long owner;
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (!save_path[0]) {
        snprintf(path, sizeof path, "%s/current.pgn", dir);
        if (!take(path, &owner)) {
            snprintf(path, sizeof path, "%s/current-%ld.pgn", dir, (long)getpid());
            if (!take(path, &owner)) {
                snprintf(err, errlen, "%s: cannot take its lock file", path);
                return false;
            }
        }
    }
    remove_stale_temporaries(dir);
    if (restriction) remove_stale_temporaries(restriction->saves);
    return true;
}

bool autosave_path(char *out, size_t len)
{
    char dir[4096];
    if (save_path[0]) {
        size_t n = strlen(save_path);
        if (n >= len) return false;
        memcpy(out, save_path, n + 1);
        return true;
    }
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/current.pgn", dir) < (int)len;
}

/* Who holds a save: like autosave_owner, but a save without a lock file is nobody's (a holder
 * always has one), and none is made for it. */
static long holder(const char *path)
{
    char lock[4500];
    struct stat st;
    if (!lock_path_of(path, lock, sizeof lock) || lstat(lock, &st) != 0) return 0;
    return autosave_owner(path);
}

/* current.pgn and current-PID.pgn */
static bool is_current(const char *name)
{
    size_t len = strlen(name), digits = strspn(name + 8, "0123456789");
    if (strncmp(name, "current", 7) || len < 11 || strcmp(name + len - 4, ".pgn")) return false;
    return len == 11 || (name[7] == '-' && digits && 8 + digits == len - 4);
}

int autosave_saves(const Variant *fallback, SaveInfo *out, int max)
{
    char dir[4096];
    SaveFile *files;
    if (!state_dir(dir, sizeof dir)) return 0;
    int n = save_scan_dir(dir, is_current, &files); /* all of them: the newest come first */
    if (n > max) n = max;
    for (int k = 0; k < n; k++) {
        SaveInfo *i = &out[k];
        memset(i, 0, sizeof *i);
        snprintf(i->path, sizeof i->path, "%s", files[k].path);
        snprintf(i->name, sizeof i->name, "%s", files[k].name);
        i->when = files[k].when;
        if (!fallback) continue;
        const SaveGame *sg = save_scan_read(i->path, fallback);
        i->owner = holder(i->path);
        i->goes_on = save_scan_goes_on(sg);
        i->unplayed = sg && sg->whole && !sg->over && !sg->nplies;
        if (sg && sg->over) snprintf(i->ended, sizeof i->ended, "%s", sg->ended);
    }
    free(files);
    return n;
}

int autosave_saves_listed(const Variant *fallback, SaveInfo **out)
{
    *out = malloc(sizeof **out * MAX_SAVES_LISTED);
    return *out ? autosave_saves(fallback, *out, MAX_SAVES_LISTED) : -1;
}

/* The save --resume means: the newest whose game goes on and that nobody else plays; when
 * there is none, the newest save (another cellmate may play it: the caller asks). `watch`:
 * the newest save another process plays, when there is one. As autosave_pick: 1, 0 or -1. */
static int pick_save(const Variant *fallback, bool watch, SaveInfo *out)
{
    SaveInfo *list;
    int n = autosave_saves_listed(fallback, &list), pick = 0;
    for (int i = n - 1; i >= 0; i--)
        if (watch ? list[i].owner != 0 : list[i].goes_on && !list[i].owner) pick = i;
    if (n > 0 && watch && !list[pick].owner) pick = 0;
    if (n > 0) *out = list[pick];
    free(list);
    return n > 0 ? 1 : n;
}

int autosave_pick(const Variant *fallback, SaveInfo *out)
{
    return pick_save(fallback, false, out);
}

/* The most recently written current*.pgn of the state directory. */
static bool newest_save(char *out, size_t len)
{
    SaveInfo newest;
    if (!autosave_saves(NULL, &newest, 1)) return false;
    return snprintf(out, len, "%s", newest.path) < (int)len;
}

/* The n-th place a kept game may go: previous.pgn, previous-2.pgn, ... of the state directory;
 * in restricted mode previous.pgn among the player's saves, within the save limit (false with
 * err past it). */
static bool keep_place(int n, char *out, size_t len, char *err, int errlen)
{
    char dir[4096], num[16] = "";
    if (restriction)
        return n == 1 && restrict_save_path(restriction, "previous", true, out, len, err, errlen);
    if (!state_dir(dir, sizeof dir)) return false;
    if (n > 1) snprintf(num, sizeof num, "-%d", n);
    return snprintf(out, len, "%s/previous%s.pgn", dir, num) < (int)len;
}

/* Whether a kept game may go at path: not this run's save, and no game that goes on is there
 * unless all its moves are in one of safe[] (kept elsewhere). */
static bool may_keep_at(const char *path, const Variant *fallback, const SaveMoves *safe, int nsafe)
{
    struct stat st;
    if (!strcmp(path, save_path)) return false;
    const SaveGame *sg = save_scan_read(path, fallback);
    if (!sg) return lstat(path, &st) != 0; /* a new name; never over a directory or a link */
    if (!save_scan_goes_on(sg)) return true;
    for (int i = 0; i < nsafe; i++)
        if (save_scan_within(sg, &safe[i])) return true;
    return false;
}

/* Keep text (a game left, or the save a run's first save replaces) at the first place
 * (keep_place) where it may go (may_keep_at): only previous.pgn when it is droppable (a copy of
 * this run's game, or a game that has ended). A place a running cellmate plays is passed over.
 * Each is decided under its lock, which every cellmate keeping a game there takes, and a new
 * name is made by linking a written and synced file to it (write_file_new), so that a file
 * made there meanwhile is never replaced: the next place is tried. With text NULL nothing is
 * locked or written: where it would go. 1 with the path in out, 0 when there is no place, -1
 * with err on failure. */
static int keep_text(const char *text, const Variant *fallback, const SaveMoves *safe, int nsafe,
                     bool droppable, char *out, size_t len, char *err, int errlen)
{
    int most = droppable || restriction ? 1 : MAX_SET_ASIDE;
    for (int n = 1; n <= most; n++) {
        long owner = 0;
        int fd = -1, done = 0;
        struct stat st;
        if (!keep_place(n, out, len, err, errlen)) return 0;
        if (text)
            fd = try_lock(out, &owner);
        else
            owner = holder(out);
        if (text && fd < 0 && !owner) {
            snprintf(err, errlen, "%s: cannot open its lock file", out);
            return -1;
        }
        if (owner) continue; /* a running cellmate plays it */
        if (!may_keep_at(out, fallback, safe, nsafe))
            done = 0;
        else if (!text)
            done = 1;
        else if (lstat(out, &st) != 0)
            done = write_file_new(out, text, 0600, err, errlen); /* 0: made meanwhile */
        else
            done = write_file_atomic(out, text, 0600, err, errlen) ? 1 : -1;
        if (fd >= 0) drop_lock(out, fd);
        if (done) return done;
    }
    return 0;
}

static int write_new(const char *dest, void *text, char *err, int errlen)
{
    return write_file_new(dest, text, 0600, err, errlen);
}

/* Restricted mode: keep text among the player's saves, where 'load' finds it (a login takes
 * no options, so previous.pgn of the player's directory would be out of reach): as
 * left-DATE-TIME (never over another file), within the save limit. Its name in name, or
 * false with the reason in err. */
static bool keep_left(const char *text, char *name, size_t len, char *err, int errlen)
{
    return restrict_new_save(restriction, "left", time(NULL), write_new, (void *)text, name, len,
                             err, errlen);
}

/* Restricted mode: the player's directory, shown as "(your folder)" in err. */
static void hide_folder(char *err, int errlen)
{
    char full[700];
    if (!fixed_dir[0]) return;
    snprintf(full, sizeof full, "%s", err);
    restrict_hide_path(full, fixed_dir, "(your folder)", err, (size_t)errlen);
}

/* Keep the save this run's first save replaces (autosave_write), where it was told it would
 * go (autosave_keep_name): a game that goes on and that this run did not take over wherever
 * it may go, a copy of this run's game or a game that has ended only as previous.pgn. Its
 * path in kept (empty when nothing was kept). False with err when a game that goes on could
 * not be kept: the save must then not replace it. */
static bool keep_replaced(const Session *s, char *kept, size_t len, char *err, int errlen)
{
    kept[0] = 0;
    const SaveGame *old = save_scan_read(save_path, s->v);
    if (!old) return true; /* a first save: nothing is replaced */
    bool droppable = took_over || !save_scan_goes_on(old);
    /* a game all in the one kept loses nothing (a game merely all in the one saved would be
     * another game that went the same way, and was told where it is) */
    SaveMoves safe = {old->variant, old->keys, old->nplies};
    char *text = read_text_file(save_path, NULL, err, errlen), name[MAX_PLAIN_NAME + 1];
    int r = -1;
    if (text && restriction && !droppable)
        r = keep_left(text, name, sizeof name, err, errlen) ? 1 : -1;
    else if (text)
        r = keep_text(text, s->v, &safe, old->whole, droppable, kept, len, err, errlen);
    free(text);
    if (r > 0 || (r == 0 && droppable)) return true;
    if (!r) snprintf(err, errlen, "no free name to keep the saved game it replaces");
    return false;
}

bool autosave_keep_name(const Variant *fallback, char *out, size_t len)
{
    char path[4400], err[600];
    const SaveGame *old = save_path[0] ? save_scan_read(save_path, fallback) : NULL;
    if (!old) return false;
    bool droppable = took_over || !save_scan_goes_on(old);
    SaveMoves safe = {old->variant, old->keys, old->nplies};
    if ((restriction && !droppable) || keep_text(NULL, fallback, &safe, old->whole, droppable, path,
                                                 sizeof path, err, sizeof err) <= 0)
        return false;
    snprintf(out, len, "%s", strrchr(path, '/') + 1);
    return true;
}

bool autosave_keep_game(const Game *g, char *kept, size_t len, char *err, int errlen)
{
    char path[4400], dir[4096];
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    char *text = pgn_write(g);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    SaveMoves moves = {g->v->name, g->keys, g->nplies};
    int r = keep_text(text, g->v, &moves, 1, false, path, sizeof path, err, errlen);
    free(text);
    if (!r)
        snprintf(err, errlen, "%s: no free name for it (previous-%d.pgn is taken)", dir,
                 MAX_SET_ASIDE);
    if (r <= 0) {
        autosave_hide_dirs(err, (size_t)errlen);
        return false;
    }
    snprintf(kept, len, "%s", strrchr(path, '/') + 1);
    return true;
}

bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen)
{
    char dir[4096], kept[4400];
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (!save_path[0] && !autosave_claim(err, errlen)) return false;
    /* The save it replaces is kept first: a game that goes on and is not the one on the screen
     * is never lost; this screen's own game, or one that has ended, is kept only where no game
     * that goes on would go. */
    if ((!keep_previous || keep_replaced(s, kept, sizeof kept, err, errlen)) &&
        pgn_write_file(&s->game, save_path, 0600, err, errlen))
        return true;
    hide_folder(err, errlen); /* the reason, without the host's directories */
    return false;
}

bool autosave_replacing(Session *s, char *note, size_t len)
{
    char kept[64], err[700], *text;
    note[0] = 0;
    if (s->game.result.over || !s->game.nplies) return true; /* nothing to lose */
    if (restriction) {
        bool ok =
            (text = pgn_write(&s->game)) && keep_left(text, kept, sizeof kept, err, sizeof err);
        if (!text) snprintf(err, sizeof err, "out of memory");
        free(text);
        if (!ok) {
            autosave_hide_dirs(err, sizeof err);
            snprintf(note, len, "the game in progress could not be kept among your saves: %s", err);
            return false;
        }
        snprintf(note, len, "the game you left is kept as your save %s; 'load %s' shows it again",
                 kept, kept);
        return true;
    }
    if (!autosave_keep_game(&s->game, kept, sizeof kept, err, sizeof err)) {
        snprintf(note, len, "the game in progress could not be kept: %s", err);
        return false;
    }
    snprintf(note, len, "the game you left is kept as %s; cellmate --resume=%.*s continues it",
             kept, (int)strlen(kept) - 4, kept);
    return true;
}

typedef struct {
    char name[256];
    time_t when;
} Listed;

static int newest_first(const void *a, const void *b)
{
    const Listed *x = a, *y = b;
    return x->when != y->when ? (x->when < y->when ? 1 : -1) : strcmp(x->name, y->name);
}

/* What a listed save holds, to choose by: its variant, how far it went, how it ended. */
static void save_summary(const SaveGame *sg, char *out, size_t len)
{
    if (!sg || !sg->whole)
        snprintf(out, len, "(cannot be read whole%s)",
                 sg && sg->variant[0] ? "" : ", or its variant is unknown");
    else if (sg->over)
        snprintf(out, len, "%s, over at move %d (%s)", sg->variant, sg->move, sg->ended);
    else
        snprintf(out, len, "%s, at move %d, going on", sg->variant, sg->move);
}

bool autosave_list_saves(const Variant *fallback, Sink *out)
{
    char dir[4096], path[4400], line[9000], when[32], what[400];
    DIR *d = state_dir(dir, sizeof dir) ? opendir(dir) : NULL;
    Listed *list = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        struct stat st;
        if (l <= 4 || l >= sizeof list->name || strcmp(e->d_name + l - 4, ".pgn")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (n == cap) {
            Listed *more = realloc(list, (cap = cap ? 2 * cap : 16) * sizeof *list);
            if (!more) break;
            list = more;
        }
        snprintf(list[n].name, sizeof list[n].name, "%s", e->d_name);
        list[n++].when = st.st_mtime;
    }
    if (d) closedir(d);
    if (n) {
        qsort(list, n, sizeof *list, newest_first);
        snprintf(line, sizeof line,
                 "saved games in %s, newest first ('load NAME' shows one, cellmate "
                 "--resume=NAME continues it):",
                 dir);
        out->out(out, line);
        for (size_t i = 0; i < n; i++) {
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime(&list[i].when));
            snprintf(path, sizeof path, "%s/%s", dir, list[i].name);
            save_summary(save_scan_read(path, fallback), what, sizeof what);
            snprintf(line, sizeof line, "  %-24s %s  %s", list[i].name, when, what);
            out->out(out, line);
        }
        snprintf(line, sizeof line,
                 "They stay until deleted: a game replaced while it went on is kept as "
                 "previous.pgn, previous-2.pgn, ... Delete the files you no longer want to "
                 "clear them (rm %s/previous-*.pgn).",
                 dir);
        out->out(out, line);
    }
    free(list);
    return n > 0;
}

bool autosave_find_save(const char *name, char *path, size_t len)
{
    char dir[4096];
    struct stat st;
    size_t n = strlen(name);
    bool ext = n > 4 && !strcmp(name + n - 4, ".pgn");
    if (!*name || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..") ||
        !state_dir(dir, sizeof dir) ||
        snprintf(path, len, "%s/%s%s", dir, name, ext ? "" : ".pgn") >= (int)len)
        return false;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode); /* as the list finds them */
}

bool autosave_exists(void)
{
    char path[4400];
    return newest_save(path, sizeof path);
}

bool autosave_waiting(const Variant *fallback, char *ended, size_t len)
{
    SaveInfo pick;
    ended[0] = 0;
    if (autosave_pick(fallback, &pick) <= 0) return false; /* (out of memory: said at --resume) */
    snprintf(ended, len, "%s", pick.ended);
    return pick.goes_on;
}

/* previous.pgn (restricted mode: the player's save of that name), when it is there. */
static bool previous_save(char *out, size_t len)
{
    char dir[4096], err[600];
    struct stat st;
    if (restriction
            ? !restrict_save_path(restriction, "previous", false, out, len, err, sizeof err)
            : !state_dir(dir, sizeof dir) || snprintf(out, len, "%s/previous.pgn", dir) >= (int)len)
        return false;
    return stat(out, &st) == 0 && S_ISREG(st.st_mode);
}

/* Set a damaged save aside under a name no other file has (damaged-NAME.pgn, then
 * damaged-NAME-2.pgn, ...): one set aside before is never replaced. Beside it; in restricted
 * mode among the player's saves (within the save limit), where load finds it, as it finds
 * previous.pgn. */
static bool set_aside(const char *path, char *aside, size_t len)
{
    const char *base = strrchr(path, '/');
    if (!base) return false;
    int stem = (int)strlen(base + 1) - 4; /* NAME without .pgn */
    for (int n = 1; n <= MAX_SET_ASIDE; n++) {
        char num[16] = "", name[96], err[600];
        if (n > 1) snprintf(num, sizeof num, "-%d", n);
        if (restriction) {
            snprintf(name, sizeof name, "damaged-%.*s%s", stem, base + 1, num);
            if (!restrict_save_path(restriction, name, true, aside, len, err, sizeof err))
                return false;
        } else if (snprintf(aside, len, "%.*s/damaged-%.*s%s.pgn", (int)(base - path), path, stem,
                            base + 1, num) >= (int)len) {
            return false;
        }
        int moved = move_to_new_name(path, aside);
        if (moved) return moved > 0;
    }
    return false;
}

int autosave_move(const char *path, const char *dest, char *err, int errlen)
{
    long owner;
    struct stat st;
    int fd = try_lock(path, &owner); /* nobody writes it meanwhile */
    if (fd < 0) {
        snprintf(err, errlen,
                 owner ? "it is being played by another cellmate"
                       : "its lock file cannot be opened");
        return -1;
    }
    int moved = move_to_new_name(path, dest);
    if (moved < 0) snprintf(err, errlen, "%s", strerror(errno));
    if (moved <= 0 && lstat(path, &st) != 0 && errno == ENOENT) { /* another process moved it */
        snprintf(err, errlen, "it is no longer there");
        moved = AUTOSAVE_GONE;
    }
    if (moved > 0 || moved == AUTOSAVE_GONE)
        drop_lock(path, fd); /* its save is gone */
    else
        close(fd);
    return moved;
}

/* Load a save. A save that cannot be read at all (no permission, say) or whose variant is
 * not found here is left where it is: it may be whole, and the message says what is missing.
 * A record that was read but is not a whole game is damaged; one that nobody plays is set
 * aside (set_aside): --resume then never finds it again, and no later save turns it into
 * previous.pgn, the last good save. */
static bool load_save(Session *s, Resumed *r, char *err, int errlen)
{
    PgnReport rep;
    char why[PGN_MSG_MAX + 4500];
    rep.moves = -1; /* stays so when the file could not be read */
    if (session_load_file(s, r->path, &rep, why, sizeof why) && !rep.cut_short) return true;
    if (rep.moves < 0) {
        snprintf(err, errlen, "the saved game cannot be read: %s (it is left as it is)", why);
    } else if (rep.missing_variant[0] && fixed_dir[0]) {
        snprintf(err, errlen,
                 "your saved game is of the variant '%s', which is not installed here; it is "
                 "left as it is",
                 rep.missing_variant);
    } else if (rep.missing_variant[0]) {
        snprintf(err, errlen,
                 "the saved game %s is of the variant '%s', which is not found here (cellmate "
                 "--list shows the variants); it is left as it is: cellmate --resume --variant "
                 "FILE continues it with that variant's file",
                 r->path, rep.missing_variant);
    } else {
        if (rep.cut_short) snprintf(why, sizeof why, "%s: %s", r->path, rep.warning);
        r->damaged = true;
        if (r->owner || !set_aside(r->path, r->aside, sizeof r->aside)) r->aside[0] = 0;
        const char *kept = r->aside[0] ? strrchr(r->aside, '/') + 1 : NULL;
        int named = kept ? (int)strlen(kept) - 4 : 0; /* a save's name: without .pgn */
        if (kept && restriction)
            snprintf(err, errlen,
                     "the saved game is damaged: %s (it is kept among your saves as %.*s: "
                     "'load %.*s' shows it)",
                     why, named, kept, named, kept);
        else if (kept) /* (a record that no longer fits a variant file edited since) */
            snprintf(err, errlen,
                     "the saved game is damaged: %s (it is kept as %s; if its variant's file "
                     "was changed since, put the file back: cellmate --resume=%.*s may then "
                     "continue it, with --variant FILE for a variant read from a file)",
                     why, r->aside, named, kept);
        else
            snprintf(err, errlen, "the saved game is damaged: %s", why);
    }
    return false;
}

/* The save a name means: NAME.pgn of the state directory; false with a message when the
 * name is no save's or there is no such save. */
static bool named_save(const char *name, char *out, size_t len, char *err, int errlen)
{
    char dir[4096];
    struct stat st;
    if (!autosave_name_ok(name)) {
        snprintf(err, errlen, "'%s' is no save's name (letters, digits and '-', as current-1234)",
                 name);
        return false;
    }
    if (!state_dir(dir, sizeof dir) || snprintf(out, len, "%s/%s.pgn", dir, name) >= (int)len) {
        snprintf(err, errlen, "no place for saves is known (set HOME or XDG_STATE_HOME)");
        return false;
    }
    if (stat(out, &st) == 0 && S_ISREG(st.st_mode)) return true;
    snprintf(err, errlen, "no saved game named %s to resume (%s)", name, out);
    return false;
}

static bool resume_save(Session *s, enum resume_mode mode, const char *name, bool take_it,
                        Resumed *r, char *err, int errlen)
{
    char older[4400];
    memset(r, 0, sizeof *r);
    if (mode == RESUME_PREVIOUS) {
        if (!previous_save(r->path, sizeof r->path)) {
            char dir[4096] = "";
            state_dir(dir, sizeof dir);
            snprintf(err, errlen, "no previous save to resume (%s/previous.pgn)", dir);
            return false;
        }
        return load_save(s, r, err, errlen);
    }
    SaveInfo pick;
    int picked = name ? 0 : pick_save(s->v, mode != RESUME_LATEST, &pick);
    if (name) {
        if (!named_save(name, r->path, sizeof r->path, err, errlen)) return false;
    } else if (picked > 0) {
        snprintf(r->path, sizeof r->path, "%s", pick.path);
    } else if (picked < 0) {
        snprintf(err, errlen, "the saved games cannot be listed: out of memory");
        return false;
    } else {
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
    snprintf(r->name, sizeof r->name, "%.*s", (int)(strlen(strrchr(r->path, '/')) - 5),
             strrchr(r->path, '/') + 1);
    if (mode == RESUME_LATEST && take_it) {
        if (!take(r->path, &r->owner)) {
            if (r->owner > 0)
                snprintf(err, errlen, "%s is being played by another cellmate (process %ld)",
                         r->path, r->owner);
            else
                snprintf(err, errlen, "%s is being played by another cellmate", r->path);
            return false;
        }
        return took_over = load_save(s, r, err, errlen);
    }
    r->owner = autosave_owner(r->path);
    return load_save(s, r, err, errlen);
}

bool autosave_resume(Session *s, enum resume_mode mode, const char *name, bool take_it, Resumed *r,
                     char *err, int errlen)
{
    if (resume_save(s, mode, name, take_it, r, err, errlen)) return true;
    autosave_hide_dirs(err, (size_t)errlen);
    return false;
}

bool autosave_name_ok(const char *name)
{
    size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-");
    return n && n <= 64 && !name[n] && name[0] != '-';
}

bool autosave_previous(char *out, size_t len)
{
    return previous_save(out, len);
}
