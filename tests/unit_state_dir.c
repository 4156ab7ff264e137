/* unit_state_dir.c — state_dir_path, the one lookup of the state directory, and its two
 * users: the local saves (autosave_path), which take the password database's home when HOME
 * gives none, and the rooms' records (room_keep_dir), which then stay in the room directory.
 * XDG_STATE_HOME and HOME count only as absolute paths. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autosave.h"
#include "room/keep.h"
#include "state_dir.h"

/* Set the two variables; NULL unsets one. */
static void env(const char *xdg, const char *home)
{
    if (xdg)
        setenv("XDG_STATE_HOME", xdg, 1);
    else
        unsetenv("XDG_STATE_HOME");
    if (home)
        setenv("HOME", home, 1);
    else
        unsetenv("HOME");
}

/* The state directory under the password database's home, with SUB after it, as
 * state_dir_path takes it; "" when this user has no home there (a container's bare UID). */
static const char *passwd_state(const char *sub)
{
    static char path[4200];
    struct passwd *pw = getpwuid(getuid());
    path[0] = 0;
    if (pw && pw->pw_dir && pw->pw_dir[0] == '/')
        snprintf(path, sizeof path, "%s/.local/state/cellmate%s", pw->pw_dir, sub);
    return path;
}

/* state_dir_path(true, "", ...) without a home from the environment. */
static void check_passwd_home(void)
{
    char out[4096];
    const char *want = passwd_state("");
    assert_int_equal(state_dir_path(true, "", out, sizeof out), *want ? (int)strlen(want) : -1);
    if (*want) assert_string_equal(out, want);
}

static void test_lookup(void **st)
{
    (void)st;
    char out[4096];
    env("/x/state", "/h");
    assert_int_equal(state_dir_path(false, "/rooms", out, sizeof out),
                     (int)strlen("/x/state/cellmate/rooms"));
    assert_string_equal(out, "/x/state/cellmate/rooms");
    env("x/state", "/h"); /* a relative XDG_STATE_HOME is passed over */
    assert_int_equal(state_dir_path(false, "", out, sizeof out),
                     (int)strlen("/h/.local/state/cellmate"));
    assert_string_equal(out, "/h/.local/state/cellmate");
    env(NULL, NULL);
    assert_int_equal(state_dir_path(false, "/rooms", out, sizeof out), -1);
    check_passwd_home();
    env("", "h"); /* empty, and relative: neither counts */
    assert_int_equal(state_dir_path(false, "", out, sizeof out), -1);
    check_passwd_home();
    env("/x/state", NULL); /* too long for out: its length says so */
    assert_int_equal(state_dir_path(false, "/rooms", out, 8),
                     (int)strlen("/x/state/cellmate/rooms"));
}

/* The saves: the state directory, with the password database's home when HOME is relative
 * (which a save would have read from wherever cellmate was started). */
static void test_saves(void **st)
{
    (void)st;
    char out[4096];
    env("/x/state", "/h");
    assert_true(autosave_path(out, sizeof out));
    assert_string_equal(out, "/x/state/cellmate/current.pgn");
    env(NULL, "h");
    const char *want = passwd_state("/current.pgn");
    assert_int_equal(autosave_path(out, sizeof out), *want != 0);
    if (*want) assert_string_equal(out, want);
}

/* The rooms' records: the state directory's rooms, made; the room directory itself with
 * --room-dir or without a home from the environment. */
static void test_rooms(void **st)
{
    (void)st;
    char tmp[] = "/tmp/unit_state_dir.XXXXXX", out[4096], want[4200], err[600];
    assert_non_null(mkdtemp(tmp));
    struct stat sb;
    env(tmp, "/h");
    assert_true(room_keep_dir(NULL, "/run/r", out, sizeof out, err, sizeof err));
    snprintf(want, sizeof want, "%s/cellmate/rooms", tmp);
    assert_string_equal(out, want);
    assert_int_equal(stat(want, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    assert_true(room_keep_dir(tmp, tmp, out, sizeof out, err, sizeof err));
    assert_string_equal(out, tmp);
    env(NULL, "h");
    assert_true(room_keep_dir("", tmp, out, sizeof out, err, sizeof err));
    assert_string_equal(out, tmp);
    env("/x/state", NULL);
    assert_false(room_keep_dir(NULL, tmp, out, 8, err, sizeof err));
    assert_string_equal(err, "the directory of the rooms' records: path too long");
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_lookup), cmocka_unit_test(test_saves),
                                       cmocka_unit_test(test_rooms)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
