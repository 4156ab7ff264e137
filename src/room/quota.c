/* quota.c — restricted mode's bound on the rooms one player has open at a time (see quota.h).
 * The player who starts a room's server is written in ROOM.maker; a mark counts only while
 * the room's server runs (its lock on ROOM.pid is held), so a room that closed, or a server
 * that was killed, frees its place without anyone cleaning up. The count and the new mark
 * are made under one lock on the directory's .quota file, so that relays started at once
 * cannot all pass a count made before any of them opened its room. */
#include "room/quota.h"

#include "limits.h"
#include "room/dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The player named in ROOM.maker, into out ("" when none). */
static void maker_of(const char *dir, const char *room, char *out, size_t len)
{
    char path[ROOM_PATH_MAX];
    out[0] = 0;
    if (!room_file(dir, room, "maker", path, sizeof path)) return;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    ssize_t n = read(fd, out, len - 1);
    close(fd);
    out[n > 0 ? n : 0] = 0;
    out[strcspn(out, "\n")] = 0;
}

/* PLAYER's rooms whose server runs, named in `names` (", " between) */
static int open_rooms(const char *dir, const char *player, char *names, size_t len)
{
    DIR *d = opendir(dir);
    int n = 0;
    names[0] = 0;
    if (!d) return 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        char room[64], who[64]; /* a room's name and a player's are shorter */
        if (l <= 6 || strcmp(e->d_name + l - 6, ".maker") || l - 6 >= sizeof room) continue;
        snprintf(room, sizeof room, "%.*s", (int)(l - 6), e->d_name);
        maker_of(dir, room, who, sizeof who);
        if (strcmp(who, player) || !room_server_pid(dir, room)) continue;
        size_t at = strlen(names);
        int w = snprintf(names + at, len - at, "%s%s", n ? ", " : "", room);
        if (w < 0 || (size_t)w >= len - at) names[at] = 0; /* counted, not named */
        n++;
    }
    closedir(d);
    return n;
}

bool room_quota_take(RoomQuota *q, const char *dir, const char *player, char *err, int errlen)
{
    char path[ROOM_PATH_MAX], names[512];
    q->fd = -1;
    if (!player) return true; /* no bound: no lock (in a group's directory it may be another's) */
    if (snprintf(path, sizeof path, "%s/.quota", dir) >= (int)sizeof path) {
        snprintf(err, errlen, "%s: path too long", dir);
        return false;
    }
    q->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, room_file_mode(dir));
    /* a record lock (fcntl), not flock: the room's server, forked while it is held, must not
     * inherit it */
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    int rc = -1;
    while (q->fd >= 0 && (rc = fcntl(q->fd, F_SETLKW, &lk)) != 0 && errno == EINTR) continue;
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot lock it", path);
        room_quota_done(q, dir, NULL, NULL, false);
        return false;
    }
    if (open_rooms(dir, player, names, sizeof names) < MAX_ROOMS_PER_PLAYER) return true;
    snprintf(err, errlen,
             "you have %d rooms open already (%s), the most a player may have at a time: join "
             "one of them, or open this one once one has closed (a room closes a while after "
             "its last player leaves)",
             MAX_ROOMS_PER_PLAYER, names);
    room_quota_done(q, dir, NULL, NULL, false);
    return false;
}

void room_quota_done(RoomQuota *q, const char *dir, const char *room, const char *player,
                     bool opened)
{
    char path[ROOM_PATH_MAX];
    if (opened && room_file(dir, room, "maker", path, sizeof path)) {
        if (!player) {
            unlink(path); /* an older mark is not this room's maker any more */
        } else {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
                          room_file_mode(dir));
            if (fd >= 0) {
                ssize_t w = write(fd, player, strlen(player));
                (void)w; /* a mark not written counts no room: the bound is loose, not lost */
                close(fd);
            }
        }
    }
    if (q->fd >= 0) close(q->fd);
    q->fd = -1;
}
