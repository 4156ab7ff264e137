/* unit_resume.c — a restricted login whose last game has ended files it among the player's
 * saves (resume_restricted); when another login of the same player has just filed it (two
 * logins at once), the save is gone by the time it is moved: the login says so and begins a
 * new game, instead of a bare "No such file or directory" and a game that cannot be resumed.
 * link() is wrapped (the link's --wrap=link): as the save is linked to its new name, the other
 * login moves it there first. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgn.h"
#include "resume.h"

static bool other_login; /* the next link of a save into saves/ finds it moved there first */

int __real_link(const char *from, const char *to);
int __wrap_link(const char *from, const char *to);
int __wrap_link(const char *from, const char *to)
{
    if (other_login && strstr(to, "/saves/ended-")) {
        other_login = false;
        if (rename(from, to) != 0) return -1;
    }
    return __real_link(from, to);
}

static void ignore(Sink *sink, const char *line)
{
    (void)sink;
    (void)line;
}

static void test_ended_game_filed_by_another_login(void **st)
{
    (void)st;
    char dir[] = "/tmp/unit_resume.XXXXXX", path[256], cmd[300], err[600];
    char ended[256], kept[800];
    Restriction r;
    Session s;
    Sink quiet = {ignore, ignore, NULL};
    assert_non_null(mkdtemp(dir));
    memset(&r, 0, sizeof r);
    snprintf(r.player, sizeof r.player, "p");
    snprintf(r.dir, sizeof r.dir, "%s", dir);
    snprintf(r.saves, sizeof r.saves, "%s/saves", dir);
    assert_int_equal(mkdir(r.saves, 0700), 0);
    autosave_use_dir(&r);
    if (getenv("VARIANTS_DIR")) setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR"), 1);
    assert_true(session_open(&s, "glinski", NULL, err, sizeof err));
    assert_true(session_line(&s, "e5", &quiet));
    assert_true(session_line(&s, "resign", &quiet));
    snprintf(path, sizeof path, "%s/current.pgn", dir);
    assert_true(pgn_write_file(&s.game, path, 0600, err, sizeof err));
    other_login = true;
    bool goes_on = resume_restricted(&r, s.v, ended, sizeof ended, kept, sizeof kept);
    assert_false(other_login); /* (the other login came) */
    assert_false(goes_on);     /* a new game begins */
    assert_string_equal(ended, "result 1-0: White wins by resignation");
    assert_string_equal(kept, "it is no longer where it was: another login of yours has just "
                              "kept it among your saves ('load' lists them)");
    session_close(&s);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ended_game_filed_by_another_login),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
