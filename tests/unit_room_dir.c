/* unit_room_dir.c — room_remove, which makes way for a restricted player's new room: it removes
 * a room's record and all its finished games, or nothing. When the directory cannot be listed
 * (out of file descriptors or memory), the finished games would be left behind, no longer
 * counted for anyone, with the record gone: then it removes nothing and says it failed.
 * opendir() is wrapped (the link's --wrap=opendir) to fail on demand. And
 * room_archive_number, the one test of which files are a room's finished games (numbering,
 * removing, and moving them to the state directory, keep.c, all ask it); and
 * room_archive_recover, a finished game kept while a crash left it in the record too. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "room/dir.h"

static bool no_listing; /* opendir fails as when file descriptors run out */

DIR *__real_opendir(const char *name);
DIR *__wrap_opendir(const char *name);
DIR *__wrap_opendir(const char *name)
{
    if (no_listing) {
        errno = EMFILE;
        return NULL;
    }
    return __real_opendir(name);
}

static const char *const files[] = {"k.pgn", "k.maker", "k.log", "k.1.pgn", "k.2.pgn", "kx.pgn"};

static void make_room(const char *dir)
{
    char path[ROOM_PATH_MAX];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("[Event \"?\"]\n", f);
        fclose(f);
    }
}

static bool exists(const char *dir, const char *name)
{
    char path[ROOM_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

static void test_unlisted_directory_removes_nothing(void **st)
{
    (void)st;
    char dir[] = "/tmp/unit_room_dir.XXXXXX";
    assert_non_null(mkdtemp(dir));
    make_room(dir);
    no_listing = true;
    bool removed = room_remove(dir, "k");
    no_listing = false;
    assert_false(removed);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) assert_true(exists(dir, files[i]));
    /* listed, the room goes whole, and only it */
    assert_true(room_remove(dir, "k"));
    for (size_t i = 0; i + 1 < sizeof files / sizeof files[0]; i++)
        assert_false(exists(dir, files[i]));
    assert_true(exists(dir, "kx.pgn"));
    char cmd[ROOM_PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Only the names a room's server writes: ROOM.N.pgn, N from 1 to MAX_ROOM_ARCHIVE without
 * sign or leading zero; not another room's (one whose name begins with this one's). */
static void test_archive_numbers(void **st)
{
    (void)st;
    static const struct {
        const char *name;
        long n;
    } names[] = {{"k.1.pgn", 1},      {"k.12.pgn", 12}, {"k.99999.pgn", 99999},
                 {"k.100000.pgn", 0}, {"k.0.pgn", 0},   {"k.01.pgn", 0},
                 {"k.+1.pgn", 0},     {"k.-1.pgn", 0},  {"k.1.pgnx", 0},
                 {"k.1.wal", 0},      {"k..pgn", 0},    {"k.pgn", 0},
                 {"kx.1.pgn", 0},     {"k", 0},         {"", 0},
                 {"k.1x.pgn", 0},     {"k.1.2.pgn", 0}, {"x.1.pgn", 0}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        long n = room_archive_number(names[i].name, "k");
        if (n != names[i].n) fail_msg("%s: %ld, not %ld", names[i].name, n, names[i].n);
    }
}

/* A server killed after it kept the finished game as ROOM.N.pgn and before the next game
 * replaced the record left it in both: the next start removes the newest kept copy when it
 * is the record to the byte (the record keeps the game, and 'new' keeps it again), and
 * nothing else. */
static void put(const char *dir, const char *name, const char *text)
{
    char path[ROOM_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_half_kept_game_is_recovered(void **st)
{
    (void)st;
    char dir[] = "/tmp/unit_room_dir.XXXXXX", out[ROOM_PATH_MAX], want[ROOM_PATH_MAX];
    assert_non_null(mkdtemp(dir));
    put(dir, "k.pgn", "[Result \"1-0\"]\n\n1. e4 1-0\n");
    put(dir, "k.1.pgn", "[Result \"1-0\"]\n\n1. e4 1-0\n"); /* an older game, the same */
    put(dir, "k.2.pgn", "[Result \"0-1\"]\n\n0-1\n");
    assert_false(room_archive_recover(dir, "k", out, sizeof out)); /* the newest differs */
    assert_true(exists(dir, "k.1.pgn") && exists(dir, "k.2.pgn"));
    put(dir, "k.3.pgn", "[Result \"1-0\"]\n\n1. e4 1-0\n");
    assert_true(room_archive_recover(dir, "k", out, sizeof out));
    snprintf(want, sizeof want, "%s/k.3.pgn", dir);
    assert_string_equal(out, want);
    assert_false(exists(dir, "k.3.pgn"));
    assert_true(exists(dir, "k.pgn") && exists(dir, "k.1.pgn") && exists(dir, "k.2.pgn"));
    char cmd[ROOM_PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_unlisted_directory_removes_nothing),
                                       cmocka_unit_test(test_archive_numbers),
                                       cmocka_unit_test(test_half_kept_game_is_recovered)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
