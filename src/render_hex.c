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
    Cell first, second;
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
    Line l = {0, NO_CELL, NO_CELL, true, true};
    int o1 = 0, o2 = 0;
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

/* The step from a line's second cell to its first, which leads off the board. In a flat
 * drawing a half step also moves one text row; the label then stays on the first cell's
 * row, where no cell can be (cells of neighbouring files sit on the rows between). A line of
 * one cell borrows the step of the nearest longer line. */
static bool line_step(const Board *b, const Spot *at, int by, int key, bool flat, Spot *d)
{
    for (int dist = 0; dist < MAX_KEY; dist++)
        for (int sign = -1; sign <= 1; sign += 2) {
            Line l = line_of(b, at, by, key + sign * dist);
            if (l.n < 2) continue;
            d->row = at[l.first].row - at[l.second].row;
            d->col = at[l.first].col - at[l.second].col;
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

static void hex_labels(Sketch *k, const Ctx *x, const Spot *at, bool flat, bool trim)
{
    const Board *b = x->b;
    Box cells = bounds(k), all = cells;
    int cls[2] = {line_class(b, at, BY_LETTER), line_class(b, at, BY_NUMBER)};
    /* slanted lines first, next to the cells; the margins then go outside them */
    for (int pass = 0; pass < 2; pass++) {
        for (int by = BY_LETTER; by <= BY_NUMBER; by++) {
            if ((cls[by] == LINES_SLANT) != (pass == 0)) continue;
            for (int key = 0; key < MAX_KEY; key++) {
                Line l = line_of(b, at, by, key);
                char t[4];
                Spot d, f = at[l.first];
                if (!l.n) continue;
                label_text(b, by, key, t);
                if (cls[by] == LINES_ROW) {
                    put_label_right(k, f.row, all.c0 - 2, t);
                } else if (cls[by] == LINES_COLUMN) {
                    put_label_right(k, cells.r1 + 1, anchor(x, f), t);
                } else if (line_step(b, at, by, key, flat, &d)) {
                    int row = f.row + d.row, col = anchor(x, f) + d.col, len = (int)strlen(t);
                    /* rows of a pointy drawing are files or ranks, labelled in the margin:
                     * a label beside one would read as a cell name, so go on to the edge */
                    for (; !flat && d.row && row >= cells.r0 && row <= cells.r1; row += d.row)
                        col += d.col;
                    if (trim && (col - len + 1 < cells.c0 || col > cells.c1)) continue;
                    if (d.col > 0) col += len - 1; /* right of the board: grow rightwards */
                    put_label_right(k, row, col, t);
                }
            }
        }
        all = bounds(k);
    }
}

static bool draw_hex(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int angle = norm_angle(x->v->view_rotate + (x->o.flip ? 180 : 0) + l->turn);
    bool flat = drawn_flat(b, angle);
    Spot at[MAX_CELLS + 1] = {{0, 0}};
    if (!flat && l->pitch != 4) return false;            /* a pointy drawing has one spacing only */
    if (l->trim && (flat || !x->o.coords)) return false; /* nothing to trim */
    for (int c = 1; c <= b->ncells; c++) {
        int u, w;
        hex_turn(b, (Cell)c, angle, &u, &w);
        at[c] = (Spot){-w, u * (flat ? l->pitch : 2)};
        put_token(k, x, (Cell)c, at[c]);
    }
    if (x->o.coords) hex_labels(k, x, at, flat, l->trim);
    return true;
}

/* Its usual turn (with fewer labels, then narrower), then a quarter turn clockwise: files
 * become rows, which is how the 127-cell board fits 24 lines. */
static const Layout hex_layouts[] = {
    {0, 4, false},   {0, 4, true},   {0, 3, false},   {0, 2, false},
    {-90, 4, false}, {-90, 4, true}, {-90, 3, false}, {-90, 2, false},
};

const RenderFamily render_hex = {hex_layouts, sizeof hex_layouts / sizeof hex_layouts[0], draw_hex};
