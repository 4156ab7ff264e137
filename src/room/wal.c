/* wal.c — a room's write-ahead copy of its record (see wal.h). The file is a header line,
 *   cellmate-wal 1 LENGTH CHECKSUM DEV INO SIZE MTIME_S MTIME_NS
 * (the last five: the record it follows, all 0 when there was none), then LENGTH bytes of the
 * record's text, then whatever an older, longer copy left. It is written over in place and
 * never shrinks, so flushing it is one fdatasync with no change to the file's size or name
 * (what makes it cheaper than the record's own save). */
#include "room/wal.h"

#include "fileio.h"
#include "cell_limits.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WAL_BLOCK      65536 /* the file grows by this much, written (not a hole) */
#define WAL_HEADER_MAX 200

/* FNV-1a, 64 bits: tells a whole copy from a torn one (no defence against a forger: whoever
 * may write the room directory may write the record too). */
static uint64_t checksum(const char *p, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    while (n--) h = (h ^ (unsigned char)*p++) * 1099511628211ULL;
    return h;
}

/* The record's identity as the header gives it. */
static void identity(const char *record, char *out, size_t len)
{
    struct stat st;
    if (stat(record, &st) != 0)
        snprintf(out, len, "0 0 0 0 0");
    else
        snprintf(out, len, "%ju %ju %jd %jd %ld", (uintmax_t)st.st_dev, (uintmax_t)st.st_ino,
                 (intmax_t)st.st_size, (intmax_t)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
}

static bool write_at(int fd, const char *p, size_t n, off_t at)
{
    while (n) {
        ssize_t w = pwrite(fd, p, n, at);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
        at += w;
    }
    return true;
}

/* Grow the file to hold need bytes, with written zeros, flushed with its new size. */
static bool grow(RoomWal *w, size_t need)
{
    static const char zeros[4096];
    size_t to = (need + WAL_BLOCK - 1) / WAL_BLOCK * WAL_BLOCK;
    for (size_t at = w->size; at < to; at += sizeof zeros)
        if (!write_at(w->fd, zeros, sizeof zeros, (off_t)at)) return false;
    if (fsync(w->fd) != 0) return false;
    w->size = to;
    return true;
}

bool wal_open(RoomWal *w, const char *path, char *err, int errlen)
{
    w->size = 0;
    w->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    struct stat st;
    if (w->fd < 0 || fstat(w->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: %s", path, w->fd < 0 ? strerror(errno) : "not a regular file");
        if (w->fd >= 0) close(w->fd);
        w->fd = -1;
        return false;
    }
    w->size = (size_t)st.st_size;
    if (w->size < WAL_BLOCK && !grow(w, WAL_BLOCK)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(w->fd);
        w->fd = -1;
        return false;
    }
    /* its name is on the disk before the first copy counts on it */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    int dfd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) fsync(dfd), close(dfd);
    return true;
}

bool wal_write(RoomWal *w, const char *text, const char *record, char *err, int errlen)
{
    if (w->fd < 0) {
        snprintf(err, errlen, "no write-ahead copy");
        return false;
    }
    char header[WAL_HEADER_MAX], id[120];
    size_t n = strlen(text);
    identity(record, id, sizeof id);
    int h = snprintf(header, sizeof header, "cellmate-wal 1 %zu %016" PRIx64 " %s\n", n,
                     checksum(text, n), id);
    if (h < 0 || (size_t)h >= sizeof header) {
        snprintf(err, errlen, "the write-ahead copy's header is too long");
        return false;
    }
    if ((w->size < (size_t)h + n && !grow(w, (size_t)h + n)) ||
        !write_at(w->fd, text, n, (off_t)h) || !write_at(w->fd, header, (size_t)h, 0) ||
        fdatasync(w->fd) != 0) {
        snprintf(err, errlen, "the write-ahead copy: %s", strerror(errno));
        return false;
    }
    return true;
}

void wal_close(RoomWal *w, const char *path, bool remove)
{
    if (w->fd >= 0) close(w->fd);
    w->fd = -1;
    if (remove) unlink(path);
}

/* The copy's text when it is whole (its checksum right) and follows the record as it is
 * now; NULL otherwise. */
static char *pending_copy(const char *path, const char *record)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return NULL;
    struct stat st;
    char header[WAL_HEADER_MAX + 1], id[120], *text = NULL;
    ssize_t got =
        fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? pread(fd, header, WAL_HEADER_MAX, 0) : -1;
    char *nl = got > 0 ? memchr(header, '\n', (size_t)got) : NULL;
    if (nl) {
        *nl = 0;
        size_t n, at = (size_t)(nl - header) + 1;
        uint64_t sum;
        int used = 0;
        identity(record, id, sizeof id);
        if (sscanf(header, "cellmate-wal 1 %zu %" SCNx64 " %n", &n, &sum, &used) == 2 && used &&
            !strcmp(header + used, id) && n <= MAX_FILE_BYTES && at + n <= (size_t)st.st_size &&
            (text = malloc(n + 1))) {
            if (pread(fd, text, n, (off_t)at) != (ssize_t)n || checksum(text, n) != sum ||
                memchr(text, 0, n)) {
                free(text);
                text = NULL;
            } else
                text[n] = 0;
        }
    }
    close(fd);
    return text;
}

bool wal_recover(const char *path, const char *record, unsigned mode, bool *finished, char *err,
                 int errlen)
{
    *finished = false;
    char *text = pending_copy(path, record);
    if (!text) return true;
    bool ok = write_file_atomic(record, text, mode, err, errlen);
    free(text);
    *finished = ok;
    return ok;
}
