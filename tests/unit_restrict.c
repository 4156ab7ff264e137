/* unit_restrict.c — restricted mode's checks: plain names, input lines (length and control
 * characters), save files kept inside the player's save directory and counted, and the
 * session's limits (save and load by name only, perft depth, moves per game) and the
 * variant search refusing paths. The process-wide parts (environment, resource limits,
 * signals, directories) are checked on the real binary by tests/cli_restricted.sh. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "movegen.h"
#include "paths.h"
#include "restrict.h"
#include "session.h"
#include "testutil.h"

static void test_plain_names(void **state)
{
    (void)state;
    char err[300];
    const char *good[] = {"alice", "Bob_2", "game-1", "a", "x1234567890123456789012345678901"};
    const char *bad[] = {"",       "../x",   "/etc/passwd", "~",
                         "~alice", "a/b",    "..",          ".",
                         "a.pgn",  "a b",    "caf\xc3\xa9", "a\tb",
                         "a\nb",   "-x-;rm", "x\x1b[31m",   "x12345678901234567890123456789012"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(restrict_plain_name(good[i], "a name", err, sizeof err));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        assert_false(restrict_plain_name(bad[i], "a save's name", err, sizeof err));
        assert_non_null(strstr(err, "a save's name is a plain name here"));
    }
}

static void test_lines(void **state)
{
    (void)state;
    char err[300], line[MAX_RESTRICTED_LINE + 3];
    assert_true(restrict_line_ok("Nf6", err, sizeof err));
    assert_true(restrict_line_ok("Nf6\n", err, sizeof err));
    assert_true(restrict_line_ok("Nf6\r\n", err, sizeof err));
    memset(line, 'x', MAX_RESTRICTED_LINE);
    line[MAX_RESTRICTED_LINE] = 0;
    assert_true(restrict_line_ok(line, err, sizeof err));
    line[MAX_RESTRICTED_LINE] = 'x';
    line[MAX_RESTRICTED_LINE + 1] = 0;
    assert_false(restrict_line_ok(line, err, sizeof err));
    assert_string_equal(err, "the line is longer than 200 characters; type a move or a command");
    const char *bad[] = {"\x1b[2J", "e4\x07", "save\tx", "a\rb", "\x7f", "load x\x1b]0;t\x07"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(restrict_line_ok(bad[i], err, sizeof err));
        assert_string_equal(err, "the line contains a control character; type a move or a "
                                 "command");
    }
}

/* A Restriction over a fresh temporary directory, as restrict_enter lays it out. */
static void fake_player(Restriction *r)
{
    char tmpl[] = "/tmp/cellmate-unit-XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    memset(r, 0, sizeof *r);
    snprintf(r->player, sizeof r->player, "alice");
    snprintf(r->dir, sizeof r->dir, "%s/alice", tmpl);
    snprintf(r->saves, sizeof r->saves, "%s/alice/saves", tmpl);
    assert_int_equal(mkdir(r->dir, 0700), 0);
    assert_int_equal(mkdir(r->saves, 0700), 0);
}

static void touch(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
}

static void remove_player(const Restriction *r)
{
    /* the whole temporary directory fake_player made, the player's own one's parent */
    char cmd[2200];
    snprintf(cmd, sizeof cmd, "rm -rf '%.*s'", (int)(strrchr(r->dir, '/') - r->dir), r->dir);
    assert_int_equal(system(cmd), 0);
}

static void test_save_paths(void **state)
{
    (void)state;
    Restriction r;
    char path[RESTRICT_PATH_MAX + 64], want[RESTRICT_PATH_MAX + 64], err[300], list[4096];
    fake_player(&r);
    assert_true(restrict_save_path(&r, "game-1", true, path, sizeof path, err, sizeof err));
    snprintf(want, sizeof want, "%s/game-1.pgn", r.saves);
    assert_string_equal(path, want);
    assert_false(restrict_save_path(&r, "../x", true, path, sizeof path, err, sizeof err));
    assert_int_equal(restrict_list_saves(&r, list, sizeof list), 0);
    /* fill up to the limit: a new name is refused, an old one may be saved over */
    for (int i = 0; i < MAX_SAVES; i++) {
        char name[16];
        snprintf(name, sizeof name, "g%02d", MAX_SAVES - 1 - i);
        assert_true(restrict_save_path(&r, name, true, path, sizeof path, err, sizeof err));
        touch(path);
    }
    assert_false(restrict_save_path(&r, "one-more", true, path, sizeof path, err, sizeof err));
    assert_non_null(strstr(err, "you have 50 saved games, the most kept"));
    assert_true(restrict_save_path(&r, "g07", true, path, sizeof path, err, sizeof err));
    assert_true(restrict_save_path(&r, "one-more", false, path, sizeof path, err, sizeof err));
    assert_int_equal(restrict_list_saves(&r, list, sizeof list), MAX_SAVES);
    assert_memory_equal(list, "g00 g01 g02 ", 12);
    remove_player(&r);
}

typedef struct {
    Sink sink;
    char out[4096], err[4096];
} TestSink;

static void keep_out(Sink *s, const char *line)
{
    TestSink *t = (TestSink *)s;
    snprintf(t->out, sizeof t->out, "%s", line);
}

static void keep_err(Sink *s, const char *line)
{
    TestSink *t = (TestSink *)s;
    snprintf(t->err, sizeof t->err, "%s", line);
}

/* Run one line; its last output or error line in t. */
static bool line(Session *s, TestSink *t, const char *text)
{
    t->out[0] = t->err[0] = 0;
    return session_line(s, text, &t->sink);
}

/* A restricted session of Glinski's game for alice, with a sink keeping its last lines. */
typedef struct {
    Session s;
    Restriction r;
    TestSink t;
} Fixture;

static int open_session(void **state)
{
    static Fixture f;
    char path[1024], err[600];
    memset(&f, 0, sizeof f);
    f.t.sink = (Sink){keep_out, keep_err, NULL};
    snprintf(path, sizeof path, "%s/glinski.ini", getenv("VARIANTS_DIR"));
    if (!session_open(&f.s, path, NULL, err, sizeof err)) return -1;
    fake_player(&f.r);
    f.s.restricted = &f.r;
    *state = &f;
    return 0;
}

static int close_session(void **state)
{
    Fixture *f = *state;
    session_close(&f->s);
    remove_player(&f->r);
    return 0;
}

/* An error shown to a player keeps its reason and loses the host's directories. */
static void test_hide_path(void **state)
{
    (void)state;
    char out[64];
    restrict_hide_path("/srv/p/kim/x.pgn: cannot write: No space left on device",
                       "/srv/p/kim/x.pgn", "x", out, sizeof out);
    assert_string_equal(out, "x: cannot write: No space left on device");
    restrict_hide_path("/d/a then /d/b", "/d", "(your folder)", out, sizeof out);
    assert_string_equal(out, "(your folder)/a then (your folder)/b");
    restrict_hide_path("no path here", "/d", "X", out, sizeof out);
    assert_string_equal(out, "no path here");
    restrict_hide_path("/d/a", "/d", "(your folder)", out, 6); /* cut, still a string */
    assert_string_equal(out, "(your");
}

static void test_session_save_load(void **state)
{
    Fixture *f = *state;
    Session *s = &f->s;
    TestSink *t = &f->t;
    assert_true(line(s, t, "e5"));
    assert_false(line(s, t, "save ../../x"));
    assert_non_null(strstr(t->err, "a save's name is a plain name here"));
    assert_false(line(s, t, "save /tmp/x"));
    assert_false(line(s, t, "save ~/x"));
    assert_false(line(s, t, "load /etc/passwd"));
    assert_non_null(strstr(t->err, "plain name"));
    assert_false(line(s, t, "load nothing"));
    assert_string_equal(t->err, "there is no game saved as nothing ('load' alone lists them)");
    assert_true(line(s, t, "save first"));
    assert_string_equal(t->out, "saved to first");
    assert_true(line(s, t, "load"));
    assert_string_equal(t->out, "your saved games: first");
    assert_true(line(s, t, "new"));
    assert_true(line(s, t, "load first"));
    assert_string_equal(t->out, "loaded first: Glinski's Hexagonal Chess, move 1, Black to move");
    assert_false(line(s, t, "save first\x1b[2J"));
    assert_string_equal(t->err, "the line contains a control character; type a move or a "
                                "command");
}

static void test_session_limits(void **state)
{
    Fixture *f = *state;
    Session *s = &f->s;
    TestSink *t = &f->t;
    assert_false(line(s, t, "perft 5"));
    assert_string_equal(t->err, "perft needs a depth from 0 to 4, then optionally 'divide' and a "
                                "time limit such as 5s (at most 10s)");
    assert_false(line(s, t, "perft 2 11s"));
    assert_string_equal(t->err, "perft needs a depth from 0 to 4, then optionally 'divide' and a "
                                "time limit such as 5s (at most 10s)");
    assert_true(line(s, t, "perft 2 10s"));
    assert_true(line(s, t, "perft 2"));
    s->ai.time = 100;
    s->ai.threads = 0;
    SearchLimits l = session_limits(s);
    assert_true(l.time == MAX_RESTRICTED_THINK);
    assert_int_equal(l.threads, 1);
    s->ai.time = 0.5;
    s->ai.threads = 4;
    l = session_limits(s);
    assert_true(l.time == 0.5);
    assert_int_equal(l.threads, 1);
    s->restricted = NULL;
    assert_int_equal(session_limits(s).threads, 4);
    s->restricted = &f->r;
    /* the knights go out and back until the game has its most moves; the end rules would
     * call the repetition a draw, which this test is not about */
    const char *shuffle[] = {"d1-c3", "d9-c6", "c3-d1", "c6-d9"};
    while (s->game.nplies < MAX_RESTRICTED_PLIES) {
        tu_game_move(&s->game, shuffle[s->game.nplies % 4]);
        s->game.result.over = false;
    }
    assert_false(session_move_allowed(s));
    assert_false(line(s, t, "Nd1-c3"));
    assert_string_equal(t->err, "this game has reached the limit of 1000 plies (in 'Nd1-c3')");
    assert_false(line(s, t, "go"));
    assert_string_equal(t->err, "this game has reached the limit of 1000 plies");
    assert_true(line(s, t, "undo"));
    assert_true(session_move_allowed(s));
    s->game.result.over = false;
    assert_true(line(s, t, "Nc6-d9"));
}

static void test_variant_paths(void **state)
{
    (void)state;
    char err[600], path[1024];
    bool unreadable;
    snprintf(path, sizeof path, "%s/glinski.ini", getenv("VARIANTS_DIR"));
    Variant *v = variant_open(path, err, sizeof err, &unreadable);
    assert_non_null(v); /* before: any path */
    variant_free(v);
    variant_paths_restrict(NULL);
    const char *refused[] = {path, "/etc/passwd", "glinski.ini", "../variants/glinski", "~/x"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        assert_null(variant_open(refused[i], err, sizeof err, &unreadable));
        assert_string_equal(err, "variants are chosen by name here, not by path (cellmate "
                                 "--list shows them)");
    }
    char dirs[MAX_DIRS_SEARCHED][PATH_LEN];
    setenv("CELLMATE_VARIANTS", "/tmp", 1);
    int n = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
    for (int i = 0; i < n; i++) assert_string_not_equal(dirs[i], "/tmp");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_names),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_save_paths),
        cmocka_unit_test(test_hide_path),
        cmocka_unit_test_setup_teardown(test_session_save_load, open_session, close_session),
        cmocka_unit_test_setup_teardown(test_session_limits, open_session, close_session),
        cmocka_unit_test(test_variant_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
