/* render_hex.c — hexagon boards drawn as text: each cell a token at its doubled coordinates,
 * in the flat frame (files vertical) or the pointy one (ranks horizontal), turned by any
 * multiple of 30 degrees (30 clockwise when the board does not fit upright); files and ranks
 * labelled where they leave the board, bent ranks in their bends too. */
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
 * lies on one text row is labelled in the margins, one on a single text column below the
 * board; any other line (slanted lines, Glinski's bent ranks) one step beyond where it leaves
 * the board (slant_labels). */
enum { BY_LETTER, BY_NUMBER };
enum { LINES_ROW, LINES_COLUMN, LINES_SLANT };
#define MAX_KEY 100

typedef struct {
    int n;
    Cell first, second; /* the two cells lowest in order, where the line starts */
    Cell last, before;  /* the two highest, where it ends */
    bool one_row, one_col;
} Line;

/* A cell's file or rank (by), and the other one, which orders the cells along that line. */
static void cell_key(const Board *b, Cell c, int by, int *key, int *order)
{
    *key = by == BY_LETTER ? b->file[c] : b->rank[c];
    *order = by == BY_LETTER ? b->rank[c] : b->file[c];
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

/* Whether a line's cells do not all lie on one straight line of the drawing (Glinski's
 * ranks; the Horn Rimmed board's, turned): each arm then wants its own label. */
static bool line_bent(const Board *b, const Spot *at, int by, int key, const Line *l)
{
    Spot a = at[l->first], z = at[l->last];
    for (int c = 1; c <= b->ncells; c++) {
        int k, o;
        cell_key(b, (Cell)c, by, &k, &o);
        if (k == key &&
            (at[c].row - a.row) * (z.col - a.col) != (at[c].col - a.col) * (z.row - a.row))
            return true;
    }
    return false;
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

enum { LABEL_TEXT = 12 }; /* a file letter or any int: the compiler checks it cannot be cut */

static void label_text(const Board *b, int by, int key, char *t)
{
    if (by == BY_LETTER)
        snprintf(t, LABEL_TEXT, "%c", b->spec.letters[key]);
    else
        snprintf(t, LABEL_TEXT, "%d", key);
}

/* Where a slanted or bent line's label can go: one step beyond one of its ends. */
enum { EDGE_ROW, EDGE_TOP, EDGE_BOTTOM, EDGE_SIDE };

typedef struct {
    int row, col; /* where the label ends (left of the board) or starts (right of it) */
    int edge;     /* EDGE_ROW: beside the end cell on its text row; EDGE_TOP, EDGE_BOTTOM:
                   * above or below the board; EDGE_SIDE: beside a row of other cells */
    int steps;    /* steps taken beyond the end */
    bool right;   /* the label grows rightwards from col */
} Beyond;

typedef struct {
    Sketch *k;
    const Board *b;
    const Spot *at;
    Box rows;  /* the first and last text rows holding cells (r0, r1) */
    Box cells; /* the cells' bounds, for trimming */
    bool flat, trim;
    int spill, room; /* trimmed: the columns left of the cells (spill), right of them (room) */
    bool placed[2][MAX_KEY]; /* which lines have a label */
    int owner[EDGE_SIDE];    /* the kind labelled above (below) the board, -1: none yet */
} Labeller;

static int edge_of(const Labeller *L, int row)
{
    return row < L->rows.r0 ? EDGE_TOP : row > L->rows.r1 ? EDGE_BOTTOM : EDGE_SIDE;
}

/* One step beyond a line's end; with `walk`, on along the line's direction until clear of
 * the rows of cells (a line that leaves through a side, labelled above or below). */
static bool beyond(const Labeller *L, const Line *l, int by, int key, bool end, bool walk,
                   Beyond *out)
{
    Spot d, f = L->at[end ? l->last : l->first];
    if (!line_step(L->b, L->at, by, key, end, L->flat, &d)) return false;
    *out = (Beyond){f.row + d.row, f.col + d.col, EDGE_ROW, 1, d.col > 0};
    if (!d.row) return true;
    out->edge = edge_of(L, out->row);
    for (; walk && out->edge == EDGE_SIDE; out->steps++) {
        out->row += d.row, out->col += d.col;
        out->edge = edge_of(L, out->row);
    }
    return true;
}

/* A label with a blank column on either side of it (other labels, outlines), on free
 * ground; false when there is none there. */
static bool put_label_apart(Sketch *k, const Beyond *at, const char *t)
{
    int len = (int)strlen(t), start = at->right ? at->col : at->col - len + 1;
    if (occupied(k, at->row, start, len)) return false;
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        if (s->row == at->row && s->prio >= PRIO_LINE &&
            (s->col == start - 1 || s->col == start + len))
            return false;
    }
    put_label(k, at->row, start, t);
    return true;
}

/* Label a line's end at d; false when it is trimmed or there is no room. */
static bool label_end(Labeller *L, int by, int key, Beyond d)
{
    char t[LABEL_TEXT];
    label_text(L->b, by, key, t);
    int len = (int)strlen(t), start = d.right ? d.col : d.col - len + 1;
    if (L->trim && (start < L->cells.c0 - L->spill || start + len - 1 > L->cells.c1 + L->room))
        return false;
    /* outlined cells: the first step beside a row may land on an edge */
    for (int tries = 0; tries < 5; tries++, d.col += d.right ? 2 : -2) {
        if (put_label_apart(L->k, &d, t)) {
            L->placed[by][key] = true;
            if (d.edge != EDGE_ROW) L->owner[d.edge] = by;
            return true;
        }
        if (d.edge != EDGE_ROW) break;
    }
    return false;
}

/* The ends of slanted lines that leave the board towards `edge`: counted for each kind
 * (want[by]: lines without a label yet; want[2 + by]: bent lines, whose every arm wants
 * a label), or labelled (the kinds `only` allows, -1: both). */
static void label_edge(Labeller *L, int edge, int only, int *want)
{
    for (int by = BY_LETTER; by <= BY_NUMBER; by++) {
        if (only >= 0 && by != only) continue;
        for (int key = 0; key < MAX_KEY; key++) {
            Line l = line_of(L->b, L->at, by, key);
            Beyond d;
            for (int end = 0; l.n && end < 2; end++) {
                if (!beyond(L, &l, by, key, end, false, &d) || d.edge != edge) continue;
                if (want) {
                    bool bent = line_bent(L->b, L->at, by, key, &l);
                    want[by] += !L->placed[by][key];
                    want[2 + by] += bent;
                } else {
                    label_end(L, by, key, d);
                }
            }
        }
    }
}

/* A label beside a row of other cells would read as that row's: with a connector, '/' or
 * '\\', between it and the end cell it belongs to, it reads as the slanted line's. Each arm
 * of a bent line and each line labelled nowhere yet, where there is room (of the kinds
 * `only` allows, -1: both). Where the other kind runs along rows (only >= 0), this comes
 * before their margins and takes a row's label there, so only for the lines labelled
 * nowhere yet: a slanted line that leaves through the sides at both ends (a bent rank of a
 * board turned a quarter) has no other end near the board, while a row labelled at one end
 * here keeps its label at the other. Not in a trimmed drawing, whose rows are labelled at
 * one end only: there the rows keep it. */
static void label_sides(Labeller *L, int only)
{
    for (int by = BY_LETTER; by <= BY_NUMBER; by++)
        for (int key = 0; key < MAX_KEY && (only < 0 || by == only); key++) {
            Line l = line_of(L->b, L->at, by, key);
            Spot d, f;
            if (!l.n || (L->placed[by][key] && (only >= 0 || !line_bent(L->b, L->at, by, key, &l))))
                continue;
            for (int end = 0; end < 2; end++) {
                Beyond at;
                if (!beyond(L, &l, by, key, end, false, &at) || at.edge != EDGE_SIDE ||
                    !line_step(L->b, L->at, by, key, end, L->flat, &d) || !d.row || !d.col)
                    continue;
                f = L->at[end ? l.last : l.first];
                int link = f.col + d.col / 2;
                char t[4];
                label_text(L->b, by, key, t);
                at.col = link + (at.right ? 1 : -1);
                int len = (int)strlen(t), start = at.right ? at.col : at.col - len + 1;
                if ((L->trim && start < L->cells.c0 - L->spill) ||
                    occupied(L->k, at.row, link, 1) || !put_label_apart(L->k, &at, t))
                    continue;
                put_line(L->k, at.row, link, (d.row < 0) == (d.col < 0) ? '\\' : '/');
                L->placed[by][key] = true;
            }
        }
}

/* Two steps beyond a line's end clear the row next to it: the label stands at a corner of
 * the board, beside the row above (or below) it. */
enum { CORNER_STEPS = 2 };

/* The lines labelled nowhere yet, where one of their ends, carried on along the line until
 * clear of the rows of cells (at most max_steps steps beyond it), reaches the row above or
 * below the board: the nearer end first, in a row whose kind is theirs or no one's yet. */
static void label_carried(Labeller *L, int max_steps)
{
    for (int by = BY_LETTER; by <= BY_NUMBER; by++)
        for (int key = 0; key < MAX_KEY; key++) {
            Line l = line_of(L->b, L->at, by, key);
            Beyond d[2];
            if (!l.n || L->placed[by][key]) continue;
            bool ok[2] = {beyond(L, &l, by, key, false, true, &d[0]),
                          beyond(L, &l, by, key, true, true, &d[1])};
            for (int i = 0; i < 2; i++)
                ok[i] = ok[i] && d[i].steps <= max_steps &&
                        (L->owner[d[i].edge] < 0 || L->owner[d[i].edge] == by);
            int near = ok[0] && (!ok[1] || d[0].steps <= d[1].steps) ? 0 : 1;
            if (ok[near] && !label_end(L, by, key, d[near]) && ok[1 - near])
                label_end(L, by, key, d[1 - near]);
        }
}

/* Slanted and bent lines (Glinski's ranks, every line of a turned drawing) are labelled one
 * step beyond their ends: beside the end cell when the line leaves the board along a text
 * row (in the flat frame a half step also moves a row: the label stays on the end cell's
 * row, where no cell can be), above or below the board when it leaves through the top or
 * bottom row. A label beside a row of other cells would read as that row's, so none goes
 * there without a connector pointing to its end cell (label_sides); a line leaving through
 * the sides at both ends is labelled so, or where its nearer end, carried on, clears the
 * board: first where that is at a corner, two steps on, if the other kind runs along rows
 * (its labels take the margins beside them); farther on only where nothing else fits (the
 * trimmed drawings). The row above the board (and the one below) carries one kind of label
 * only, so that letters and numbers never alternate along it: the kind with more lines
 * labelled nowhere else. */
static void slant_labels(Sketch *k, const Ctx *x, const Spot *at, const int *cls, bool flat,
                         const Layout *lay)
{
    Labeller L = {k,
                  x->b,
                  at,
                  {at[1].row, 0, at[1].row, 0},
                  bounds(k),
                  flat,
                  lay->trim,
                  lay->spill,
                  x->trim_room,
                  {{0}},
                  {-1, -1, -1}};
    for (int c = 2; c <= x->b->ncells; c++) {
        if (at[c].row < L.rows.r0) L.rows.r0 = at[c].row;
        if (at[c].row > L.rows.r1) L.rows.r1 = at[c].row;
    }
    /* lines of the other classes are labelled in the margins: never here */
    for (int by = BY_LETTER; by <= BY_NUMBER; by++)
        for (int key = 0; key < MAX_KEY && cls[by] != LINES_SLANT; key++) L.placed[by][key] = true;
    int kinds = cls[BY_LETTER] != LINES_SLANT   ? BY_NUMBER
                : cls[BY_NUMBER] != LINES_SLANT ? BY_LETTER
                                                : -1;
    if (cls[BY_LETTER] != LINES_SLANT && cls[BY_NUMBER] != LINES_SLANT) return;
    label_edge(&L, EDGE_ROW, kinds, NULL);
    for (int edge = EDGE_TOP; edge <= EDGE_BOTTOM; edge++) {
        int want[4] = {0, 0, 0, 0};
        label_edge(&L, edge, kinds, want);
        /* the bent lines first: a straight one can be labelled beside the board */
        bool numbers = want[2 + BY_NUMBER] != want[2 + BY_LETTER]
                           ? want[2 + BY_NUMBER] > want[2 + BY_LETTER]
                           : want[BY_NUMBER] > want[BY_LETTER];
        label_edge(&L, edge, kinds >= 0 ? kinds : numbers, NULL);
    }
    /* where the other kind runs along rows, a line carried round a corner of the board
     * leaves the row beside it its label; one that would be carried farther takes it */
    if (kinds >= 0 && !L.trim) label_carried(&L, CORNER_STEPS);
    if (kinds < 0 || !L.trim) label_sides(&L, kinds);
    label_carried(&L, MAX_KEY);
}

/* The cell of a line next to c in order, one way (dir -1 or 1), or NO_CELL; *steps: how many
 * cells of the line lie beyond c that way. */
static Cell line_next(const Board *b, int by, int key, Cell c, int dir, int *steps)
{
    int k, o, at, best = 0;
    Cell next = NO_CELL;
    cell_key(b, c, by, &k, &at);
    *steps = 0;
    for (int d = 1; d <= b->ncells; d++) {
        cell_key(b, (Cell)d, by, &k, &o);
        if (k != key || (o - at) * dir <= 0) continue;
        ++*steps;
        if (!next || (o - best) * dir < 0) next = (Cell)d, best = o;
    }
    return next;
}

/* Whether row, columns col..col+len-1 hold outline strokes and nothing else. */
static bool only_outline(const Sketch *k, int row, int col, int len)
{
    bool any = false;
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        if (s->row != row || s->col < col || s->col >= col + len) continue;
        if (s->prio != PRIO_LINE) return false;
        any = true;
    }
    return any;
}

/* A bent line (Glinski's ranks, in the flat frame) is labelled in its bend as well, so that
 * the middle of the board says which rank is which: the cells either side of the bend lie on
 * one text row, half a row beside the cell at the bend, and the label goes between them, in
 * the bend cell's column, flanked by two cells of its own line and no other. In the compact
 * drawing it stands on free ground just beside the bend cell; in the outlined ones that row
 * is the bend cell's top (or bottom) edge, and the label is written into the edge, "\_4_/".
 * Only where each arm has three cells or more (a short line's labels at its ends are close
 * by). */
static void bend_labels(Sketch *k, const Board *b, const Spot *at, int by, bool outlined)
{
    for (int c = 1; c <= b->ncells; c++) {
        int key, order, before, after;
        cell_key(b, (Cell)c, by, &key, &order);
        Cell p = line_next(b, by, key, (Cell)c, -1, &before),
             q = line_next(b, by, key, (Cell)c, 1, &after);
        if (!p || !q || before < 2 || after < 2 || at[p].row != at[q].row ||
            at[p].row == at[c].row || at[c].col - at[p].col != at[q].col - at[c].col)
            continue;
        char t[LABEL_TEXT];
        label_text(b, by, key, t);
        int len = (int)strlen(t);
        Beyond d = {at[p].row, at[c].col + (len - 1) / 2, EDGE_ROW, 0, false};
        if (!outlined)
            put_label_apart(k, &d, t);
        else if (only_outline(k, d.row, d.col - len + 1, len))
            put_label(k, d.row, d.col - len + 1, t);
    }
}

/* Lines along one text row get a label just before their first cell and one just after
 * their last; lines down one text column a label below the board; other lines (slanted
 * lines, Glinski's bent ranks) beyond their ends (slant_labels). `at` holds each cell's
 * middle. */
static void hex_labels(Sketch *k, const Ctx *x, const Spot *at, bool flat, const Layout *lay)
{
    bool trim = lay->trim;
    int scale = lay->scale;
    const Board *b = x->b;
    int cls[2] = {line_class(b, at, BY_LETTER), line_class(b, at, BY_NUMBER)};
    /* slanted lines first, next to the cells; the margins then go outside them */
    slant_labels(k, x, at, cls, flat, lay);
    for (int by = BY_LETTER; by <= BY_NUMBER; by++)
        if (cls[by] == LINES_SLANT && flat) bend_labels(k, b, at, by, scale > 0);
    Box cells = bounds(k);
    for (int by = BY_LETTER; by <= BY_NUMBER; by++) {
        if (cls[by] == LINES_SLANT) continue;
        for (int key = 0; key < MAX_KEY; key++) {
            Line l = line_of(b, at, by, key);
            char t[LABEL_TEXT];
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
                /* either end may be taken by a slanted line's label (label_sides) */
                int len = (int)strlen(t);
                put_label_right(k, at[l.first].row, left - (scale ? 4 : 2 + x->tw), t);
                if (!trim)
                    put_label_right(k, at[l.first].row, right + (scale ? 4 : 3) + len - 1, t);
            } else {
                put_label_right(k, cells.r1 + 1, at[l.first].col + (int)strlen(t) / 2, t);
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
    int piece_row = T + h, extra = h > 1 ? 1 : 0; /* rows below the first are wider */
    for (int r = T + 1; r < piece_row; r++)
        for (int i = 0; i < t; i++) put(k, r, X + i, ' ', cell_attr(x, c), PRIO_PAD, c);
    put_inside(k, x, c, piece_row, X - extra, t + 2 * extra, h);
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
    if (x->o.coords) hex_labels(k, x, mid, flat, l);
    return true;
}

/* Outlined cells where there is room, the compact tokens (with fewer labels: a slanted line's
 * reaching six columns, then two, left of the cells; then narrower);
 * then the same turned a twelfth clockwise, which changes the frame (flat to pointy): the
 * 127-cell board in the flat frame needs 25 text rows, turned it needs 13, and the player
 * at the bottom stays at the bottom, forward pointing up and to the right; a quarter turn
 * (the player on the left) only as a last resort. */
#define HEX_LAYOUTS(turn)                                                                          \
    {turn, 1, 0, false, 0}, {turn, 0, 4, false, 0}, {turn, 0, 4, true, 6}, {turn, 0, 4, true, 2},  \
        {turn, 0, 3, false, 0},                                                                    \
    {                                                                                              \
        turn, 0, 2, false, 0                                                                       \
    }
static const Layout hex_layouts[] = {
    {0, 2, 0, false, 0}, HEX_LAYOUTS(0), HEX_LAYOUTS(-30), HEX_LAYOUTS(-90)};

const RenderFamily render_hex = {
    forward_seat_angle, 60,   hex_layouts, sizeof hex_layouts / sizeof hex_layouts[0],
    draw_hex,           NULL, NULL};
