/* state_dir.c — the state directory's lookup (see state_dir.h). */
#include "state_dir.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int state_dir_path(bool with_passwd, const char *sub, char *out, size_t len)
{
    const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/') return snprintf(out, len, "%s/cellmate%s", xdg, sub);
    if ((!home || *home != '/') && with_passwd) {
        struct passwd *pw = getpwuid(getuid());
        home = pw ? pw->pw_dir : NULL;
    }
    if (!home || *home != '/') return -1;
    return snprintf(out, len, "%s/.local/state/cellmate%s", home, sub);
}
