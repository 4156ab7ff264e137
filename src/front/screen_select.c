/* screen_select.c — pointing at the board: a piece picked up (by its cell name and Tab or
 * '?', a click, or the keyboard cursor and Space) lights up where it can go, captures apart
 * from quiet moves, and choosing one of those cells plays the move as a typed line; a piece
 * in hand is picked up as "P@"; a cell asked for by name is flashed; the cursor moves from
 * cell to cell in the direction of the arrow key. The moves come from the rules core and are
 * played through the session like any typed line. */
#include "screen_int.h"

#include "steady.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FLASH_SECONDS 3

/* The legal moves of the piece picked up: from its cell, or the drops of its kind. */
static int picked_moves(Move *out, int max)
{
    const Game *g = &ui.s->game;
    MoveList ml;
    int n = 0;
    if (g->result.over || (!ui.sel_from && !ui.sel_drop)) return 0;
    Position pos = g->pos;
    gen_legal(&pos, &ml);
    for (int i = 0; i < ml.n && n < max; i++) {
        const Move *m = &ml.m[i];
        bool drop = m->kind == MOVE_DROP;
        if (ui.sel_from ? !drop && m->from == ui.sel_from : drop && m->promo == ui.sel_drop)
            out[n++] = *m;
    }
    return n;
}

/* Whether a move takes something: where it lands, or beside it (en passant, Peanut's king). */
static bool takes(const Position *pos, Move m)
{
    if (m.kind == MOVE_EP || m.kind == MOVE_RIFLE) return true;
    Piece p = pos->board[m.to];
    return m.kind != MOVE_EXCHANGE && m.kind != MOVE_CASTLE && p && PIECE_OWNER(p) != pos->stm;
}

void select_marks(uint8_t *marks)
{
    Move moves[MAX_MOVES];
    int n = picked_moves(moves, MAX_MOVES);
    memset(marks, 0, MAX_CELLS + 1);
    if (ui.sel_from) marks[ui.sel_from] |= MARK_SELECTED;
    for (int i = 0; i < n; i++)
        marks[moves[i].to] |= takes(&ui.s->game.pos, moves[i]) ? MARK_CAPTURE : MARK_MOVE;
    if (ui.flash && steady_now() < ui.flash_until) marks[ui.flash] |= MARK_FLASH;
    if (ui.cursor_on && ui.cursor) marks[ui.cursor] |= MARK_CURSOR;
}

bool select_flashing(void)
{
    if (ui.flash && steady_now() >= ui.flash_until) {
        ui.flash = NO_CELL;
        return true; /* just ended: worth a redraw */
    }
    return false;
}

void select_clear(void)
{
    ui.sel_from = NO_CELL;
    ui.sel_drop = 0;
}

/* Mark c for a few seconds (select_flashing ends it). */
static void flash_cell(Cell c)
{
    ui.flash = c;
    ui.flash_until = steady_now() + FLASH_SECONDS;
}

static const char *cell_name(Cell c)
{
    return ui.s->v->board.name[c];
}

/* "e4: White Knight" or "e4: empty". */
void select_describe_cell(Cell c, char *out, size_t len)
{
    const Variant *v = ui.s->v;
    Position shown; /* the position on the screen, maybe an earlier one */
    history_position(&shown);
    Piece p = shown.board[c];
    if (!p)
        snprintf(out, len, "%s: empty", cell_name(c));
    else
        snprintf(out, len, "%s: %s %s", cell_name(c), v->player_name[PIECE_OWNER(p)],
                 v->type[PIECE_KIND(p)].name);
}

/* How many cells the picked-up piece can go to, and take on: a promotion's choices are one
 * cell marked, so they count once. */
static void say_picked(int n)
{
    Move moves[MAX_MOVES];
    bool seen[MAX_CELLS + 1] = {false};
    int captures = 0, cells = 0;
    picked_moves(moves, MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (seen[moves[i].to]) continue;
        seen[moves[i].to] = true;
        cells++;
        captures += takes(&ui.s->game.pos, moves[i]);
    }
    n = cells;
    const Variant *v = ui.s->v;
    char what[64];
    if (!ui.sel_from) { /* a piece in hand goes down on an empty cell: drops, no captures */
        ui_set_message(false, "%s in hand: %d drop%s (*); pick a cell, Esc cancels",
                       v->type[ui.sel_drop].name, n, n == 1 ? "" : "s");
        return;
    }
    snprintf(what, sizeof what, "%s %s", cell_name(ui.sel_from),
             v->type[PIECE_KIND(ui.s->game.pos.board[ui.sel_from])].name);
    ui_set_message(false, "%s: %d move%s (*), %d capture%s (x); pick a cell, Esc cancels", what,
                   n - captures, n - captures == 1 ? "" : "s", captures, captures == 1 ? "" : "s");
}

/* Pick up the piece on c. False (with a message) when it is not the side to move's or
 * cannot move. */
static bool pick_cell(Cell c)
{
    const Position *pos = &ui.s->game.pos;
    Piece p = pos->board[c];
    Move moves[MAX_MOVES];
    select_clear();
    if (ui.s->game.result.over) {
        ui_set_message(true, "the game is over");
        return false;
    }
    if (!p || PIECE_OWNER(p) != pos->stm) {
        char d[96];
        select_describe_cell(c, d, sizeof d);
        ui_set_message(false, "%s (not a piece of %s, who is to move)", d,
                       ui.s->v->player_name[pos->stm]);
        return false;
    }
    ui.sel_from = c;
    int n = picked_moves(moves, MAX_MOVES);
    if (!n) {
        char why[NOTE_ERR_MAX];
        select_clear();
        move_none_text(pos, c, why, sizeof why);
        ui_set_message(true, "%s", why);
        return false;
    }
    say_picked(n);
    return true;
}

static bool pick_drop(int kind)
{
    Move moves[MAX_MOVES];
    select_clear();
    ui.sel_drop = kind;
    int n = picked_moves(moves, MAX_MOVES);
    if (!n) {
        select_clear();
        ui_set_message(true, "no %s of %s's hand can be dropped now", ui.s->v->type[kind].name,
                       ui.s->v->player_name[ui.s->game.pos.stm]);
        return false;
    }
    say_picked(n);
    return true;
}

/* The move of the picked-up piece to c in its long form, into text: how many moves go
 * there (0: c is not one of its targets; more than one: a promotion, the text then ends at
 * its '=', and the input line is left for the piece's letter). Puts the piece back when c
 * is a target. */
static int move_to(Cell c, char text[MOVE_TEXT_MAX])
{
    Move moves[MAX_MOVES];
    int n = picked_moves(moves, MAX_MOVES), found = 0, last = -1;
    for (int i = 0; i < n; i++)
        if (moves[i].to == c) found++, last = i;
    if (!found) return 0;
    move_long(&ui.s->game.pos, moves[last], text);
    select_clear();
    if (found > 1) {
        char *eq = strchr(text, '='), choices[MSG_MAX / 2] = "";
        size_t used = 0;
        const Variant *v = ui.s->v;
        for (int i = 0; i < n && used < sizeof choices; i++) /* "Q Queen, R Rook, ..." */
            if (moves[i].to == c && moves[i].promo)
                used += (size_t)snprintf(choices + used, sizeof choices - used, "%s%c %s",
                                         used ? ", " : "", v->type[moves[i].promo].letter,
                                         v->type[moves[i].promo].name);
        if (eq) eq[1] = 0;
        input_set_line(text);
        ui_set_message(false, "type the piece to promote to%s%s%s, then Enter", used ? " (" : "",
                       choices, used ? ")" : "");
    }
    return found;
}

/* The move of the picked-up piece to c, played as a typed line; a promotion leaves the line
 * to be finished. False when c is not one of its targets. */
static bool play_to(Cell c)
{
    char text[MOVE_TEXT_MAX];
    int found = move_to(c, text);
    if (found == 1) screen_line(text);
    return found > 0;
}

void select_point(Cell c)
{
    if (!c) return;
    if (history_viewing()) {
        ui_set_message(true, "an earlier position is shown: End returns to the game");
        return;
    }
    if (ui.sel_from == c) {
        select_clear();
        ui_set_message(false, "%s put back", cell_name(c));
        return;
    }
    if ((ui.sel_from || ui.sel_drop) && play_to(c)) return;
    Piece p = ui.s->game.pos.board[c];
    if ((ui.sel_from || ui.sel_drop) && !(p && PIECE_OWNER(p) == ui.s->game.pos.stm)) {
        ui_set_message(true, "%s is not a cell it can go to", cell_name(c));
        return;
    }
    pick_cell(c);
}

/* A name typed on the input line, then Tab or '?': a cell picks up what stands there (or,
 * when that is not a piece that can move, flashes the cell: a piece of the side to move
 * with no legal move keeps pick_cell's message, which says so), "P@" or "P*" a piece of the
 * hand. False when the text is neither, so the key does its usual work. */
bool select_by_name(const char *text)
{
    const Variant *v = ui.s->v;
    while (*text == ' ') text++;
    size_t len = strlen(text);
    while (len && text[len - 1] == ' ') len--;
    if (len == 2 && (text[1] == '@' || text[1] == '*')) {
        int kind = v->kind_of_letter[(unsigned char)toupper((unsigned char)text[0])];
        if (!kind || !v->has_hands) return false;
        if (history_viewing())
            ui_set_message(true, "an earlier position is shown: End returns to the game");
        else
            pick_drop(kind);
        return true;
    }
    char name[CELL_NAME_MAX];
    if (len == 0 || len >= sizeof name) return false;
    memcpy(name, text, len);
    name[len] = 0;
    Cell c = board_cell(&v->board, name);
    if (!c) return false;
    Piece p = ui.s->game.pos.board[c];
    if (p && PIECE_OWNER(p) == ui.s->game.pos.stm && !ui.s->game.result.over &&
        !history_viewing()) {
        if (!pick_cell(c)) flash_cell(c);
        return true;
    }
    select_clear();
    select_flash(c);
    return true;
}

void select_flash(Cell c)
{
    char d[96];
    flash_cell(c);
    select_describe_cell(c, d, sizeof d);
    ui_set_message(false, "%s", d);
}

/* A line entered while a piece is picked up that names one of its targets plays that move
 * (so "e5" goes where the picked-up knight can, not to a pawn move): its long form goes to
 * out; a promotion leaves out empty and the input line to be finished, as a click does.
 * False to run the line as it is; a cell name puts the piece back, other lines (a command)
 * leave it picked up. */
bool select_line(const char *line, char out[MOVE_TEXT_MAX])
{
    Cell c = board_cell(&ui.s->v->board, line);
    if ((!ui.sel_from && !ui.sel_drop) || !c) return false;
    int found = move_to(c, out);
    select_clear();
    if (found > 1) out[0] = 0;
    return found > 0;
}

/* --- the cursor ---------------------------------------------------------------------------- */

/* Where the cursor starts: the picked-up piece, else the royal piece of the side to move,
 * else the cell nearest the middle of the drawing. */
static Cell cursor_start(void)
{
    const Position *pos = &ui.s->game.pos;
    if (ui.sel_from) return ui.sel_from;
    if (pos->royal[pos->stm]) return pos->royal[pos->stm];
    return 1;
}

/* Whether two cells share a side (one orthogonal step, 'W', apart). */
static bool face_neighbours(Cell a, Cell b)
{
    const Board *board = &ui.s->v->board;
    for (int d = 0; d < board->ndirs; d++)
        if (board->dir[d].atom == 'W' && board_step(board, a, d) == b) return true;
    return false;
}

/* Move the cursor to the nearest cell whose middle lies in the direction (dy, dx) on the
 * screen, within 60 degrees of it, preferring cells near the line; rows count double, being
 * twice as tall as columns are wide. Up and Down with no cell so near the line go to the
 * nearest cell of the next row up or down that has one: at the end of a row whose neighbour
 * is shorter (Chessagon's, a hexagon's edge) the cursor went no further. The first arrow key
 * only shows the cursor. */
void cursor_move(int dy, int dx)
{
    if (!ui.grid.text) return;
    if (!ui.cursor_on || !ui.cursor) {
        ui.cursor_on = true;
        ui.cursor = cursor_start();
        return;
    }
    int r0, c0;
    if (!textgrid_cell_centre(&ui.grid, ui.cursor, &r0, &c0) || (!dx && !dy)) return;
    Cell best = NO_CELL, next_row = NO_CELL;
    bool best_beside = false;
    double best_cost = 1e9, unit = hypot(dx, 2.0 * dy);
    int next_rows = 0, next_cols = 0;
    for (int c = 1; c <= ui.s->v->board.ncells; c++) {
        int r, col;
        if (c == ui.cursor || !textgrid_cell_centre(&ui.grid, (Cell)c, &r, &col)) continue;
        int rows = (r - r0) * dy, cols = abs(col - c0);
        if (!dx && rows > 0 &&
            (!next_row || rows < next_rows || (rows == next_rows && cols < next_cols)))
            next_row = (Cell)c, next_rows = rows, next_cols = cols;
        double x = col - c0, y = 2.0 * (r - r0), dist = hypot(x, y);
        double along = (x * dx + y * 2.0 * dy) / unit;
        if (along <= 0 || along < dist * 0.5) continue;
        double cost = dist + sqrt(fmax(0, dist * dist - along * along));
        /* Left and Right go first to a cell sharing a side with the cursor's, no steeper
         * than 45 degrees: on upright triangles the next one in the row points the other
         * way, its middle a row higher or lower, and the one after it (on the cursor's row)
         * was nearer in a straight line, so every other cell was skipped */
        bool beside = !dy && fabs(y) <= fabs(x) && face_neighbours(ui.cursor, (Cell)c);
        if (beside > best_beside || (beside == best_beside && cost < best_cost))
            best_cost = cost, best = (Cell)c, best_beside = beside;
    }
    if (!best) best = next_row;
    if (best) ui.cursor = best;
}

void cursor_press(void)
{
    if (!ui.cursor_on || !ui.cursor) {
        cursor_move(0, 0);
        return;
    }
    select_point(ui.cursor);
}

void cursor_hide(void)
{
    ui.cursor_on = false;
}

/* A game of another variant: its cells are other cells, so the cursor (and what the panel
 * names under it) starts afresh, as on a new screen. */
void cursor_follow_variant(void)
{
    const char *name = ui.s->v->name;
    if (!strcmp(ui.cursor_variant, name)) return;
    snprintf(ui.cursor_variant, sizeof ui.cursor_variant, "%s", name);
    ui.cursor_on = false;
    ui.cursor = ui.hover = ui.flash = NO_CELL;
}
