/* screen_draw.c — what the screen shows: a title line, the board (drawn by render.c into
 * the largest area it fits), a status panel beside it, the message line, and full-screen
 * pages for help and long command output. */
#include "safe_text.h"
#include "screen_int.h"
#include "text_wrap.h"

#include "fen.h"
#include "level.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    PAIR_CELL = 1, /* 1..3: the three cell colours, for empty cells */
    PAIR_SIDE = 4, /* 4..6: the pieces of each side */
    PAIR_COORD = 7,
    PAIR_TITLE = 8,
    PAIR_ERROR = 9,
    PAIR_MOVE = 10,    /* a cell the picked-up piece can move to */
    PAIR_CAPTURE = 11, /* ... or capture on */
    PAIR_PICKED = 12   /* the piece picked up, a flashed cell */
};

/* A side's colours, by its name. Neither the terminal's background nor its palette is
 * known: White takes the terminal's own foreground (light on dark, dark on light), Yellow
 * stands on black, and the others are colours that read on both. -1: the default. */
static void side_colour(const char *name, int p, short *fg, short *bg)
{
    static const struct {
        const char *name;
        short fg, bg;
    } named[] = {{"Red", COLOR_RED, -1},       {"Yellow", COLOR_YELLOW, COLOR_BLACK},
                 {"Blue", COLOR_CYAN, -1},     {"White", -1, -1},
                 {"Black", COLOR_MAGENTA, -1}, {"Green", COLOR_GREEN, -1}};
    static const short unnamed[3] = {-1, COLOR_MAGENTA, COLOR_CYAN};
    *fg = unnamed[p], *bg = -1;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (!strcmp(named[i].name, name)) *fg = named[i].fg, *bg = named[i].bg;
}

void ui_colours(void)
{
    if (!ui.colour) return;
    start_color();
    use_default_colors();
    init_pair(PAIR_CELL + 0, COLOR_GREEN, -1); /* (no yellow: it fades on a light background) */
    init_pair(PAIR_CELL + 1, COLOR_MAGENTA, -1);
    init_pair(PAIR_CELL + 2, COLOR_CYAN, -1);
    for (int p = 0; p < 3; p++) {
        const char *name = p < ui.s->v->nplayers ? ui.s->v->player_name[p] : "";
        short fg, bg;
        side_colour(name, p, &fg, &bg);
        init_pair((short)(PAIR_SIDE + p), fg, bg);
    }
    init_pair(PAIR_COORD, COLOR_BLUE, -1);
    init_pair(PAIR_TITLE, COLOR_BLACK, COLOR_WHITE);
    init_pair(PAIR_ERROR, COLOR_RED, -1);
    init_pair(PAIR_MOVE, COLOR_BLACK, COLOR_GREEN);
    init_pair(PAIR_CAPTURE, COLOR_WHITE, COLOR_RED);
    init_pair(PAIR_PICKED, COLOR_BLACK, COLOR_YELLOW);
}

void ui_set_message(bool error, const char *fmt, ...)
{
    va_list ap;
    char text[sizeof ui.message];
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    safe_text(text, ui.message, sizeof ui.message); /* a peer's or a file's words among them */
    ui.message_is_error = error;
    ui.message_in_panel = false;
}

/* A marked cell's highlight: a background colour for the picked-up piece and its targets
 * (the marks themselves are characters, for terminals without colour), reverse video and
 * an underline for the keyboard's cursor. */
static attr_t mark_attr(int marks)
{
    static const struct {
        int mark;
        short pair;
        attr_t plain;
    } order[] = {{MARK_SELECTED, PAIR_PICKED, A_REVERSE},
                 {MARK_FLASH, PAIR_PICKED, A_REVERSE | A_BLINK},
                 {MARK_CAPTURE, PAIR_CAPTURE, A_BOLD | A_UNDERLINE},
                 {MARK_MOVE, PAIR_MOVE, A_UNDERLINE}};
    attr_t at = marks & MARK_CURSOR ? A_REVERSE | A_UNDERLINE : A_NORMAL;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (marks & order[i].mark)
            return at | (ui.colour ? COLOR_PAIR(order[i].pair) : order[i].plain);
    return at;
}

static attr_t char_attr(Attr a, char ch)
{
    attr_t at = A_NORMAL;
    int side = attr_side(a), colour = attr_colour(a);
    if (attr_marks(a) && colour >= 0) return mark_attr(attr_marks(a)) | (side >= 0 ? A_BOLD : 0);
    if (side >= 0) {
        at |= A_BOLD;
        if (ui.colour) at |= COLOR_PAIR(PAIR_SIDE + side);
    } else if (colour >= 0 && ch != ' ' && ui.colour) {
        at |= COLOR_PAIR(PAIR_CELL + colour);
    }
    /* labels dim, and in their own colour or underlined: never like a piece, whose letter
     * they may be (a turned drawing puts them among the cells) */
    if (a & ATTR_COORD) at |= A_DIM | (ui.colour ? COLOR_PAIR(PAIR_COORD) : A_UNDERLINE);
    if ((a & ATTR_LAST) && ch != ' ') at |= A_REVERSE;
    return at;
}

static int clip_bottom = 1 << 20; /* the status panel's lines stop above this row */
/* The status panel is being measured, not drawn: its lines count their rows, and show
 * nothing (draw_status tries how many lines must give way for the rest to fit). */
static bool measuring;

/* The status panel's lines that give way, least needed first, when the panel has too few
 * rows for all of them (a room's seats and offers, three clocks, a check, a cell described
 * ...): the computer's level, a view turned to fit, "computer thinking..." (the thinking
 * line says so), the variant's title (the help page has it), the cell under the cursor, the
 * blank row above the pieces, the sides the computer plays. Whose turn it is, the clocks, the
 * room's seats and offers, the states of the screen and the pieces never do. */
enum {
    GIVE_LEVEL = 1,
    GIVE_TURNED,
    GIVE_THINKING,
    GIVE_TITLE,
    GIVE_CELL,
    GIVE_GAP,
    GIVE_COMPUTER,
    GIVE_ALL
};
static int given_way; /* the lines up to this one are left out */

static bool panel_keeps(int line)
{
    return line > given_way;
}

void ui_put(int y, int x, const char *text, int width)
{
    if (width > 0) mvaddnstr(y, x, text, (int)text_fit(text, width));
}

static void draw_text_line(int y, int x, int width, const char *text, attr_t at)
{
    if (measuring || y < 0 || y >= ui.rows || y >= clip_bottom || width <= 0) return;
    attron(at);
    ui_put(y, x, text, width);
    attroff(at);
}

void ui_panel_line(int y, int x, int width, const char *text, attr_t at)
{
    draw_text_line(y, x, width, text, at);
}

static RenderOpts board_opts(int width, int height)
{
    const Game *g = &ui.s->game;
    RenderOpts o;
    memset(&o, 0, sizeof o);
    o.coords = true;
    o.bottom = session_view_player(ui.s);
    o.turn = ui.s->view_turn;
    o.max_scale = 2;
    o.names = ui.s->names;
    select_marks(ui.marks);
    o.marks = ui.marks;
    int shown = history_plies();
    if (shown) {
        const Move *m = &g->plies[shown - 1].move;
        o.last_from = m->kind == MOVE_DROP ? NO_CELL : m->from;
        o.last_to = m->to;
    }
    o.max_width = width;
    o.max_height = height;
    return o;
}

/* Draw the board into ui.grid for an area; false when no drawing fits it. */
static bool layout_board(int width, int height)
{
    textgrid_free(&ui.grid);
    if (width <= 0 || height <= 0) return false;
    RenderOpts o = board_opts(width, height);
    Position shown;
    history_position(&shown);
    return render_board(&shown, &o, &ui.grid);
}

static void paint_board(int top, int left)
{
    ui.grid_y = top;
    ui.grid_x = left;
    for (int r = 0; r < ui.grid.height; r++)
        for (int c = 0; c < ui.grid.width; c++) {
            int i = r * ui.grid.width + c;
            char glyph[8];
            char ch = ui.grid.text[i];
            render_glyph(ch, ui.grid.attr[i], ui.unicode, glyph);
            attr_t at = char_attr(ui.grid.attr[i], ch);
            attron(at);
            mvaddstr(ui.grid_y + r, ui.grid_x + c, glyph);
            attroff(at);
        }
}

/* The pieces of a side captured in this game, as they were when taken, strongest first. */
static void lost_pieces(const Game *g, int p, char *out, size_t len)
{
    const Variant *v = g->v;
    int count[MAX_TYPES] = {0};
    for (int i = 0; i < history_plies(); i++) {
        Piece c = g->plies[i].undo.captured;
        if (c && PIECE_OWNER(c) == p) count[PIECE_KIND(c)]++;
    }
    size_t n = 0;
    out[0] = 0;
    bool used[MAX_TYPES] = {false};
    for (int round = 1; round <= v->ntypes; round++) {
        int best = 0;
        for (int k = 1; k <= v->ntypes; k++)
            if (!used[k] && count[k] && (!best || v->type[k].value > v->type[best].value)) best = k;
        if (!best) break;
        used[best] = true;
        for (int i = 0; i < count[best] && n + 3 < len; i++)
            n += (size_t)snprintf(out + n, len - n, "%c", v->type[best].letter);
    }
}

/* A label and a list of piece letters, continued on further lines when it is long. */
static int draw_pieces(int y, int x, int width, const char *label, const char *letters)
{
    char line[256];
    int first = width - (int)strlen(label) - 1, n = (int)strlen(letters);
    snprintf(line, sizeof line, "%s %.*s", label, first > 0 ? first : 0, *letters ? letters : "-");
    draw_text_line(y++, x, width, line, A_NORMAL);
    for (int at = first > 0 ? first : 0; at < n; at += width - 2) {
        snprintf(line, sizeof line, "  %.*s", width - 2, letters + at);
        draw_text_line(y++, x, width, line, A_NORMAL);
    }
    return y;
}

static void counts_line(const Game *g, const uint8_t (*counts)[MAX_TYPES], int p, char *out,
                        size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int k = 1; k <= g->v->ntypes; k++)
        for (int i = 0; i < counts[p][k] && n + 3 < len; i++)
            n += (size_t)snprintf(out + n, len - n, "%c", g->v->type[k].letter);
}

/* A line of the panel broken at blanks over as many rows as it needs (continuations
 * indented by two): a title, a result or a message is never cut. */
int ui_draw_wrapped(int y, int x, int width, const char *text, attr_t at)
{
    static char parts[16][WRAP_LINE];
    char *one[1] = {(char *)text};
    int n = text_wrap(one, 1, parts, 16, width, 2);
    for (int i = 0; i < n; i++) draw_text_line(y++, x, width, parts[i], at);
    return y;
}

/* (the computer's level, below full strength only: see screen_int.h) */
int ui_draw_level(int y, int x, int width)
{
    char line[64];
    int level = level_effective(ui.s->ai.level);
    if (level == SEARCH_MAX_LEVEL) return y;
    snprintf(line, sizeof line, "computer's level: %d", level);
    return ui_draw_wrapped(y, x, width, line, A_NORMAL);
}

/* Each player's time left on clk, counting down on the side to move ("<"); a player under
 * twenty seconds shows tenths. */
static int draw_clock_lines(const Clock *clk, int y, int x, int width)
{
    double now = steady_now();
    for (int p = 0; p < ui.s->v->nplayers; p++) {
        char line[64 + MAX_NAME], t[CLOCK_TEXT_MAX], name[MAX_NAME + 8];
        clock_format(clock_left(clk, p, now), t, sizeof t);
        bool running = clk->running == p;
        text_pad(name, sizeof name, ui.s->v->player_name[p], 8);
        snprintf(line, sizeof line, "%s %9s%s", name, t, running ? " <" : "");
        attr_t at = running ? A_BOLD : A_NORMAL;
        if (ui.colour) at |= COLOR_PAIR(PAIR_SIDE + p);
        if (!measuring && y >= 0 && y < ui.rows && y < clip_bottom) mvhline(y, x, ' ', width);
        draw_text_line(y++, x, width, line, at);
    }
    return y;
}

/* Where the clocks were drawn (the panel's lines, the one status line, or whose turn it is
 * at the start of the message line) and what that line says besides them, read from the game
 * when the screen is drawn: so that they can go on counting while the computer thinks
 * (ui_draw_clocks) without the rest of the screen, which reads the game. */
enum { CLOCKS_NONE, CLOCKS_PANEL, CLOCKS_LINE, CLOCKS_MESSAGE };
static struct {
    int where;
    int y, x, width, clip;
    char turn[2][320];           /* whose turn it is, in full and brief */
    char hand[MAX_PLAYERS][128]; /* each player's hand */
} clock_spot;

static int draw_clocks(int y, int x, int width)
{
    if (ui.s->clock.tc.kind == CLOCK_NONE) return y;
    clock_spot.where = CLOCKS_PANEL;
    clock_spot.y = y, clock_spot.x = x, clock_spot.width = width, clock_spot.clip = clip_bottom;
    return draw_clock_lines(&ui.s->clock, y, x, width);
}

/* The note that the board is turned from the view asked for, to fit. */
static void turned_words(char *line, size_t len)
{
    snprintf(line, len, "turned %d degrees %s to fit", abs(ui.grid.fit_turn),
             ui.grid.fit_turn < 0 ? "clockwise" : "anticlockwise");
}

/* How the game itself stands, in a few words: "White to move", "White to move, CHECK",
 * "White wins by checkmate" (the result's words). Returns its length. */
static size_t game_words(char *line, size_t len)
{
    const Game *g = &ui.s->game;
    int n;
    if (g->result.over) {
        char res[256];
        game_result_line(g, res, sizeof res);
        const char *words = strstr(res, ": ");
        n = snprintf(line, len, "%s", words ? words + 2 : res);
    } else {
        n = snprintf(line, len, "%s to move%s", g->v->player_name[g->pos.stm],
                     in_check(&g->pos) ? ", CHECK" : "");
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* Whose turn it is in the position shown (pos), or how the game ended, in a few words:
 * "White to move", "Black to move, CHECK", "White wins by checkmate"; an earlier position
 * says so and how the game itself stands, which the clocks follow ("after 2. Nc3 shown,
 * Black to move; game: White to move"; `brief`: "after 2. Nc3 shown; game: White to move").
 * Returns its length. */
static size_t turn_words(const Position *pos, bool brief, char *line, size_t len)
{
    const Game *g = &ui.s->game;
    size_t n = 0;
    char where[MOVE_TEXT_MAX + 96];
    if (!history_viewing()) return game_words(line, len);
    history_words(where, sizeof where);
    if (brief) /* the board shows the position: the game's state is what must not be lost */
        n = (size_t)snprintf(line, len, "%s shown; game: ", where);
    else
        n = (size_t)snprintf(line, len, "%s shown, %s to move%s; game: ", where,
                             g->v->player_name[pos->stm], in_check(pos) ? ", CHECK" : "");
    if (n >= len) return len - 1;
    return n + game_words(line + n, len - n);
}

/* What the one status line says besides the clocks, from the game (clock_spot). */
static void status_words(void)
{
    const Game *g = &ui.s->game;
    Position pos;
    history_position(&pos);
    for (int brief = 0; brief < 2; brief++)
        turn_words(&pos, brief, clock_spot.turn[brief], sizeof clock_spot.turn[brief]);
    for (int p = 0; p < g->v->nplayers; p++)
        counts_line(g, pos.hand, p, clock_spot.hand[p], sizeof clock_spot.hand[p]);
}

/* The status in one line, for a terminal with no room for the panel: the side to move (or
 * how the game ended, as status_words read it), each player's clock on clk and hand; players
 * by their initial letter when their names make the line wider than `width`, and then only
 * the running clock (a clock that runs is always shown). */
static void status_line_text(const Clock *clk, char *line, size_t len, int width)
{
    const Variant *v = ui.s->v;
    for (int brief = 0; brief < 3; brief++) {
        snprintf(line, len, "%s", clock_spot.turn[brief > 0]);
        size_t n = strlen(line);
        for (int p = 0; p < v->nplayers && n < len; p++) {
            char who[64], t[CLOCK_TEXT_MAX] = "";
            const char *hand = clock_spot.hand[p];
            snprintf(who, sizeof who, "%.*s", brief ? (int)text_fit(v->player_name[p], 1) : 63,
                     v->player_name[p]);
            if (clk->tc.kind != CLOCK_NONE && (brief < 2 || clk->running == p))
                clock_format(clock_left(clk, p, steady_now()), t, sizeof t);
            if (!*t && (!v->has_hands || brief == 2)) continue;
            bool hands = v->has_hands && brief < 2;
            n += (size_t)snprintf(line + n, len - n, " | %s%s%s%s%s%s", who, *t ? " " : "", t,
                                  clk->running == p ? "<" : "", hands ? " hand " : "",
                                  hands ? (*hand ? hand : "-") : "");
        }
        if (text_columns(line) <= width) break;
    }
}

/* The message line (the row above the input line), cut with "..." when too long for it. */
static void draw_message(const char *msg, attr_t at)
{
    char shown[MSG_MAX];
    if (text_columns(msg) > ui.cols && ui.cols > 8)
        snprintf(shown, sizeof shown, "%.*s...", (int)text_fit(msg, ui.cols - 4), msg);
    else
        snprintf(shown, sizeof shown, "%s", msg);
    move(ui.rows - 2, 0);
    clrtoeol();
    draw_text_line(ui.rows - 2, 0, ui.cols, shown, at);
}

/* The one status line where it was drawn, its clocks from clk: under the board (bold), or
 * at the start of the message line, followed by " | " and the message (the message's room
 * is a third of the width). Returns the columns it took there. */
static int draw_status_line(const Clock *clk, const char *message, attr_t at)
{
    char line[MSG_MAX];
    if (clock_spot.where == CLOCKS_LINE) {
        status_line_text(clk, line, sizeof line, ui.cols - 1);
        if (!measuring && clock_spot.y >= 0 && clock_spot.y < ui.rows)
            mvhline(clock_spot.y, 0, ' ', ui.cols);
        draw_text_line(clock_spot.y, 0, ui.cols, line, A_BOLD);
        return 0;
    }
    if (clock_spot.where != CLOCKS_MESSAGE || ui.rows < 2) return 0;
    status_line_text(clk, line, sizeof line, ui.cols * 2 / 3);
    size_t n = strlen(line);
    if (message && snprintf(line + n, sizeof line - n, " | %s", message) < 0) line[n] = 0;
    draw_message(line, at);
    return text_columns(line) < ui.cols ? (int)text_columns(line) : ui.cols;
}

int ui_draw_clocks(const Clock *clk)
{
    if (clock_spot.where == CLOCKS_PANEL) {
        clip_bottom = clock_spot.clip;
        draw_clock_lines(clk, clock_spot.y, clock_spot.x, clock_spot.width);
        clip_bottom = 1 << 20;
        return 0;
    }
    return draw_status_line(clk, "", A_NORMAL);
}

/* The panel's lines that the one status line leaves out and that never give way in the
 * panel, most needed first: the room's (its connection, the seats and who is in them, an
 * offer on the table), the game not saved, watching; then the note that the board is
 * turned to fit, the first the panel gives way of those it shows. Returns how many. */
static int status_extras(char (*lines)[ROOM_BRIEF_W], int max)
{
    int n = room_screen_brief(lines, max, ui.cols);
    if (ui.save_error[0] && n < max) snprintf(lines[n++], ROOM_BRIEF_W, "game NOT SAVED");
    if (ui.s->watching && n < max) snprintf(lines[n++], ROOM_BRIEF_W, "watching (read only)");
    if (ui.grid.fit_turn && n < max) turned_words(lines[n++], ROOM_BRIEF_W);
    return n;
}

/* The board with the status in one line under it (`below`: at the top, a blank row between;
 * else in the middle of the rows the line leaves), and in the rows still free below that
 * line the most needed of status_extras, so that a compact screen loses only what it has no
 * row for. */
static void draw_status_rows(int top, int area, bool below)
{
    char extra[8][ROOM_BRIEF_W];
    int k = status_extras(extra, 8), h = ui.grid.height;
    int free = area - h - 1 - (below ? 1 : 0);
    if (k > free) k = free > 0 ? free : 0;
    int y = below ? top + h + 1 : top + area - 1 - k;
    paint_board(below ? top : top + (area - 1 - k - h) / 2, (ui.cols - ui.grid.width) / 2);
    status_words();
    clock_spot.where = CLOCKS_LINE, clock_spot.y = y;
    draw_status_line(&ui.s->clock, NULL, A_BOLD);
    for (int i = 0; i < k; i++) draw_text_line(y + 1 + i, 0, ui.cols, extra[i], A_NORMAL);
}

/* Whether this drawing put the message in the panel: the message line then leaves it out,
 * as a message is shown once (the panel whole, the line only its start, cut). */
static bool message_in_panel_drawn;

/* A message too long for its line is shown in full at the bottom of the panel (when the
 * panel is tall enough to read there), below the turn and the notes (rows y on), before the
 * pieces and the moves, which get what rows it leaves; returns the rows left above it. A
 * message longer than the rows it gets ends with "..." on its last. */
static int status_message(int top, int y, int x, int width, int height)
{
    if ((text_columns(ui.message) <= ui.cols && !ui.message_in_panel) || !ui.message[0] ||
        height < 10 || room_screen_shows(ui.message))
        return height;
    static char parts[48][WRAP_LINE];
    char *msg[1] = {ui.message};
    int rows = text_wrap(msg, 1, parts, 48, width, 0), mrows = rows;
    int room = top + height - (y + 1); /* a blank row above it */
    if (mrows > room) mrows = room > 0 ? room : 0;
    if (!mrows) return height;
    if (mrows < rows && width > 3) {
        char *last = parts[mrows - 1];
        snprintf(last + text_fit(last, width - 3), WRAP_LINE - text_fit(last, width - 3), "...");
    }
    attr_t at = ui.message_is_error ? (ui.colour ? COLOR_PAIR(PAIR_ERROR) : A_BOLD) : 0;
    for (int i = 0; i < mrows; i++)
        draw_text_line(top + height - mrows + i, x, width, parts[i], at);
    message_in_panel_drawn = true;
    return height - (mrows + 1);
}

/* Whose turn it is in the position shown, or how the game ended; returns the next row. An
 * earlier position shown says so, and how the game itself stands (the clocks run for it). */
static int status_turn(int y, int x, int width, const Position *pos)
{
    const Game *g = &ui.s->game;
    char line[256];
    attr_t at = A_BOLD;
    if (ui.colour) at |= COLOR_PAIR(PAIR_SIDE + pos->stm);
    if (history_viewing()) {
        history_words(line, sizeof line);
        y = ui_draw_wrapped(y, x, width, line, A_REVERSE);
        snprintf(line, sizeof line, "%s to move there%s", g->v->player_name[pos->stm],
                 in_check(pos) ? ", CHECK" : "");
        y = ui_draw_wrapped(y, x, width, line, at);
        char game[200];
        game_words(game, sizeof game);
        snprintf(line, sizeof line, "game: %s", game);
        return ui_draw_wrapped(y, x, width, line, A_NORMAL);
    }
    game_words(line, sizeof line);
    return ui_draw_wrapped(y, x, width, line, g->result.over ? A_BOLD : at);
}

/* A view turned to fit, the clocks, the room, the states of the screen (watching, not saved,
 * thinking), the cell under the cursor or the mouse and the sides the computer plays;
 * returns the next row. */
static int status_notes(int y, int x, int width)
{
    const Session *s = ui.s;
    const Variant *v = s->game.v;
    char line[256];
    /* the view is not the one the help page promises: say so */
    if (ui.grid.fit_turn && panel_keeps(GIVE_TURNED)) {
        turned_words(line, sizeof line);
        y = ui_draw_wrapped(y, x, width, line, A_NORMAL);
    }
    y = draw_clocks(y, x, width);
    y = room_screen_status(y, x, width);
    if (s->watching) y = ui_draw_wrapped(y, x, width, "watching (read only)", A_BOLD);
    if (ui.save_error[0])
        y = ui_draw_wrapped(y, x, width, "game NOT SAVED",
                            ui.colour ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD);
    if (ui.thinking && panel_keeps(GIVE_THINKING)) {
        const char *doing = think_doing();
        snprintf(line, sizeof line, "%s...",
                 think_counting()             ? "counting perft"
                 : !strcmp(doing, "thinking") ? "computer thinking"
                                              : doing);
        y = ui_draw_wrapped(y, x, width, line, A_NORMAL);
    }
    Cell at = ui.cursor_on && ui.cursor ? ui.cursor : ui.hover;
    if (at && panel_keeps(GIVE_CELL)) {
        select_describe_cell(at, line, sizeof line);
        y = ui_draw_wrapped(y, x, width, line, A_UNDERLINE);
    }
    if (s->ai_players && panel_keeps(GIVE_COMPUTER)) {
        size_t n = (size_t)snprintf(line, sizeof line, "computer:");
        for (int p = 0; p < v->nplayers; p++)
            if (s->ai_players & (1u << p))
                n += (size_t)snprintf(line + n, sizeof line - n, " %s", v->player_name[p]);
        y = ui_draw_wrapped(y, x, width, line, A_NORMAL);
        if (panel_keeps(GIVE_LEVEL)) y = ui_draw_level(y, x, width);
    }
    return y;
}

/* Each side's lost pieces (or hand) and pool, or that it is out; returns the next row. */
static int status_pieces(int y, int x, int width, const Position *pos)
{
    const Game *g = &ui.s->game;
    const Variant *v = g->v;
    char line[256], buf[128], label[64];
    for (int p = 0; p < v->nplayers; p++) {
        if (v->nplayers > 2 && !(pos->alive & (1u << p))) {
            snprintf(line, sizeof line, "%s: out", v->player_name[p]);
            draw_text_line(y++, x, width, line, A_DIM);
            continue;
        }
        if (v->has_hands) {
            counts_line(g, pos->hand, p, buf, sizeof buf);
            snprintf(label, sizeof label, "%s hand:", v->player_name[p]);
        } else {
            lost_pieces(g, p, buf, sizeof buf);
            snprintf(label, sizeof label, "%s lost:", v->player_name[p]);
        }
        y = draw_pieces(y, x, width, label, buf);
        if (v->has_pools) {
            counts_line(g, pos->pool, p, buf, sizeof buf);
            y = draw_pieces(y, x, width, "  pool:", buf);
        }
    }
    return y;
}

/* The moves, a round per row (wrapped when a round is wider than the panel, as three
 * players' can be), the latest at the bottom, as many as fit in `room` rows. */
static void status_moves(int y, int x, int width, int room)
{
    const Game *g = &ui.s->game;
    if (room <= 0) return;
    static char rows[2048][96];
    int nrows = 0;
    for (int i = 0; i < history_plies() && nrows < 2048; i++) {
        const Ply *p = &g->plies[i];
        bool new_round = i == 0 || p->mover <= g->plies[i - 1].mover;
        size_t n = new_round ? 0 : strlen(rows[nrows - 1]);
        int col = width < 96 ? width : 95;
        if (new_round)
            snprintf(rows[nrows++], sizeof rows[0], "%3d.%s", p->undo.fullmove,
                     p->mover && i == 0 ? ".." : "");
        else if ((int)(n + 1 + strlen(p->san)) > col && nrows < 2048)
            snprintf(rows[nrows++], sizeof rows[0], "%4s", ""); /* the round goes on below */
        n = strlen(rows[nrows - 1]);
        /* a column of 8 when the round fits in the panel that way, else one blank apart */
        bool columns = 5 + 8 * g->v->nplayers <= col;
        snprintf(rows[nrows - 1] + n, sizeof rows[0] - n, columns ? " %-7s" : " %s", p->san);
    }
    int start = nrows > room ? nrows - room : 0;
    for (int i = start; i < nrows; i++) draw_text_line(y++, x, width, rows[i], A_NORMAL);
}

/* The title, whose turn it is and the notes; returns the next row. */
static int status_head(int top, int x, int width, bool with_title, const Position *pos)
{
    int y = top;
    if (with_title && panel_keeps(GIVE_TITLE))
        y = ui_draw_wrapped(y, x, width, ui.s->game.v->title, A_BOLD | A_UNDERLINE);
    y = status_turn(y, x, width, pos);
    return status_notes(y, x, width);
}

/* The panel: as few of its least needed lines left out as lets the rest, down to the pieces,
 * fit its rows (the moves and a long message get what is left); whatever still does not fit
 * is cut at its bottom, never drawn past it. */
static void draw_status(int top, int x, int width, int height, bool with_title)
{
    Position pos;
    history_position(&pos);
    measuring = true;
    for (given_way = 0; given_way < GIVE_ALL - 1; given_way++) {
        int y = status_head(top, x, width, with_title, &pos);
        if (status_pieces(y + panel_keeps(GIVE_GAP), x, width, &pos) <= top + height) break;
    }
    measuring = false;
    clip_bottom = top + height; /* nothing runs out of the panel */
    int y = status_head(top, x, width, with_title, &pos);
    height = status_message(top, y, x, width, height);
    clip_bottom = top + height; /* nothing runs into the message */
    y = status_pieces(y + panel_keeps(GIVE_GAP), x, width, &pos);
    status_moves(y + 1, x, width, top + height - (y + 1));
    given_way = 0;
}

static void draw_title(void)
{
    char text[256];
    snprintf(text, sizeof text, " cellmate: %.200s", ui.s->v->title);
    attr_t tat = ui.colour ? COLOR_PAIR(PAIR_TITLE) : A_REVERSE;
    attron(tat);
    mvhline(0, 0, ' ', ui.cols);
    const char *hint = "F1/? help ";
    int room = ui.cols - (int)strlen(hint) - 1;  /* the title's columns beside the hint */
    if (text_columns(text) > room && room >= 20) /* a long title gives way, marked cut */
        snprintf(text + text_fit(text, room - 3), sizeof text - text_fit(text, room - 3), "...");
    ui_put(0, 0, text, ui.cols);
    if (text_columns(text) <= room) mvaddstr(0, ui.cols - (int)strlen(hint), hint);
    attroff(tat);
}

/* No drawing fits: the terminal sizes that show the board, whatever this one's size (every
 * size no other beats both ways, plus the message and input lines: the title bar gives way),
 * from the top row, so that a tiny terminal still shows them. Whose turn it is goes first
 * in the message line (ui_draw), which even the smallest terminal keeps. */
static void draw_too_small(void)
{
    RenderSize s[RENDER_MAX_LAYOUTS];
    RenderOpts o = board_opts(0, 0);
    int n = render_min_sizes(ui.s->v, &o, s, RENDER_MAX_LAYOUTS);
    char sizes[RENDER_MAX_LAYOUTS * 24] = "", msg[sizeof sizes + 600];
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof sizes; i++) {
        const char *before = i == 0 ? "" : i < n - 1 ? ", " : " or ";
        used += (size_t)snprintf(sizes + used, sizeof sizes - used, "%s%dx%d", before, s[i].width,
                                 s[i].height + 2);
    }
    /* the sizes are the drawing's as it is now: the names in the cells and a view turned by
     * rotate change them, which is said, so that they do not seem to change by themselves */
    char now[128] = "";
    if (o.names || o.turn)
        snprintf(now, sizeof now, "with %s%s%s, ",
                 o.names ? "its cells' names shown (F2 hides them)" : "",
                 o.names && o.turn ? " and " : "", o.turn ? "the view turned by rotate" : "");
    if (n)
        snprintf(msg, sizeof msg,
                 "Too small for this board: %sit needs at least %s (columns x rows); this "
                 "terminal is %dx%d. Please enlarge it, or type quit.",
                 now, sizes, ui.cols, ui.rows);
    else /* a variant's board with no drawing at all */
        snprintf(msg, sizeof msg, "This board has no drawing; type quit.");
    static char parts[16][WRAP_LINE];
    char *one[1] = {msg};
    int rows = text_wrap(one, 1, parts, 16, ui.cols > 3 ? ui.cols - 2 : 1, 0);
    for (int i = 0; i < rows && i < ui.rows - 2; i++) ui_put(i, 1, parts[i], ui.cols - 1);
}

enum { PLACE_NONE, PLACE_ALONE, PLACE_LINE, PLACE_BELOW, PLACE_BESIDE, PLACES };

/* Four arrangements, tried in turn: the status beside the board (unless the board is drawn
 * better across the whole width, the status below it); the board across the whole width with
 * the status below it (the ring is wide and flat); the board with the status in one line
 * under it; the board alone. The board goes into ui.grid; returns which
 * arrangement fitted. */
/* How good a board's drawing is: not turned to fit, then its cells' size. */
static int drawing_rank(void)
{
    return (ui.grid.fit_turn ? 0 : 3) + ui.grid.scale;
}

#define PANEL_BELOW_ROWS 8 /* the least rows of a whole status panel below the board */

static int arrange(int top)
{
    int board_w = ui.cols - STATUS_W - 1, area = ui.rows - 2 - top;
    if (board_w >= 20 && layout_board(board_w, area)) {
        /* a tall, narrow terminal: the board across the whole width, the whole panel below
         * it, can be drawn better (at 60x60, outlined cells rather than Glinski's smallest) */
        int beside = drawing_rank();
        TextGrid kept = ui.grid; /* (kept aside, not drawn again, when it stays) */
        ui.grid = (TextGrid){0};
        if (beside < 5 && layout_board(ui.cols, area - PANEL_BELOW_ROWS - 1) &&
            drawing_rank() > beside) {
            textgrid_free(&kept);
            return PLACE_BELOW;
        }
        textgrid_free(&ui.grid);
        ui.grid = kept;
        return PLACE_BESIDE;
    }
    if (layout_board(ui.cols, area - 4)) return PLACE_BELOW;
    if (layout_board(ui.cols, area - 1)) return PLACE_LINE;
    if (layout_board(ui.cols, area)) return PLACE_ALONE;
    return PLACE_NONE;
}

/* How good an arrangement is: the board in the view asked for (not turned to fit)
 * first, then the status beside it rather than below, in a line, or missing. */
static int quality(int place)
{
    return place == PLACE_NONE ? 0 : (ui.grid.fit_turn ? 0 : PLACES) + place;
}

void ui_draw(void)
{
    getmaxyx(stdscr, ui.rows, ui.cols);
    erase();
    ui.too_small = false;
    clock_spot.where = CLOCKS_NONE;
    message_in_panel_drawn = false;
    /* the title line gives way when that one line gives the board a better arrangement, or
     * when nothing fits (draw_too_small has a row more) */
    int place = arrange(0), untitled = quality(place);
    int top = 1, board_w = ui.cols - STATUS_W - 1, area;
    bool alone = false; /* no status drawn: the message line says whose turn it is */
    if (quality(place = arrange(1)) < untitled || place == PLACE_NONE) place = arrange(top = 0);
    if (top) draw_title();
    area = ui.rows - 2 - top;
    if (place == PLACE_BESIDE) {
        paint_board(top + (area - ui.grid.height) / 2, (board_w - ui.grid.width) / 2);
        draw_status(top, board_w + 1, STATUS_W, area, !top);
    } else if (place == PLACE_BELOW && area - ui.grid.height - 1 >= PANEL_BELOW_ROWS) {
        paint_board(top, (ui.cols - ui.grid.width) / 2);
        draw_status(top + ui.grid.height + 1, 1, ui.cols - 2, area - ui.grid.height - 1, !top);
    } else if (place == PLACE_BELOW || place == PLACE_LINE) {
        /* (below, fewer rows than the panel's lines would all fit in: the one line) */
        draw_status_rows(top, area, place == PLACE_BELOW);
    } else if (place == PLACE_ALONE) {
        paint_board(top + (area - ui.grid.height) / 2, (ui.cols - ui.grid.width) / 2);
        alone = true;
    } else {
        ui.too_small = alone = true;
        draw_too_small();
    }
    clip_bottom = 1 << 20;
    if (ui.rows >= 2) {
        attr_t at =
            ui.message_is_error ? (ui.colour ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD) : A_NORMAL;
        if (alone) { /* no line for the status: whose turn it is and the running clock
                      * come first here */
            status_words();
            clock_spot.where = CLOCKS_MESSAGE;
            draw_status_line(&ui.s->clock, *ui.message ? ui.message : NULL, at);
        } else {
            draw_message(message_in_panel_drawn ? "" : ui.message, at);
        }
    }
    input_redisplay();
}

/* --- pages: help and long output ------------------------------------------------------------ */

/* The keys of a page, in the longest words that fit the width: scrolls down, and sideways
 * too (a drawing wider than the page). */
static const char *page_keys(bool scrolls, bool sideways)
{
    static const char *const words[3][4] = {
        {"any key closes", "any key", "", ""},
        {"space and arrows scroll, any other key closes", "space/arrows scroll, other keys close",
         "space: more, other: close", "space: more"},
        {"space and arrows scroll (Left/Right: sideways), other keys close",
         "arrows scroll, also sideways; other keys close", "arrows scroll; other keys close",
         "arrows scroll"}};
    int k = sideways ? 2 : scrolls, i = 0;
    while (i < 3 && *words[k][i + 1] && (int)strlen(words[k][i]) > ui.cols) i++;
    return words[k][i];
}

/* The lines of a page as safe_text shows them: a peer's chat line or a file's comment among
 * them (pgn of a room's game, of a loaded record) must not reach the terminal with a
 * bidirectional override that turns the page's text round. NULL when out of memory. */
static char **shown_lines(char **lines, int n)
{
    char **shown = calloc(n > 0 ? (size_t)n : 1, sizeof *shown);
    for (int i = 0; shown && i < n; i++) {
        size_t cap = strlen(lines[i]) * 4 + 1; /* a byte is shown in 4 at most (\xff) */
        if (!(shown[i] = malloc(cap))) {
            while (i > 0) free(shown[--i]);
            free(shown);
            return NULL;
        }
        safe_text(lines[i], shown[i], cap);
    }
    return shown;
}

void ui_show_lines(const char *title, char **lines, int n, bool drawing, bool newest)
{
    enum { PAGE_LINES = 2000 }; /* the wrapped lines a page holds at most */
    static char wrapped[PAGE_LINES][WRAP_LINE];
    int top = 0, left = 0, widest = 0;
    bool to_end = newest; /* its last page, once its length at this width is known */
    char **shown = shown_lines(lines, n);
    if (!shown) return;
    for (int i = 0; drawing && i < n; i++)
        if (text_columns(shown[i]) > widest) widest = text_columns(shown[i]);
    for (;;) {
        getmaxyx(stdscr, ui.rows, ui.cols);
        int width = ui.cols > 4 ? ui.cols - 2 : 2;
        int m = drawing ? n : text_wrap(shown, n, wrapped, PAGE_LINES, width, 4);
        int page = ui.rows - 2 > 1 ? ui.rows - 2 : 1;
        if (to_end) top = m - page;
        to_end = false;
        if (top > m - page) top = m - page;
        if (top < 0) top = 0;
        if (left > widest - width) left = widest - width;
        if (left < 0) left = 0;
        erase();
        attr_t tat = ui.colour ? COLOR_PAIR(PAIR_TITLE) : A_REVERSE;
        attron(tat);
        mvhline(0, 0, ' ', ui.cols);
        ui_put(0, 0, title, ui.cols);
        attroff(tat);
        for (int i = 0; i < page && top + i < m; i++) {
            const char *text = drawing ? shown[top + i] : wrapped[top + i];
            ui_put(1 + i, 1, text + text_fit(text, left), width);
        }
        attron(A_REVERSE);
        mvhline(ui.rows - 1, 0, ' ', ui.cols);
        mvaddnstr(ui.rows - 1, 0, page_keys(m > page, widest > width), ui.cols);
        attroff(A_REVERSE);
        refresh();
        int ch = getch();
        if (ui_should_quit()) break; /* a hang-up or signal while the page is open */
        if (ch == KEY_RESIZE || ch == ERR) continue;
        /* a page that scrolls: space past its end closes it, as a pager's does; the keys that
         * move in it never do (PageDown at the end stays there) */
        if (m > page && ch == ' ' && top + page >= m) {
            break;
        } else if (m > page && (ch == ' ' || ch == KEY_NPAGE)) {
            top += page - 1;
        } else if (m > page && (ch == KEY_HOME || ch == KEY_END)) {
            top = ch == KEY_HOME ? 0 : m - page;
        } else if (m > page && ch == KEY_DOWN) {
            top++;
        } else if (m > page && (ch == KEY_UP)) {
            top--;
        } else if (m > page && (ch == KEY_PPAGE || ch == 'b')) {
            top -= page - 1;
        } else if (widest > width && (ch == KEY_LEFT || ch == KEY_RIGHT)) {
            left += (ch == KEY_RIGHT ? 1 : -1) * (width / 2 > 1 ? width / 2 : 1);
        } else {
            break;
        }
    }
    for (int i = 0; i < n; i++) free(shown[i]);
    free(shown);
}

/* Where the board puts the players: the view on the screen, in words. */
static void view_help(char *out, size_t len)
{
    const Variant *v = ui.s->v;
    int p = session_view_player(ui.s);
    if (!ui.grid.text) {
        snprintf(out, len, "The board is not shown: the terminal is too small for it.");
        return;
    }
    const char *where = render_seat_words(v, ui.s->view_turn);
    char fitted[96] = "";
    if (ui.grid.fit_turn)
        snprintf(fitted, sizeof fitted, ", then turned %d degrees %s to fit the terminal",
                 abs(ui.grid.fit_turn), ui.grid.fit_turn < 0 ? "clockwise" : "anticlockwise");
    size_t n = (size_t)snprintf(out, len, "The board is drawn with %s's side %s%s. ",
                                v->player_name[p], where, fitted);
    if (n < len) render_describe(v, &ui.grid, out + n, len - n);
}

void ui_help(void)
{
    static char text[80][1200];
    char *lines[80];
    int n = 0;
    const Variant *v = ui.s->v;
#define ADD(...)                                                                                   \
    (n < 80 ? (snprintf(text[n], sizeof text[0], __VA_ARGS__), lines[n] = text[n], n++) : 0)
    ADD("%s", v->title);
    if (v->summary[0]) ADD("%s", v->summary);
    if (v->notes[0]) ADD("%s", v->notes);
    ADD("%s", "");
    /* examples from the game itself: its first legal move, short and long */
    char san[MOVE_TEXT_MAX] = "", lng[MOVE_TEXT_MAX] = "";
    MoveList ml;
    gen_legal(&ui.s->game.pos, &ml);
    if (ml.n) {
        move_san_bare(&ui.s->game.pos, ml.m[ml.n - 1], san);
        move_long(&ui.s->game.pos, ml.m[ml.n - 1], lng);
    }
    ADD("Type a move and press Enter, in short or long form (here: %s or %s)%s%s%s; a pawn "
        "move names only its cell, or its file letter and the cell when two pawns could go "
        "there.",
        *san ? san : "-", *lng ? lng : "-", v->has_hands ? ", drops like P@e4" : "",
        v->has_rifle ? ", K!Nd4 (the king takes without moving)" : "",
        v->ncastles ? ", O-O and O-O-O (castling)" : "");
    char view[1200];
    view_help(view, sizeof view);
    ADD("%s", view);
    ADD("Tab completes legal moves and commands; Up/Down recall earlier lines (Ctrl-P/Ctrl-N "
        "on an empty line).");
    ADD("Where can it go: type a cell and Tab or ? (e4 Tab), click a piece, or move the cursor "
        "with the arrow keys (on an empty line) and press Space: the piece's moves are marked "
        "* and its captures x. Type, click or Space one of them to play it; Esc puts the "
        "piece back.%s",
        v->has_hands ? " A piece in hand: its letter and @, then Tab (P@ Tab)." : "");
    ADD("Which cell is that: F2 (or 'names') writes every cell's name in it; a cell name and "
        "? flashes that cell; the cell under the cursor or the mouse is named in the status "
        "panel.");
    ADD("Going through the game (on an empty line): PgUp a move back, PgDn a move forward, Home "
        "the start, End the game as it is; the game does not change. A move entered there is "
        "asked about, and entered again continues the game from the position shown (the later "
        "moves are taken back).");
    ADD("go, hint, analyse, perft and the computer's turns: the message line shows the search "
        "as it goes (depth, best move so far, time left; analyse's lines so far in the status "
        "panel), or how far perft has counted. Any key stops it (the best move so far counts; "
        "perft says how far it got) and also begins the next line typed; Esc only stops it.");
    ADD("F1 or ? (on an empty line) shows this page. Ctrl-C saves the game and quits (while "
        "perft counts, it stops the count).");
    ADD("%s", "");
    ADD("Commands:");
    for (const Command *c = session_commands; c->name; c++) {
        const char *args, *help; /* (in a room, its words there) */
        if (!session_command_words(ui.s, c, &args, &help)) continue;
        char head[40];
        snprintf(head, sizeof head, "%s%s%s", c->name, *args ? " " : "", args);
        ADD("  %-16s %s", head, help);
    }
    ADD("%s", "");
    if (v->nplayers == 2)
        ADD("Pieces (upper case: %s; lower case: %s):", v->player_name[0], v->player_name[1]);
    else
        ADD("Pieces (the letter before each piece tells its side: %c %s, %c %s, %c %s):",
            v->player_letter[0], v->player_name[0], v->player_letter[1], v->player_name[1],
            v->player_letter[2], v->player_name[2]);
    for (int k = 1; k <= v->ntypes; k++) {
        char how[480];
        movelang_describe(v, &v->type[k], how, sizeof how);
        ADD("  %c %s: %s", v->type[k].letter, v->type[k].name, how);
    }
#undef ADD
    ui_show_lines(" cellmate help", lines, n, false, false);
}
