/* screen_think.c — the computer thinking, or perft counting, while the screen stays alive.
 * `go`, `hint`, `analyse` and `perft` run as the session's own commands (session_line) in a
 * second thread, with progress hooks that keep a one-line report (depth, best move so far,
 * time left; or how far the count has gone) for the main loop to show a few times a second.
 * A key, Ctrl-C or a quit signal stops it: the search returns its best so far, which `go`
 * plays and `hint` shows; perft says how far it had counted. While the command runs the main thread
 * touches neither the game nor the state the command changes: it rewrites the message line, and
 * when the terminal is resized it draws the whole screen from a copy of the session taken
 * at the start, under the lock that the command's callbacks into the screen take too.
 * At a room's table (where the game is the room's: `hint`, `analyse` and `perft` only look at
 * it) the command runs on that copy instead, and the main thread goes on serving the room's
 * connection, so that the others' moves and chat arrive, and are drawn, while it thinks. */
#include "screen_int.h"

#include "notation.h"
#include "text_wrap.h"

#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define THINK_REDRAW_MS 100 /* how often the thinking line is rewritten */

static struct {
    pthread_t thread;
    bool running;     /* a thread was started and is not joined yet */
    atomic_bool done; /* the command has returned */
    atomic_bool stop;
    bool by_key; /* stopped by a key (or a signal), not by its limits */
    int wake[2]; /* the thread writes a byte when it is done */
    char *line;  /* the command run (allocated) */
    Sink *sink;
    Session *session;        /* the session the command runs in: the screen's, or copy */
    Session copy;            /* ... as it was at the start, to draw from (game copied) */
    bool on_copy;            /* it runs on copy: the room goes on changing the screen's */
    bool have_copy;          /* the game could be copied */
    pthread_mutex_t lock;    /* guards report */
    pthread_mutex_t ui_lock; /* the screen's state, against the command's callbacks */
    char report[160];
    Position pos; /* the position searched, to write the best move */
    /* ... where it is in the room's game (a copy's), to tell whether the room took it away */
    char variant[MAX_NAME];
    int plies;
    uint64_t key;
    bool gone;   /* it did: a takeback or a new game came while the command ran */
    Clock clock; /* the clocks as they were when it started */
    double started, limit;
} think = {
    .lock = PTHREAD_MUTEX_INITIALIZER, .ui_lock = PTHREAD_MUTEX_INITIALIZER, .wake = {-1, -1}};

void think_lock(void)
{
    pthread_mutex_lock(&think.ui_lock);
}

void think_unlock(void)
{
    pthread_mutex_unlock(&think.ui_lock);
}

/* From the counting thread: how far perft has gone, for the thinking line. */
static void on_perft_progress(const PerftProgress *p)
{
    char text[sizeof think.report];
    if (p->replies)
        snprintf(text, sizeof text, "move %d/%d, reply %d/%d, %llu leaves", p->move, p->moves,
                 p->reply, p->replies, (unsigned long long)p->leaves);
    else
        snprintf(text, sizeof text, "move %d/%d, %llu leaves", p->move, p->moves,
                 (unsigned long long)p->leaves);
    pthread_mutex_lock(&think.lock);
    snprintf(think.report, sizeof think.report, "%s", text);
    pthread_mutex_unlock(&think.lock);
}

/* From the searching thread: the best move so far, in words, for the thinking line. */
static void on_progress(const SearchResult *r, void *ctx)
{
    (void)ctx;
    char san[MOVE_TEXT_MAX] = "", score[32] = "", text[sizeof think.report];
    if (r->found && r->depth > 0) {
        move_san(&think.pos, r->best, san);
        search_score_text(r->score, think.pos.v->nplayers, score, sizeof score);
        snprintf(text, sizeof text, "depth %d, best %s (%s)", r->depth, san, score);
    } else {
        snprintf(text, sizeof text, "depth 1");
    }
    pthread_mutex_lock(&think.lock);
    snprintf(think.report, sizeof think.report, "%s", text);
    pthread_mutex_unlock(&think.lock);
}

static void *run(void *arg)
{
    (void)arg;
    session_line(think.session, think.line, think.sink);
    atomic_store(&think.done, true);
    char byte = 1;
    ssize_t w = write(think.wake[1], &byte, 1);
    (void)w;
    return NULL;
}

bool think_running(void)
{
    return think.running;
}

/* The thinking line: what the search has found, the time it has left (or has taken), the
 * mover's clock; short enough for 80 columns whole. Where it has fewer columns, it first
 * loses the clock (shown elsewhere too: the panel, the status line or the message line's
 * start), then "(a key stops it)"; the rest is cut. */
static void draw_thinking(void)
{
    char report[sizeof think.report], clock_text[CLOCK_TEXT_MAX + 32] = "", line[MSG_MAX];
    double now = steady_now(), spent = now - think.started;
    pthread_mutex_lock(&think.lock);
    snprintf(report, sizeof report, "%s", think.report);
    pthread_mutex_unlock(&think.lock);
    if (think.clock.tc.kind != CLOCK_NONE && think.clock.running >= 0) {
        char t[CLOCK_TEXT_MAX];
        clock_format(clock_left(&think.clock, think.clock.running, now), t, sizeof t);
        snprintf(clock_text, sizeof clock_text, ", clock %s", t);
    }
    char when[48];
    if (think.limit > 0)
        snprintf(when, sizeof when, "%.1f s left", spent < think.limit ? think.limit - spent : 0.0);
    else
        snprintf(when, sizeof when, "%.1f s", spent);
    const char *what = think_doing();
    if (think_counting()) what = think.line; /* "perft 9", as typed */
    /* the clocks go on counting (a compact screen's come first in the message line) */
    int at = ui_draw_clocks(&think.clock);
    const char *stop = atomic_load(&think.stop) ? " (stopping)" : " (a key stops it)";
    for (int fit = 0; fit < 3; fit++) {
        snprintf(line, sizeof line, "%s%s: %s%s%s%s", what, fit < 2 ? stop : "", report,
                 *report ? ", " : "", when, fit < 1 ? clock_text : "");
        if (text_columns(line) <= ui.cols - at) break;
    }
    if (ui.rows < 2) return;
    move(ui.rows - 2, at);
    clrtoeol();
    attron(A_BOLD);
    ui_put(ui.rows - 2, at, line, ui.cols - at); /* (whole characters, by columns) */
    attroff(A_BOLD);
    input_redisplay();
}

/* The whole screen again while the command runs: from the copy of the session (the command
 * may be changing the game itself), or without one only the thinking line. */
void think_redraw(void)
{
    if (!think.running) return;
    think_lock();
    if (think.on_copy) {
        ui_draw(); /* the room's game, as it goes on */
    } else if (think.have_copy) {
        ui.s = &think.copy;
        ui_draw();
        ui.s = think.session;
    } else {
        getmaxyx(stdscr, ui.rows, ui.cols);
        erase();
    }
    think_unlock();
    draw_thinking();
}

/* A new terminal size: the screen at that size. */
static void redraw_resized(void)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || !ws.ws_row || !ws.ws_col ||
        (ws.ws_row == ui.rows && ws.ws_col == ui.cols))
        return;
    if (is_term_resized(ws.ws_row, ws.ws_col)) resize_term(ws.ws_row, ws.ws_col);
    clearok(curscr, TRUE); /* the terminal has cut or moved what it showed */
    think_redraw();
}

const char *think_command(void)
{
    return think.line ? think.line : "";
}

/* A search for the person (a hint, an analysis) is named as such: "thinking" beside "computer:
 * Black" with White to move read as the computer thinking about its own move. */
const char *think_doing(void)
{
    static const struct {
        const char *cmd, *doing;
    } doing[] = {
        {"hint", "looking for a hint"}, {"analyse", "analysing"}, {"analyze", "analysing"}};
    const char *line = think_command();
    size_t n = strcspn(line, " \t");
    for (size_t i = 0; i < sizeof doing / sizeof doing[0]; i++)
        if (n == strlen(doing[i].cmd) && !strncmp(line, doing[i].cmd, n)) return doing[i].doing;
    return "thinking";
}

bool think_counting(void)
{
    return !strncmp(think_command(), "perft", 5);
}

static void drop_copy(void)
{
    if (think.on_copy && think.copy.engine != ui.s->engine) {
        /* the engine the command made (the screen's session had none) stays for the next */
        if (!ui.s->engine)
            ui.s->engine = think.copy.engine;
        else
            engine_free(think.copy.engine);
    }
    if (think.have_copy) game_free(&think.copy.game);
    think.have_copy = think.on_copy = false;
}

/* Run `go`, `hint`, `analyse` or `perft ...` in a thread; its output goes to sink once it is
 * done (think_wait). */
bool think_start(const char *cmd, Sink *sink)
{
    Session *s = ui.s;
    if (think.running) return false;
    if (think.wake[0] < 0 && pipe(think.wake) != 0) return false;
    char *line = strdup(cmd);
    if (!line) return false;
    free(think.line);
    think.line = line;
    think.sink = sink;
    think.session = s;
    think.copy = *s;
    think.have_copy = game_copy(&think.copy.game, &s->game);
    /* at a room's table the command works on the copy, the room on the screen's session */
    think.on_copy = think.have_copy && ui.opt.room && s->remote;
    if (think.on_copy) think.session = s = &think.copy;
    think.pos = s->game.pos;
    snprintf(think.variant, sizeof think.variant, "%s", s->v->name);
    think.plies = s->game.nplies;
    think.key = s->game.pos.hash;
    think.gone = false;
    think.clock = s->clock;
    think.started = steady_now();
    think.limit =
        think_counting() ? 0 : session_limits(s).time; /* (perft's own limit is in its line) */
    think.report[0] = 0;
    room_screen_heard_clear(); /* (what the room said during the last one has been shown) */
    think.by_key = false;
    atomic_store(&think.done, false);
    atomic_store(&think.stop, false);
    s->ai_hooks.progress = on_progress;
    s->ai_hooks.ctx = NULL;
    s->ai_hooks.stop = &think.stop;
    s->perft_progress = on_perft_progress;
    s = ui.s; /* (the screen's, from here on) */
    ui.thinking = true;
    ui_counting(think_counting()); /* Ctrl-C stops a count; a search it ends with the program */
    ui_draw();                     /* at once: the panel says so before the first report */
    if (pthread_create(&think.thread, NULL, run, NULL) != 0) {
        ui.thinking = false;
        ui_counting(false);
        s->perft_progress = NULL;
        memset(&s->ai_hooks, 0, sizeof s->ai_hooks);
        drop_copy();
        return false;
    }
    think.running = true;
    draw_thinking();
    return true;
}

/* At a room's table: whether the room has taken the position away (final: while its whole
 * state is still arriving, it counts as taken). A search on it stops then, its lines of no
 * use; a perft count goes on (a new game stops it, as its state replaces the game). */
static void check_position(bool final)
{
    if (!think.on_copy || think.gone) return;
    int holds = room_screen_holds(think.variant, think.plies, think.key);
    if (holds == 0 || (final && holds < 0)) think.gone = true;
    if (think.gone && !think_counting()) atomic_store(&think.stop, true);
}

bool think_position_gone(void)
{
    return think.gone;
}

/* Wait a little for the thread: a key (left unread for the input line) or a quit stops it;
 * the thinking line is rewritten meanwhile. True once it is done and joined: then the
 * output is in the sink. */
bool think_wait(void)
{
    if (!think.running) return true;
    bool stopping = atomic_load(&think.stop);
    struct pollfd p[4] = {{think.wake[0], POLLIN, 0}, {stopping ? -1 : STDIN_FILENO, POLLIN, 0}};
    int room = think.on_copy ? room_screen_fds(p + 2) : 0; /* (the room is not the command's) */
    poll(p, (nfds_t)(2 + room), THINK_REDRAW_MS);
    if (room_screen_serve(p + 2, room)) {
        check_position(false);
        if (!atomic_load(&think.done)) think_redraw();
    }
    if (!stopping &&
        (ui_should_quit() || ui_stop_signal() || (p[1].revents & (POLLIN | POLLHUP | POLLERR)))) {
        atomic_store(&think.stop, true);
        think.by_key = true;
    }
    if (!atomic_load(&think.done)) {
        redraw_resized();
        draw_thinking();
        refresh();
        return false;
    }
    char byte;
    ssize_t r = read(think.wake[0], &byte, 1);
    (void)r;
    pthread_join(think.thread, NULL);
    check_position(true);
    think.running = false;
    ui.thinking = false;
    ui_counting(false);
    drop_copy();
    memset(&ui.s->ai_hooks, 0, sizeof ui.s->ai_hooks);
    ui.s->perft_progress = NULL;
    return true;
}

bool think_stop_asked(void)
{
    return atomic_load(&think.stop);
}

void think_let_go(struct RoomClient *c)
{
    (void)c;
    if (!think.running || !think.on_copy) return;
    atomic_store(&think.stop, true);
    while (!atomic_load(&think.done)) { /* (its byte stays for think_wait) */
        struct pollfd p = {think.wake[0], POLLIN, 0};
        poll(&p, 1, 10);
    }
}

/* Whether the last search was stopped by a key or a signal (the keyboard is handed back). */
bool think_stopped_by_key(void)
{
    return think.by_key;
}

/* Stop the thread and wait for it (quitting). */
void think_cancel(void)
{
    if (think.running) {
        atomic_store(&think.stop, true);
        think.by_key = true;
        while (!think_wait()) {
        }
    }
    free(think.line);
    think.line = NULL;
}
