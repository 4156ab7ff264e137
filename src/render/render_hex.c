/* render_hex.c — hexagon boards drawn as text: each cell a token at its doubled coordinates,
 * in the flat frame (files vertical) or the pointy one (ranks horizontal), turned by any
 * multiple of 30 degrees; files and ranks labelled where they meet the edge. */
#include "render_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- hex boards --------------------------------------------------------------------------- */

/* A turned hex board is flat (files vertical) or pointy (ranks horizontal) again: every 30
 * degrees it changes. */
static bool drawn_flat(const Board *b, int angle)
{
    return (b->spec.frame == FRAME_FLAT) == (angle / 30 % 2 == 0);
}

/* Native doubled coordinates -> the doubled coordinates of the turned drawing: through the
 * plane (cell spacing sqrt 3), rotated, and back onto the drawn frame's lattice. */
static void hex_turn(const Board *b, Cell c, int angle, int *u, int *w)
{
    const double h = sqrt(3.0) / 2, t = angle * M_PI / 180;
    bool flat = b->spec.frame == FRAME_FLAT;
    double X = flat ? 1.5 * b->x[c] : h * b->x[c], Y = flat ? h * b->y[c] : 1.5 * b->y[c];
    double X2 = X * cos(t) - Y * sin(t), Y2 = X * sin(t) + Y * cos(t);
    bool out_flat = drawn_flat(b, angle);
    *u = (int)lround(out_flat ? X2 / 1.5 : X2 / h);
    *w = (int)lround(out_flat ? Y2 / h : Y2 / 1.5);
}

/* Labels: a cell name is a letter (its file) and a number (its rank). A file or rank that
 * lies on one text row is labelled in the left margin, one on a single text column below the
 * board; any other line (slanted lines, Glinski's bent ranks) beyond its first cell, where
 * it enters the board. */
enum { BY_LETTER, BY_NUMBER };
enum { LINES_ROW, LINES_COLUMN, LINES_SLANT };
#define MAX_KEY 100

typedef struct {
    int n;
    Cell first, second; /* the two cells lowest in order, where the line starts */
    Cell last, before;  /* the two highest, where it ends */
    bool one_row, one_col;
} Line;

static void cell_key(const Board *b, Cell c, int by, int *key, int *order)
{
    const char *p = strchr(b->spec.letters, b->name[c][0]);
    int letter = p ? (int)(p - b->spec.letters) : 0, number = atoi(b->name[c] + 1);
    *key = by == BY_LETTER ? letter : number;
    *order = by == BY_LETTER ? number : letter;
}

static Line line_of(const Board *b, const Spot *at, int by, int key)
{
    Line l = {0, NO_CELL, NO_CELL, NO_CELL, NO_CELL, true, true};
    int o1 = 0, o2 = 0, o3 = 0, o4 = 0;
    for (int c = 1; c <= b->ncells; c++) {
        int k, o;
        cell_key(b, (Cell)c, by, &k, &o);
        if (k != key) continue;
        if (l.n && at[c].row != at[l.first].row) l.one_row = false;
        if (l.n && at[c].col != at[l.first].col) l.one_col = false;
        if (!l.n || o < o1) {
            l.second = l.first, o2 = o1;
            l.first = (Cell)c, o1 = o;
        } else if (!l.second || o < o2) {
            l.second = (Cell)c, o2 = o;
        }
        if (!l.n || o > o3) {
            l.before = l.last, o4 = o3;
            l.last = (Cell)c, o3 = o;
        } else if (!l.before || o > o4) {
            l.before = (Cell)c, o4 = o;
        }
        l.n++;
    }
    return l;
}

static int line_class(const Board *b, const Spot *at, int by)
{
    bool rows = true, cols = true;
    for (int key = 0; key < MAX_KEY; key++) {
        Line l = line_of(b, at, by, key);
        if (l.n < 2) continue;
        rows = rows && l.one_row;
        cols = cols && l.one_col;
    }
    return rows ? LINES_ROW : cols ? LINES_COLUMN : LINES_SLANT;
}

/* The step from a line's second cell to its first (or from the one before its last to its
 * last), which leads off the board. In a flat drawing a half step also moves text rows; the
 * label then stays on the end cell's row, where no cell can be (cells of neighbouring files
 * sit on the rows between). A line of one cell borrows the step of the nearest longer line. */
static bool line_step(const Board *b, const Spot *at, int by, int key, bool end, bool flat, Spot *d)
{
    for (int dist = 0; dist < MAX_KEY; dist++)
        for (int sign = -1; sign <= 1; sign += 2) {
            Line l = line_of(b, at, by, key + sign * dist);
            if (l.n < 2) continue;
            Cell from = end ? l.before : l.second, to = end ? l.last : l.first;
            d->row = at[to].row - at[from].row;
            d->col = at[to].col - at[from].col;
            if (flat && d->row && d->col) d->row = 0;
            return true;
        }
    return false;
}

static void label_text(const Board *b, int by, int key, char *t)
{
    if (by == BY_LETTER)
        snprintf(t, 4, "%c", b->spec.letters[key]);
    else
        snprintf(t, 4, "%d", key);
}

/* A label one step beyond a slanted line's end, or beyond its start. */
static void label_beyond(Sketch *k, const Spot *at, Box cells, const Line *l, int by, int key,
                         bool end, bool flat, bool trim, const Board *b, const char *t)
{
    int first_row = at[1].row, last_row = at[1].row;
    for (int c = 2; c <= b->ncells; c++) {
        if (at[c].row < first_row) first_row = at[c].row;
        if (at[c].row > last_row) last_row = at[c].row;
    }
    Spot d, f = at[end ? l->last : l->first];
    if (!line_step(b, at, by, key, end, flat, &d)) return;
    int row = f.row + d.row, col = f.col + d.col, len = (int)strlen(t);
    /* rows of a pointy drawing are files or ranks, labelled in the margin: a label beside
     * one would read as a cell name, so go on to the edge; at the line's far end only when
     * it leaves through the top or bottom row there, not through a side */
    if (end && !flat && d.row && row >= first_row && row <= last_row) return;
    for (; !flat && d.row && row >= cells.r0 && row <= cells.r1; row += d.row) col += d.col;
    if (trim && (col - len + 1 < cells.c0 || col > cells.c1)) return;
    if (d.col > 0) col += len - 1; /* right of the board: grow rightwards */
    /* outlined cells: the first step may land on an edge; the next is clear of it */
    for (int tries = 0; tries < 2 && occupied(k, row, col - len, len + 2); tries++)
        col += d.col ? (d.col > 0 ? 2 : -2) : 0;
    put_label_right(k, row, col, t);
}

/* Lines along one text row get a label just before their first cell and one just after
 * their last; lines down one text column a label
 * below the board; other lines (slanted lines, Glinski's bent ranks) one at either end, just
 * beyond the cell there. `at` holds each cell's middle. */
static void hex_labels(Sketch *k, const Ctx *x, const Spot *at, bool flat, bool trim, int scale)
{
    const Board *b = x->b;
    Box cells = bounds(k);
    int cls[2] = {line_class(b, at, BY_LETTER), line_class(b, at, BY_NUMBER)};
    /* slanted lines first, next to the cells; the margins then go outside them */
    for (int pass = 0; pass < 2; pass++) {
        for (int by = BY_LETTER; by <= BY_NUMBER; by++) {
            if ((cls[by] == LINES_SLANT) != (pass == 0)) continue;
            for (int key = 0; key < MAX_KEY; key++) {
                Line l = line_of(b, at, by, key);
                char t[4];
                if (!l.n) continue;
                label_text(b, by, key, t);
                if (cls[by] == LINES_ROW) {
                    int left = at[l.first].col, right = left;
                    for (int c = 1; c <= b->ncells; c++) {
                        int key2, order;
                        cell_key(b, (Cell)c, by, &key2, &order);
                        if (key2 != key) continue;
                        if (at[c].col < left) left = at[c].col;
                        if (at[c].col > right) right = at[c].col;
                    }
                    put_label_right(k, at[l.first].row, left - (scale ? 4 : 2 + x->tw), t);
                    if (!trim) put_label(k, at[l.first].row, right + (scale ? 4 : 3), t);
                } else if (cls[by] == LINES_COLUMN) {
                    put_label_right(k, cells.r1 + 1, at[l.first].col + (int)strlen(t) / 2, t);
                } else {
                    label_beyond(k, at, cells, &l, by, key, false, flat, trim, b, t);
                    label_beyond(k, at, cells, &l, by, key, true, flat, trim, b, t);
                }
            }
        }
    }
}

/* --- the cells ------------------------------------------------------------------------------ */

/* An outlined flat cell (edges along the top and bottom): h rows per half step, a top edge of
 * t underscores from column X on row T; the widest rows are t + 2 columns inside. Neighbours
 * share edges: files are t + h columns apart, a half step is h rows. The piece sits on the
 * middle row (the top one when h is 1), the name below it. */
static void flat_cell(Sketch *k, const Ctx *x, Cell c, int T, int X, int h, int t, Spot *mid)
{
    for (int i = 0; i < t; i++) put_line(k, T, X + i, '_'), put_line(k, T + 2 * h, X + i, '_');
    for (int i = 0; i < h; i++) {
        put_line(k, T + 1 + i, X - 1 - i, '/');
        put_line(k, T + 1 + i, X + t + i, '\\');
        put_line(k, T + 1 + h + i, X - h + i, '\\');
        put_line(k, T + 1 + h + i, X + t + h - 1 - i, '/');
    }
    int piece_row = T + h, wide = h > 1 ? 2 : 0;
    for (int r = T + 1; r < T + 2 * h; r++) {
        int extra = r > T + 1 ? wide / 2 : 0; /* rows below the first are wider */
        if (r == piece_row)
            put_inside(k, x, c, r, X - extra, t + 2 * extra);
        else if (r == piece_row + 1 && x->o.names && h > 1)
            put_name(k, x, c, r, X - extra, t + 2 * extra);
        else
            for (int i = -extra; i < t + extra; i++) put(k, r, X + i, ' ', cell_attr(x, c), 0, c);
    }
    *mid = (Spot){piece_row, X + (t - 1) / 2};
}

static bool draw_hex(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    bool flat = drawn_flat(b, x->angle);
    Spot mid[MAX_CELLS + 1] = {{0, 0}};
    if (l->scale == 0 && !flat && l->pitch != 4) return false; /* pointy: one spacing only */
    if (l->trim && (flat || !x->o.coords)) return false;       /* nothing to trim */
    for (int c = 1; c <= b->ncells; c++) {
        int u, w, h = l->scale, t = 2 * l->scale + 1;
        hex_turn(b, (Cell)c, x->angle, &u, &w);
        if (l->scale == 0) {
            Spot at = {-w, u * (flat ? l->pitch : 2)};
            put_token(k, x, (Cell)c, at);
            mid[c] = (Spot){at.row, anchor(x, at)};
        } else if (flat) {
            flat_cell(k, x, (Cell)c, -w * h, u * (t + h), h, t, &mid[c]);
        } else {
            int R = -w * (l->scale + 1), C = u * 2;
            put_pointy_cell(k, x, (Cell)c, R, C, l->scale);
            mid[c] = (Spot){R, C + 1};
        }
    }
    if (x->o.coords) hex_labels(k, x, mid, flat, l->trim, l->scale);
    return true;
}

/* Outlined cells where there is room, the compact tokens (with fewer labels, then narrower),
 * then all of it a quarter turn clockwise: files become rows, which is how the 127-cell board
 * fits 24 lines. */
static const Layout hex_layouts[] = {
    {0, 2, 0, false},  {0, 1, 0, false},   {0, 0, 4, false},   {0, 0, 4, true},
    {0, 0, 3, false},  {0, 0, 2, false},   {-90, 1, 0, false}, {-90, 0, 4, false},
    {-90, 0, 4, true}, {-90, 0, 3, false}, {-90, 0, 2, false},
};

const RenderFamily render_hex = {forward_seat_angle, 60,
                                 hex_layouts,        sizeof hex_layouts / sizeof hex_layouts[0],
                                 draw_hex,           NULL};
