/* unit_room_log.c — a room's log is trimmed only by the server that holds the room's lock: a
 * second server that lost the race and says so must not rename the log under the running
 * one (whose standard error would then write into a deleted file, unbounded). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "room/server_int.h"

static off_t size_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_size;
}

static void test_trimmed_only_when_owned(void **state)
{
    (void)state;
    char path[] = "/tmp/unit_room_log.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < 10000; i++) fprintf(f, "an old line of the log, number %d\n", i);
    fclose(f);
    int saved = dup(STDERR_FILENO), log = open(path, O_WRONLY | O_APPEND);
    assert_true(saved >= 0 && log >= 0);
    dup2(log, STDERR_FILENO);
    close(log);
    room_log_file(path);
    room_log("a server that lost the race for the lock");
    off_t unowned = size_of(path);
    room_log_own();
    room_log("the server that holds the lock");
    off_t owned = size_of(path);
    dup2(saved, STDERR_FILENO);
    close(saved);
    unlink(path);
    assert_true(unowned > (off_t)MAX_ROOM_LOG_KB * 1024);
    assert_true(owned <= (off_t)MAX_ROOM_LOG_KB * 1024);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trimmed_only_when_owned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
