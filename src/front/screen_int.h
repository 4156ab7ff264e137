/* screen_int.h — what the parts of the screen client share: the UI state, drawing, and the
 * readline glue. Only screen*.c include this (and curses). */
#ifndef CELLMATE_SCREEN_INT_H
#define CELLMATE_SCREEN_INT_H

#include "render.h"
#include "screen.h"

#include <curses.h>
#include <poll.h>

struct RoomClient;

#define MSG_MAX  1024
#define STATUS_W 22

typedef struct {
    Session *s;
    ScreenOptions opt;
    bool colour, unicode;
    int rows, cols;
    bool too_small;
    char message[MSG_MAX];
    bool message_is_error;
    bool message_in_panel; /* shown whole in the panel at any length (the thinking line has
                              the message line) */
    /* lines a command printed, shown in a pager when there is more than one */
    char **lines;
    int nlines, cap_lines;
    /* where the board was drawn, for mouse clicks */
    TextGrid grid;
    int grid_y, grid_x;
    /* pointing at the board (screen_select.c) */
    Cell sel_from;  /* the piece picked up, or NO_CELL */
    int sel_drop;   /* the kind picked up from the hand, or 0 */
    Cell cursor;    /* the keyboard's cursor */
    bool cursor_on; /* shown (after an arrow key) */
    Cell hover;     /* the cell under the mouse, NO_CELL when none */
    Cell flash;     /* a cell asked for by name */
    double flash_until;
    /* the variant whose board the cursor and the cells above are on */
    char cursor_variant[MAX_NAME];
    uint8_t marks[MAX_CELLS + 1];
    int view_ply;                     /* plies of the game shown (screen_history.c); -1: all */
    char confirm[MOVE_TEXT_MAX + 64]; /* a move from the position shown, asked about once */
    bool thinking;
    bool dirty;           /* the game changed since start-up: it is worth saving */
    bool saved_once;      /* this run has written the save file */
    char save_error[600]; /* why the last save failed; empty once one succeeds */
    bool save_error_seen; /* the player has closed the page that showed it */
    bool clock_held;      /* the clock stopped while the computer waits for go (a save waits) */
    double next_turn_at;  /* the computer plays every side: its next turn waits until then (a
                           * monotonic time, steady_now; 0: no turn waiting) */
} Ui;

extern Ui ui;

/* screen.c */
void screen_line(const char *line); /* run one entered line */
bool ui_should_quit(void);          /* a quit signal came or the terminal is gone */
void ui_counting(bool on);          /* perft counts in the thinking thread, or not */
bool ui_stop_signal(void);          /* SIGINT came while it counted: it is to stop */

/* screen_draw.c */
void ui_colours(void);
void ui_draw(void);
/* A page of lines, broken to fit the width; a drawing's (the board `show` prints) are never
 * broken: cut at the width, Left and Right scroll them sideways. Opened at its first lines,
 * or at its last when `newest` (a history whose newest lines are last, as a terminal's
 * scrollback: the earlier ones are scrolled back to). */
void ui_show_lines(const char *title, char **lines, int n, bool drawing, bool newest);
void ui_help(void);
void ui_set_message(bool error, const char *fmt, ...);
/* text at (y, x), as much of it as fits in width columns (whole characters) */
void ui_put(int y, int x, const char *text, int width);
/* A row of the status panel: as ui_put, but nothing past the panel's bottom, and nothing
 * while the panel is only measured (the row is counted all the same). */
void ui_panel_line(int y, int x, int width, const char *text, attr_t at);
/* The clocks again, from clk, where the screen last drew them (while the computer thinks):
 * the panel's, the one status line's, or whose turn it is and the clocks at the start of the
 * message line, then " | "; returns the columns of the message line that took. */
int ui_draw_clocks(const Clock *clk);
/* A panel line broken at blanks (or, in a long word, anywhere) over as many rows as it
 * needs, continuations indented by two; the row after it. */
int ui_draw_wrapped(int y, int x, int width, const char *text, attr_t at);
/* The panel's line for the computer's level, below full strength only; the next row. */
int ui_draw_level(int y, int x, int width);

/* screen_select.c */
void select_marks(uint8_t *marks); /* the marks for the board: picked piece, targets ... */
bool select_flashing(void);        /* true when a flash just ended (redraw) */
void select_clear(void);
void select_point(Cell c);             /* a click, or Space on the cursor */
bool select_by_name(const char *text); /* "e4" or "P@" and Tab or '?' */
/* A line entered while a piece is picked up: true when it chose one of its moves, whose
 * long form is then in out (empty: a promotion, left on the input line to be finished). */
bool select_line(const char *line, char out[MOVE_TEXT_MAX]);
void select_flash(Cell c);
void select_describe_cell(Cell c, char *out, size_t len);
void cursor_move(int dy, int dx);
void cursor_press(void);
void cursor_hide(void);
void cursor_follow_variant(void); /* after a change of game: another board, no cursor yet */

/* screen_room.c */
int room_screen_getch(void); /* getch, with the room's connection served */
/* The room's connection beside another wait (the computer thinking): its descriptors into
 * pf (room for 2), their count (0 outside a room or once closed); then, after poll, what came
 * is applied and what waits is written: true when anything was (draw the screen again). */
int room_screen_fds(struct pollfd *pf);
bool room_screen_serve(const struct pollfd *pf, int n);
const char *room_screen_heard(void); /* what the room said while the computer thinks, or "" */
void room_screen_heard_clear(void);  /* a new thinking begins: nothing heard during it yet */
int room_screen_status(int y, int x, int width); /* the room's lines of the status panel */
/* Whether the room's game still has the position of variant `variant` that `plies` plies
 * made, of that key (a takeback or a new game may have taken it away; a move played since
 * has not): 1, 0, or -1 while the room's whole state is still arriving (not known yet). */
int room_screen_holds(const char *variant, int plies, uint64_t key);
bool room_screen_shows(const char *text); /* the room's lines of the panel hold text whole */
/* The room's lines for a status of one line (no panel), most needed first, each cut to
 * width columns: the connection lost, the seats with who is in each and whether here, an
 * offer on the table and who agrees; how many (none outside a room). */
#define ROOM_BRIEF_W 256
int room_screen_brief(char (*lines)[ROOM_BRIEF_W], int max, int width);

/* screen_think.c: go, hint, analyse and perft in a thread, the main loop showing their
 * progress */
bool think_start(const char *cmd, Sink *sink); /* false when no thread could start */
const char *think_command(void);               /* the command running or last run */
bool think_counting(void);                     /* that command is perft */
const char *think_doing(void);                 /* "thinking", "looking for a hint" or "analysing" */
void think_redraw(void); /* the whole screen while it runs (from the game as it started) */
bool think_running(void);
bool think_wait(void); /* wait a little; true once done (its output is in the sink) */
bool think_stopped_by_key(void);
void think_cancel(void);
bool think_stop_asked(void); /* a key, a quit or the room asked it to stop (perft asks) */
/* The command that ended ran on a position the room's game no longer has (a takeback or a
 * new game came meanwhile): its lines are of no use. */
bool think_position_gone(void);
/* A room's state is about to replace the game (and perhaps free its variant): a command
 * running on a copy of the session stops, and has returned when this does (the room's
 * RoomClient.replacing). */
void think_let_go(struct RoomClient *c);
/* The screen's state while the command runs: its callbacks (output, a changed game) and the
 * main thread's drawing take turns. */
void think_lock(void);
void think_unlock(void);

/* screen_history.c: going through the game */
int history_plies(void);                   /* the plies shown */
bool history_viewing(void);                /* an earlier position is shown */
void history_position(Position *out);      /* the position shown */
void history_words(char *buf, size_t len); /* it in a player's words: "after 1... g6" */
void history_reset(void);                  /* back to the game as it is */
void history_key(int ch);                  /* PgUp, PgDn, Home, End */
bool history_move(const char *line);       /* a move entered while viewing: true when answered */

/* screen_input.c */
void input_init(void);
void input_done(void);
bool input_key(int ch);     /* one key from curses; true: more than the line changed */
void input_redisplay(void); /* draw the input line and place the cursor */
bool input_empty(void);
void input_set_line(const char *text); /* put text on the input line, cursor at its end */

#endif
