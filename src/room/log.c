/* log.c — what a room's server has to say: timestamped lines on its standard error, which a
 * detached server has in the room's log (ROOM.log). A room may run for months, so its log is
 * bounded: once it passes MAX_ROOM_LOG_KB it keeps its newest half, from the start of a line,
 * written as a new file renamed over the old one (write_file_atomic), so that a reader sees
 * the old log or the trimmed one, never half of either. */
#include "room/server_int.h"

#include "fileio.h"
#include "cell_limits.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define LOG_MAX  ((off_t)MAX_ROOM_LOG_KB * 1024)
#define LOG_KEEP (LOG_MAX / 2) /* a trim gives room for many lines before the next */

static char log_path[ROOM_PATH_MAX]; /* "" when standard error is not the room's log */
static bool log_owned;               /* the room's lock is held: only its server may trim the log */

void room_log_file(const char *path)
{
    snprintf(log_path, sizeof log_path, "%s", path);
}

void room_log_own(void)
{
    log_owned = true;
}

/* The log past its bound: its newest LOG_KEEP bytes from a line's start replace it, and
 * standard error goes on in the new file. A log that cannot be trimmed (the disk full, say)
 * is left as it is: the server goes on. */
static void trim(void)
{
    struct stat st, at;
    if (!log_path[0] || !log_owned || fstat(STDERR_FILENO, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size <= LOG_MAX)
        return;
    /* (standard error is open for writing only: the log is read by its name, if the file
     * there is still the one written to) */
    int in = open(log_path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    char *text = malloc((size_t)LOG_KEEP + 1);
    ssize_t n = -1;
    if (in >= 0 && text && fstat(in, &at) == 0 && at.st_dev == st.st_dev && at.st_ino == st.st_ino)
        n = pread(in, text, (size_t)LOG_KEEP, st.st_size - LOG_KEEP);
    if (in >= 0) close(in);
    int fd = -1;
    char err[ROOM_PATH_MAX + 200];
    if (n > 0) {
        text[n] = 0;
        char *line = strchr(text, '\n'); /* (the first line is cut: it goes) */
        line = line ? line + 1 : text + n;
        if (write_file_atomic(log_path, line, (unsigned)(st.st_mode & 0777), err, sizeof err))
            fd = open(log_path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    }
    free(text);
    if (fd >= 0) {
        dup2(fd, STDERR_FILENO);
        close(fd);
    }
}

void room_log(const char *fmt, ...)
{
    char when[32];
    time_t t = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", localtime(&t));
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s ", when);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    trim();
}
