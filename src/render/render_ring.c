/* render_ring.c — the ring board unrolled into a strip: one text row per file, the cells of
 * every second file half a cell on, scrolled so that a player's camp is in the middle, with
 * a seam where the cell numbers wrap round. */
#include "render_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mod(int a, int m)
{
    return ((a % m) + m) % m;
}

/* Where a player's camp is round the ring, in degrees: the circular mean of the cells the
 * player starts on. */
static int camp_angle(const Variant *v, int p)
{
    const Board *b = &v->board;
    double len = 2.0 * b->spec.ring_length, sx = 0, sy = 0;
    for (int c = 1; c <= b->ncells; c++) {
        Piece q = v->setup[c];
        if (!q || PIECE_OWNER(q) != p) continue;
        sx += cos(2 * M_PI * b->x[c] / len);
        sy += sin(2 * M_PI * b->x[c] / len);
    }
    if (fabs(sx) < 1e-9 && fabs(sy) < 1e-9) return 0;
    return (int)lround(atan2(sy, sx) * 180 / M_PI);
}

/* The seam: one straight column where every row has room for it, else a zigzag; at the
 * window's edge when the wrap falls there. pre_end: each row's last column before the wrap;
 * post_start: its first after it. */
static void put_seam(Sketch *k, int nf, int rows, const int *pre_end, const int *post_start)
{
    int lo = INT32_MIN, hi = INT32_MAX;
    for (int f = 0; f < nf; f++) {
        if (pre_end[f] != INT32_MIN && pre_end[f] + 1 > lo) lo = pre_end[f] + 1;
        if (post_start[f] != INT32_MAX && post_start[f] - 1 < hi) hi = post_start[f] - 1;
    }
    for (int f = 0; f < nf; f++) {
        int col = lo == INT32_MIN ? hi : lo;
        if (lo != INT32_MIN && hi != INT32_MAX && lo > hi) col = (pre_end[f] + post_start[f]) / 2;
        for (int r = 0; r < rows; r++) put_line(k, f * rows + r, col, '|');
    }
}

/* The ring unrolled, file a on top (the player sits outside the ring, beyond the outer
 * file), cell numbers rising to the right (anticlockwise, seen from above), scrolled so that
 * the angle of the view is in the middle. The numbers stand above and below; the seam where
 * they wrap is a column of '|' (compact) or a gap (outlined cells). */
static bool draw_ring(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int len = 2 * b->spec.ring_length, nf = (int)strlen(b->spec.letters);
    int centre = (int)lround(x->angle * len / 360.0), x0 = centre - len / 2;
    int seam = mod(-x0, len); /* the first cell past the wrap */
    int rows = l->scale ? l->scale + 1 : 1, pitch = l->scale ? 4 : l->pitch;
    int pre_end[MAX_FILES], post_start[MAX_FILES], top = 0, bottom = 0;
    Ctx lx = *x;
    lx.short_names = l->scale == 0 && l->pitch < 4;
    x = &lx;
    for (int f = 0; f < nf; f++) pre_end[f] = INT32_MIN, post_start[f] = INT32_MAX;
    for (int c = 1; c <= b->ncells; c++) {
        int rel = mod(b->x[c] - x0, len), f = b->y[c];
        bool past = rel >= seam;
        Spot at = {f * rows, pitch * rel / 2 + (past ? 1 + (l->scale > 0) : 0)};
        if (l->scale)
            put_pointy_cell(k, x, (Cell)c, at.row, at.col, l->scale);
        else
            put_token(k, x, (Cell)c, at);
        if (past && at.col < post_start[f]) post_start[f] = at.col;
        if (!past && at.col + x->tw - 1 > pre_end[f]) pre_end[f] = at.col + x->tw - 1;
        if (f == 0) top = at.row - (l->scale ? 2 : 1);
        if (f == nf - 1) bottom = at.row + rows + (l->scale ? 1 : 0);
    }
    if (!l->scale) put_seam(k, nf, rows, pre_end, post_start);
    if (!x->o.coords) return true;
    for (int c = 1; c <= b->ncells; c++) {
        int rel = mod(b->x[c] - x0, len), f = b->y[c];
        int col = pitch * rel / 2 + (rel >= seam ? 1 + (l->scale > 0) : 0);
        int end = l->scale ? col + 1 + (int)strlen(b->name[c] + 1) / 2 : col + x->tw - 1;
        if (f != 0 && f != nf - 1) continue;
        put_label_right(k, f == 0 ? top : bottom, end, b->name[c] + 1);
    }
    Box cells = bounds(k);
    for (int f = 0; f < nf; f++) {
        char t[2] = {b->spec.letters[f], 0};
        int row = f * rows;
        put_label(k, row, cells.c0 - 2, t);
        put_label(k, row, cells.c1 + 2, t);
    }
    return true;
}

/* The rows and the wrap, which a drawing read cell by cell would get wrong at the seam. */
static void describe_ring(const Variant *v, const TextGrid *g, char *out, size_t len)
{
    const BoardSpec *s = &v->board.spec;
    int nf = (int)strlen(s->letters);
    snprintf(out, len,
             "Each row of the drawing is one ring of cells, the letter of their names: %c the "
             "inner ring at the top, %c the outer one at the bottom. The numbers go round the "
             "ring, rising to the right from 1 to %d; where they go on from %d to 1 the ring is "
             "cut open (the %s). The numbers stand above and below, the letters beside.",
             s->letters[0], s->letters[nf - 1], s->ring_length, s->ring_length,
             g->scale ? "gap" : "column of |");
}

/* Outlined cells where there is room, then compact tokens four and three columns apart. */
static const Layout ring_layouts[] = {
    {0, 2, 0, false, 0}, {0, 1, 0, false, 0}, {0, 0, 4, false, 0}, {0, 0, 3, false, 0}};

/* Nothing moves up the screen on the strip: the camps lie along it. */
static const char *const ring_seat_words[3] = {
    ("in the middle of the strip (the camps lie along the rows, and pawns move left and right "
     "along them)"),
    "half the ring away from the middle (the board is flipped)", "away from the middle (rotate)"};

const RenderFamily render_ring = {
    camp_angle, 180,           ring_layouts,   sizeof ring_layouts / sizeof ring_layouts[0],
    draw_ring,  describe_ring, ring_seat_words};
