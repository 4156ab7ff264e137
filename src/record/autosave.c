/* autosave.c — saving the game in progress (see autosave.h). Each save NAME.pgn of the
 * state directory has a lock file NAME.lock; the process that holds an exclusive flock on it
 * owns the save, writes its process id into it, and is the only one that writes NAME.pgn.
 * The first screen takes current.pgn; one that starts while another plays takes
 * current-PID.pgn, so two games never overwrite each other. --resume takes over the newest
 * save when nobody holds it; otherwise the caller may watch it or copy it. */
#include "autosave.h"

#include "fileio.h"
#include "number.h"
#include "pgn.h"
#include "restrict.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char save_path[4400]; /* the save this run owns, once it owns one */
static int lock_fd = -1;
static char fixed_dir[4096]; /* restricted mode: the player's directory */
/* this run continues the game its save holds (it resumed it): the first save then replaces
 * only a copy of the game on the screen */
static bool took_over;
/* previous.pgn holds this run's game: the one it continues (--resume=previous), or a copy its
 * first save kept; the next game left may go there */
static bool previous_taken;

enum { MAX_SET_ASIDE = 1000 }; /* damaged saves kept of one name */

void autosave_use_dir(const char *dir)
{
    snprintf(fixed_dir, sizeof fixed_dir, "%s", dir);
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
    int fd = -1;
    /* A process's own copy removes its lock file when it ends (release_own_copy): a lock
     * taken on a file that was unlinked meanwhile is no lock, so it is taken again. */
    for (int tries = 0; tries < 5; tries++) {
        fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) return -1;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) break;
        struct stat held, named;
        if (fstat(fd, &held) == 0 && stat(lock, &named) == 0 && held.st_ino == named.st_ino &&
            held.st_dev == named.st_dev)
            return fd;
        close(fd);
        fd = -1;
    }
    if (fd < 0) return -1;
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

/* At exit: a save other than current.pgn (current-PID.pgn, or one resumed by its name) keeps
 * its game, but its lock file goes, so that such saves do not leave one lock file each
 * behind. */
static void release_own_copy(void)
{
    char lock[4500];
    const char *base = strrchr(save_path, '/');
    if (lock_fd < 0 || !base || !strcmp(base, "/current.pgn")) return;
    if (lock_path_of(save_path, lock, sizeof lock)) unlink(lock); /* still held: nobody races */
    close(lock_fd);
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

/* Temporary files of writers that were killed before they renamed them: those of a save
 * nobody holds (checked under its lock, so no writer can start meanwhile) and, for
 * previous.pgn, whose link lives only for an instant, those more than a minute old. */
static void remove_stale_temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[4400];
        struct stat st;
        if (!strstr(e->d_name, ".pgn.tmp.") ||
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (!strncmp(e->d_name, "previous", 8)) { /* previous.pgn, previous-N.pgn */
            if (st.st_mtime < time(NULL) - 60) unlink(path);
            continue;
        }
        char save[4400];
        snprintf(save, sizeof save, "%s/%.*s", dir,
                 (int)(strstr(e->d_name, ".pgn.tmp.") + 4 - e->d_name), e->d_name);
        long owner;
        if (save_path[0] && !strcmp(save, save_path)) {
            unlink(path);
        } else {
            int fd = try_lock(save, &owner);
            if (fd >= 0) {
                unlink(path);
                close(fd);
            }
        }
    }
    closedir(d);
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

/* Whether the moves of a are all in b: the same variant, and b goes through the same
 * positions as far as a goes (b may go on). */
static bool contained(const Game *a, const Game *b)
{
    if (!b || strcmp(a->v->name, b->v->name) || a->nplies > b->nplies) return false;
    for (int i = 0; i <= a->nplies; i++)
        if (a->keys[i] != b->keys[i]) return false;
    return true;
}

/* The game of a save, read whole (its variant, when not the fallback, in *owned: the caller
 * frees both); false when it cannot be (then there is nothing to free). */
static bool read_save(const char *path, const Variant *fallback, Game *g, Variant **owned)
{
    char err[PGN_MSG_MAX + 4500];
    PgnReader r;
    PgnReport rep;
    *owned = NULL;
    if (!pgn_open_file(&r, path, fallback, err, sizeof err)) return false;
    enum pgn_status status = pgn_read_game(&r, g, owned, &rep);
    pgn_close(&r);
    if (status == PGN_OK && !rep.cut_short) return true;
    if (g->v) game_free(g); /* (pgn_read_game clears it first) */
    variant_free(*owned);
    return false;
}

/* Whether a save's game goes on: 1 when it does (or it cannot be read whole: --resume says
 * what is wrong with it), 0 when it has ended (how, in `ended` when not NULL) or has no move,
 * or when all its moves are in the game `within` (not NULL: replacing it loses nothing), -1
 * when there is no such file. */
static int game_goes_on(const char *path, const Variant *fallback, const Game *within, char *ended,
                        size_t len)
{
    Game g;
    Variant *owned;
    struct stat st;
    if (ended && len) ended[0] = 0;
    if (lstat(path, &st) != 0) return -1;
    if (!read_save(path, fallback, &g, &owned)) return 1;
    /* a game without a move has nothing to lose */
    bool over = g.result.over || !g.nplies || contained(&g, within);
    if (g.result.over && ended) game_result_line(&g, ended, len);
    game_free(&g);
    variant_free(owned);
    return !over;
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

static int newer_first(const void *a, const void *b)
{
    const SaveInfo *x = a, *y = b;
    if (x->when.tv_sec != y->when.tv_sec) return x->when.tv_sec < y->when.tv_sec ? 1 : -1;
    if (x->when.tv_nsec != y->when.tv_nsec) return x->when.tv_nsec < y->when.tv_nsec ? 1 : -1;
    return strcmp(x->name, y->name);
}

int autosave_saves(const Variant *fallback, SaveInfo *out, int max)
{
    char dir[4096];
    int n = 0;
    if (!state_dir(dir, sizeof dir)) return 0;
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        /* current.pgn and current-PID.pgn */
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "current", 7) || len < 11 || strcmp(e->d_name + len - 4, ".pgn"))
            continue;
        size_t digits = strspn(e->d_name + 8, "0123456789");
        if (len > 11 && (e->d_name[7] != '-' || !digits || 8 + digits != len - 4)) continue;
        SaveInfo *i = &out[n];
        struct stat st;
        if (snprintf(i->path, sizeof i->path, "%s/%s", dir, e->d_name) >= (int)sizeof i->path)
            continue;
        if (stat(i->path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        snprintf(i->name, sizeof i->name, "%.*s", (int)(len - 4), e->d_name);
        i->when = st.st_mtim;
        i->owner = fallback ? holder(i->path) : 0;
        i->goes_on = fallback ? game_goes_on(i->path, fallback, NULL, NULL, 0) == 1 : false;
        n++;
    }
    closedir(d);
    qsort(out, (size_t)n, sizeof *out, newer_first);
    return n;
}

/* The save --resume means: the newest whose game goes on and that nobody else plays; when
 * there is none, the newest save (another cellmate may play it: the caller asks). `watch`:
 * the newest save another process plays, when there is one. */
static bool pick_save(const Variant *fallback, bool watch, char *out, size_t len)
{
    SaveInfo list[MAX_SAVES_LISTED];
    int n = autosave_saves(fallback, list, MAX_SAVES_LISTED), pick = 0;
    if (!n) return false;
    for (int i = n - 1; i >= 0; i--)
        if (watch ? list[i].owner != 0 : list[i].goes_on && !list[i].owner) pick = i;
    if (watch && !list[pick].owner) pick = 0;
    return snprintf(out, len, "%s", list[pick].path) < (int)len;
}

bool autosave_pick(const Variant *fallback, char *out, size_t len)
{
    return pick_save(fallback, false, out, len);
}

/* The most recently written current*.pgn of the state directory. */
static bool newest_save(char *out, size_t len)
{
    SaveInfo list[MAX_SAVES_LISTED];
    if (!autosave_saves(NULL, list, MAX_SAVES_LISTED)) return false;
    return snprintf(out, len, "%s", list[0].path) < (int)len;
}

/* Where game g, left, goes: previous.pgn, unless that holds a game that goes on (one this
 * run does not continue, and not all in g); then, unless `droppable` (a copy that may go),
 * the first of previous-2.pgn, previous-3.pgn, ... that holds none. False when there is no
 * such place. */
static bool keep_target(const Game *g, const Variant *fallback, bool droppable, char *out,
                        size_t len)
{
    char dir[4096];
    if (!state_dir(dir, sizeof dir)) return false;
    for (int n = 1; n <= (droppable ? 1 : MAX_SET_ASIDE); n++) {
        char num[16] = "";
        if (n > 1) snprintf(num, sizeof num, "-%d", n);
        if (snprintf(out, len, "%s/previous%s.pgn", dir, num) >= (int)len) return false;
        if (n == 1 && previous_taken) return true;
        if (strcmp(out, save_path) && game_goes_on(out, fallback, g, NULL, 0) != 1) return true;
    }
    return false;
}

/* Where the first save of this run would keep the save it replaces (keep_target), or "". */
static void first_keep(const Variant *fallback, char *out, size_t len)
{
    Game old;
    Variant *owned;
    bool have = read_save(save_path, fallback, &old, &owned);
    int left = game_goes_on(save_path, fallback, NULL, NULL, 0);
    bool droppable = took_over || !left;
    if (left < 0 || !keep_target(have ? &old : NULL, fallback, droppable, out, len)) out[0] = 0;
    if (have) game_free(&old), variant_free(owned);
}

bool autosave_keep_name(const Variant *fallback, char *out, size_t len)
{
    char path[4400];
    first_keep(fallback, path, sizeof path);
    if (!path[0]) return false;
    snprintf(out, len, "%s", strrchr(path, '/') + 1);
    return true;
}

bool autosave_keep_game(const Game *g, char *kept, size_t len, char *err, int errlen)
{
    char path[4400], dir[4096];
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (!keep_target(g, g->v, false, path, sizeof path)) {
        snprintf(err, errlen, "%s: no free name for it (previous-%d.pgn is taken)", dir,
                 MAX_SET_ASIDE);
        autosave_hide_dirs(err, (size_t)errlen);
        return false;
    }
    if (!pgn_write_file(g, path, 0600, NULL, err, errlen)) {
        autosave_hide_dirs(err, (size_t)errlen);
        return false;
    }
    if (!strcmp(strrchr(path, '/'), "/previous.pgn")) previous_taken = false;
    snprintf(kept, len, "%s", strrchr(path, '/') + 1);
    return true;
}

bool autosave_write(const Session *s, bool keep_previous, char *err, int errlen)
{
    char dir[4096], previous[4400] = "";
    if (!usable_state_dir(dir, sizeof dir, err, errlen)) return false;
    if (!save_path[0] && !autosave_claim(err, errlen)) return false;
    /* The save it replaces is kept (once the new one is safe). A game that goes on and is not
     * the one on the screen is never lost; this screen's own game, or one that has ended, is
     * kept only where no game that goes on would go. */
    if (keep_previous) first_keep(s->v, previous, sizeof previous);
    if (keep_previous && !previous[0] && game_goes_on(save_path, s->v, NULL, NULL, 0) == 1 &&
        !took_over) {
        snprintf(err, errlen, "%s: no free name to keep the saved game it replaces", dir);
        return false;
    }
    if (pgn_write_file(&s->game, save_path, 0600, previous[0] ? previous : NULL, err, errlen)) {
        if (previous[0] && !strcmp(strrchr(previous, '/'), "/previous.pgn"))
            previous_taken = took_over; /* a copy of this run's game, or another game */
        return true;
    }
    if (s->restricted) { /* the reason, without the host's directories */
        char full[700];
        snprintf(full, sizeof full, "%s", err);
        restrict_hide_path(full, dir, "(your folder)", err, (size_t)errlen);
    }
    return false;
}

/* Restricted mode: keep game g, which the player leaves, among the player's saves, where
 * 'load' finds it (a login takes no options, so previous.pgn would be out of reach): as
 * left-DATE-TIME, or left-DATE-TIME-2, ... (never over another file), within the save limit.
 * Its name in name, or false with the reason in err. */
static bool keep_among_saves(const Game *g, const Restriction *r, char *name, size_t len, char *err,
                             int errlen)
{
    char stamp[16] = "", dest[RESTRICT_PATH_MAX + 48];
    time_t now = time(NULL);
    struct tm tm; /* (localtime_r: localtime would look at the zone file again, outside) */
    if (localtime_r(&now, &tm)) strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char *text = pgn_write(g);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    int written = 0;
    for (int n = 1; n <= 99 && !written; n++) {
        if (n == 1)
            snprintf(name, len, "left-%s", stamp);
        else
            snprintf(name, len, "left-%s-%d", stamp, n);
        if (!restrict_save_path(r, name, true, dest, sizeof dest, err, errlen)) break;
        written = write_file_new(dest, text, 0600, err, errlen);
        if (written < 0) break;
        if (!written) snprintf(err, errlen, "every name for it is taken");
    }
    free(text);
    if (written <= 0) autosave_hide_dirs(err, (size_t)errlen);
    return written > 0;
}

bool autosave_replacing(Session *s, char *note, size_t len)
{
    char kept[64], err[700];
    note[0] = 0;
    if (s->game.result.over || !s->game.nplies) return true; /* nothing to lose */
    if (s->restricted) {
        if (!keep_among_saves(&s->game, s->restricted, kept, sizeof kept, err, sizeof err)) {
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

bool autosave_exists(void)
{
    char path[4400];
    return newest_save(path, sizeof path);
}

bool autosave_waiting(const Variant *fallback, char *ended, size_t len)
{
    char path[4400];
    ended[0] = 0;
    if (!autosave_pick(fallback, path, sizeof path)) return false;
    return game_goes_on(path, fallback, NULL, ended, len) == 1;
}

static bool previous_save(char *out, size_t len)
{
    char dir[4096];
    struct stat st;
    return state_dir(dir, sizeof dir) && snprintf(out, len, "%s/previous.pgn", dir) < (int)len &&
           stat(out, &st) == 0 && S_ISREG(st.st_mode);
}

/* Set a damaged save aside under a name no other file has (damaged-NAME.pgn, then
 * damaged-NAME-2.pgn, ...): one set aside before is never replaced. */
static bool set_aside(const char *path, char *aside, size_t len)
{
    const char *base = strrchr(path, '/');
    if (!base) return false;
    size_t stem = strlen(base + 1) - 4; /* NAME without .pgn */
    for (int n = 1; n <= MAX_SET_ASIDE; n++) {
        char num[16] = "";
        if (n > 1) snprintf(num, sizeof num, "-%d", n);
        if (snprintf(aside, len, "%.*s/damaged-%.*s%s.pgn", (int)(base - path), path, (int)stem,
                     base + 1, num) >= (int)len)
            return false;
        int moved = move_to_new_name(path, aside);
        if (moved) return moved > 0;
    }
    return false;
}

bool autosave_move(const char *path, const char *dest, bool *taken, char *err, int errlen)
{
    long owner;
    char lock[4500];
    *taken = false;
    int fd = try_lock(path, &owner); /* nobody writes it meanwhile */
    if (fd < 0) {
        snprintf(err, errlen,
                 owner ? "it is being played by another cellmate"
                       : "its lock file cannot be opened");
        return false;
    }
    int moved = move_to_new_name(path, dest);
    if (moved < 0) snprintf(err, errlen, "%s", strerror(errno));
    *taken = moved == 0;
    if (moved > 0 && lock_path_of(path, lock, sizeof lock)) unlink(lock); /* its save is gone */
    close(fd);
    return moved > 0;
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
        if (r->aside[0])
            snprintf(err, errlen, "the saved game is damaged: %s (it is kept as %s)", why,
                     r->aside);
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
        /* its game goes on in this run's save: previous.pgn may take the next game left */
        return previous_taken = load_save(s, r, err, errlen);
    }
    if (name) {
        if (!named_save(name, r->path, sizeof r->path, err, errlen)) return false;
    } else if (!pick_save(s->v, mode != RESUME_LATEST, r->path, sizeof r->path)) {
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
