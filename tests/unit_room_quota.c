/* unit_room_quota.c — the refusal of a player's 21st room names the 20 kept ones, and stays
 * whole, its advice at the end, in the buffer it is given however long the rooms' names: as
 * many names as fit, then "and N more"; rooms held by others count past a bound. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "cell_limits.h"
#include "room/quota.h"
#include "room/dir.h"

static char dir[] = "/tmp/unit_room_quota.XXXXXX";

static void write_file(const char *room, const char *ext, const char *text)
{
    char path[ROOM_PATH_MAX];
    assert_true(room_file(dir, room, ext, path, sizeof path));
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Room i's name: MAX_ROOM_NAME characters, the longest a room may have. */
static void long_name(int i, char *out, size_t len)
{
    snprintf(out, len, "room%02d-%0*d", i, MAX_ROOM_NAME - 7, 0);
}

static int setup(void **st)
{
    (void)st;
    assert_non_null(mkdtemp(dir));
    for (int i = 1; i <= MAX_ROOMS_KEPT; i++) {
        char room[MAX_ROOM_NAME + 1];
        long_name(i, room, sizeof room);
        assert_int_equal(strlen(room), MAX_ROOM_NAME);
        write_file(room, "pgn", "[Variant \"glinski\"]\n[Result \"*\"]\n\n*\n");
        write_file(room, "maker", "erin");
    }
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && !strcmp(s + n - m, end);
}

/* The refusal of a new room for erin, in a buffer of errlen bytes. */
static void refusal(char *err, int errlen)
{
    RoomQuota q;
    memset(err, 0, (size_t)errlen);
    assert_false(room_quota_take(&q, dir, "new", "erin", err, errlen));
    assert_true(strlen(err) < (size_t)errlen);
    assert_true(ends_with(err, "nobody has played in it for 7 days"));
    assert_non_null(strstr(err, "you keep 20 rooms already ("));
}

static void test_the_relay_buffer_names_them_all(void **st)
{
    (void)st;
    char err[1200]; /* the relay's */
    refusal(err, sizeof err);
    for (int i = 1; i <= MAX_ROOMS_KEPT; i++) {
        char room[MAX_ROOM_NAME + 1];
        long_name(i, room, sizeof room);
        assert_non_null(strstr(err, room));
    }
    assert_null(strstr(err, "more"));
}

static void test_a_short_buffer_names_some_and_counts_the_rest(void **st)
{
    (void)st;
    char err[400];
    refusal(err, sizeof err);
    int named = 0;
    for (int i = 1; i <= MAX_ROOMS_KEPT; i++) {
        char room[MAX_ROOM_NAME + 1];
        long_name(i, room, sizeof room);
        named += strstr(err, room) != NULL;
    }
    char more[40];
    snprintf(more, sizeof more, " and %d more), ", MAX_ROOMS_KEPT - named);
    assert_true(named > 0);
    assert_non_null(strstr(err, more));
}

static void test_a_tiny_buffer_still_ends_whole(void **st)
{
    (void)st;
    char err[190]; /* the advice, and no room for a name */
    refusal(err, sizeof err);
    assert_non_null(strstr(err, "(and 20 more)"));
}

/* Rooms that others hold without their opener (ROOM.held) free the opener's places, but no
 * more than MAX_ROOMS_PER_PLAYER of them: carl, with 2 x MAX - 1 rooms held by others, may
 * open one more; with 2 x MAX, not (else two strangers could open rooms without end). Each
 * room's server is played by a lock on its NAME.pid, as a running server holds it. */
static void test_rooms_held_by_others_count_past_a_bound(void **st)
{
    (void)st;
    char held_dir[] = "/tmp/unit_room_quota.XXXXXX", err[1200], path[ROOM_PATH_MAX];
    int locks[2 * MAX_ROOMS_PER_PLAYER];
    assert_non_null(mkdtemp(held_dir));
    for (int i = 0; i < 2 * MAX_ROOMS_PER_PLAYER; i++) {
        char room[16], pid[32];
        snprintf(room, sizeof room, "h%d", i);
        snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        const char *files[][2] = {{"opener", "carl"}, {"held", ""}, {"pid", pid}};
        for (size_t f = 0; f < 3; f++) {
            assert_true(room_file(held_dir, room, files[f][0], path, sizeof path));
            FILE *out = fopen(path, "w");
            assert_non_null(out);
            fputs(files[f][1], out);
            fclose(out);
        }
        locks[i] = open(path, O_RDONLY);
        assert_true(locks[i] >= 0 && flock(locks[i], LOCK_EX) == 0);
        RoomQuota q;
        bool ok = room_quota_take(&q, held_dir, "new", "carl", err, sizeof err);
        if (ok) room_quota_done(&q, held_dir, NULL, NULL, false);
        if (i + 1 < 2 * MAX_ROOMS_PER_PLAYER)
            assert_true(ok);
        else {
            assert_false(ok);
            assert_non_null(strstr(err, "rooms open already"));
        }
    }
    for (int i = 0; i < 2 * MAX_ROOMS_PER_PLAYER; i++) close(locks[i]);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", held_dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_relay_buffer_names_them_all),
        cmocka_unit_test(test_a_short_buffer_names_some_and_counts_the_rest),
        cmocka_unit_test(test_a_tiny_buffer_still_ends_whole),
        cmocka_unit_test(test_rooms_held_by_others_count_past_a_bound),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
