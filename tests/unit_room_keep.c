/* unit_room_keep.c — room_keep_move, which moves a room an earlier cellmate kept in the
 * runtime directory to the state directory: across file systems (no link, no rename: link()
 * and rename() are wrapped, the link's --wrap, to fail as they do there) the record and the
 * finished games are copied, whole, and only then are the old ones removed; a name taken in
 * the state directory is never replaced, and the record then stays where it was, unless it
 * holds the very file (a move a crash cut short), when the move is finished; and
 * room_keep_lock, the lock of a room's records in the state directory. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "room/dir.h"
#include "room/keep.h"

static bool other_fs; /* link and rename fail as between two file systems */

int __real_link(const char *from, const char *to);
int __wrap_link(const char *from, const char *to);
int __wrap_link(const char *from, const char *to)
{
    if (other_fs) {
        errno = EXDEV;
        return -1;
    }
    return __real_link(from, to);
}

int __real_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to)
{
    /* (a temporary file written in the state directory is still renamed into place there) */
    if (other_fs && !strstr(from, ".tmp.")) {
        errno = EXDEV;
        return -1;
    }
    return __real_rename(from, to);
}

static void put(const char *dir, const char *name, const char *text)
{
    char path[ROOM_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The file's text, or "" when it is not there. */
static const char *text_of(const char *dir, const char *name)
{
    static char text[256];
    char path[ROOM_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    text[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f) return text;
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    return text;
}

/* Room k's record is found in dir. */
static void record_found_in(const char *run, const char *keep, const char *dir)
{
    char path[ROOM_PATH_MAX], want[ROOM_PATH_MAX];
    assert_true(room_record_file(run, keep, "k", path, sizeof path));
    snprintf(want, sizeof want, "%s/k.pgn", dir);
    assert_string_equal(path, want);
}

/* The test's two directories, gone. */
static void remove_dirs(const char *run, const char *keep)
{
    char cmd[2 * ROOM_PATH_MAX];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", run, keep);
    assert_int_equal(system(cmd), 0);
}

static const char record[] = "[Event \"cellmate room k\"]\n[RoomUsers \"- -\"]\n\n*\n";

static void test_moved_across_file_systems(void **st)
{
    (void)st;
    char run[] = "/tmp/unit_room_keep.XXXXXX", keep[] = "/tmp/unit_room_keep.XXXXXX", err[600];
    assert_non_null(mkdtemp(run));
    assert_non_null(mkdtemp(keep));
    put(run, "k.pgn", record);
    put(run, "k.1.pgn", "game one\n");
    put(run, "k.12.pgn", "game twelve\n");
    put(run, "kx.pgn", "another room's\n");
    put(run, "k.01.pgn", "not a name a server writes\n");
    bool moved;
    other_fs = true;
    bool ok = room_keep_move(run, keep, "k", &moved, err, sizeof err);
    other_fs = false;
    assert_true(ok);
    assert_true(moved);
    assert_string_equal(text_of(keep, "k.pgn"), record);
    assert_string_equal(text_of(keep, "k.1.pgn"), "game one\n");
    assert_string_equal(text_of(keep, "k.12.pgn"), "game twelve\n");
    assert_string_equal(text_of(run, "k.pgn"), "");
    assert_string_equal(text_of(run, "k.1.pgn"), "");
    assert_string_equal(text_of(run, "kx.pgn"), "another room's\n"); /* only the room's */
    assert_string_equal(text_of(keep, "kx.pgn"), "");
    /* the room's finished games are the names room_archive_number (dir.h) takes, as the
     * next game's number and a room's removal do: a name no server writes stays */
    assert_string_equal(text_of(run, "k.01.pgn"), "not a name a server writes\n");
    assert_string_equal(text_of(keep, "k.01.pgn"), "");
    /* found where it is now: nothing more to move */
    record_found_in(run, keep, keep);
    assert_true(room_keep_move(run, keep, "k", &moved, err, sizeof err));
    assert_false(moved);
    remove_dirs(run, keep);
}

static void test_name_taken_is_never_replaced(void **st)
{
    (void)st;
    char run[] = "/tmp/unit_room_keep.XXXXXX", keep[] = "/tmp/unit_room_keep.XXXXXX", err[600];
    assert_non_null(mkdtemp(run));
    assert_non_null(mkdtemp(keep));
    put(run, "k.pgn", record);
    put(run, "k.1.pgn", "the old place's game one\n");
    put(keep, "k.1.pgn", "the new place's game one\n");
    bool moved;
    assert_false(room_keep_move(run, keep, "k", &moved, err, sizeof err));
    assert_false(moved);
    assert_non_null(strstr(err, "is there already"));
    assert_string_equal(text_of(keep, "k.1.pgn"), "the new place's game one\n");
    assert_string_equal(text_of(run, "k.1.pgn"), "the old place's game one\n");
    /* the record stays where it was, and is found there */
    assert_string_equal(text_of(run, "k.pgn"), record);
    record_found_in(run, keep, run);
    remove_dirs(run, keep);
}

/* The runtime and state directories one directory spelt two ways (XDG_STATE_HOME with a
 * trailing slash, or a link): the record is where it is, never removed as a copy left
 * "in both places" by a move cut short. */
static void test_one_directory_spelt_two_ways(void **st)
{
    (void)st;
    char run[] = "/tmp/unit_room_keep.XXXXXX", keep[64], err[600];
    assert_non_null(mkdtemp(run));
    snprintf(keep, sizeof keep, "%s/.", run);
    put(run, "k.pgn", record);
    put(run, "k.wal", "the write-ahead copy\n");
    put(run, "k.1.pgn", "game one\n");
    bool moved;
    assert_true(room_keep_move(run, keep, "k", &moved, err, sizeof err));
    assert_false(moved);
    assert_string_equal(text_of(run, "k.pgn"), record);
    assert_string_equal(text_of(run, "k.wal"), "the write-ahead copy\n");
    assert_string_equal(text_of(run, "k.1.pgn"), "game one\n");
    record_found_in(run, keep, keep);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", run);
    assert_int_equal(system(cmd), 0);
}

/* A server killed in the middle of a move, after a file's new name was made (a link, or a
 * copy across file systems) and before its old name went, left it in both places: the next
 * move finishes it (the old name goes) rather than refusing the name taken, for a finished
 * game, and for the record itself, whose write-ahead copy in the old place goes with it
 * (it was finished into the record before the move). A different file under the name is
 * still never replaced (test_name_taken_is_never_replaced). */
static void link_in(const char *run, const char *keep, const char *name)
{
    char from[ROOM_PATH_MAX], to[ROOM_PATH_MAX];
    snprintf(from, sizeof from, "%s/%s", run, name);
    snprintf(to, sizeof to, "%s/%s", keep, name);
    assert_int_equal(link(from, to), 0);
}

static void test_half_done_move_is_finished(void **st)
{
    (void)st;
    char run[] = "/tmp/unit_room_keep.XXXXXX", keep[] = "/tmp/unit_room_keep.XXXXXX", err[600];
    assert_non_null(mkdtemp(run));
    assert_non_null(mkdtemp(keep));
    put(run, "k.pgn", record);
    put(run, "k.1.pgn", "game one\n");
    put(run, "k.2.pgn", "game two\n");
    link_in(run, keep, "k.1.pgn");      /* linked, not yet unlinked */
    put(keep, "k.2.pgn", "game two\n"); /* copied across file systems, not yet unlinked */
    bool moved;
    assert_true(room_keep_move(run, keep, "k", &moved, err, sizeof err));
    assert_true(moved);
    assert_string_equal(text_of(keep, "k.1.pgn"), "game one\n");
    assert_string_equal(text_of(keep, "k.2.pgn"), "game two\n");
    assert_string_equal(text_of(keep, "k.pgn"), record);
    assert_string_equal(text_of(run, "k.1.pgn"), "");
    assert_string_equal(text_of(run, "k.2.pgn"), "");
    assert_string_equal(text_of(run, "k.pgn"), "");
    /* cut short at the record: linked, its old name and its copy not yet removed */
    put(run, "k.pgn", record);
    put(run, "k.wal", "the copy, finished into the record\n");
    char path[ROOM_PATH_MAX];
    snprintf(path, sizeof path, "%s/k.pgn", keep);
    unlink(path);
    link_in(run, keep, "k.pgn");
    assert_true(room_keep_move(run, keep, "k", &moved, err, sizeof err));
    assert_true(moved);
    assert_string_equal(text_of(keep, "k.pgn"), record);
    assert_string_equal(text_of(run, "k.pgn"), "");
    assert_string_equal(text_of(run, "k.wal"), "");
    char out[ROOM_PATH_MAX + 600];
    assert_false(room_keep_old_stays(run, keep, "k", out, sizeof out)); /* nothing stays */
    record_found_in(run, keep, keep);
    remove_dirs(run, keep);
}

/* The lock of a room's records: none of its own when they are kept in the room directory;
 * else KEEP/NAME.lock, which a second taker (another server, here another open file
 * description of this process, which flock also keeps out) is refused with a message naming
 * the holder, until it is let go. */
static void test_records_locked(void **st)
{
    (void)st;
    char run[] = "/tmp/unit_room_keep.XXXXXX", keep[] = "/tmp/unit_room_keep.XXXXXX", err[800];
    assert_non_null(mkdtemp(run));
    assert_non_null(mkdtemp(keep));
    int fd = 5, second = 5;
    assert_true(room_keep_lock(run, run, "k", 0600, &fd, err, sizeof err));
    assert_int_equal(fd, -1);
    assert_string_equal(text_of(run, "k.lock"), "");
    assert_true(room_keep_lock(run, keep, "k", 0600, &fd, err, sizeof err));
    assert_true(fd >= 0);
    char want[ROOM_PATH_MAX + 64];
    snprintf(want, sizeof want, "pid %ld, %s\n", (long)getpid(), run);
    assert_string_equal(text_of(keep, "k.lock"), want);
    assert_false(room_keep_lock(run, keep, "k", 0600, &second, err, sizeof err));
    assert_int_equal(second, -1);
    assert_non_null(strstr(err, "room k is being served by another cellmate session of yours"));
    want[strlen(want) - 1] = 0;
    assert_non_null(strstr(err, want));
    assert_true(room_keep_lock(run, keep, "kx", 0600, &second, err, sizeof err)); /* its own */
    close(second);
    close(fd);
    assert_true(room_keep_lock(run, keep, "k", 0600, &second, err, sizeof err));
    close(second);
    remove_dirs(run, keep);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_moved_across_file_systems),
                                       cmocka_unit_test(test_name_taken_is_never_replaced),
                                       cmocka_unit_test(test_half_done_move_is_finished),
                                       cmocka_unit_test(test_one_directory_spelt_two_ways),
                                       cmocka_unit_test(test_records_locked)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
