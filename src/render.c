/* render.c — draws a position as text (see render.h). Every drawing is first a sketch: single
 * characters placed at free (row, column) coordinates, each cell's token and outline, then
 * the labels; the sketch is cropped to its bounding box at the end. So no family needs to
 * know its size in advance, and turned or flipped drawings need no special cases.
 *
 * Conventions: a cell is a token, its glyph (a piece letter, or '.' for an empty cell)
 * between two bracket slots that hold '[' and ']' on the last move's cells. Two players are
 * told apart by case (P p), three by the side letter before the piece letter (rP yP bP). */
#include "render.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- sketch ------------------------------------------------------------------------------- */

/* Where two strokes meet, the higher priority wins: a cell's glyph over a label, a label over
 * an outline, anything over a blank that only reserves room for a last-move bracket. */
enum { PRIO_PAD, PRIO_LINE, PRIO_COORD, PRIO_CELL };

typedef struct {
    int row, col;
    char ch;
    uint8_t attr, prio;
    Cell cell;
} Stroke;

typedef struct {
    Stroke *s;
    int n, cap;
    bool failed;
} Sketch;

typedef struct {
    int r0, c0, r1, c1; /* inclusive */
} Box;

static void put(Sketch *k, int row, int col, char ch, uint8_t attr, uint8_t prio, Cell cell)
{
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 1024;
        Stroke *s = realloc(k->s, (size_t)cap * sizeof *s);
        if (!s) {
            k->failed = true;
            return;
        }
        k->s = s;
        k->cap = cap;
    }
    k->s[k->n++] = (Stroke){row, col, ch, attr, prio, cell};
}

static void put_text(Sketch *k, int row, int col, const char *t, uint8_t attr, uint8_t prio)
{
    for (int i = 0; t[i]; i++) put(k, row, col + i, t[i], attr, prio, NO_CELL);
}

/* Whether any stroke already lies in row, columns col..col+len-1. */
static bool occupied(const Sketch *k, int row, int col, int len)
{
    for (int i = 0; i < k->n; i++)
        if (k->s[i].row == row && k->s[i].col >= col && k->s[i].col < col + len) return true;
    return false;
}

static Box bounds(const Sketch *k)
{
    Box b = {0, 0, -1, -1};
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        if (i == 0 || s->row < b.r0) b.r0 = s->row;
        if (i == 0 || s->row > b.r1) b.r1 = s->row;
        if (i == 0 || s->col < b.c0) b.c0 = s->col;
        if (i == 0 || s->col > b.c1) b.c1 = s->col;
    }
    return b;
}

/* Two marked cells side by side share the column between them: "[a|b]". */
static char merge(char old, char new)
{
    return (old == ']' && new == '[') || (old == '[' && new == ']') ? '|' : new;
}

static bool sketch_to_grid(const Sketch *k, TextGrid *g)
{
    Box b = bounds(k);
    size_t w = (size_t)(b.c1 - b.c0 + 1), h = (size_t)(b.r1 - b.r0 + 1);
    uint8_t *prio = calloc(w * h, 1);
    g->text = malloc(w * h);
    g->attr = calloc(w * h, 1);
    g->cell = calloc(w * h, sizeof *g->cell);
    if (!prio || !g->text || !g->attr || !g->cell) {
        free(prio);
        textgrid_free(g);
        return false;
    }
    memset(g->text, ' ', w * h);
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        size_t at = (size_t)(s->row - b.r0) * w + (size_t)(s->col - b.c0);
        if (s->prio < prio[at]) continue;
        g->text[at] = s->prio == prio[at] ? merge(g->text[at], s->ch) : s->ch;
        g->attr[at] = s->attr;
        prio[at] = s->prio;
        g->cell[at] = s->cell;
    }
    free(prio);
    g->width = (int)w;
    g->height = (int)h;
    return true;
}

/* --- tokens ------------------------------------------------------------------------------- */

typedef struct {
    const Position *pos;
    const Variant *v;
    const Board *b;
    RenderOpts o;
    int tw; /* glyph width: 1 with two players, 2 with three */
} Ctx;

typedef struct {
    int row, col; /* col: the token's first glyph column */
} Spot;

static bool is_last(const Ctx *x, Cell c)
{
    return c == x->o.last_from || c == x->o.last_to;
}

/* The glyph of what stands on c: "P", "p", "." or "rP", " .". */
static void glyph(const Ctx *x, Cell c, char g[2], uint8_t *side)
{
    Piece p = x->pos->board[c];
    *side = 0;
    if (!p) {
        g[0] = x->tw == 1 ? '.' : ' ';
        g[1] = '.';
        return;
    }
    int owner = PIECE_OWNER(p);
    char letter = x->v->type[PIECE_KIND(p)].letter;
    *side = ATTR_SIDE(owner);
    if (x->tw == 1) {
        g[0] = owner ? (char)tolower((unsigned char)letter) : letter;
    } else {
        g[0] = x->v->player_letter[owner];
        g[1] = letter;
    }
}

static uint8_t cell_attr(const Ctx *x, Cell c)
{
    return (uint8_t)(ATTR_CELL(x->b->colour[c]) | (is_last(x, c) ? ATTR_LAST : 0));
}

/* A hex or ring cell: the glyph from column col, a bracket slot on either side. */
static void put_token(Sketch *k, const Ctx *x, Cell c, Spot at)
{
    char g[2];
    uint8_t side, base = cell_attr(x, c);
    bool last = is_last(x, c);
    uint8_t slot = last ? PRIO_CELL : PRIO_PAD;
    glyph(x, c, g, &side);
    put(k, at.row, at.col - 1, last ? '[' : ' ', base, slot, c);
    for (int i = 0; i < x->tw; i++) put(k, at.row, at.col + i, g[i], base | side, PRIO_CELL, c);
    put(k, at.row, at.col + x->tw, last ? ']' : ' ', base, slot, c);
}

/* The column of a token's piece letter, which labels line up with. */
static int anchor(const Ctx *x, Spot at)
{
    return at.col + x->tw - 1;
}

static void put_label(Sketch *k, int row, int col, const char *t)
{
    put_text(k, row, col, t, ATTR_COORD, PRIO_COORD);
}

/* A label ending at column `end`, unless something is drawn there already. */
static void put_label_right(Sketch *k, int row, int end, const char *t)
{
    int len = (int)strlen(t);
    if (!occupied(k, row, end - len + 1, len)) put_label(k, row, end - len + 1, t);
}

/* --- hex boards --------------------------------------------------------------------------- */

static int norm_angle(int a)
{
    a = ((a % 360) + 360) % 360;
    return (a + 15) / 30 * 30 % 360;
}

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

typedef struct {
    int turn;  /* degrees added to the view (hex only) */
    int pitch; /* flat hex: columns per file; ring: columns per cell */
    bool trim; /* only the labels that fit beside the cells' own columns */
} Layout;

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

/* --- the ring ------------------------------------------------------------------------------- */

/* Ring and triangle boards are drawn upright or upside down; a view turned by a quarter goes
 * to the nearer of the two. */
static bool half_turned(const Ctx *x)
{
    int angle = norm_angle(x->v->view_rotate + (x->o.flip ? 180 : 0));
    return (angle + 90) / 180 % 2 == 1;
}

static int mod(int a, int m)
{
    return ((a % m) + m) % m;
}

/* Where a player's camp is round the ring: the circular mean of the cells the player starts
 * on (doubled cell units); their royal piece if they start on none. */
static int camp_centre(const Ctx *x)
{
    const Board *b = x->b;
    int p = x->o.focus > 0 && x->o.focus <= x->v->nplayers ? x->o.focus - 1 : x->pos->stm;
    double len = 2.0 * b->spec.ring_length, sx = 0, sy = 0;
    for (int c = 1; c <= b->ncells; c++) {
        Piece q = x->v->setup[c];
        if (!q || PIECE_OWNER(q) != p) continue;
        sx += cos(2 * M_PI * b->x[c] / len);
        sy += sin(2 * M_PI * b->x[c] / len);
    }
    if (fabs(sx) < 1e-9 && fabs(sy) < 1e-9) return x->pos->royal[p] ? b->x[x->pos->royal[p]] : 0;
    double a = atan2(sy, sx);
    return (int)lround((a < 0 ? a + 2 * M_PI : a) * len / (2 * M_PI));
}

/* The ring unrolled, file a on top, cell numbers rising to the right (anticlockwise, seen
 * from outside), scrolled so the focused camp is in the middle. The seam where cell numbers
 * wrap gets a column of its own with a '|' in every row. */
static bool draw_ring(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int len = 2 * b->spec.ring_length, nf = (int)strlen(b->spec.letters);
    bool half = half_turned(x);
    int centre = camp_centre(x), x0 = half ? centre + len / 2 : centre - len / 2;
    int seam = half ? mod(x0 - (len - 1), len) : mod(-x0, len); /* first cell past the wrap */
    int pre_end[MAX_FILES], post_start[MAX_FILES];
    for (int f = 0; f < nf; f++) pre_end[f] = INT32_MIN, post_start[f] = INT32_MAX;
    for (int c = 1; c <= b->ncells; c++) {
        int rel = half ? mod(x0 - b->x[c], len) : mod(b->x[c] - x0, len), f = b->y[c];
        bool past = rel >= seam;
        Spot at = {half ? nf - 1 - f : f, l->pitch * rel / 2 + past};
        put_token(k, x, (Cell)c, at);
        if (past && at.col < post_start[f]) post_start[f] = at.col;
        if (!past && anchor(x, at) > pre_end[f]) pre_end[f] = anchor(x, at);
        if (x->o.coords && f == 0) {
            char t[4];
            snprintf(t, sizeof t, "%d", atoi(b->name[c] + 1));
            put_label(k, -1, anchor(x, at) - (int)strlen(t) + 1, t);
        }
    }
    /* one straight seam where every row has room for it, else a zigzag; at the window's
     * edge when the wrap falls there */
    int lo = INT32_MIN, hi = INT32_MAX;
    for (int f = 0; f < nf; f++) {
        if (pre_end[f] != INT32_MIN && pre_end[f] + 1 > lo) lo = pre_end[f] + 1;
        if (post_start[f] != INT32_MAX && post_start[f] - 1 < hi) hi = post_start[f] - 1;
    }
    for (int f = 0; f < nf; f++) {
        int col = lo == INT32_MIN ? hi : lo;
        if (lo != INT32_MIN && hi != INT32_MAX && lo > hi) col = (pre_end[f] + post_start[f]) / 2;
        put(k, half ? nf - 1 - f : f, col, '|', ATTR_LINE, PRIO_LINE, NO_CELL);
    }
    if (x->o.coords) {
        Box cells = bounds(k);
        for (int f = 0; f < nf; f++) {
            char t[2] = {b->spec.letters[f], 0};
            put_label(k, half ? nf - 1 - f : f, cells.c0 - 2, t);
        }
    }
    return true;
}

/* --- triangles ------------------------------------------------------------------------------ */

/* Two text lines per row of triangles, as in chessagon.md: an up cell is "/\" over "/xx\",
 * a down cell "\xx/" over "\/", neighbours sharing their slanted edges. Inside: the piece
 * letter and a '*' on the last move's cells (two players), or side and piece letter. */
static void put_triangle(Sketch *k, const Ctx *x, Cell c, int top, int col, bool up)
{
    char g[2];
    uint8_t side, base = cell_attr(x, c), edge = ATTR_LINE;
    int inner = up ? top + 1 : top, point = up ? top : top + 1;
    glyph(x, c, g, &side);
    if (x->tw == 1) {
        g[0] = x->pos->board[c] ? g[0] : ' ';
        g[1] = is_last(x, c) ? '*' : ' ';
    } else if (!x->pos->board[c]) {
        g[1] = ' ';
    }
    put(k, point, col, up ? '/' : '\\', edge, PRIO_LINE, NO_CELL);
    put(k, point, col + 1, up ? '\\' : '/', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col - 1, up ? '/' : '\\', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col + 2, up ? '\\' : '/', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col, g[0], base | side, PRIO_CELL, c);
    put(k, inner, col + 1, g[1], x->tw == 1 ? base : base | side, PRIO_CELL, c);
}

static bool draw_triangle(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int x1 = b->xmin + b->width - 1, y1 = b->ymin + b->height - 1;
    bool half = half_turned(x);
    (void)l;
    for (int c = 1; c <= b->ncells; c++) {
        int a = half ? b->xmin + x1 - b->x[c] : b->x[c];
        int n = half ? b->ymin + y1 - b->y[c] : b->y[c];
        bool up = ((b->x[c] + b->y[c]) % 2 == 0) != half;
        put_triangle(k, x, (Cell)c, 2 * (y1 - n), 2 * a, up);
    }
    if (!x->o.coords) return true;
    Box cells = bounds(k); /* numbers two blank columns left of the board, as in the document */
    for (int c = 1; c <= b->ncells; c++) {
        int a = half ? b->xmin + x1 - b->x[c] : b->x[c];
        int n = half ? b->ymin + y1 - b->y[c] : b->y[c];
        char letter[2] = {b->name[c][0], 0};
        if (!occupied(k, 2 * (y1 - n), cells.c0 - 3, 1))
            put_label(k, 2 * (y1 - n), cells.c0 - 3, b->name[c] + 1);
        if (!occupied(k, cells.r1 + 1, 2 * a, 1)) put_label(k, cells.r1 + 1, 2 * a, letter);
    }
    return true;
}

/* --- choosing a drawing ----------------------------------------------------------------------- */

/* Each family's drawings, roomiest first. A hex board tries its usual turn (with fewer
 * labels, then narrower), then a quarter turn clockwise: files become rows, which is how the
 * 127-cell board fits 24 lines. */
static const Layout hex_layouts[] = {
    {0, 4, false},   {0, 4, true},   {0, 3, false},   {0, 2, false},
    {-90, 4, false}, {-90, 4, true}, {-90, 3, false}, {-90, 2, false},
};
static const Layout ring_layouts[] = {{0, 4, false}, {0, 3, false}};
static const Layout triangle_layouts[] = {{0, 0, false}};

static const struct {
    const Layout *layouts;
    int n;
    bool (*draw)(Sketch *, const Ctx *, const Layout *);
} families[] = {
    [FAMILY_HEX] = {hex_layouts, sizeof hex_layouts / sizeof hex_layouts[0], draw_hex},
    [FAMILY_RING] = {ring_layouts, sizeof ring_layouts / sizeof ring_layouts[0], draw_ring},
    [FAMILY_TRIANGLE] = {triangle_layouts, 1, draw_triangle},
};

static Ctx make_ctx(const Position *pos, const RenderOpts *o)
{
    Ctx x = {pos, pos->v, &pos->v->board, {0}, pos->v->nplayers > 2 ? 2 : 1};
    if (o) x.o = *o;
    return x;
}

/* Draw layout i into a fresh sketch; false when the layout does not apply or memory ran
 * out. */
static bool sketch_layout(const Ctx *x, int i, Sketch *k)
{
    memset(k, 0, sizeof *k);
    bool ok = families[x->b->spec.family].draw(k, x, &families[x->b->spec.family].layouts[i]);
    if (ok && !k->failed && k->n > 0) return true;
    free(k->s);
    return false;
}

static bool fits(Box b, const RenderOpts *o)
{
    return (o->max_width <= 0 || b.c1 - b.c0 + 1 <= o->max_width) &&
           (o->max_height <= 0 || b.r1 - b.r0 + 1 <= o->max_height);
}

bool render_board(const Position *pos, const RenderOpts *o, TextGrid *out)
{
    Ctx x = make_ctx(pos, o);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < families[x.b->spec.family].n; i++) {
        Sketch k;
        if (!sketch_layout(&x, i, &k)) continue;
        bool ok = fits(bounds(&k), &x.o) && sketch_to_grid(&k, out);
        free(k.s);
        if (ok) return true;
    }
    return false;
}

int render_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max)
{
    Position pos;
    pos_init(&pos, v);
    Ctx x = make_ctx(&pos, o);
    int n = 0;
    for (int i = 0; i < families[v->board.spec.family].n && n < max; i++) {
        Sketch k;
        if (!sketch_layout(&x, i, &k)) continue;
        Box b = bounds(&k);
        free(k.s);
        out[n++] = (RenderSize){b.c1 - b.c0 + 1, b.r1 - b.r0 + 1};
    }
    return n;
}

bool render_min_size(const Variant *v, const RenderOpts *o, int *width, int *height)
{
    RenderSize s[RENDER_MAX_LAYOUTS];
    int n = render_sizes(v, o, s, RENDER_MAX_LAYOUTS), best = 0;
    for (int i = 1; i < n; i++)
        if (s[i].height < s[best].height ||
            (s[i].height == s[best].height && s[i].width < s[best].width))
            best = i;
    if (n) *width = s[best].width, *height = s[best].height;
    return n > 0;
}

void textgrid_free(TextGrid *g)
{
    free(g->text);
    free(g->attr);
    free(g->cell);
    memset(g, 0, sizeof *g);
}

int render_glyph(char ch, uint8_t attr, bool unicode, char out[4])
{
    if (unicode && ch == '.' && attr_colour(attr) >= 0 && attr_side(attr) < 0) {
        memcpy(out, "\xc2\xb7", 3); /* U+00B7 middle dot */
        return 2;
    }
    out[0] = (unsigned char)ch < 128 ? ch : '?';
    out[1] = 0;
    return 1;
}

char *textgrid_string(const TextGrid *g, bool unicode)
{
    size_t cap = (size_t)g->height * ((size_t)g->width * 2 + 1) + 1, n = 0;
    char *s = malloc(cap);
    if (!s) return NULL;
    for (int r = 0; r < g->height; r++) {
        const char *row = g->text + (size_t)r * (size_t)g->width;
        int end = g->width;
        while (end > 0 && row[end - 1] == ' ') end--;
        for (int c = 0; c < end; c++) {
            char t[4];
            int tl = render_glyph(row[c], g->attr[(size_t)r * (size_t)g->width + c], unicode, t);
            memcpy(s + n, t, (size_t)tl);
            n += (size_t)tl;
        }
        s[n++] = '\n';
    }
    s[n] = 0;
    return s;
}
