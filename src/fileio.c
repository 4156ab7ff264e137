/* fileio.c — atomic file writes (see fileio.h). */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

bool write_file_atomic(const char *path, const char *text, unsigned mode, char *err, int errlen)
{
    char tmp[4096], dir[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: path too long", path);
        return false;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create a temporary file: %s", path, strerror(errno));
        return false;
    }
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, (mode_t)mode & ~mask) != 0 || !write_all(fd, text, strlen(text)) ||
        fsync(fd) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return false;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
        unlink(tmp);
        return false;
    }
    /* make the rename itself durable */
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        dir[1] = 0;
    else if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return true;
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
            if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "%s: cannot create: %s", buf, strerror(errno));
                return false;
            }
            *p = saved;
            if (!saved) break;
        }
    }
    return true;
}
