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

static const Layout ring_layouts[] = {{0, 4, false}, {0, 3, false}};

const RenderFamily render_ring = {ring_layouts, sizeof ring_layouts / sizeof ring_layouts[0],
                                  draw_ring};
