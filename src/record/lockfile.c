/* lockfile.c — taking a lock file that may be removed meanwhile (see lockfile.h). */
#include "lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int lockfile_take(const char *path, unsigned mode, bool *locked)
{
    *locked = false;
    for (int tries = 0; tries < 5; tries++) {
        struct stat held, named;
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, (mode_t)mode);
        if (fd < 0) return -1;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) return fd; /* another process holds it */
        if (fstat(fd, &held) == 0 && stat(path, &named) == 0 && held.st_ino == named.st_ino &&
            held.st_dev == named.st_dev) {
            *locked = true;
            return fd;
        }
        close(fd); /* removed meanwhile */
    }
    errno = EAGAIN; /* removed each time: as good as held */
    return -1;
}
