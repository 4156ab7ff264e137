/* quota.c — restricted mode's bounds on one player's rooms (see quota.h). The player who
 * starts a room's server is written in ROOM.opener, and counts it as an open room only while
 * the server runs (its lock on ROOM.pid is held), so a room that closed, or a server that was
 * killed, frees its place without anyone cleaning up; and not while others hold it without
 * the opener (ROOM.held, which its server keeps), so that nobody can use up a player's rooms
 * by watching them. The player whose opening made the room (its record new) is written in
 * ROOM.maker, and counts it as a kept room while its record is there: only the maker's rooms make
 * way for the maker's new ones, so that nobody who opens another's closed room again can have it
 * removed. The count and the new marks are made under one lock on the directory's .quota file, so
 * that relays started at once cannot all pass a count made before any of them opened its room.
 * (A server marks ROOM.held without that lock: a count made as others leave may miss the room,
 * which then goes past the bound only by a room others kept open.) */
#include "room/quota.h"

#include "cell_limits.h"
#include "room/dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The player named in ROOM.MARK (maker or opener), into out ("" when none). */
static void mark_of(const char *dir, const char *room, const char *mark, char *out, size_t len)
{
    char path[ROOM_PATH_MAX];
    out[0] = 0;
    if (!room_file(dir, room, mark, path, sizeof path)) return;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    ssize_t n = read(fd, out, len - 1);
    close(fd);
    out[n > 0 ? n : 0] = 0;
    out[strcspn(out, "\n")] = 0;
}

/* Whether ROOM.MARK is there. */
static bool room_file_exists(const char *dir, const char *room, const char *mark)
{
    char path[ROOM_PATH_MAX];
    return room_file(dir, room, mark, path, sizeof path) && access(path, F_OK) == 0;
}

/* A room's record tells that its game is over: a Result tag other than "*" among the
 * tags at its top, where the room's server writes them. */
static bool game_over(const char *record)
{
    char text[4096];
    int fd = open(record, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return false;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    text[n > 0 ? n : 0] = 0;
    static const char result[] = "[Result \"";
    const char *tag =
        strncmp(text, result, sizeof result - 1) ? strstr(text, "\n[Result \"") : text;
    if (!tag) return false;
    const char *value = strchr(tag, '"') + 1;
    return *value && *value != '*' && *value != '"';
}

/* What a player has in the directory: the rooms whose server runs and the rooms kept (a
 * record there, open or closed), each counted and named (", " between), and the closed room
 * to make way first (the oldest record of a game that is over or untouched for
 * MAX_ROOM_ABANDONED_DAYS), "" when none may. */
typedef struct {
    int open, kept;
    int held;                   /* open, but held by others without the opener (ROOM.held) */
    int open_named, kept_named; /* the names listed (those that fit the lists) */
    char open_names[512], kept_names[2048];
    char way[64];
    time_t way_time;
} Rooms;

static void add_name(char *names, size_t len, int *named, const char *room)
{
    size_t at = strlen(names);
    int w = snprintf(names + at, len - at, "%s%s", at ? ", " : "", room);
    if (w < 0 || (size_t)w >= len - at)
        names[at] = 0; /* counted, not named */
    else
        (*named)++;
}

/* A refusal naming a player's rooms, whole in err however long their names: fmt holds one %s,
 * where as many of the names (", " between, named of them) go as leave room for the rest of
 * the message, then " and N more" for the count's others. */
static void refuse_naming(char *err, int errlen, const char *fmt, const char *names, int named,
                          int count)
{
    char list[sizeof((Rooms *)0)->kept_names + 32];
    int rest = snprintf(NULL, 0, fmt, "");
    size_t room = errlen > rest ? (size_t)(errlen - rest) : 1; /* for the list and its NUL */
    size_t len = strlen(names);
    int shown = named;
    for (;;) {
        char more[32] = "";
        if (shown < count)
            snprintf(more, sizeof more, "%sand %d more", len ? " " : "", count - shown);
        if (len + strlen(more) < room || !shown) {
            snprintf(list, sizeof list, "%.*s%s", (int)len, names, more);
            break;
        }
        /* one name fewer: cut the list at its last ", " */
        shown--;
        while (len && strncmp(names + --len, ", ", 2)) continue;
    }
    snprintf(err, (size_t)errlen, fmt, list);
}

/* Whether a file's name is a room's mark (NAME.EXT, ext with its dot), the room's name into
 * room. */
static bool mark_named(const char *name, const char *ext, char *room, size_t len)
{
    size_t l = strlen(name), x = strlen(ext);
    if (l <= x || strcmp(name + l - x, ext) || l - x >= len) return false;
    snprintf(room, len, "%.*s", (int)(l - x), name);
    return true;
}

static void player_rooms(const char *dir, const char *player, Rooms *r)
{
    memset(r, 0, sizeof *r);
    DIR *d = opendir(dir);
    if (!d) return;
    time_t now = time(NULL);
    for (struct dirent *e; (e = readdir(d));) {
        char room[64], who[64]; /* a room's name and a player's are shorter */
        char record[ROOM_PATH_MAX];
        if (mark_named(e->d_name, ".opener", room, sizeof room)) {
            mark_of(dir, room, "opener", who, sizeof who);
            if (!strcmp(who, player) && room_server_pid(dir, room) != 0) {
                bool held = room_file_exists(dir, room, "held");
                r->open += !held;
                r->held += held;
                add_name(r->open_names, sizeof r->open_names, &r->open_named, room);
            }
            continue;
        }
        if (!mark_named(e->d_name, ".maker", room, sizeof room)) continue;
        mark_of(dir, room, "maker", who, sizeof who);
        if (strcmp(who, player)) continue;
        bool running = room_server_pid(dir, room) != 0;
        struct stat st;
        if (!room_file(dir, room, "pgn", record, sizeof record) || stat(record, &st) != 0) continue;
        r->kept++;
        add_name(r->kept_names, sizeof r->kept_names, &r->kept_named, room);
        bool abandoned = now - st.st_mtime > (time_t)MAX_ROOM_ABANDONED_DAYS * 24 * 3600;
        if (running || (!abandoned && !game_over(record))) continue;
        if (!*r->way || st.st_mtime < r->way_time) {
            snprintf(r->way, sizeof r->way, "%s", room);
            r->way_time = st.st_mtime;
        }
    }
    closedir(d);
}

/* The player keeps MAX_ROOMS_KEPT rooms: the oldest that may make way for the new one goes,
 * files and all (false when none may, or it could not be removed). */
static bool make_way(const char *dir, const Rooms *r, char *err, int errlen)
{
    if (r->kept < MAX_ROOMS_KEPT) return true;
    if (*r->way && room_remove(dir, r->way)) return true;
    char fmt[400];
    snprintf(fmt, sizeof fmt,
             "you keep %d rooms already (%%s), the most a player may keep: join one of them; a "
             "closed room makes way for a new one once its game is over or nobody has played "
             "in it for %d days",
             r->kept, MAX_ROOM_ABANDONED_DAYS);
    refuse_naming(err, errlen, fmt, r->kept_names, r->kept_named, r->kept);
    return false;
}

bool room_quota_take(RoomQuota *q, const char *dir, const char *room, const char *player, char *err,
                     int errlen)
{
    char path[ROOM_PATH_MAX], record[ROOM_PATH_MAX];
    q->fd = -1;
    if (snprintf(path, sizeof path, "%s/.quota", dir) >= (int)sizeof path ||
        !room_file(dir, room, "pgn", record, sizeof record)) {
        snprintf(err, errlen, "%s: path too long", dir);
        return false;
    }
    if (!player) { /* no bound: no lock (in a group's directory it may be another's) */
        q->fresh = access(record, F_OK) != 0; /* (for the maker's mark) */
        return true;
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
    q->fresh = access(record, F_OK) != 0; /* under the lock: no other relay makes it now */
    Rooms r;
    player_rooms(dir, player, &r);
    /* others' holding frees the opener's places, but no more than that many again: else two
     * strangers, one opening and one staying in each room, could open rooms without end */
    if (r.open + (r.held > MAX_ROOMS_PER_PLAYER ? r.held - MAX_ROOMS_PER_PLAYER : 0) >=
        MAX_ROOMS_PER_PLAYER) {
        r.open += r.held;
        char fmt[400];
        snprintf(fmt, sizeof fmt,
                 "you have %d rooms open already (%%s), the most a player may have at a time: "
                 "join one of them, or open this one once one has closed (a room closes a while "
                 "after its last player leaves)",
                 r.open);
        refuse_naming(err, errlen, fmt, r.open_names, r.open_named, r.open);
    } else if (!q->fresh || make_way(dir, &r, err, errlen)) {
        return true; /* a room kept already is no new one */
    }
    room_quota_done(q, dir, NULL, NULL, false);
    return false;
}

/* Write PLAYER in ROOM.MARK (player NULL: remove the mark, an older one being nobody's now). */
static void set_mark(const char *dir, const char *room, const char *mark, const char *player)
{
    char path[ROOM_PATH_MAX];
    if (!room_file(dir, room, mark, path, sizeof path)) return;
    if (!player) {
        unlink(path);
        return;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, room_file_mode(dir));
    if (fd >= 0) {
        ssize_t w = write(fd, player, strlen(player));
        (void)w; /* a mark not written counts no room: the bound is loose, not lost */
        close(fd);
    }
}

void room_quota_done(RoomQuota *q, const char *dir, const char *room, const char *player,
                     bool opened)
{
    if (opened) {
        set_mark(dir, room, "held", NULL); /* (a killed server's) */
        set_mark(dir, room, "opener", player);
        if (q->fresh) set_mark(dir, room, "maker", player); /* an old room keeps its maker */
    }
    if (q->fd >= 0) close(q->fd);
    q->fd = -1;
}

void room_quota_presence(const char *dir, const char *room, const char *const *names, int n)
{
    char opener[64];
    mark_of(dir, room, "opener", opener, sizeof opener);
    bool here = false;
    for (int i = 0; i < n && !here; i++) here = !strcmp(names[i], opener);
    bool held = *opener && n > 0 && !here;
    if (held != room_file_exists(dir, room, "held")) set_mark(dir, room, "held", held ? "-" : NULL);
}
