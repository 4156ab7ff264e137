/* restrict.c — restricted mode (see restrict.h): the player's directories, a clean
 * environment, resource limits, and the checks of names and input lines. */
#include "restrict.h"

#include "fileio.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* AddressSanitizer reserves terabytes of address space before main: an address-space limit
 * would make every later allocation fail, so sanitizer builds go without it. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

bool restrict_wanted(bool option)
{
    const char *env = getenv("CELLMATE_RESTRICTED");
    return option || (env && *env && strcmp(env, "0"));
}

bool restrict_plain_name(const char *name, const char *what, char *err, int errlen)
{
    size_t n = strlen(name);
    bool plain = n >= 1 && n <= MAX_PLAIN_NAME;
    for (const char *p = name; plain && *p; p++)
        plain =
            isascii((unsigned char)*p) && (isalnum((unsigned char)*p) || *p == '-' || *p == '_');
    if (!plain)
        snprintf(err, errlen,
                 "%s is a plain name here: 1 to %d letters, digits, '-' or '_' (no paths, "
                 "no '~', '/' or '..')",
                 what, MAX_PLAIN_NAME);
    return plain;
}

bool restrict_line_ok(const char *line, char *err, int errlen)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--; /* the line's own end */
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f) {
            snprintf(err, errlen,
                     "the line contains a control character; type a move or a "
                     "command");
            return false;
        }
    if (n > MAX_RESTRICTED_LINE) {
        snprintf(err, errlen, "the line is longer than %d characters; type a move or a command",
                 MAX_RESTRICTED_LINE);
        return false;
    }
    return true;
}

/* A value kept from the old environment only when it is a short plain word: a terminal
 * type or a locale name never needs a '/', which would let it name a file to read. */
static bool plain_value(const char *v)
{
    if (!v || !*v || strlen(v) > 64) return false;
    for (; *v; v++)
        if (!isalnum((unsigned char)*v) && !strchr("._-+@", *v)) return false;
    return true;
}

static bool clean_environment(const struct passwd *pw, char *err, int errlen)
{
    static const char *keep[] = {"TERM", "LANG", "LC_ALL", "LC_CTYPE"};
    char *kept[sizeof keep / sizeof keep[0]];
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        const char *v = getenv(keep[i]);
        kept[i] = plain_value(v) ? strdup(v) : NULL;
    }
    bool ok = clearenv() == 0;
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        if (ok && kept[i]) ok = setenv(keep[i], kept[i], 1) == 0;
        free(kept[i]);
    }
    /* readline reads $INPUTRC instead of ~/.inputrc or /etc/inputrc: an empty file */
    ok = ok && setenv("INPUTRC", "/dev/null", 1) == 0 && setenv("HOME", pw->pw_dir, 1) == 0 &&
         setenv("USER", pw->pw_name, 1) == 0 && setenv("LOGNAME", pw->pw_name, 1) == 0 &&
         setenv("PATH", "/usr/bin:/bin", 1) == 0;
    if (!ok) snprintf(err, errlen, "cannot set up the environment: %s", strerror(errno));
    return ok;
}

static bool limit(int resource, rlim_t value, const char *what, char *err, int errlen)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) == 0 && rl.rlim_max != RLIM_INFINITY && rl.rlim_max < value)
        value = rl.rlim_max; /* already lower: keep it */
    rl.rlim_cur = rl.rlim_max = value;
    if (setrlimit(resource, &rl) == 0) return true;
    snprintf(err, errlen, "cannot limit %s: %s", what, strerror(errno));
    return false;
}

static bool set_limits(char *err, int errlen)
{
    if (!limit(RLIMIT_CORE, 0, "core dumps", err, errlen)) return false;
    if (!limit(RLIMIT_FSIZE, (rlim_t)MAX_RESTRICTED_FILE_KB << 10, "the file size", err, errlen))
        return false;
#ifndef UNDER_ASAN
    if (!limit(RLIMIT_AS, (rlim_t)MAX_RESTRICTED_MEMORY_MB << 20, "the memory", err, errlen))
        return false;
#endif
    /* strangers' games (their searches, and the room servers they start, which inherit it)
     * yield the processor to the host's own work and its users' typing: nothing bounds how
     * many cores an account keeps busy, but they are the host's last call. Raising one's
     * nice value needs no privilege; one already higher is kept. */
    errno = 0;
    int nice_now = getpriority(PRIO_PROCESS, 0);
    if (!(errno == 0 && nice_now >= MAX_RESTRICTED_PRIORITY) &&
        setpriority(PRIO_PROCESS, 0, MAX_RESTRICTED_PRIORITY) != 0) {
        snprintf(err, errlen, "cannot lower the CPU priority: %s", strerror(errno));
        return false;
    }
#ifdef PR_SET_NO_NEW_PRIVS
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); /* nothing run from here could gain privileges */
#endif
    /* Ctrl-Z would stop the game with no shell to continue it; Ctrl-\ would dump core */
    signal(SIGTSTP, SIG_IGN);
    signal(SIGTTIN, SIG_IGN);
    signal(SIGTTOU, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    return true;
}

static bool join(char *out, size_t len, const char *a, const char *b)
{
    return (size_t)snprintf(out, len, "%s/%s", a, b) < len;
}

/* A player's directory is a directory itself, not a symbolic link to one elsewhere. */
static bool real_dir(const char *dir, char *err, int errlen)
{
    struct stat st;
    if (lstat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    snprintf(err, errlen,
             "restricted mode: %s is not a directory of its own (a symbolic link?); the "
             "player's directories must be real ones",
             dir);
    return false;
}

/* Create a player's directory unless it is there (mkdir never follows a link at the name, so
 * nothing is created through one), then make sure it is a real one. */
static bool own_dir(const char *dir, char *err, int errlen)
{
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot create: %s", dir, strerror(errno));
        return false;
    }
    return real_dir(dir, err, errlen);
}

bool restrict_enter(Restriction *r, const char *player, const char *root, char *err, int errlen)
{
    char base[RESTRICT_PATH_MAX];
    memset(r, 0, sizeof *r);
    struct passwd *pw = getpwuid(getuid());
    if (!pw || !pw->pw_dir || pw->pw_dir[0] != '/') {
        snprintf(err, errlen, "restricted mode: this account has no home directory");
        return false;
    }
    if (!player) player = pw->pw_name;
    if (!restrict_plain_name(player, "--player NAME", err, errlen)) return false;
    snprintf(r->player, sizeof r->player, "%s", player);
    if (root && root[0] != '/') {
        snprintf(err, errlen, "--save-dir needs an absolute path, not '%s'", root);
        return false;
    }
    if (root ? (size_t)snprintf(base, sizeof base, "%s", root) >= sizeof base
             : !join(base, sizeof base, pw->pw_dir, ".local/state/cellmate/players")) {
        snprintf(err, errlen, "restricted mode: the save directory's path is too long");
        return false;
    }
    if (!join(r->dir, sizeof r->dir, base, r->player) ||
        !join(r->saves, sizeof r->saves, r->dir, "saves")) {
        snprintf(err, errlen, "restricted mode: the save directory's path is too long");
        return false;
    }
    umask(077);
    /* the root is the administrator's; below it, each directory is checked before anything
     * is created in it */
    if (!make_dirs(base, err, errlen) || !own_dir(r->dir, err, errlen) ||
        !own_dir(r->saves, err, errlen))
        return false;
    fileio_no_links_under(r->dir); /* the game in progress (current.pgn) too */
    if (chdir(r->dir) != 0) {
        snprintf(err, errlen, "%s: %s", r->dir, strerror(errno));
        return false;
    }
    return clean_environment(pw, err, errlen) && set_limits(err, errlen);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The saves' count; with `list`, their names too, sorted, space-separated. */
static int scan_saves(const char *dir, char *list, size_t len)
{
    char names[MAX_SAVES * 2][MAX_PLAIN_NAME + 1];
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0, kept = 0;
    while (d && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l <= 4 || strcmp(e->d_name + l - 4, ".pgn")) continue;
        if (kept < MAX_SAVES * 2 && l - 4 <= MAX_PLAIN_NAME)
            snprintf(names[kept++], sizeof names[0], "%.*s", (int)(l - 4), e->d_name);
        n++;
    }
    if (d) closedir(d);
    if (list) {
        qsort(names, (size_t)kept, sizeof names[0], by_name);
        size_t used = 0;
        list[0] = 0;
        for (int i = 0; i < kept && used < len; i++)
            used += (size_t)snprintf(list + used, len - used, "%s%s", i ? " " : "", names[i]);
    }
    return n;
}

int restrict_list_saves(const Restriction *r, char *out, size_t len)
{
    return scan_saves(r->saves, out, len);
}

bool restrict_save_path(const Restriction *r, const char *name, bool creating, char *out,
                        size_t len, char *err, int errlen)
{
    char file[MAX_PLAIN_NAME + 8];
    if (!restrict_plain_name(name, "a save's name", err, errlen)) return false;
    snprintf(file, sizeof file, "%s.pgn", name);
    if (!join(out, len, r->saves, file)) {
        snprintf(err, errlen, "the save directory's path is too long");
        return false;
    }
    struct stat st;
    if (!real_dir(r->saves, err, errlen)) return false;
    if (lstat(out, &st) == 0 && S_ISLNK(st.st_mode)) {
        snprintf(err, errlen,
                 "the save '%s' is a symbolic link, which restricted mode never follows: %s", name,
                 creating ? "save under another name" : "nothing was loaded");
        return false;
    }
    if (creating && lstat(out, &st) != 0 && scan_saves(r->saves, NULL, 0) >= MAX_SAVES) {
        snprintf(err, errlen,
                 "you have %d saved games, the most kept: save over one of them ('load' "
                 "alone lists them)",
                 MAX_SAVES);
        return false;
    }
    return true;
}

enum { MAX_STAMPED = 99 }; /* names of one prefix and second */

bool restrict_new_save(const Restriction *r, const char *prefix, time_t when,
                       int (*place)(const char *dest, void *arg, char *err, int errlen), void *arg,
                       char *name, size_t len, char *err, int errlen)
{
    char stamp[16] = "", dest[RESTRICT_PATH_MAX + 48];
    struct tm tm; /* (localtime_r: localtime would look at the zone file again, outside) */
    if (localtime_r(&when, &tm)) strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int n = 1; n <= MAX_STAMPED; n++) {
        if (n == 1)
            snprintf(name, len, "%s-%s", prefix, stamp);
        else
            snprintf(name, len, "%s-%s-%d", prefix, stamp, n);
        if (!restrict_save_path(r, name, true, dest, sizeof dest, err, errlen)) return false;
        int placed = place(dest, arg, err, errlen);
        if (placed) return placed > 0;
    }
    snprintf(err, errlen, "every name for it is taken");
    return false;
}

void restrict_hide_path(const char *err, const char *path, const char *shown, char *out, size_t len)
{
    size_t n = 0, plen = strlen(path);
    if (!len) return;
    while (*err && n + 1 < len) {
        const char *piece = err;
        size_t take = 1;
        if (plen && !strncmp(err, path, plen)) {
            piece = shown;
            take = strlen(shown);
            err += plen;
        } else {
            err++;
        }
        for (size_t i = 0; i < take && n + 1 < len; i++) out[n++] = piece[i];
    }
    out[n] = 0;
}
