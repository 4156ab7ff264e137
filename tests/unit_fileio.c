/* unit_fileio.c — an atomic save (write_file_atomic) whose last step fails leaves the file it
 * would replace as it was, with its one name, and no temporary file: rename() is wrapped (the
 * link's --wrap=rename) so that the final rename over the save can be made to fail, which no
 * real file system does on demand. */
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

#include "fileio.h"

static const char *fail_onto; /* rename() onto this path fails (EIO) */

int __real_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to)
{
    if (fail_onto && !strcmp(to, fail_onto)) {
        errno = EIO;
        return -1;
    }
    return __real_rename(from, to);
}

static void read_back(const char *path, char *buf, size_t len)
{
    char err[300];
    char *text = read_text_file(path, NULL, err, sizeof err);
    assert_non_null(text);
    snprintf(buf, len, "%s", text);
    free(text);
}

static void test_failed_rename_leaves_one_name(void **state)
{
    (void)state;
    char dir[] = "/tmp/unit_fileio.XXXXXX", cur[64], err[600], text[64];
    struct stat st;
    assert_non_null(mkdtemp(dir));
    snprintf(cur, sizeof cur, "%s/current.pgn", dir);
    assert_true(write_file_atomic(cur, "A\n", 0600, err, sizeof err));
    assert_true(write_file_atomic(cur, "B\n", 0600, err, sizeof err));
    fail_onto = cur;
    assert_false(write_file_atomic(cur, "C\n", 0600, err, sizeof err));
    fail_onto = NULL;
    assert_non_null(strstr(err, "cannot save"));
    read_back(cur, text, sizeof text);
    assert_string_equal(text, "B\n"); /* the save is as it was */
    assert_int_equal(stat(cur, &st), 0);
    assert_int_equal(st.st_nlink, 1); /* and has one name: later saves are not refused */
    assert_true(write_file_atomic(cur, "D\n", 0600, err, sizeof err));
    read_back(cur, text, sizeof text);
    assert_string_equal(text, "D\n");
    unlink(cur);
    assert_int_equal(rmdir(dir), 0); /* (no temporary file is left) */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_failed_rename_leaves_one_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
