/* resume.c — the start of cellmate --resume (see resume.h). A saved game belongs to the
 * process playing it; a second start finds it held and asks, on the terminal, whether to
 * watch it (the screen follows its moves) or to play a copy saved under a name of its own.
 * The scripted mode never saves, so there it reads the game as a copy and says so. */
#include "resume.h"

#include <stdio.h>
#include <string.h>

enum { GO_ON = -1, EXIT_OK = 0, EXIT_USAGE = 2 };

static int fail(const char *err)
{
    fprintf(stderr, "cellmate: %s\n", err);
    return EXIT_USAGE;
}

/* The player's choice for a game another process holds: 'w', 'c' or 'q'. */
static int ask(const Resumed *r)
{
    printf("The saved game %s is being played by another cellmate", r->path);
    if (r->owner > 0) printf(" (process %ld)", r->owner);
    printf(".\nA game belongs to one player's screen at a time. You can:\n"
           "  w  watch it: the board follows its moves, you cannot move\n"
           "  c  take a copy and play that (saved under a name of its own)\n"
           "  q  quit\n");
    for (;;) {
        char line[64];
        printf("Watch, copy or quit? [w/c/q] ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) return 'q';
        char c = line[0];
        if (c == 'w' || c == 'W') return 'w';
        if (c == 'c' || c == 'C') return 'c';
        if (c == 'q' || c == 'Q' || c == '\n') return 'q';
    }
}

int resume_start(Session *s, enum resume_mode mode, bool on_screen, bool autosave, char *watch,
                 size_t len)
{
    Resumed r;
    char err[1200];
    if (mode == RESUME_WATCH && !on_screen)
        return fail("--resume=watch needs the game screen (a terminal)");
    bool own = mode == RESUME_LATEST && autosave;
    if (!autosave_resume(s, mode, own, &r, err, sizeof err)) {
        if (!r.owner) return fail(err);
        switch (on_screen ? ask(&r) : 'c') {
        case 'w': mode = RESUME_WATCH; break;
        case 'c': mode = RESUME_COPY; break;
        default: return EXIT_OK;
        }
        if (!autosave_resume(s, mode, false, &r, err, sizeof err)) return fail(err);
    }
    if (r.owner && mode != RESUME_WATCH) {
        fprintf(stderr,
                "cellmate: %s is being played by another cellmate; this is a copy of it, "
                "saved apart from it\n",
                r.path);
    }
    if (mode == RESUME_WATCH) snprintf(watch, len, "%s", r.path);
    return GO_ON;
}
