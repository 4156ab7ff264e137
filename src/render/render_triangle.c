/* render_triangle.c — boards of triangles, turned by quarter turns: upright or upside down,
 * each triangle drawn with its edges, two text rows per row of triangles; or on their side,
 * each row of triangles a column between two vertical edges, one text row per letter. Both
 * have larger drawings for larger terminals (scales 1 and 2), their cells filled with their
 * colour and holding a piece as the other families' outlined cells do. */
#include "render_int.h"

#include <string.h>

/* h text lines per row of triangles, the cells of a row h columns apart so that the slanted
 * edges keep their slope. The compact drawing (h = 2) is chessagon.md's: an up cell is "/\"
 * over "/xx\", a down cell the same upside down, neighbours sharing their slanted edges;
 * inside, the piece letter and a mark (two players), or side and piece letter. An empty cell
 * shows its dot (a move's star) where a piece would stand, as the board on its side and the
 * other families do, though the document leaves empty triangles blank: blank, they read as
 * no cell. A larger one (h = 4, 5) is filled with its colour and holds what the other
 * families' outlined cells do (put_inside): the piece, and the name below it when names are
 * shown, on an up cell's two widest rows, on a down cell's widest and the next (the box the
 * widest row's width: a name no longer than the row below fits there, as Chessagon's do). */
static void put_triangle(Sketch *k, const Ctx *x, Cell c, int top, int col, bool up, int h)
{
    for (int i = 0; i < h; i++) { /* i rows from its point */
        int row = up ? top + i : top + h - 1 - i;
        put_line(k, row, col - i, up ? '/' : '\\');
        put_line(k, row, col + 1 + i, up ? '\\' : '/');
        for (int j = col - i + 1; h > 2 && j <= col + i; j++)
            put(k, row, j, ' ', cell_attr(x, c), PRIO_PAD, c);
    }
    if (h > 2) {
        if (up)
            put_inside(k, x, c, top + h - 2, col - (h - 3), 2 * (h - 2), 2);
        else
            put_inside(k, x, c, top, col - (h - 2), 2 * (h - 1), 2);
        return;
    }
    int inner = up ? top + 1 : top;
    if (x->o.names) {
        put_name(k, x, c, inner, col, 2);
        return;
    }
    char g[2], m = mark_char(x, c);
    Attr side, base = cell_attr(x, c);
    glyph(x, c, g, &side);
    if (x->tw == 1)
        g[1] = m && (x->pos->board[c] || m != '*') ? m : ' ';
    else if (!x->pos->board[c] && m)
        g[1] = m; /* over the dot: no room for both */
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

/* The row labels beside each row of triangles' middle line, the letters under the cells;
 * h: text rows per row of triangles. */
static void upright_labels(Sketch *k, const Ctx *x, int h)
{
    const Board *b = x->b;
    int y1 = b->ymin + b->height - 1;
    Box cells = bounds(k); /* numbers two blank columns left of the board, as in the document */
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        char letter[2] = {b->name[c][0], 0};
        int row = h * (y1 - p.row) + (h - 1) / 2;
        if (!occupied(k, row, cells.c0 - 3, 1)) put_label(k, row, cells.c0 - 3, b->name[c] + 1);
        if (!occupied(k, cells.r1 + 1, h * p.letter, 1))
            put_label(k, cells.r1 + 1, h * p.letter, letter);
    }
}

/* On its side: row n of triangles is the strip of columns from (n - 1) * width, its edges a
 * '|' on either side; a letter is a text row. In the compact drawing a triangle pointing
 * right (its base on the strip's left edge) shows its piece on the left, one pointing left on
 * the right, with the mark between. A larger one (a text row and two columns more per scale)
 * holds what the other families' outlined cells do (put_inside), on the letter's middle row
 * (side_piece_row), and beside its base as well. */
static int side_piece_row(int scale)
{
    return scale / 2;
}

static void put_on_side(Sketch *k, const Ctx *x, Cell c, int row, int left, bool right, int scale)
{
    int width = 2 * x->tw + 2 + 2 * scale, glyph_col = right ? left + 1 : left + x->tw + 2;
    char g[2], m = mark_char(x, c);
    Attr side, base = cell_attr(x, c);
    for (int r = row; r <= row + scale; r++) {
        put_line(k, r, left, '|');
        put_line(k, r, left + width, '|');
        for (int i = 1; i < width; i++) put(k, r, left + i, ' ', base, PRIO_PAD, c);
    }
    if (scale) { /* beside its base too: the three columns of a mark and a piece */
        int at = row + side_piece_row(scale);
        put_inside(k, x, c, at, right ? left + 1 : left + width - 3, 3, row + scale - at + 1);
        return;
    }
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
    int y1 = b->ymin + b->height - 1, width = 2 * x->tw + 2 + 2 * l->scale;
    int h = l->scale ? 3 + l->scale : 2, rows = 1 + l->scale;
    bool side = place(x, 1).side;
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        if (side) /* a quarter turn clockwise: letters top down, rows left to right */
            put_on_side(k, x, (Cell)c, rows * p.letter, (p.row - 1) * width, p.up, l->scale);
        else
            put_triangle(k, x, (Cell)c, h * (y1 - p.row), h * p.letter, p.up, h);
    }
    if (!x->o.coords) return true;
    if (!side) {
        upright_labels(k, x, h);
        return true;
    }
    Box cells = bounds(k);
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        char letter[2] = {b->name[c][0], 0};
        const char *number = b->name[c] + 1;
        int n = (int)strlen(number), mid = (p.row - 1) * width + width / 2 + n - 1 - (n - 1) / 2;
        int row = rows * p.letter + side_piece_row(l->scale);
        put_label_right(k, row, cells.c0 - 2, letter);
        if (!occupied(k, row, cells.c1 + 2, 1)) put_label(k, row, cells.c1 + 2, letter);
        put_label_right(k, cells.r1 + 1, mid, number);
    }
    return true;
}

static const Layout triangle_layouts[] = {
    {0, 2, 0, false, 0}, {0, 1, 0, false, 0}, {0, 0, 0, false, 0}};

const RenderFamily render_triangle = {forward_seat_angle,
                                      90,
                                      triangle_layouts,
                                      sizeof triangle_layouts / sizeof triangle_layouts[0],
                                      draw_triangle,
                                      NULL,
                                      NULL};
