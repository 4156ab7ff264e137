/* keep.c — the rooms' records in the lasting state directory, and the move of a room an
 * earlier cellmate kept in the runtime directory (see keep.h). */
#include "room/keep.h"

#include "fileio.h"
#include "lockfile.h"
#include "room/dir.h"
#include "room/wal.h"
#include "state_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool room_keep_dir(const char *given, const char *run, char *out, size_t len, char *err, int errlen)
{
    /* (not the password database's home: without HOME the room directory keeps them, keep.h) */
    int n = given && *given ? -1 : state_dir_path(false, "/rooms", out, len);
    if (n < 0) n = snprintf(out, len, "%s", run);
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "the directory of the rooms' records: path too long");
        return false;
    }
    return make_dirs(out, err, errlen);
}

/* Whether the runtime and state directories are one, however spelt (a trailing slash in
 * XDG_STATE_HOME, a link): then there is nothing to move, and a file found "in both" is one. */
static bool same_dir(const char *run, const char *keep)
{
    struct stat a, b;
    if (!strcmp(run, keep)) return true;
    return stat(run, &a) == 0 && stat(keep, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

bool room_record_file(const char *run, const char *keep, const char *room, char *out, size_t len)
{
    char old[ROOM_PATH_MAX];
    if (!room_file(keep, room, "pgn", out, len)) return false;
    if (access(out, F_OK) != 0 && !same_dir(run, keep) &&
        room_file(run, room, "pgn", old, sizeof old) && access(old, F_OK) == 0)
        snprintf(out, len, "%s", old);
    return true;
}

bool room_keep_lock(const char *run, const char *keep, const char *room, unsigned mode, int *fd,
                    char *err, int errlen)
{
    char path[ROOM_PATH_MAX], text[ROOM_PATH_MAX + 32];
    *fd = -1;
    if (same_dir(run, keep)) return true; /* the runtime lock, NAME.pid, is the keep's too */
    if (!room_file(keep, room, "lock", path, sizeof path)) {
        snprintf(err, errlen, "%s: path too long", keep);
        return false;
    }
    bool locked;
    int l = lockfile_take(path, mode, &locked);
    if (l < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    if (!locked) { /* its holder wrote its PID and runtime directory there */
        ssize_t n = read(l, text, sizeof text - 1);
        close(l);
        text[n > 0 ? n : 0] = 0;
        text[strcspn(text, "\n")] = 0;
        snprintf(err, errlen,
                 "room %s is being served by another cellmate session of yours, from another "
                 "runtime directory%s%s%s; join it from that session, or here once that server "
                 "has stopped",
                 room, *text ? " (server " : "", text, *text ? ")" : "");
        return false;
    }
    int n = snprintf(text, sizeof text, "pid %ld, %s\n", (long)getpid(), run);
    if (n < 0 || n >= (int)sizeof text || ftruncate(l, 0) != 0 || write(l, text, (size_t)n) != n) {
        snprintf(err, errlen, "%s: %s", path,
                 n < 0 || n >= (int)sizeof text ? "path too long" : strerror(errno));
        close(l);
        return false;
    }
    *fd = l;
    return true;
}

bool room_keep_old_stays(const char *run, const char *keep, const char *room, char *out, size_t len)
{
    char old[ROOM_PATH_MAX], name[ROOM_PATH_MAX];
    if (same_dir(run, keep) || !room_file(run, room, "pgn", old, sizeof old) ||
        !room_file(keep, room, "pgn", name, sizeof name) || access(old, F_OK) != 0 ||
        access(name, F_OK) != 0)
        return false;
    snprintf(out, len,
             "room %s: an older record of it, kept by an earlier cellmate, stays in %s, since "
             "%s is the room's record now; move the older one away (or remove it) when you "
             "have looked at it",
             room, old, name);
    return true;
}

/* One file from RUN to KEEP under its name, never over a file there: a link where both are
 * on one file system, else a copy (written and flushed) before the old name goes. A file
 * that is not there is nothing to move. */
static bool move_one(const char *run, const char *keep, const char *name, mode_t mode, char *err,
                     int errlen)
{
    char from[ROOM_PATH_MAX], to[ROOM_PATH_MAX];
    if (snprintf(from, sizeof from, "%s/%s", run, name) >= (int)sizeof from ||
        snprintf(to, sizeof to, "%s/%s", keep, name) >= (int)sizeof to) {
        snprintf(err, errlen, "%s: path too long", keep);
        return false;
    }
    /* moved, all but the old name's removal, when a server was killed here last time */
    if (same_text_files(from, to)) return unlink(from) == 0 || errno == ENOENT;
    int rc = move_to_new_name(from, to);
    if (rc == 1 || (rc < 0 && errno == ENOENT)) return true;
    if (rc == 0) {
        snprintf(err, errlen, "%s is there already: %s stays where it is", to, from);
        return false;
    }
    if (errno != EXDEV) {
        snprintf(err, errlen, "%s: cannot move it to %s: %s", from, keep, strerror(errno));
        return false;
    }
    char *text = read_text_file(from, NULL, err, errlen);
    if (!text) return false;
    rc = write_file_new(to, text, mode, err, errlen);
    free(text);
    if (rc == 0) snprintf(err, errlen, "%s is there already: %s stays where it is", to, from);
    if (rc != 1) return false;
    return unlink(from) == 0 || errno == ENOENT;
}

bool room_keep_move(const char *run, const char *keep, const char *room, bool *moved, char *err,
                    int errlen)
{
    char record[ROOM_PATH_MAX], wal[ROOM_PATH_MAX], name[ROOM_PATH_MAX];
    *moved = false;
    if (same_dir(run, keep)) return true;
    if (!room_file(run, room, "pgn", record, sizeof record) ||
        !room_file(run, room, "wal", wal, sizeof wal) ||
        !room_file(keep, room, "pgn", name, sizeof name)) {
        snprintf(err, errlen, "%s: path too long", run);
        return false;
    }
    if (access(record, F_OK) == 0 && same_text_files(record, name)) {
        /* a move that a killed server cut short after the record's new name was made (its
         * finished games before it, and its copy finished into it): the rest of it */
        *moved = unlink(record) == 0 || errno == ENOENT;
        if (*moved) unlink(wal);
        if (!*moved) snprintf(err, errlen, "%s: cannot remove it: %s", record, strerror(errno));
        return *moved;
    }
    if (access(record, F_OK) != 0 || access(name, F_OK) == 0) return true; /* nothing to move */
    mode_t mode = room_file_mode(run);
    bool finished;
    if (!wal_recover(wal, record, mode, &finished, err, errlen)) return false;
    DIR *d = opendir(run);
    if (!d) {
        snprintf(err, errlen, "%s: cannot read it: %s", run, strerror(errno));
        return false;
    }
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));)
        if (room_archive_number(e->d_name, room))
            ok = move_one(run, keep, e->d_name, mode, err, errlen);
    closedir(d);
    /* the record last: once it is there, all is (its log stays: the new one is begun) */
    snprintf(name, sizeof name, "%s.pgn", room);
    if (ok) ok = move_one(run, keep, name, mode, err, errlen);
    if (ok) unlink(wal); /* (finished into the record above) */
    *moved = ok;
    return ok;
}
