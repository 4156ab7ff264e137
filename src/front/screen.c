/* screen.c — the screen client's main loop: keys to readline, lines to the command table,
 * the computer's turns, mouse clicks, resizing, and the signals. Hang-up, terminate and
 * interrupt only set a flag; the loop then saves the game and restores the terminal. A crash
 * signal restores the terminal with async-signal-safe calls and re-raises: the last move was
 * already saved when it was played. A local game stands still while stopped (suspend.c). */
#include "safe_text.h"
#include "screen_int.h"

#include "autosave.h"
#include "pgn.h"
#include "save_notes.h"
#include "search.h"
#include "suspend.h"

#include <locale.h>
#include <langinfo.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

Ui ui;

static volatile sig_atomic_t quit_signal;
/* While perft counts, SIGINT (Ctrl-C) stops the count and the program goes on, as in the
 * scripted mode; otherwise (the computer thinking too) it saves the game and quits. */
static volatile sig_atomic_t counting, stop_signal;
static SCREEN *term_screen;
static struct termios saved_termios;
static bool have_termios;

static void on_quit_signal(int sig)
{
    if (sig == SIGINT && counting)
        stop_signal = 1;
    else
        quit_signal = sig;
}

void ui_counting(bool on)
{
    counting = on;
    stop_signal = 0;
}

bool ui_stop_signal(void)
{
    return stop_signal;
}

static int stdin_events(void)
{
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    return poll(&p, 1, 0) > 0 ? p.revents : 0;
}

/* A quit signal came, or the terminal went away (a closed pty reads as hung up): either
 * way the game is saved and the program leaves. Every loop that waits asks this. */
bool ui_should_quit(void)
{
    if (!quit_signal && (stdin_events() & (POLLHUP | POLLERR | POLLNVAL))) quit_signal = SIGHUP;
    return quit_signal || ui.s->quit;
}

/* The next key, or ERR when none came in time. A terminal that can no longer be read counts
 * as hung up: a process in the background of its terminal gets EIO (restricted mode ignores
 * the SIGTTIN that would stop it), and would otherwise ask again and again at full speed. */
static int read_key(void)
{
    errno = 0;
    int ch = ui.opt.room ? room_screen_getch() : getch();
    if (ch == ERR && errno == EIO && !quit_signal) quit_signal = SIGHUP;
    return ch;
}

/* Long computations (perft, the computer's search) stop for a quit, Ctrl-C or a key press; the
 * key is then read as usual. The search asks from its own threads: only the signal's flag
 * and the terminal, never the screen's state (the main loop notices a hang-up itself). */
static bool screen_interrupt(void)
{
    return quit_signal || stop_signal || think_stop_asked() ||
           (stdin_events() & (POLLIN | POLLHUP | POLLERR | POLLNVAL));
}

static void on_crash(int sig)
{
    /* reset attributes, show the cursor, stop mouse reports, leave the alternate screen */
    static const char restore[] =
        "\033[0m\033[?25h\033[?1000l\033[?1003l\033[?1006l\033[?1049l\r\n";
    if (have_termios) tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    ssize_t w = write(STDOUT_FILENO, restore, sizeof restore - 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_quit_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    int crashes[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL};
    for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++)
        sigaction(crashes[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* after newterm, whose stop handler (the terminal restored) it runs; a room's clocks, and
     * a watched game's, run on elsewhere */
    if (!ui.opt.room && !ui.opt.watch) suspend_keeps_time();
}

/* --- output of commands ------------------------------------------------------------------------
 */

/* (Output and the changed hook may come from the thinking thread: they take its lock.) */
static void collect(Sink *sink, const char *line)
{
    (void)sink;
    think_lock();
    if (ui.nlines == ui.cap_lines) {
        int nc = ui.cap_lines ? 2 * ui.cap_lines : 16;
        char **nl = realloc(ui.lines, (size_t)nc * sizeof *nl);
        if (nl) ui.lines = nl, ui.cap_lines = nc;
    }
    if (ui.nlines < ui.cap_lines && (ui.lines[ui.nlines] = strdup(line))) ui.nlines++;
    think_unlock();
}

static void error_line(Sink *sink, const char *line)
{
    (void)sink;
    think_lock();
    ui_set_message(true, "%s", line);
    think_unlock();
}

static void clear_lines(void)
{
    for (int i = 0; i < ui.nlines; i++) free(ui.lines[i]);
    ui.nlines = 0;
}

/* Nothing is written until the game changes: starting cellmate never replaces the saved
 * game by itself. The first write of a run keeps the save it replaces as previous.pgn. A
 * failure is kept until a save succeeds again: the status panel shows it, and the main loop
 * shows it in a page the player has to close. */
static void save_now(Session *s)
{
    char err[600];
    if (!ui.opt.autosave || !ui.dirty) return;
    if (autosave_write(s, !ui.saved_once, err, sizeof err)) {
        ui.saved_once = true;
        ui.save_error[0] = 0;
        return;
    }
    if (!ui.save_error[0]) ui.save_error_seen = false;
    snprintf(ui.save_error, sizeof ui.save_error, "%s", err);
}

static void show_save_error(void)
{
    char *lines[] = {
        "The game could not be saved:",
        ui.save_error,
        "",
        "The moves since the last save are only on this screen; the saved game on the disk "
        "is the one before them. Every move tries again: free some space or fix the "
        "directory, or use 'save FILE' to save elsewhere. The status panel says NOT SAVED "
        "until a save succeeds.",
    };
    ui.save_error_seen = true;
    ui_show_lines(" cellmate: the game is NOT saved", lines, sizeof lines / sizeof lines[0], false,
                  false);
}

/* The computer's turn: `go` in the thinking thread (screen_think.c); thought() takes it from
 * there. */
static Sink think_sink = {collect, error_line, NULL};

/* The computer plays every side: a person watching needs a moment to see each move before
 * the next, which at a low level comes at once (the scripted mode never waits). */
#define WATCH_PAUSE_S 0.8

static bool computer_plays_all(const Session *s)
{
    unsigned all = (1u << s->v->nplayers) - 1;
    return (s->ai_players & all) == all;
}

/* The clock held while the computer waited (for go at the start, or between its moves when
 * it plays every side) runs again. */
static void release_clock(void)
{
    if (!ui.clock_held) return;
    ui.clock_held = false;
    session_clock_hold(ui.s, false);
}

static void computer_turn(void)
{
    Session *s = ui.s;
    ui.next_turn_at = 0;
    if (s->watching) return; /* the computer of a watched game plays in its own process */
    release_clock();         /* the player's first line after the start ends the wait for go */
    if (think_running() || ui_should_quit() || s->game.result.over ||
        !(s->ai_players & (1u << s->game.pos.stm)))
        return;
    clear_lines();
    if (!think_start("go", &think_sink)) ui_set_message(true, "the computer could not start");
}

/* Show what a command printed: one line (or a move and the result it brought) in the
 * message line, more in a page. */
static void show_output(const char *title)
{
    char joined[MSG_MAX];
    if (ui.nlines == 2 && !strncmp(ui.lines[1], "result ", 7)) {
        snprintf(joined, sizeof joined, "%s; %s", ui.lines[0], ui.lines[1]);
        ui_set_message(false, "%s", joined);
    } else if (ui.nlines > 1) {
        const Command *c = session_command_named(title);
        ui_show_lines(title, ui.lines, ui.nlines, c && !strcmp(c->name, "show"),
                      c && !strcmp(c->name, "chat"));
    } else if (ui.nlines == 1) {
        ui_set_message(false, "%s", ui.lines[0]);
    }
}

/* Esc that stopped a search has done its job: it does not also clear the answer. */
static void drop_escape(void)
{
    while (stdin_events() & POLLIN) {
        int ch = getch();
        if (ch == KEY_RESIZE) continue; /* a resize while it thought, already drawn */
        if (ch != 27 && ch != ERR) ungetch(ch);
        return;
    }
}

/* analyse's lines of the deepest depth it has finished ("depth 7 line 1: ..." and the
 * other lines of depth 7), joined by "; "; empty before the first. */
static void deepest_lines(char *out, size_t len)
{
    int last = ui.nlines - 1, first;
    out[0] = 0;
    while (last >= 0 && strncmp(ui.lines[last], "depth ", 6)) last--;
    if (last < 0) return;
    const char *line = strstr(ui.lines[last], " line ");
    size_t head =
        line ? (size_t)(line - ui.lines[last]) + 1 : strlen(ui.lines[last]); /* "depth 7 " */
    for (first = last; first > 0 && !strncmp(ui.lines[first - 1], ui.lines[last], head);) first--;
    size_t n = 0;
    for (int i = first; i <= last && n < len; i++)
        n += (size_t)snprintf(out + n, len - n, "%s%s", i > first ? "; " : "", ui.lines[i]);
}

/* While analyse searches, the lines it has found so far (deepest first) in the panel, the
 * message line being the thinking line's. */
static int analysis_shown;

static void analysis_progress(void)
{
    if (strcmp(think_command(), "analyse")) return;
    think_lock();
    bool more = ui.nlines != analysis_shown;
    if (more) {
        char text[MSG_MAX];
        analysis_shown = ui.nlines;
        deepest_lines(text, sizeof text);
        const char *heard = room_screen_heard(); /* (a room's words come first) */
        ui_set_message(false, "%s%s%s", heard, *heard ? "; " : "", text);
        ui.message_in_panel = true;
    }
    think_unlock();
    if (more) think_redraw();
}

/* analyse stopped by a key: its best move and its deepest lines in the message (a page
 * would take the key, which goes to the input line instead). */
static void analysis_stopped(void)
{
    char lines[MSG_MAX];
    const char *best = ui.nlines ? ui.lines[ui.nlines - 1] : "";
    if (strncmp(best, "analyse: ", 9)) return show_output("analyse");
    deepest_lines(lines, sizeof lines);
    ui_set_message(false, "analyse interrupted by a key: %s%s%s", best + 9, *lines ? "; " : "",
                   lines);
}

/* `go`, `hint` or `analyse` has ended: what it printed, then the computer's next turn,
 * unless a key stopped it (the keyboard is handed back, so "ai off" can always be typed). */
static void thought(void)
{
    bool by_key = think_stopped_by_key();
    const char *cmd = think_command();
    bool search = !strcmp(cmd, "hint") || !strcmp(cmd, "analyse");
    if (by_key) drop_escape();
    /* what the panel showed meanwhile (the room's words, analyse's lines so far) is said
     * again below, and the lines are in the page: not twice */
    if (ui.message_in_panel) ui.message[0] = 0;
    if (search && think_position_gone()) /* (a perft count says itself that it was cut) */
        ui_set_message(false,
                       "%s dropped: the room took moves back or began a new game meanwhile, and "
                       "the position it was for is no longer on the board",
                       strcmp(cmd, "hint") ? "the analysis" : "the hint");
    else if (!strcmp(cmd, "analyse") && by_key)
        analysis_stopped();
    else if (!strcmp(cmd, "go") && ui.nlines)
        ui_set_message(false, "computer: %s%s%s", ui.lines[0], ui.nlines > 1 ? "; " : "",
                       ui.nlines > 1 ? ui.lines[1] : "");
    else
        show_output(cmd);
    const char *heard = room_screen_heard(); /* what a room said meanwhile stays in view */
    if (*heard) /* (ui_set_message writes a copy: the message may be one of its words) */
        ui_set_message(ui.message_is_error, "%s%s%s", heard, ui.message[0] ? "; " : "", ui.message);
    clear_lines();
    if (by_key || (stdin_events() & POLLIN)) return;
    if (!strcmp(cmd, "go") && computer_plays_all(ui.s) && !ui.s->game.result.over) {
        /* its next turn after a pause (its clock held meanwhile); a key cancels it */
        ui.next_turn_at = steady_now() + WATCH_PAUSE_S;
        if (!ui.clock_held) session_clock_hold(ui.s, true);
        ui.clock_held = true;
        return;
    }
    computer_turn();
}

/* rotate goes on to the next turn at which the board fits the terminal without the turn
 * its drawings fall back on (a turned 38-cell Peanut may not); when none does, one
 * step. */
static void rotate_to_fit(Sink *sink)
{
    Session *s = ui.s;
    int first = s->view_turn, steps = 360 / render_rotate_step(s->v);
    for (int i = 1; i < steps; i++) {
        ui_draw();
        if (ui.grid.text && !ui.grid.fit_turn) return;
        clear_lines();
        session_line(s, "rotate", sink);
    }
    clear_lines();
    s->view_turn = (first - render_rotate_step(s->v) + 360) % 360;
    session_line(s, "rotate", sink);
}

/* A command's name starts the line, as session_line reads it, or the line is empty or the
 * screen's own "?" (anything else is read as a move). */
static bool is_command(const char *line)
{
    return !*line || !strcmp(line, "?") || session_command_named(line);
}

void screen_line(const char *line)
{
    Session *s = ui.s;
    Sink sink = {collect, error_line, NULL};
    const Variant *before = s->v;
    char picked[MOVE_TEXT_MAX], folded[1024];
    while (*line == ' ') line++;
    if (session_command_case(s, line, folded, sizeof folded)) line = folded; /* "Help", "GO" */
    if (select_line(line, picked)) {
        if (!*picked) return; /* a promotion: the input line waits for the piece */
        line = picked;
    }
    clear_lines();
    ui.message[0] = 0;
    bool undo = !strcmp(line, "undo"), redo = !strcmp(line, "redo");
    if (!is_command(line) && history_move(line)) return;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        ui_help();
    } else if ((!strcmp(line, "go") || !strcmp(line, "hint") || !strcmp(line, "analyse") ||
                !strcmp(line, "analyze")) &&
               !s->watching) {
        analysis_shown = 0; /* (analyze is analyse, spelt the American way) */
        if (!think_start(strcmp(line, "analyze") ? line : "analyse", &think_sink))
            ui_set_message(true, "the computer could not start");
        return;
    } else if (!strncmp(line, "perft", 5) && (line[5] == ' ' || !line[5])) {
        /* counted in the thread too: the screen shows how far it has gone, and stays alive */
        if (!think_start(line, &think_sink)) ui_set_message(true, "perft could not start");
        return;
    } else if (session_line(s, line, &sink)) {
        if (!strcmp(line, "rotate")) rotate_to_fit(&sink);
        show_output(line);
    }
    if (s->v != before) ui_colours(); /* a new variant: its sides' colours */
    clear_lines();
    if (!undo && !redo) computer_turn();
}

static void session_changed(Session *s)
{
    think_lock();
    select_clear();
    cursor_follow_variant();
    history_reset();
    ui.dirty = true;
    save_now(s);
    think_unlock();
}

/* A running clock: its flag may fall, and the time shown counts down. */
static void clock_tick(void)
{
    Session *s = ui.s;
    if (s->clock.running < 0 || s->clock.tc.kind == CLOCK_NONE) return;
    if (s->watching) { /* the player's own process decides when a flag falls */
        ui_draw();
        return;
    }
    Sink sink = {collect, error_line, NULL};
    clear_lines();
    if (session_tick(s, &sink)) show_output("time");
    clear_lines();
    ui_draw();
}

/* --- keys and the mouse ------------------------------------------------------------------ */

/* The cell drawn at a screen position, or NO_CELL. */
static Cell cell_at(int y, int x)
{
    int gy = y - ui.grid_y, gx = x - ui.grid_x;
    if (!ui.grid.cell || gy < 0 || gx < 0 || gy >= ui.grid.height || gx >= ui.grid.width)
        return NO_CELL;
    return ui.grid.cell[gy * ui.grid.width + gx];
}

static void on_mouse(int ch)
{
    MEVENT ev;
    (void)ch;
    if (getmouse(&ev) != OK) return;
    if (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))
        select_point(cell_at(ev.y, ev.x));
    else
        ui.hover = cell_at(ev.y, ev.x); /* the mouse moved */
}

static void on_help(int ch)
{
    (void)ch;
    ui_help();
}

static void on_resize(int ch)
{
    (void)ch;
}

static void on_arrow(int ch)
{
    cursor_move(ch == KEY_UP     ? -1
                : ch == KEY_DOWN ? 1
                                 : 0,
                ch == KEY_LEFT    ? -1
                : ch == KEY_RIGHT ? 1
                                  : 0);
}

static void on_space(int ch)
{
    (void)ch;
    cursor_press();
}

static void on_escape(int ch)
{
    (void)ch;
    select_clear();
    cursor_hide();
    ui.flash = NO_CELL;
    ui_set_message(false, "%s", "");
}

static void on_names(int ch)
{
    (void)ch;
    screen_line("names");
}

/* Keys the screen takes before readline does; `empty`: only on an empty input line, where
 * the arrows move the board's cursor instead of recalling lines and Space picks up what
 * the cursor is on. Everything else edits the line. */
static const struct {
    int key;
    bool empty;
    void (*run)(int ch);
} keys[] = {
    {KEY_RESIZE, false, on_resize}, {KEY_F(1), false, on_help},    {'?', true, on_help},
    {KEY_MOUSE, false, on_mouse},   {KEY_F(2), false, on_names},   {KEY_UP, true, on_arrow},
    {KEY_DOWN, true, on_arrow},     {KEY_LEFT, true, on_arrow},    {KEY_RIGHT, true, on_arrow},
    {' ', true, on_space},          {27, true, on_escape},         {KEY_PPAGE, true, history_key},
    {KEY_NPAGE, true, history_key}, {KEY_HOME, true, history_key}, {KEY_END, true, history_key},
};

/* One key; true when the screen needs drawing again (not for a key that only edited the
 * input line, which readline has redrawn). */
static bool on_key(int ch)
{
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (keys[i].key == ch && (!keys[i].empty || input_empty())) {
            keys[i].run(ch);
            return true;
        }
    return input_key(ch);
}

/* --- watching ----------------------------------------------------------------------------------
 */

/* A watched game is read again whenever its file changes (each save of its player renames a
 * new file over it); the player's leaving is noticed by its lock coming free. */
static struct stat watched;
static int watch_ticks;
static bool player_left;

static void follow(void)
{
    struct stat st;
    if (!ui.opt.watch) return;
    if (stat(ui.opt.watch, &st) == 0 &&
        (st.st_ino != watched.st_ino || st.st_size != watched.st_size ||
         st.st_mtim.tv_sec != watched.st_mtim.tv_sec ||
         st.st_mtim.tv_nsec != watched.st_mtim.tv_nsec)) {
        char err[1200], text[64];
        PgnReport rep;
        const Variant *before = ui.s->v;
        watched = st;
        if (session_load_file(ui.s, ui.opt.watch, &rep, err, sizeof err)) {
            session_last_move_text(ui.s, text, sizeof text);
            ui_set_message(false, "watching: %s", text);
        } else {
            ui_set_message(true, "%s", err);
        }
        if (ui.s->v != before) ui_colours();
        ui_draw();
    }
    if (++watch_ticks % 5 == 0 && !player_left && autosave_owner(ui.opt.watch) == 0) {
        char cmd[SAVE_COMMAND_MAX];
        player_left = true;
        save_notes_command(ui.s->v, ui.opt.watch, ui.s->restricted, cmd, sizeof cmd);
        ui_set_message(false, "the player has left the game; %s continues it", cmd);
        ui_draw();
    }
}

static void start_watching(void)
{
    ui.s->watching = true;
    ui.opt.autosave = false;
    stat(ui.opt.watch, &watched);
    ui_set_message(false, "Watching the game another cellmate plays: its moves appear here.");
}

/* --- the loop ------------------------------------------------------------------------------------
 */

static bool start_curses(void)
{
    const char *term = getenv("TERM");
    if (!term || !*term || !strcmp(term, "dumb")) return false;
    /* the modes to restore after a crash: taken before curses changes any */
    if (tcgetattr(STDIN_FILENO, &saved_termios) == 0) have_termios = true;
    if (!(term_screen = newterm(NULL, stdout, stdin))) return false;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    timeout(200);
    const char *no_colour = getenv("NO_COLOR"); /* no-color.org: set and not empty */
    ui.colour = !ui.opt.ascii && has_colors() && !(no_colour && *no_colour);
    const char *cs = nl_langinfo(CODESET);
    ui.unicode = !ui.opt.ascii && cs && !strcmp(cs, "UTF-8") && strcmp(term, "vt100") &&
                 strncmp(term, "linux", 5);
    ui_colours();
    /* clicks, and where the mouse is (any-motion tracking) to name the cell under it */
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);
    if (!ui.opt.ascii) {
        fputs("\033[?1003h", stdout);
        fflush(stdout);
    }
    set_escdelay(100);
    return true;
}

int screen_run(Session *s, const ScreenOptions *o)
{
    memset(&ui, 0, sizeof ui);
    ui.s = s;
    ui.opt = *o;
    ui.view_ply = -1;
    setlocale(LC_ALL, "");
    if (!start_curses()) return -1;
    install_signals();
    input_init();
    s->screen = true;
    s->changed = session_changed;
    cursor_follow_variant();
    char err[600];
    if (ui.opt.watch) start_watching();
    if (ui.opt.autosave && !autosave_claim(err, sizeof err))
        snprintf(ui.save_error, sizeof ui.save_error, "%s", err);
    bool waiting = false;
    static const char hello[] = "Type a move and Enter (Tab completes it), or ? for help.";
    if (ui.opt.save_ended && ui.opt.save_kept) /* restricted: how it ended, where it went */
        ui_set_message(false, "Your last game ended (%s); %s. %s", ui.opt.save_ended,
                       ui.opt.save_kept, hello);
    if (ui.opt.autosave) s->replacing = autosave_replacing; /* new and load keep the game left */
    /* (--no-save leaves every save alone: nothing to tell, the computer need not wait) */
    if (!ui.message[0] && ui.opt.autosave && (ui.opt.fresh || ui.opt.resumed)) {
        char note[MSG_MAX];
        waiting = save_notes_opening(s->v, ui.opt.fresh, session_computer_to_move(s), s->restricted,
                                     note, sizeof note);
        if (*note) ui_set_message(false, "%s", note);
    }
    /* --level alone (cellmate --level 1) asks for an easy opponent and got none: say how (a
     * room's level is the room's, and its computer the room's: the join says what it does) */
    char how[160] = "";
    if (s->ai.level > 0 && !s->ai_players && !ui.opt.watch && !ui.opt.room)
        snprintf(how, sizeof how,
                 "The computer plays no side: 'ai %s' makes it your opponent, at level %d.",
                 s->v->player_name[s->v->nplayers - 1], s->ai.level);
    if (ui.opt.save_ended && !ui.message[0]) /* nothing to continue: only how it ended */
        ui_set_message(false, "Your last game ended (%s). %s", ui.opt.save_ended,
                       *how ? how : hello);
    if (!ui.message[0]) ui_set_message(false, "%s", *how ? how : hello);
    ui_draw();
    set_interrupt(screen_interrupt);
    if (waiting && session_computer_to_move(s)) { /* no clock runs while it waits for go */
        session_clock_hold(s, true);
        ui.clock_held = true;
    }
    if (!waiting)        /* (that message first: the computer waits for go, it says) */
        computer_turn(); /* a resumed or loaded game where the computer is to move */
    while (!ui_should_quit()) {
        /* first: while the computer thinks, its thread may save (and set save_error) */
        if (think_running()) { /* the computer thinks: keys wait until it is done */
            if (think_wait())
                thought(), ui_draw();
            else
                analysis_progress();
            continue;
        }
        if (ui.save_error[0] && !ui.save_error_seen) {
            show_save_error();
            ui_draw();
        }
        follow();
        if (ui.next_turn_at && steady_now() >= ui.next_turn_at) {
            computer_turn();
            continue;
        }
        int ch = read_key();
        if (ch != ERR && ch != KEY_RESIZE && ch != KEY_MOUSE && ui.next_turn_at) {
            ui.next_turn_at = 0; /* a key stops the computer's turns, as while it thinks, */
            release_clock();     /* and its clock runs, as after a key stopped its thinking */
        }
        if (ch == ERR) {
            clock_tick();
            if (select_flashing()) ui_draw();
            continue;
        }
        if (on_key(ch)) ui_draw();
    }
    think_cancel();
    set_interrupt(NULL);
    save_now(s);
    input_done();
    if (!ui.opt.ascii) fputs("\033[?1003l", stdout);
    endwin();
    delscreen(term_screen);
    term_screen = NULL;
    textgrid_free(&ui.grid);
    clear_lines();
    free(ui.lines);
    char path[4200];
    if (!ui.opt.autosave || !ui.dirty) return 0;
    if (ui.save_error[0]) {
        safe_printf(stderr, "cellmate: the game could not be saved: %s\n", ui.save_error);
        if (autosave_path(path, sizeof path) && access(path, F_OK) == 0) {
            autosave_hide_dirs(path, sizeof path);
            safe_printf(stderr, "cellmate: %s holds the game as it was last saved\n", path);
        }
        return 1;
    }
    if (autosave_path(path, sizeof path) && quit_signal != SIGHUP) {
        char cmd[SAVE_COMMAND_MAX];
        save_notes_command(s->v, path, s->restricted, cmd, sizeof cmd);
        autosave_hide_dirs(path, sizeof path); /* restricted: its name, not the host's path */
        printf("The game is saved in %s; %s continues it.\n", path, cmd);
    }
    return 0;
}
