/* unit_autosave.c — where a game left is kept (autosave_keep_game) when other processes are
 * at the same names: a save another cellmate holds (its lock taken, as a run that resumed it
 * by name holds it) is never chosen, even when its game has ended; and a name another process
 * fills at the instant it is written is never replaced. For that, mkstemp() is wrapped (the
 * link's --wrap=mkstemp): as the temporary file for previous.pgn is made, another game appears
 * there, as a second cellmate keeping its own game would make it. calloc() is wrapped too
 * (--wrap=calloc), to run out of memory as the first save notes what the save it replaces holds,
 * and malloc() (--wrap=malloc), to run out as the saves are listed: that is said, never taken
 * for no save. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "autosave.h"
#include "fileio.h"
#include "save_notes.h"
#include "save_scan.h"

#include <sys/stat.h>

static const char other_game[] = "[Variant \"glinski\"]\n\n1. b3 *\n";
static char intruder[4200]; /* mkstemp for a temporary file of this path makes it first */

int __real_mkstemp(char *template);
int __wrap_mkstemp(char *template);
int __wrap_mkstemp(char *template)
{
    size_t n = strlen(intruder);
    if (n && !strncmp(template, intruder, n) && template[n] == '.') {
        FILE *f = fopen(intruder, "wx");
        if (f) {
            fputs(other_game, f);
            fclose(f);
        }
        intruder[0] = 0;
    }
    return __real_mkstemp(template);
}

/* set: the next large calloc (a save's entry in save_scan.c's cache) fails, as out of memory */
static bool fail_entry;

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_entry && n * size > 4000) {
        fail_entry = false;
        return NULL;
    }
    return __real_calloc(n, size);
}

/* set: every list of the saves (autosave_saves_listed) fails, as out of memory */
static bool fail_list;

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    if (fail_list && size == sizeof(SaveInfo) * MAX_SAVES_LISTED) return NULL;
    return __real_malloc(size);
}

static char dir[64], state[128];

static void path_of(const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s/%s", state, name);
}

static void text_of(const char *name, char *buf, size_t len)
{
    char path[256], err[600];
    path_of(name, path, sizeof path);
    char *text = read_text_file(path, NULL, err, sizeof err);
    assert_non_null(text);
    snprintf(buf, len, "%s", text);
    free(text);
}

static void put(const char *name, const char *text)
{
    char path[256];
    path_of(name, path, sizeof path);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "/tmp/unit_autosave.XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(state, sizeof state, "%s/cellmate", dir);
    setenv("XDG_STATE_HOME", dir, 1);
    if (getenv("VARIANTS_DIR")) setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR"), 1);
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

static void ignore(Sink *sink, const char *line)
{
    (void)sink;
    (void)line;
}

static void play_e5(Session *s)
{
    char err[600];
    Sink quiet = {ignore, ignore, NULL};
    assert_true(session_open(s, "glinski", NULL, err, sizeof err));
    assert_true(session_line(s, "e5", &quiet));
}

/* previous.pgn holds a game that has ended, and another process holds its lock: it plays it. */
static void test_held_name_passed_over(void **st)
{
    (void)st;
    Session s;
    char kept[64], err[600], lock[256], text[256];
    const char ended[] = "[Variant \"glinski\"]\n[Result \"1-0\"]\n\n1. Nc3 1-0\n";
    play_e5(&s);
    char derr[600];
    assert_true(make_dirs(state, derr, sizeof derr));
    put("previous.pgn", ended);
    path_of("previous.lock", lock, sizeof lock);
    int fd = open(lock, O_RDWR | O_CREAT, 0600);
    assert_true(fd >= 0);
    assert_int_equal(flock(fd, LOCK_EX), 0);
    if (write(fd, "1\n", 2) != 2) fail_msg("cannot write the lock file");
    assert_true(autosave_keep_game(&s.game, kept, sizeof kept, err, sizeof err));
    assert_string_equal(kept, "previous-2.pgn");
    text_of("previous.pgn", text, sizeof text);
    assert_string_equal(text, ended); /* the other process's save is as it was */
    close(fd);
    session_close(&s);
}

/* The name chosen is filled by another process as the game is written there. */
static void test_name_filled_meanwhile(void **st)
{
    (void)st;
    Session s;
    char kept[64], err[600], text[256];
    play_e5(&s);
    put("previous.pgn", "[Variant \"glinski\"]\n\n1. Nc3 *\n"); /* a game that goes on */
    path_of("previous-2.pgn", intruder, sizeof intruder);
    unlink(intruder); /* a free name, the first one the game may go to */
    assert_true(autosave_keep_game(&s.game, kept, sizeof kept, err, sizeof err));
    assert_string_equal(intruder, ""); /* (the other game came) */
    assert_string_equal(kept, "previous-3.pgn");
    text_of("previous-2.pgn", text, sizeof text);
    assert_string_equal(text, other_game); /* never replaced */
    text_of("previous-3.pgn", text, sizeof text);
    assert_non_null(strstr(text, "1. e5 *"));
    session_close(&s);
}

/* previous.pgn is looked at (a start asks where a move would keep the save), then another
 * process puts a game that goes on there, of the same size, the same inode number given again
 * and the same time to the file system's grain (here: the file written over in place and its
 * time put back). The game is never taken for the one looked at, and never replaced. */
static void test_changed_just_after_reading(void **st)
{
    (void)st;
    Session s;
    char kept[64], err[600], path[256], text[256];
    const char ended[] = "[Variant \"glinski\"]\n[Result \"1-0\"]\n\n1. Nc3 1-0\n";
    const char going[] = "[Variant \"glinski\"]\n[Result \"*\"]\n\n1. Nc3 *    \n";
    assert_int_equal(sizeof ended, sizeof going);
    play_e5(&s);
    assert_true(make_dirs(state, err, sizeof err));
    for (const char *const *n = (const char *const[]){"previous-2.pgn", "previous-3.pgn", NULL}; *n;
         n++) {
        path_of(*n, path, sizeof path);
        unlink(path);
    }
    put("previous.pgn", ended);
    path_of("previous.pgn", path, sizeof path);
    struct stat before, after;
    assert_int_equal(stat(path, &before), 0);
    const SaveGame *sg = save_scan_read(path, s.game.v);
    assert_non_null(sg);
    assert_true(sg->over);
    int fd = open(path, O_WRONLY);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, going, sizeof going - 1), (ssize_t)(sizeof going - 1));
    const struct timespec times[2] = {before.st_atim, before.st_mtim};
    assert_int_equal(futimens(fd, times), 0);
    close(fd);
    assert_int_equal(stat(path, &after), 0);
    assert_true(after.st_ino == before.st_ino && after.st_size == before.st_size);
    assert_true(autosave_keep_game(&s.game, kept, sizeof kept, err, sizeof err));
    assert_string_equal(kept, "previous-2.pgn");
    text_of("previous.pgn", text, sizeof text);
    assert_string_equal(text, going); /* the other process's game is as it was */
    session_close(&s);
}

/* The first save of a run replaces a game that goes on, and the memory to note what that
 * save holds runs out: it is kept all the same, as a save that could not be read would be,
 * never taken for no save at all and lost. */
static void test_no_memory_to_read_the_save_replaced(void **st)
{
    (void)st;
    Session s;
    char err[600], text[256];
    const char going[] = "[Variant \"glinski\"]\n\n1. Nc3 *\n";
    play_e5(&s);
    assert_true(make_dirs(state, err, sizeof err));
    put("current.pgn", going);
    for (const char *const *n =
             (const char *const[]){"previous.pgn", "previous-2.pgn", "previous-3.pgn", NULL};
         *n; n++) {
        char path[256];
        path_of(*n, path, sizeof path);
        unlink(path);
    }
    assert_true(autosave_claim(err, sizeof err));
    fail_entry = true;
    assert_true(autosave_write(&s, true, err, sizeof err));
    assert_false(fail_entry); /* (the memory ran out) */
    text_of("previous.pgn", text, sizeof text);
    assert_string_equal(text, going);
    text_of("current.pgn", text, sizeof text);
    assert_non_null(strstr(text, "1. e5 *"));
    session_close(&s);
}

/* The saves cannot be listed for want of memory: --resume hears of it (-1, not "no save"),
 * the notes at a start say so, and the command that continues a save names it (which always
 * works) rather than guess. With the memory back, the same save is picked. */
static void test_no_memory_to_list_the_saves(void **st)
{
    (void)st;
    Session s;
    SaveInfo pick;
    char err[600], note[1200], path[256];
    play_e5(&s);
    assert_true(make_dirs(state, err, sizeof err));
    put("current.pgn", "[Variant \"glinski\"]\n\n1. Nc3 *\n");
    path_of("current.pgn", path, sizeof path);
    fail_list = true;
    assert_int_equal(autosave_pick(s.v, &pick), -1);
    save_notes_others(s.v, NULL, false, note, sizeof note);
    assert_string_equal(note, "Your saved games cannot be listed: out of memory.");
    assert_true(save_notes_start(s.v, false, false, note, sizeof note));
    assert_non_null(strstr(note, "Your saved games cannot be listed: out of memory."));
    save_notes_command(s.v, path, false, note, sizeof note);
    assert_string_equal(note, "cellmate --resume=current");
    fail_list = false;
    assert_int_equal(autosave_pick(s.v, &pick), 1);
    assert_string_equal(pick.path, path);
    save_notes_command(s.v, path, false, note, sizeof note);
    assert_string_equal(note, "cellmate --resume");
    unlink(path);
    session_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_held_name_passed_over),
        cmocka_unit_test(test_name_filled_meanwhile),
        cmocka_unit_test(test_changed_just_after_reading),
        cmocka_unit_test(test_no_memory_to_read_the_save_replaced),
        cmocka_unit_test(test_no_memory_to_list_the_saves),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
