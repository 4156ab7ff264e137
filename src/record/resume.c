/* resume.c — the start of cellmate --resume (see resume.h). A saved game belongs to the
 * process playing it; a second start finds it held and asks, on the terminal, whether to
 * watch it (the screen follows its moves) or to play a copy saved under a name of its own.
 * The scripted mode never saves, so there it reads the game as a copy and says so. */
#include "resume.h"

#include "safe_text.h"
#include "text_wrap.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

enum { GO_ON = -1, EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

static int fail(const char *err)
{
    safe_printf(stderr, "cellmate: %s\n", err);
    return EXIT_USAGE;
}

/* The input ended at a question: nobody chose, so nothing is done, and that is no success. */
static int no_answer(void)
{
    safe_printf(stderr, "cellmate: no answer (the input ended): nothing was started, the saved "
                        "game is as it was\n");
    return EXIT_FAILED;
}

/* The terminal's width, for the questions asked on it (80 when it does not say). */
static int terminal_width(void)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}

/* Text printed broken at blanks to fit the terminal (the terminal itself would break it
 * mid-word), continuations indented by `indent`; a question ends with a blank, and leaves a
 * column for the answer, instead of a newline. */
static void print_wrapped(const char *text, int indent, bool question)
{
    static char parts[64][WRAP_LINE];
    char *one[1] = {(char *)text};
    int n = text_wrap(one, 1, parts, 64, terminal_width() - question, indent);
    for (int i = 0; i < n; i++)
        safe_printf(stdout, "%s%s", parts[i], i < n - 1 || !question ? "\n" : " ");
}

/* The terminal's modes while a question waits for one key, put back by a signal that ends
 * the program there (Ctrl-C, a hang-up) as they are after the answer. */
static struct termios asked_modes;

static void restore_and_raise(int sig)
{
    tcsetattr(STDIN_FILENO, TCSANOW, &asked_modes);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* One key from the terminal, read without waiting for Enter; 0 at the end of the input
 * (Ctrl-D, a closed terminal, or no terminal at all). */
static int one_key(void)
{
    struct termios raw;
    if (tcgetattr(STDIN_FILENO, &asked_modes) != 0) return 0;
    raw = asked_modes;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    struct sigaction sa, old[3];
    static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = restore_and_raise;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) { /* (a signal ignored stays ignored) */
        sigaction(sigs[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN) sigaction(sigs[i], &sa, NULL);
    }
    unsigned char c = 0;
    ssize_t got = 0;
    if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0)
        while ((got = read(STDIN_FILENO, &c, 1)) < 0 && errno == EINTR) {
        }
    tcsetattr(STDIN_FILENO, TCSANOW, &asked_modes);
    for (int i = 0; i < 3; i++) sigaction(sigs[i], &old[i], NULL);
    if (got != 1 || c == asked_modes.c_cc[VEOF]) return 0;
    return c == '\r' ? '\n' : c;
}

/* A one-letter answer from the terminal, one of keys, the key alone (as the screen's pages
 * take a key): Enter is the last of them (no, or quit), the end of input 0 (nobody
 * answered); any other key asks again. */
static int ask(const char *question, const char *keys)
{
    for (;;) {
        print_wrapped(question, 0, true);
        fflush(stdout);
        int c = one_key();
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        if (c == '\n') c = keys[strlen(keys) - 1];
        if (c > ' ' && c < 127)
            printf("%c\n", c); /* the answer shown, as if typed */
        else
            printf("\n");
        if (!c || (c > ' ' && strchr(keys, c))) return c;
        tcflush(STDIN_FILENO, TCIFLUSH); /* the rest of a key's sequence (an arrow's) */
    }
}

/* A save's path as the player may see it (restricted mode: its name). */
static const char *shown(const char *path, char *buf, size_t len)
{
    snprintf(buf, len, "%s", path);
    autosave_hide_dirs(buf, len);
    return buf;
}

/* A game another process holds: watch it, copy it, or quit. */
static int ask_held(const Resumed *r)
{
    char name[4400], owner[64] = "", text[4600];
    if (r->owner > 0) snprintf(owner, sizeof owner, " (process %ld)", r->owner);
    snprintf(text, sizeof text, "The saved game %s is being played by another cellmate%s.",
             shown(r->path, name, sizeof name), owner);
    print_wrapped(text, 0, false);
    print_wrapped("A game belongs to one player's screen at a time. You can:", 0, false);
    print_wrapped("  w  watch it: the board follows its moves, you cannot move", 5, false);
    print_wrapped("  c  take a copy and play that (saved under a name of its own)", 5, false);
    print_wrapped("  q  quit", 5, false);
    return ask("Watch, copy or quit? [w/c/q]", "wcq");
}

/* A damaged save is never resumed as far as it goes: the last good save is offered instead,
 * asked on the screen and named off it; a restricted login's scripted mode, which takes no
 * options, continues it. */
static int offer_previous(Session *s, const char *err, bool on_screen)
{
    char prev[4400], err2[8192];
    Resumed r;
    safe_printf(stderr, "cellmate: %s\n", err);
    if (!autosave_previous(prev, sizeof prev)) return EXIT_USAGE;
    autosave_hide_dirs(prev, sizeof prev);
    if (!on_screen && s->restricted) {
        /* a forced login takes no options: it goes on from the last good save, which its
         * next save would otherwise replace by a new game */
        safe_printf(stderr, "cellmate: the game goes on from the last good save, %s\n", prev);
    } else if (!on_screen) {
        safe_printf(stderr,
                    "cellmate: the last good save is %s: cellmate --resume=previous continues it\n",
                    prev);
        return EXIT_USAGE;
    } else {
        char text[4500];
        snprintf(text, sizeof text, "The last good save is %s.", prev);
        print_wrapped(text, 0, false);
        int answer = ask("Continue it? [y/n]", "yn");
        if (!answer) return no_answer();
        if (answer != 'y') return EXIT_USAGE;
    }
    if (!autosave_resume(s, RESUME_PREVIOUS, NULL, false, &r, err2, sizeof err2)) return fail(err2);
    return GO_ON;
}

int resume_start(Session *s, enum resume_mode mode, const char *name, bool on_screen, bool autosave,
                 char *watch, size_t len)
{
    Resumed r;
    char err[8192], held[64];
    if (mode == RESUME_WATCH && !on_screen)
        return fail("--resume=watch needs the game screen (a terminal)");
    bool own = mode == RESUME_LATEST && autosave;
    if (!autosave_resume(s, mode, name, own, &r, err, sizeof err)) {
        if (r.damaged)
            return mode == RESUME_PREVIOUS ? fail(err) : offer_previous(s, err, on_screen);
        if (!r.owner) return fail(err);
        switch (on_screen ? ask_held(&r) : 'c') {
        case 'w': mode = RESUME_WATCH; break;
        case 'c': mode = RESUME_COPY; break;
        case 'q': return EXIT_OK;
        default: return no_answer();
        }
        snprintf(held, sizeof held, "%s", r.name); /* the same save, watched or copied */
        if (!autosave_resume(s, mode, held, false, &r, err, sizeof err)) return fail(err);
    }
    if (r.owner && mode != RESUME_WATCH) {
        char path[4400];
        safe_printf(stderr,
                    "cellmate: %s is being played by another cellmate; this is a copy of it, "
                    "saved apart from it\n",
                    shown(r.path, path, sizeof path));
    }
    if (mode == RESUME_WATCH) snprintf(watch, len, "%s", r.path);
    return GO_ON;
}

/* restrict_new_save's place for a game that has ended: moved there (autosave_move); gone
 * when another login of the player moved it first. */
typedef struct {
    const char *path;
    bool gone;
} Moving;

static int move_there(const char *dest, void *arg, char *err, int errlen)
{
    Moving *m = arg;
    int moved = autosave_move(m->path, dest, err, errlen);
    m->gone = moved == AUTOSAVE_GONE;
    return moved < 0 ? -1 : moved;
}

bool resume_restricted(const Restriction *r, const Variant *fallback, char *ended, size_t elen,
                       char *kept, size_t klen)
{
    char name[MAX_PLAIN_NAME + 1], why[600] = "";
    SaveInfo last; /* picked once: what is moved is what was read */
    ended[0] = kept[0] = 0;
    int picked = autosave_pick(fallback, &last);
    if (picked < 0) return true; /* out of memory: the resume says so, and starts nothing over it */
    if (!picked) return false;   /* a first game */
    /* a game begun (new VARIANT) but not yet moved in goes on too: its variant and settings
     * are the player's choice, which a new game of the default variant would undo */
    if (last.goes_on || last.unplayed) return true;
    if (!last.ended[0]) return false; /* no move: nothing to keep */
    snprintf(ended, elen, "%s", last.ended);
    Moving m = {last.path, false};
    if (restrict_new_save(r, "ended", last.when.tv_sec, move_there, &m, name, sizeof name, why,
                          sizeof why)) {
        snprintf(kept, klen, "it is kept as your save %s ('load %s' shows it again)", name, name);
        return false;
    }
    if (m.gone) { /* another login of the player's filed it meanwhile */
        snprintf(kept, klen,
                 "it is no longer where it was: another login of yours has just kept it among "
                 "your saves ('load' lists them)");
        return false;
    }
    snprintf(kept, klen, "it stays your game, as it could not be kept among your saves: %s", why);
    return true;
}
