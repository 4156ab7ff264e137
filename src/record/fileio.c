/* fileio.c — reading the files a user names, and atomic file writes (see fileio.h). */
#include "fileio.h"

#include "cell_limits.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char no_links_dir[4096]; /* "": links are followed everywhere */

void fileio_no_links_under(const char *dir)
{
    snprintf(no_links_dir, sizeof no_links_dir, "%s", dir);
}

/* Whether a symbolic link at path may be followed. */
static bool may_follow(const char *path)
{
    size_t n = strlen(no_links_dir);
    return !n || strncmp(path, no_links_dir, n) || (path[n] != '/' && path[n]);
}

static const char *kind_of(mode_t m)
{
    return S_ISDIR(m)    ? "a directory"
           : S_ISFIFO(m) ? "a FIFO"
           : S_ISCHR(m)  ? "a character device"
           : S_ISBLK(m)  ? "a block device"
           : S_ISSOCK(m) ? "a socket"
                         : "not a regular file";
}

/* A message for err, and NULL; text (if any) is freed and fd closed. */
static char *read_failed(int fd, char *text, char *err, int errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, (size_t)errlen, fmt, ap);
    va_end(ap);
    free(text);
    if (fd >= 0) close(fd);
    return NULL;
}

char *read_text_file(const char *path, size_t *len, char *err, int errlen)
{
    /* non-blocking: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
                            (may_follow(path) ? 0 : O_NOFOLLOW));
    if (fd < 0 && errno == ELOOP && !may_follow(path)) {
        snprintf(err, errlen, "%s: a symbolic link, which restricted mode never follows", path);
        return NULL;
    }
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0)
        return read_failed(fd, NULL, err, errlen, "%s: cannot read: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return read_failed(fd, NULL, err, errlen, "%s: cannot read %s; only regular files are read",
                           path, kind_of(st.st_mode));
    const size_t most = MAX_FILE_BYTES;
    if ((unsigned long long)st.st_size > most)
        return read_failed(fd, NULL, err, errlen,
                           "%s: too large (%lld bytes; files are read up to %zu bytes)", path,
                           (long long)st.st_size, most);
    /* the size may change or be wrong (a file still growing, /proc): the reading is bounded
     * by the limit itself */
    size_t cap = (size_t)st.st_size + 4096, n = 0;
    char *text = malloc(cap);
    for (;;) {
        if (!text) return read_failed(fd, text, err, errlen, "%s: out of memory", path);
        if (n + 1 == cap) {
            if (n > most)
                return read_failed(fd, text, err, errlen,
                                   "%s: too large (files are read up to %zu bytes)", path, most);
            char *nt = realloc(text, cap * 2);
            if (!nt) return read_failed(fd, text, err, errlen, "%s: out of memory", path);
            text = nt;
            cap *= 2;
        }
        ssize_t got = read(fd, text + n, cap - n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            return read_failed(fd, text, err, errlen, "%s: cannot read: %s", path, strerror(errno));
        if (got == 0) break;
        n += (size_t)got;
    }
    close(fd);
    if (n > most)
        return read_failed(-1, text, err, errlen, "%s: too large (files are read up to %zu bytes)",
                           path, most);
    text[n] = 0;
    if (memchr(text, 0, n))
        return read_failed(-1, text, err, errlen, "%s: not a text file (it holds NUL bytes)", path);
    if (len) *len = n;
    return text;
}

static bool write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        s += w;
        n -= (size_t)w;
    }
    return true;
}

/* The directory part of path ("." when there is none). */
static void dir_of(const char *path, char *dir, size_t len)
{
    snprintf(dir, len, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        dir[1] = 0;
    else if (slash)
        *slash = 0;
    else
        snprintf(dir, len, ".");
}

/* Make the renames in path's directory durable. */
static void sync_dir(const char *path)
{
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
}

/* What a save may replace: nothing (a new name) or a regular file with one name, a symbolic
 * link followed to it. The path to write is put in real; the file replaced, if any, in *old
 * (st_mode 0 when there is none). A device, FIFO, socket or directory, a link to one or to
 * nothing, and a file with other hard links (renaming over it would split them: the other
 * names would keep the old text) are refused with a message in err. */
static bool save_target(const char *path, char *real, size_t len, struct stat *old, char *err,
                        int errlen)
{
    struct stat st;
    memset(old, 0, sizeof *old);
    if (snprintf(real, len, "%s", path) >= (int)len) {
        snprintf(err, errlen, "%s: path too long", path);
        return false;
    }
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) return true;
        snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
        return false;
    }
    if (S_ISLNK(st.st_mode) && !may_follow(path)) {
        snprintf(err, errlen, "%s: a symbolic link, which restricted mode never follows", path);
        return false;
    }
    if (S_ISLNK(st.st_mode)) {
        char *target = realpath(path, NULL);
        if (!target || stat(target, &st) != 0) {
            snprintf(err, errlen, "%s: a symbolic link to nothing that can be saved to (%s)", path,
                     strerror(errno));
            free(target);
            return false;
        }
        bool fits = snprintf(real, len, "%s", target) < (int)len;
        free(target);
        if (!fits) {
            snprintf(err, errlen, "%s: path too long", path);
            return false;
        }
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s is %s%s; games are saved only to a regular file or a new name",
                 path, strcmp(real, path) ? "a symbolic link to " : "", kind_of(st.st_mode));
        return false;
    }
    if (st.st_nlink > 1) {
        snprintf(err, errlen,
                 "%s has %lu names (hard links); saving over it would leave the other names with "
                 "the old text, so it is not replaced: save under another name",
                 path, (unsigned long)st.st_nlink);
        return false;
    }
    *old = st;
    return true;
}

/* The name of a temporary file for path: PATH.tmp.PID.XXXXXX (mkstemp's pattern), the process
 * id telling when it is stale (fileio_stale_temp). False when it is too long. */
static bool temp_name(const char *path, char *tmp, size_t len)
{
    return snprintf(tmp, len, "%s.tmp.%ld.XXXXXX", path, (long)getpid()) < (int)len;
}

int fileio_stale_temp(const char *name, const struct stat *st)
{
    const char *tag = strstr(name, ".tmp."), *p = tag ? tag + 5 : "";
    size_t digits = strspn(p, "0123456789");
    if (!digits || digits > 9 || p[digits] != '.' || strlen(p + digits + 1) != 6) return -1;
    long pid = strtol(p, NULL, 10);
    /* a minute: no write takes that long, and a process of another PID namespace (kill cannot
     * see it) is not caught writing */
    if (st->st_mtime > time(NULL) - 60 || pid <= 0) return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

void fileio_remove_stale_temps(const char *dir, const char *tag,
                               void (*older)(const char *dir, const char *name, const char *path,
                                             const struct stat *st))
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[4400];
        struct stat st;
        if (!strstr(e->d_name, tag) ||
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        int stale = fileio_stale_temp(e->d_name, &st);
        if (stale > 0)
            unlink(path);
        else if (stale < 0 && older)
            older(dir, e->d_name, path, &st);
    }
    closedir(d);
}

/* Write text to a new temporary file beside path (its name in tmp) and flush it to the disk.
 * When it replaces a file (old->st_mode set), it takes that file's permission bits, and its
 * owner and group as far as this process may give them; else mode less the umask. */
static bool write_temp(const char *path, const char *text, unsigned mode, const struct stat *old,
                       char *tmp, size_t len, char *err, int errlen)
{
    if (!temp_name(path, tmp, len)) {
        snprintf(err, errlen, "%s: path too long", path);
        return false;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) { /* (the file is written first under another name in its directory) */
        if (errno == ENOENT)
            snprintf(err, errlen, "%s: cannot write there: its directory does not exist", path);
        else
            snprintf(err, errlen, "%s: cannot write in its directory: %s", path, strerror(errno));
        return false;
    }
    mode_t mask = umask(0);
    umask(mask);
    mode_t bits = (mode_t)mode & ~mask;
    if (old->st_mode) {
        bits = old->st_mode & 07777;
        if (fchown(fd, old->st_uid, old->st_gid) != 0 && fchown(fd, (uid_t)-1, old->st_gid) != 0)
            errno = 0; /* a group, or an owner (root only), that cannot be given is no error */
    }
    if (fchmod(fd, bits) != 0 || !write_all(fd, text, strlen(text)) || fsync(fd) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return false;
    }
    if (close(fd) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}

bool write_file_atomic(const char *path, const char *text, unsigned mode, char *err, int errlen)
{
    char tmp[4200], real[4096];
    struct stat old;
    if (!save_target(path, real, sizeof real, &old, err, errlen)) return false;
    if (!write_temp(real, text, mode, &old, tmp, sizeof tmp, err, errlen)) return false;
    if (rename(tmp, real) != 0) {
        snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
        unlink(tmp); /* the old file is where it was */
        return false;
    }
    sync_dir(real);
    return true;
}

int move_to_new_name(const char *path, const char *dest)
{
    if (link(path, dest) == 0) {
        if (unlink(path) == 0) return 1;
        int e = errno;
        unlink(dest);
        errno = e;
        return -1;
    }
    if (errno == EEXIST) return 0;
    /* no hard links on this file system: a rename, once nothing has the name */
    struct stat st;
    if (lstat(dest, &st) == 0) return 0;
    return errno == ENOENT && rename(path, dest) == 0 ? 1 : -1;
}

bool same_text_files(const char *a, const char *b)
{
    char err[600];
    size_t na, nb;
    char *ta = read_text_file(a, &na, err, sizeof err);
    char *tb = ta ? read_text_file(b, &nb, err, sizeof err) : NULL;
    bool same = ta && tb && na == nb && !memcmp(ta, tb, na);
    free(ta);
    free(tb);
    return same;
}

int write_file_new(const char *path, const char *text, unsigned mode, char *err, int errlen)
{
    char tmp[4200];
    struct stat none;
    memset(&none, 0, sizeof none);
    if (!write_temp(path, text, mode, &none, tmp, sizeof tmp, err, errlen)) return -1;
    int moved = move_to_new_name(tmp, path);
    if (moved < 0) snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
    if (moved <= 0) unlink(tmp);
    if (moved > 0) sync_dir(path);
    return moved;
}

bool make_dirs(const char *path, char *err, int errlen)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        snprintf(err, errlen, "%s: path too long", path);
        return false;
    }
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || !*p) {
            char saved = *p;
            *p = 0;
            struct stat st;
            if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "%s: cannot create: %s", buf, strerror(errno));
                return false;
            }
            if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
                snprintf(err, errlen, "%s: not a directory", buf);
                return false;
            }
            *p = saved;
            if (!saved) break;
        }
    }
    return true;
}
