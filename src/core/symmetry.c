/* symmetry.c — `mirror` and `rotate` in a variant file: the map of cells that carries one
 * player's side of the board onto another's, so that a file gives the first player's setup,
 * zones and castling and derives the others'.
 *
 * A symmetry is found, not written per family: it is a map of cells that turns every
 * orthogonal (W) step into the step whose angle is turned the same way (rotated by an angle,
 * or reflected across an axis), and that keeps the board's edge where it is. Fixing where the
 * first cell goes fixes the rest, walking W steps outward, so each candidate image of the
 * first cell is tried and checked against every cell and step. The angles come from the
 * players' forward hours: a rotation turns the first player's forward onto the next
 * player's, a reflection swaps the two. A ring has no forward of its own and every turn of
 * it keeps all directions; there `rotate` is the turn of order `players` that moves the
 * first cell the shortest way up the numbers. */
#include "symmetry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The W direction whose angle is the image of d's, or -1. */
static int turned_dir(const Board *b, int d, bool mirror, int angle)
{
    int a = b->dir[d].angle;
    int want = mirror ? angle - a : a + angle;
    want = ((want % 360) + 360) % 360;
    for (int e = 0; e < b->ndirs; e++)
        if (b->dir[e].atom == 'W' && b->dir[e].angle == want) return e;
    return -1;
}

/* The map that sends cell 1 to `first`, walking W steps; false if it is not a symmetry. */
static bool map_from(const Board *b, const int *dmap, Cell first, Cell *map, Cell *queue)
{
    int head = 0, tail = 0;
    memset(map, 0, ((size_t)b->ncells + 1) * sizeof *map);
    map[1] = first;
    queue[tail++] = 1;
    while (head < tail) {
        Cell c = queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            if (b->dir[d].atom != 'W') continue;
            Cell n = board_step(b, c, d), m = board_step(b, map[c], dmap[d]);
            if (!n != !m) return false; /* the edge must map onto the edge */
            if (!n) continue;
            if (!map[n]) {
                map[n] = m;
                queue[tail++] = n;
            } else if (map[n] != m) {
                return false;
            }
        }
    }
    if (tail != b->ncells) return false; /* not every cell reached: no map of the whole board */
    /* a bijection */
    memset(queue, 0, ((size_t)b->ncells + 1) * sizeof *queue);
    for (int c = 1; c <= b->ncells; c++) {
        if (queue[map[c]]) return false;
        queue[map[c]] = 1;
    }
    return true;
}

/* Whether applying `map` n times gives every cell back. */
static bool order_divides(const Board *b, const Cell *map, int n)
{
    for (int c = 1; c <= b->ncells; c++) {
        Cell x = (Cell)c;
        for (int i = 0; i < n; i++) x = map[x];
        if (x != c) return false;
    }
    return true;
}

/* The symmetry turning angles by `angle` (or reflecting a -> angle - a); among several (a
 * ring), one of order `order` other than the identity, the first cell's image lowest. */
static bool find_symmetry(const Board *b, bool mirror, int angle, int order, Cell *map, char *err,
                          int errlen)
{
    int dmap[MAX_DIRS];
    for (int d = 0; d < b->ndirs; d++) {
        dmap[d] = -1;
        if (b->dir[d].atom == 'W' && (dmap[d] = turned_dir(b, d, mirror, angle)) < 0) {
            snprintf(err, errlen, "the board's orthogonal directions do not %s by %d degrees",
                     mirror ? "reflect" : "turn", angle);
            return false;
        }
    }
    Cell *try = malloc(((size_t)b->ncells + 1) * sizeof *try);
    Cell *queue = malloc(((size_t)b->ncells + 1) * sizeof *queue);
    bool found = false;
    for (int t = 1; t <= b->ncells && try && queue && !found; t++) {
        if (!map_from(b, dmap, (Cell)t, try, queue)) continue;
        bool identity = true;
        for (int c = 1; c <= b->ncells && identity; c++) identity = try[c] == c;
        if (order > 0 && (identity || !order_divides(b, try, order))) continue;
        memcpy(map, try, ((size_t)b->ncells + 1) * sizeof *map);
        found = true;
    }
    if (!try || !queue)
        snprintf(err, errlen, "out of memory");
    else if (!found)
        snprintf(err, errlen, "the board has no %s that %s", mirror ? "mirror image" : "turn",
                 mirror ? "swaps the two players' forward directions"
                        : "carries one player's side onto the next");
    free(try);
    free(queue);
    return found;
}

static int forward_of(const Variant *v, int p)
{
    return clock_to_angle(v->forward_hour[p]);
}

bool variant_player_map(const Variant *v, bool mirror, int from, int to, Cell *map, char *err,
                        int errlen)
{
    const Board *b = &v->board;
    bool forwards = true;
    for (int p = 0; p < v->nplayers; p++) forwards &= v->forward_hour[p] != 0;
    if (from == to) {
        for (int c = 0; c <= b->ncells; c++) map[c] = (Cell)c;
        return true;
    }
    if (mirror) {
        if (!forwards) {
            snprintf(err, errlen,
                     "mirror needs the players' forward directions ([players] forward)");
            return false;
        }
        /* a -> f_from + f_to - a swaps the two forwards */
        return find_symmetry(b, true, forward_of(v, from) + forward_of(v, to), 0, map, err, errlen);
    }
    int n = v->nplayers, step = 0, order = 0;
    if (forwards) {
        step = ((forward_of(v, 1) - forward_of(v, 0)) % 360 + 360) % 360;
        for (int p = 1; p < n; p++)
            if ((forward_of(v, p) - forward_of(v, p - 1) - step) % 360) {
                snprintf(err, errlen,
                         "rotate needs forward hours evenly spaced round the board, in turn order");
                return false;
            }
        if (b->wrap) order = n;
    } else {
        order = n; /* a ring: every turn keeps the directions */
    }
    Cell *one = malloc(((size_t)b->ncells + 1) * sizeof *one);
    if (!one) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = find_symmetry(b, false, step, order, one, err, errlen);
    for (int c = 0; c <= b->ncells && ok; c++) map[c] = (Cell)c;
    for (int k = 0; ok && k < ((to - from) % n + n) % n; k++)
        for (int c = 1; c <= b->ncells; c++) map[c] = one[map[c]];
    free(one);
    return ok;
}
