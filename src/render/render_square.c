/* render_square.c — boards of square cells, turned by quarter turns: outlined cells in a
 * grid of '+', '-' and '|' where there is room (the piece on the first line of a cell, its
 * name on the second in the larger drawing), else compact tokens; rank numbers beside the
 * rows and file letters under and over the columns. */
#include "render_int.h"

#include <string.h>

/* A cell's place after the view's quarter turns: its column and row counted from the top
 * left corner of the drawing, and whether the board lies on its side (rows are then files). */
typedef struct {
    int col, row;
    bool side;
} Placed;

static Placed place(const Ctx *x, Cell c)
{
    const Board *b = x->b;
    int fx = b->x[c] - b->xmin, ry = b->y[c] - b->ymin, w = b->width, h = b->height;
    switch ((x->angle + 45) / 90 % 4) {
    case 1: return (Placed){h - 1 - ry, w - 1 - fx, true}; /* turned a quarter anticlockwise */
    case 2: return (Placed){w - 1 - fx, ry, false};
    case 3: return (Placed){ry, fx, true};
    default: return (Placed){fx, h - 1 - ry, false};
    }
}

/* An outlined cell, `inner` columns and `lines` text rows inside, its top left corner (a
 * '+') at row R, column C; neighbours share their edges. */
static void put_square(Sketch *k, const Ctx *x, Cell c, int R, int C, int inner, int lines)
{
    for (int i = 1; i <= inner; i++) {
        put_line(k, R, C + i, '-');
        put_line(k, R + lines + 1, C + i, '-');
    }
    for (int r = 0; r <= lines + 1; r += lines + 1) {
        put_line(k, R + r, C, '+');
        put_line(k, R + r, C + inner + 1, '+');
    }
    for (int r = 1; r <= lines; r++) {
        put_line(k, R + r, C, '|');
        put_line(k, R + r, C + inner + 1, '|');
    }
    put_inside(k, x, c, R + 1, C + 1, inner, lines);
    /* a larger cell has the room to name itself with names hidden too */
    if (lines > 1 && !x->o.names) put_name(k, x, c, R + 2, C + 1, inner);
}

/* The label of a drawn row or column: the part of the cell's name it shares with the others
 * there (the number along a rank, the letter along a file). */
static void part_of_name(const Board *b, Cell c, bool letter, char *out)
{
    if (letter)
        out[0] = b->name[c][0], out[1] = 0;
    else
        strcpy(out, b->name[c] + 1);
}

static bool draw_square(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int inner = l->scale ? 2 * l->scale + 1 : 0, lines = l->scale;
    int pitch = l->scale ? inner + 1 : l->pitch, step = l->scale ? lines + 1 : 1;
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        if (l->scale)
            put_square(k, x, (Cell)c, p.row * step, p.col * pitch, inner, lines);
        else
            put_token(k, x, (Cell)c, (Spot){p.row, p.col * pitch});
    }
    if (!x->o.coords) return true;
    Box cells = bounds(k);
    for (int c = 1; c <= b->ncells; c++) {
        Placed p = place(x, (Cell)c);
        char t[8];
        /* rows: the numbers of an upright board, the letters of one on its side */
        part_of_name(b, (Cell)c, p.side, t);
        int row = p.row * step + (l->scale ? 1 : 0);
        put_label_right(k, row, cells.c0 - 2, t);
        if (!occupied(k, row, cells.c1 + 2, 1)) put_label(k, row, cells.c1 + 2, t);
        /* columns: the letters, or the numbers */
        part_of_name(b, (Cell)c, !p.side, t);
        int end = l->scale ? p.col * pitch + inner / 2 + 1 + ((int)strlen(t) - 1) / 2
                           : anchor(x, (Spot){0, p.col * pitch});
        put_label_right(k, cells.r1 + 1, end, t);
        put_label_right(k, cells.r0 - 1, end, t);
    }
    return true;
}

/* Outlined cells (a name line in the larger ones) where there is room, then compact tokens
 * three and two columns apart. */
static const Layout square_layouts[] = {
    {0, 2, 0, false, 0}, {0, 1, 0, false, 0}, {0, 0, 3, false, 0}, {0, 0, 2, false, 0}};

const RenderFamily render_square = {forward_seat_angle,
                                    90,
                                    square_layouts,
                                    sizeof square_layouts / sizeof square_layouts[0],
                                    draw_square,
                                    NULL,
                                    NULL};
