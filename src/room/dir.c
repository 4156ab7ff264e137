/* dir.c — the room directory and a room's files (see dir.h). */
#include "room/dir.h"

#include "fileio.h"
#include "cell_limits.h"
#include "number.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* /tmp/cellmate-UID, as tmux keeps its sockets: made 0700, and refused unless it is a
 * directory of ours that nobody else can enter (another user could have made it first). */
static bool private_tmp(char *out, size_t len, char *err, int errlen)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || *tmp != '/') tmp = "/tmp";
    if (snprintf(out, len, "%s/cellmate-%ld", tmp, (long)getuid()) >= (int)len) {
        snprintf(err, errlen, "%s: path too long", tmp);
        return false;
    }
    if (mkdir(out, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot create: %s", out, strerror(errno));
        return false;
    }
    struct stat st;
    if (lstat(out, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid() ||
        (st.st_mode & 077)) {
        snprintf(err, errlen,
                 "%s is not a private directory of yours; remove it, or set XDG_RUNTIME_DIR or "
                 "give --room-dir",
                 out);
        return false;
    }
    return true;
}

/* A directory given with --room-dir is shared by its owner and its group at most: one every
 * user may write could hold anyone's socket or record in a room's name. With the sticky bit
 * nobody can replace another's files, but anyone can still make a room there first, so that
 * is only warned of (once: a screen may look the directory up again while it runs). */
static bool shared_dir_safe(const char *dir, const struct stat *st, char *err, int errlen)
{
    static bool warned;
    if (!(st->st_mode & S_IWOTH)) return true;
    if (!(st->st_mode & S_ISVTX)) {
        snprintf(err, errlen,
                 "%s is writable by every user of this host (mode %04o), so anyone could "
                 "replace a room's socket or record there; give rooms a group's directory "
                 "(chmod 2770, see ROOMS in cellmate(6))",
                 dir, (unsigned)(st->st_mode & 07777));
        return false;
    }
    if (!warned)
        fprintf(stderr,
                "cellmate: warning: every user of this host may make rooms in %s (mode %04o); a "
                "group's directory (chmod 2770) keeps others out\n",
                dir, (unsigned)(st->st_mode & 07777));
    warned = true;
    return true;
}

bool room_dir(const char *given, char *out, size_t len, char *err, int errlen)
{
    char base[ROOM_PATH_MAX];
    const char *xdg = getenv("XDG_RUNTIME_DIR");
    if (given && *given) {
        if (snprintf(out, len, "%s", given) >= (int)len) {
            snprintf(err, errlen, "--room-dir: path too long");
            return false;
        }
    } else if (xdg && *xdg == '/') {
        if (snprintf(out, len, "%s/cellmate/rooms", xdg) >= (int)len) {
            snprintf(err, errlen, "XDG_RUNTIME_DIR: path too long");
            return false;
        }
    } else {
        if (!private_tmp(base, sizeof base, err, errlen)) return false;
        if (snprintf(out, len, "%s/rooms", base) >= (int)len) {
            snprintf(err, errlen, "%s: path too long", base);
            return false;
        }
    }
    if (!make_dirs(out, err, errlen)) return false;
    struct stat st;
    if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a directory", out);
        return false;
    }
    return !(given && *given) || shared_dir_safe(out, &st, err, errlen);
}

bool room_file(const char *dir, const char *room, const char *ext, char *out, size_t len)
{
    return snprintf(out, len, "%s/%s.%s", dir, room, ext) < (int)len;
}

mode_t room_file_mode(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0 && (st.st_mode & S_IWGRP)) return 0660;
    return 0600;
}

long room_archive_number(const char *name, const char *room)
{
    size_t n = strlen(room);
    if (strncmp(name, room, n) || name[n] != '.' || name[n + 1] < '1' || name[n + 1] > '9')
        return 0;
    const char *p = name + n + 1;
    long v;
    if (number_scan(&p, MAX_ROOM_ARCHIVE, &v) != NUMBER_OK || strcmp(p, ".pgn")) return 0;
    return v;
}

/* The highest number of room ROOM's finished games in dir (0: none), -1 when dir cannot be
 * read. The directory is read once, whatever its size, rather than a name tried after
 * another. */
static long last_archive(const char *dir, const char *room)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    long last = 0;
    for (struct dirent *e; (e = readdir(d));) {
        long v = room_archive_number(e->d_name, room);
        if (v > last) last = v;
    }
    closedir(d);
    return last;
}

/* The room's server holds its lock while it archives, so no other process picks a number
 * between this look and the save. */
bool room_archive_name(const char *dir, const char *room, bool restricted, char *out, size_t len,
                       char *err, int errlen)
{
    long most = restricted ? MAX_RESTRICTED_ROOM_GAMES : MAX_ROOM_ARCHIVE;
    long last = last_archive(dir, room);
    if (last < 0) {
        snprintf(err, errlen, "%s: cannot read it: %s", dir, strerror(errno));
        return false;
    }
    if (restricted && last >= most) {
        snprintf(err, errlen,
                 "room %s has kept %ld finished games, the most a room of this host keeps; "
                 "play on in another room",
                 room, most);
        return false;
    }
    if (last >= most) {
        snprintf(err, errlen,
                 "the finished games of room %s are numbered up to %d, and %s/%s.%d.pgn is "
                 "there; move them (%s.N.pgn) out of %s to go on",
                 room, MAX_ROOM_ARCHIVE, dir, room, MAX_ROOM_ARCHIVE, room, dir);
        return false;
    }
    if (snprintf(out, len, "%s/%s.%ld.pgn", dir, room, last + 1) >= (int)len) {
        snprintf(err, errlen, "%s: path too long", dir);
        return false;
    }
    return true;
}

bool room_archive_recover(const char *dir, const char *room, char *out, size_t len)
{
    char record[ROOM_PATH_MAX];
    long last = last_archive(dir, room);
    if (last <= 0 || !room_file(dir, room, "pgn", record, sizeof record) ||
        snprintf(out, len, "%s/%s.%ld.pgn", dir, room, last) >= (int)len)
        return false;
    return same_text_files(record, out) && unlink(out) == 0;
}

bool room_remove(const char *dir, const char *room)
{
    /* the mark of its maker last: a room whose record stayed still counts as theirs */
    static const char *const exts[] = {"pgn", "wal", "log", "sock", "held", "opener", "maker"};
    char path[ROOM_PATH_MAX], lock[ROOM_PATH_MAX];
    if (!room_file(dir, room, "pid", lock, sizeof lock)) return false;
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, room_file_mode(dir));
    if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (fd >= 0) close(fd);
        return false;
    }
    DIR *d = opendir(dir);
    bool ok = d != NULL; /* unlisted, its finished games would be left behind: remove nothing */
    for (struct dirent *e; d && (e = readdir(d));)
        if (room_archive_number(e->d_name, room) &&
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            ok &= unlink(path) == 0 || errno == ENOENT;
    if (d) closedir(d);
    for (size_t i = 0; i < sizeof exts / sizeof exts[0] && ok; i++)
        if (room_file(dir, room, exts[i], path, sizeof path))
            ok &= unlink(path) == 0 || errno == ENOENT;
    /* the lock last, still held: a server that opened it meanwhile finds it taken */
    unlink(lock);
    close(fd);
    return ok;
}

int room_connect(const char *dir, const char *room, char *err, int errlen)
{
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    if (!room_file(dir, room, "sock", sa.sun_path, sizeof sa.sun_path)) {
        snprintf(err, errlen, "%s: the path of the room's socket is too long (at most %zu bytes)",
                 dir, sizeof sa.sun_path - 1);
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        int e = errno;
        snprintf(err, errlen, "%s: %s", sa.sun_path, strerror(e));
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

_Static_assert(sizeof(pid_t) == 4, "a PID is an int32");
#define PID_LARGEST 2147483647L

pid_t room_server_pid(const char *dir, const char *room)
{
    char path[ROOM_PATH_MAX], text[32];
    if (!room_file(dir, room, "pid", path, sizeof path)) return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return 0;
    pid_t pid = 0;
    if (flock(fd, LOCK_SH | LOCK_NB) != 0) { /* held: a server runs */
        ssize_t n = read(fd, text, sizeof text - 1);
        if (n > 0) {
            text[n] = 0;
            long v;
            const char *p = text;
            if (number_scan(&p, PID_LARGEST, &v) == NUMBER_OK && (*p == '\n' || !*p))
                pid = (pid_t)v;
        }
    }
    close(fd);
    return pid > 0 ? pid : 0;
}
