/* render_triangle.c — boards of triangles, turned by quarter turns: upright or upside down,
 * each triangle drawn with its edges, two text rows per row of triangles; or on their side,
 * each row of triangles a column between two vertical edges, one text row per letter. */
#include "render_int.h"

#include <string.h>

/* Two text lines per row of triangles, as in chessagon.md: an up cell is "/\" over "/xx\",
 * a down cell "\xx/" over "\/", neighbours sharing their slanted edges. Inside: the piece
 * letter and a mark (two players), or side and piece letter. An empty cell shows its dot (a
 * move's star) where a piece would stand, as the board on its side and the other families
 * do, though the document leaves empty triangles blank: blank, they read as no cell. */
static void put_triangle(Sketch *k, const Ctx *x, Cell c, int top, int col, bool up)
{
    char g[2], m = mark_char(x, c);
    Attr side, base = cell_attr(x, c);
    int inner = up ? top + 1 : top, point = up ? top : top + 1;
    glyph(x, c, g, &side);
    if (x->tw == 1)
        g[1] = m && (x->pos->board[c] || m != '*') ? m : ' ';
    else if (!x->pos->board[c] && m)
        g[1] = m; /* over the dot: no room for both */
    put_line(k, point, col, up ? '/' : '\\');
    put_line(k, point, col + 1, up ? '\\' : '/');
    put_line(k, inner, col - 1, up ? '/' : '\\');
    put_line(k, inner, col + 2, up ? '\\' : '/');
    if (x->o.names) {
        put_name(k, x, c, inner, col, 2);
        return;
    }
    put(k, inner, col, g[0], base | side, PRIO_CELL, c);
    put(k, inner, col + 1, g[1], x->tw == 1 ? base : base | side, PRIO_CELL, c);
}

/* A cell's place after the view's quarter turns: letter and row as drawn (upright), whether
 * it points up, and whether the board lies on its side. */
typedef struct {
    int letter, row;
    bool up, side;
} Placed;

static Placed place(const Ctx *x, Cell c)
{
    const Board *b = x->b;
    int x1 = b->xmin + b->width - 1, y1 = b->ymin + b->height - 1;
    int quarter = (x->angle + 45) / 90 % 4;
    bool half = quarter == 1 || quarter == 2; /* drawn from the far side */
    Placed p;
    p.letter = half ? b->xmin + x1 - b->x[c] : b->x[c];
    p.row = half ? b->ymin + y1 - b->y[c] : b->y[c];
    p.up = ((b->x[c] + b->y[c]) % 2 == 0) != half;
    p.side = quarter % 2 == 1;
    return p;
}

static void upright_labels(Sketch *k, const Ctx *x)
{
    const Board *b = x->b;
    int y1 = b->ymin + b->height - 1;
    Box cells = bounds(k); /* numbers two blank columns left of the board, as in the document */
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        char letter[2] = {b->name[c][0], 0};
        if (!occupied(k, 2 * (y1 - p.row), cells.c0 - 3, 1))
            put_label(k, 2 * (y1 - p.row), cells.c0 - 3, b->name[c] + 1);
        if (!occupied(k, cells.r1 + 1, 2 * p.letter, 1))
            put_label(k, cells.r1 + 1, 2 * p.letter, letter);
    }
}

/* On its side: row n of triangles is the strip of columns from (n - 1) * width, its edges a
 * '|' on either side; a letter is a text row. A triangle pointing right (its base on the
 * strip's left edge) shows its piece on the left, one pointing left on the right, with the
 * mark between. */
static void put_on_side(Sketch *k, const Ctx *x, Cell c, int row, int left, bool right)
{
    int width = 2 * x->tw + 2, glyph_col = right ? left + 1 : left + x->tw + 2;
    char g[2], m = mark_char(x, c);
    Attr side, base = cell_attr(x, c);
    put_line(k, row, left, '|');
    put_line(k, row, left + width, '|');
    for (int i = 1; i < width; i++) put(k, row, left + i, ' ', base, PRIO_PAD, c);
    if (x->o.names) { /* on the piece's side, over the mark's place too */
        int len = (int)strlen(x->b->name[c]);
        put_name(k, x, c, row, right ? left + 1 : left + width - len, len);
        return;
    }
    glyph(x, c, g, &side);
    if (m && (m != '*' || x->pos->board[c])) put(k, row, left + x->tw + 1, m, base, PRIO_CELL, c);
    for (int i = 0; i < x->tw; i++) put(k, row, glyph_col + i, g[i], base | side, PRIO_CELL, c);
}

static bool draw_triangle(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int y1 = b->ymin + b->height - 1, width = 2 * x->tw + 2;
    bool side = place(x, 1).side;
    (void)l;
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        if (side) /* a quarter turn clockwise: letters top down, rows left to right */
            put_on_side(k, x, (Cell)c, p.letter, (p.row - 1) * width, p.up);
        else
            put_triangle(k, x, (Cell)c, 2 * (y1 - p.row), 2 * p.letter, p.up);
    }
    if (!x->o.coords) return true;
    if (!side) {
        upright_labels(k, x);
        return true;
    }
    Box cells = bounds(k);
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        char letter[2] = {b->name[c][0], 0};
        const char *number = b->name[c] + 1;
        int n = (int)strlen(number), mid = (p.row - 1) * width + width / 2 + n - 1 - (n - 1) / 2;
        put_label_right(k, p.letter, cells.c0 - 2, letter);
        if (!occupied(k, p.letter, cells.c1 + 2, 1)) put_label(k, p.letter, cells.c1 + 2, letter);
        put_label_right(k, cells.r1 + 1, mid, number);
    }
    return true;
}

static const Layout triangle_layouts[] = {{0, 0, 0, false, 0}};

const RenderFamily render_triangle = {
    forward_seat_angle, 90, triangle_layouts, 1, draw_triangle, NULL, NULL};
