/* board.c — builds a Board from a BoardSpec: which cells exist, their names, colours and
 * order, the direction table of the family, and every ray precomputed.
 *
 * Native coordinates, all "doubled" so that neighbours differ by small integers:
 *   hex, flat frame (Glinski naming): (q, H), files vertical, 12 o'clock = (0, 2);
 *   hex, pointy frame (axial naming): (x, y) = (2f - r, r), ranks horizontal;
 *   ring: (x, y) = (2(n - 1) + f mod 2, f) in the pointy frame, x wrapping mod 2 * length;
 *   triangle: (x, y) = (letter, row); a cell points up when x + y is even. */
#include "board.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int dx, dy;
} Vec;

/* Orthogonal unit vectors of each hex frame, in anticlockwise order. Diagonals and leaps
 * are derived from them, so the two frames share one construction. */
static const Vec flat_orth[6] = {{1, 1}, {0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}};
static const int flat_orth_angle = 30;
static const Vec pointy_orth[6] = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}};
static const int pointy_orth_angle = 0;

/* Triangle directions as (dletter, drow) from an up cell and from a down cell. */
typedef struct {
    char atom;
    int angle;
    Vec up, down;
} TriDir;

static const TriDir tri_dirs[] = {
    /* rook strips: each next step depends on the cell just reached */
    {'W', 0, {1, 0}, {1, 0}},
    {'W', 180, {-1, 0}, {-1, 0}},
    {'W', 60, {1, 0}, {0, 1}},
    {'W', 120, {-1, 0}, {0, 1}},
    {'W', 300, {0, -1}, {1, 0}},
    {'W', 240, {0, -1}, {-1, 0}},
    /* bishop: the same vector from either orientation */
    {'F', 0, {2, 0}, {2, 0}},
    {'F', 180, {-2, 0}, {-2, 0}},
    {'F', 60, {1, 1}, {1, 1}},
    {'F', 120, {-1, 1}, {-1, 1}},
    {'F', 300, {1, -1}, {1, -1}},
    {'F', 240, {-1, -1}, {-1, -1}},
    /* duke lines: alternately through a vertex and a face */
    {'D', 90, {0, 1}, {0, 1}},
    {'D', 270, {0, -1}, {0, -1}},
    {'D', 210, {-2, -1}, {-1, 0}},
    {'D', 30, {1, 0}, {2, 1}},
    {'D', 330, {2, -1}, {1, 0}},
    {'D', 150, {-1, 0}, {-2, 1}},
};

/* Knight leaps on triangles, (dletter, drow) from an up cell; a down cell negates drow. */
static const Vec tri_leaps[12] = {{1, -2}, {-1, -2}, {3, 0},  {-3, 0},  {2, 1}, {-2, 1},
                                  {3, -2}, {-3, -2}, {4, -1}, {-4, -1}, {1, 2}, {-1, 2}};

typedef struct {
    Vec up, down; /* equal on hex boards */
} DirVec;

static int letter_index(const BoardSpec *s, char c)
{
    const char *p = c ? strchr(s->letters, c) : NULL;
    return p ? (int)(p - s->letters) : -1;
}

static int nletters(const BoardSpec *s)
{
    return (int)strlen(s->letters);
}

int clock_to_angle(int hour)
{
    return ((90 - 30 * hour) % 360 + 360) % 360;
}

int angle_between(int a, int b)
{
    int d = ((a - b) % 360 + 360) % 360;
    return d > 180 ? 360 - d : d;
}

/* Name -> native coordinate, independent of which cells exist. */
static bool coord_of_name(const BoardSpec *s, const char *name, int *x, int *y)
{
    int li = letter_index(s, name[0]);
    char *end;
    if (li < 0 || name[1] < '1' || name[1] > '9') return false;
    long k = strtol(name + 1, &end, 10);
    if (*end || k < 1 || k > MAX_CELL_NUMBER) return false;
    switch (s->naming) {
    case NAMING_GLINSKI: {
        int q = li - (nletters(s) - 1) / 2;
        *x = q;
        *y = abs(q) + 2 * ((int)k - 1);
        return true;
    }
    case NAMING_AXIAL:
        *x = 2 * li - (int)k;
        *y = (int)k;
        return true;
    case NAMING_RING:
        if (k > s->ring_length) return false;
        *x = 2 * ((int)k - 1) + li % 2;
        *y = li;
        return true;
    case NAMING_TRIANGLE:
        *x = li + 1;
        *y = (int)k;
        return true;
    }
    return false;
}

static void name_of_coord(const BoardSpec *s, int x, int y, char *out)
{
    int li = 0, k = 0;
    switch (s->naming) {
    case NAMING_GLINSKI:
        li = x + (nletters(s) - 1) / 2;
        k = (y - abs(x)) / 2 + 1;
        break;
    case NAMING_AXIAL:
        li = (x + y) / 2;
        k = y;
        break;
    case NAMING_RING:
        li = y;
        k = (x - y % 2) / 2 + 1;
        break;
    case NAMING_TRIANGLE:
        li = x - 1;
        k = y;
        break;
    }
    snprintf(out, CELL_NAME_MAX, "%c%d", s->letters[li], k);
}

/* Whether a coordinate can be named at all (its letter exists). */
static bool nameable(const BoardSpec *s, int x, int y)
{
    int li = -1, k = 0;
    switch (s->naming) {
    case NAMING_GLINSKI:
        li = x + (nletters(s) - 1) / 2;
        k = (y - abs(x)) / 2 + 1;
        if ((y - abs(x)) % 2) return false;
        break;
    case NAMING_AXIAL:
        if ((x + y) % 2) return false;
        li = (x + y) / 2;
        k = y;
        break;
    default: return true;
    }
    return li >= 0 && li < nletters(s) && k >= 1 && k <= MAX_CELL_NUMBER;
}

static int hex_distance(enum frame fr, int dx, int dy)
{
    int a = abs(fr == FRAME_FLAT ? dx : dy); /* across the straight lines of cells */
    int b = abs(fr == FRAME_FLAT ? dy : dx); /* along them, doubled */
    return a + (b > a ? (b - a) / 2 : 0);
}

static bool is_up(int x, int y)
{
    return (x + y) % 2 == 0;
}

/* --- direction tables ------------------------------------------------------------------ */

static void add_dir(Board *b, DirVec *vecs, char atom, int angle, Vec up, Vec down)
{
    b->dir[b->ndirs].atom = atom;
    b->dir[b->ndirs].angle = ((angle % 360) + 360) % 360;
    b->dir[b->ndirs].opposite = -1;
    vecs[b->ndirs].up = up;
    vecs[b->ndirs].down = down;
    b->ndirs++;
}

static void hex_directions(Board *b, DirVec *vecs, enum frame fr)
{
    const Vec *o = fr == FRAME_FLAT ? flat_orth : pointy_orth;
    int a0 = fr == FRAME_FLAT ? flat_orth_angle : pointy_orth_angle;
    for (int i = 0; i < 6; i++) add_dir(b, vecs, 'W', a0 + 60 * i, o[i], o[i]);
    for (int i = 0; i < 6; i++) {
        const Vec *p = &o[i], *q = &o[(i + 1) % 6];
        Vec v = {p->dx + q->dx, p->dy + q->dy};
        add_dir(b, vecs, 'F', a0 + 60 * i + 30, v, v);
    }
    /* a leap is two orthogonal steps and one step turned 60 degrees; it takes the angle of
     * its principal orthogonal, so that "forward" selects the two leaps flanking it */
    for (int i = 0; i < 6; i++) {
        for (int side = -1; side <= 1; side += 2) {
            const Vec *p = &o[i], *q = &o[(i + 6 + side) % 6];
            Vec v = {2 * p->dx + q->dx, 2 * p->dy + q->dy};
            add_dir(b, vecs, 'N', a0 + 60 * i, v, v);
        }
    }
}

static void triangle_directions(Board *b, DirVec *vecs)
{
    for (size_t i = 0; i < sizeof tri_dirs / sizeof tri_dirs[0]; i++)
        add_dir(b, vecs, tri_dirs[i].atom, tri_dirs[i].angle, tri_dirs[i].up, tri_dirs[i].down);
    for (int i = 0; i < 12; i++) {
        Vec up = tri_leaps[i], down = {up.dx, -up.dy};
        int angle = (int)lround(atan2(up.dy * 0.8660254, up.dx * 0.5) * 180.0 / M_PI);
        add_dir(b, vecs, 'N', angle, up, down);
    }
}

/* --- building ---------------------------------------------------------------------------- */

static Cell *grid_at(const Board *b, int x, int y)
{
    if (b->spec.family == FAMILY_RING) {
        int m = 2 * b->spec.ring_length;
        x = ((x % m) + m) % m;
    }
    x -= b->xmin;
    y -= b->ymin;
    if (x < 0 || y < 0 || x >= b->width || y >= b->height) return NULL;
    return &b->grid[y * b->width + x];
}

static Cell cell_at(const Board *b, int x, int y)
{
    Cell *g = grid_at(b, x, y);
    return g ? *g : NO_CELL;
}

typedef struct {
    int x, y;
} Pt;

static const BoardSpec *sort_spec;

static int order_key_cmp(const void *pa, const void *pb)
{
    const Pt *a = pa, *b = pb;
    int ka1, ka2, kb1, kb2;
    switch (sort_spec->naming) {
    case NAMING_GLINSKI: /* file by file, each from its lower end */
        ka1 = a->x, ka2 = a->y, kb1 = b->x, kb2 = b->y;
        break;
    case NAMING_RING: /* file by file, cell 1 first */
        ka1 = a->y, ka2 = a->x, kb1 = b->y, kb2 = b->x;
        break;
    default: /* rows from the top, each left to right */
        ka1 = -a->y, ka2 = a->x, kb1 = -b->y, kb2 = b->x;
        break;
    }
    if (ka1 != kb1) return ka1 < kb1 ? -1 : 1;
    return ka2 < kb2 ? -1 : ka2 > kb2;
}

static int row_key(const BoardSpec *s, int x, int y)
{
    return s->naming == NAMING_GLINSKI ? x : y;
}

static bool add_candidate(Pt **cand, int *nc, int *cap, Pt p)
{
    if (*nc == *cap) {
        int ncap = *cap ? 2 * *cap : 512;
        Pt *np = realloc(*cand, (size_t)ncap * sizeof *np);
        if (!np) return false;
        *cand = np;
        *cap = ncap;
    }
    (*cand)[(*nc)++] = p;
    return true;
}

/* The cells of a hex shape: a union of hexagons and single cells, minus removed cells, in the
 * order the terms add them (duplicates included); NULL with err set on a bad term. */
static Pt *hex_candidates(const BoardSpec *s, int *count, char *err, int errlen)
{
    Pt *cand = NULL;
    int nc = 0, cap = 0;
    for (int t = 0; t < s->nterms; t++) {
        const ShapeTerm *st = &s->terms[t];
        int cx, cy;
        if (!coord_of_name(s, st->cell, &cx, &cy)) {
            snprintf(err, errlen, "'%s' is not a cell name of this board (letters %s)", st->cell,
                     s->letters);
            free(cand);
            return NULL;
        }
        if (st->kind == SHAPE_HEXAGON) {
            int r = st->radius;
            if (r < 0 || r > MAX_HEX_RADIUS) {
                snprintf(err, errlen, "hexagon radius %d out of range 0..%d", r, MAX_HEX_RADIUS);
                free(cand);
                return NULL;
            }
            for (int dx = -2 * r; dx <= 2 * r; dx++)
                for (int dy = -2 * r; dy <= 2 * r; dy++) {
                    if ((dx + dy) % 2 || hex_distance(s->frame, dx, dy) > r) continue;
                    if (!add_candidate(&cand, &nc, &cap, (Pt){cx + dx, cy + dy})) goto oom;
                }
        } else if (st->kind == SHAPE_CELL) {
            if (!add_candidate(&cand, &nc, &cap, (Pt){cx, cy})) goto oom;
        } else {
            for (int i = 0; i < nc; i++)
                if (cand[i].x == cx && cand[i].y == cy) cand[i] = cand[--nc], i--;
        }
    }
    *count = nc;
    if (!cand) snprintf(err, errlen, "the board has no cells");
    return cand;
oom:
    free(cand);
    snprintf(err, errlen, "out of memory");
    return NULL;
}

/* Collect the cells a spec describes into pts; returns the count or -1 with err set. */
static int collect_cells(const BoardSpec *s, Pt *pts, char *err, int errlen)
{
    int n = 0;
    if (s->family == FAMILY_RING) {
        int nf = nletters(s);
        if (nf < 2 || s->ring_length < 3 || s->ring_length > MAX_RING_LENGTH ||
            nf * s->ring_length > MAX_CELLS) {
            snprintf(err, errlen,
                     "a ring needs 2 or more files and 3 to %d cells per file, "
                     "%d cells at most",
                     MAX_RING_LENGTH, MAX_CELLS);
            return -1;
        }
        for (int f = 0; f < nf; f++)
            for (int k = 1; k <= s->ring_length; k++) pts[n++] = (Pt){2 * (k - 1) + f % 2, f};
        return n;
    }
    if (s->family == FAMILY_TRIANGLE) {
        int side = s->side;
        if (side < 1 || side > MAX_TRIANGLE_SIDE) {
            snprintf(err, errlen, "a triangle board's side is 1 to %d, not %d", MAX_TRIANGLE_SIDE,
                     side);
            return -1;
        }
        if (4 * side - 1 > nletters(s)) {
            snprintf(err, errlen, "a triangle board of side %d needs %d file letters", side,
                     4 * side - 1);
            return -1;
        }
        for (int row = 1; row <= 2 * side; row++) {
            int lo = row <= side ? side - row + 1 : row - side;
            for (int l = lo; l <= 4 * side - lo; l++) pts[n++] = (Pt){l, row};
        }
        return n;
    }
    int nc = 0;
    Pt *cand = hex_candidates(s, &nc, err, errlen);
    if (!cand) return -1;
    for (int i = 0; i < nc; i++) {
        bool dup = false;
        for (int j = 0; j < n && !dup; j++) dup = pts[j].x == cand[i].x && pts[j].y == cand[i].y;
        if (dup) continue;
        if (!nameable(s, cand[i].x, cand[i].y)) {
            snprintf(err, errlen, "the shape reaches beyond the file letters '%s' or number %d",
                     s->letters, MAX_CELL_NUMBER);
            free(cand);
            return -1;
        }
        if (n >= MAX_CELLS) {
            snprintf(err, errlen, "too many cells (at most %d)", MAX_CELLS);
            free(cand);
            return -1;
        }
        pts[n++] = cand[i];
    }
    free(cand);
    if (n == 0) {
        snprintf(err, errlen, "the board has no cells");
        return -1;
    }
    return n;
}

static uint8_t cell_colour(const BoardSpec *s, int x, int y)
{
    switch (s->naming) {
    case NAMING_GLINSKI: return (uint8_t)(((y % 3) + 3) % 3);
    case NAMING_AXIAL: return (uint8_t)(((x + y) / 2 + y) % 3);
    case NAMING_RING: {
        int k = (x - y % 2) / 2 + 1;
        return (uint8_t)(y % 2 == 0 ? (k + 2) % 3 : (k + 1) % 3);
    }
    case NAMING_TRIANGLE: return is_up(x, y) ? 0 : 1;
    }
    return 0;
}

static Cell step_from(const Board *b, const DirVec *v, Cell c)
{
    const Vec *d = &v->up;
    if (b->spec.family == FAMILY_TRIANGLE && !is_up(b->x[c], b->y[c])) d = &v->down;
    return cell_at(b, b->x[c] + d->dx, b->y[c] + d->dy);
}

static bool build_rays(Board *b, const DirVec *vecs, char *err, int errlen)
{
    static Cell tmp[MAX_CELLS + 1]; /* a ray visits each cell at most once */
    size_t total = 0, used = 0;
    b->ray = calloc((size_t)b->ncells + 1, sizeof *b->ray);
    if (!b->ray) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    /* two passes: count, then fill one buffer */
    for (int pass = 0; pass < 2; pass++) {
        for (int c = 1; c <= b->ncells; c++) {
            for (int d = 0; d < b->ndirs; d++) {
                int len = 0;
                Cell cur = (Cell)c;
                for (;;) {
                    Cell nx = step_from(b, &vecs[d], cur);
                    if (nx == NO_CELL || nx == c) break; /* edge, or round a ring */
                    tmp[len++] = nx;
                    cur = nx;
                }
                if (pass == 0) {
                    total += (size_t)len + 1;
                } else {
                    memcpy(b->raybuf + used, tmp, (size_t)len * sizeof(Cell));
                    b->raybuf[used + (size_t)len] = NO_CELL;
                    b->ray[c][d] = b->raybuf + used;
                    used += (size_t)len + 1;
                }
            }
        }
        if (pass == 0) {
            b->raybuf = calloc(total, sizeof(Cell));
            if (!b->raybuf) {
                snprintf(err, errlen, "out of memory");
                return false;
            }
        }
    }
    /* ray 0 of "no cell" is an empty list, so board_step(b, 0, d) is safe */
    static const Cell none[1] = {NO_CELL};
    for (int d = 0; d < MAX_DIRS; d++) b->ray[0][d] = none;
    return true;
}

/* The opposite of d is the direction that undoes every step of d; attack detection walks
 * it outward from a target, so each direction must have exactly one. */
static bool find_opposites(Board *b, char *err, int errlen)
{
    for (int d = 0; d < b->ndirs; d++) {
        for (int e = 0; e < b->ndirs && b->dir[d].opposite < 0; e++) {
            bool ok = true, any = false;
            for (int c = 1; c <= b->ncells && ok; c++) {
                Cell n = b->ray[c][d][0];
                if (n == NO_CELL) continue;
                any = true;
                ok = b->ray[n][e][0] == c;
            }
            if (ok && any) b->dir[d].opposite = e;
        }
        if (b->dir[d].opposite < 0) {
            /* a direction that leads nowhere on this board is its own (unused) opposite */
            bool any = false;
            for (int c = 1; c <= b->ncells && !any; c++) any = b->ray[c][d][0] != NO_CELL;
            if (any) {
                snprintf(err, errlen, "internal error: direction %d has no opposite", d);
                return false;
            }
            b->dir[d].opposite = d;
        }
    }
    return true;
}

bool board_build(Board *b, const BoardSpec *spec, char *err, int errlen)
{
    static Pt pts[MAX_CELLS];
    DirVec vecs[MAX_DIRS];
    memset(b, 0, sizeof *b);
    b->spec = *spec;
    if (nletters(spec) < 1) {
        snprintf(err, errlen, "the board needs file letters");
        return false;
    }
    int n = collect_cells(spec, pts, err, errlen);
    if (n < 0) return false;
    sort_spec = spec;
    qsort(pts, (size_t)n, sizeof pts[0], order_key_cmp);

    int xmin = pts[0].x, xmax = pts[0].x, ymin = pts[0].y, ymax = pts[0].y;
    for (int i = 1; i < n; i++) {
        if (pts[i].x < xmin) xmin = pts[i].x;
        if (pts[i].x > xmax) xmax = pts[i].x;
        if (pts[i].y < ymin) ymin = pts[i].y;
        if (pts[i].y > ymax) ymax = pts[i].y;
    }
    if (spec->family == FAMILY_RING) xmin = 0, xmax = 2 * spec->ring_length - 1;
    b->xmin = xmin;
    b->ymin = ymin;
    b->width = xmax - xmin + 1;
    b->height = ymax - ymin + 1;
    b->grid = calloc((size_t)b->width * (size_t)b->height, sizeof(Cell));
    if (!b->grid) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    b->ncells = n;
    size_t cells = (size_t)n + 1;
    b->name = calloc(cells, sizeof *b->name);
    b->x = calloc(cells, sizeof *b->x);
    b->y = calloc(cells, sizeof *b->y);
    b->colour = calloc(cells, sizeof *b->colour);
    b->row = calloc(cells, sizeof *b->row);
    if (!b->name || !b->x || !b->y || !b->colour || !b->row) {
        board_free(b);
        snprintf(err, errlen, "out of memory");
        return false;
    }
    int lastrow = 0;
    for (int i = 0; i < n; i++) {
        Cell c = (Cell)(i + 1);
        b->x[c] = pts[i].x;
        b->y[c] = pts[i].y;
        *grid_at(b, pts[i].x, pts[i].y) = c;
        name_of_coord(spec, pts[i].x, pts[i].y, b->name[c]);
        b->colour[c] = cell_colour(spec, pts[i].x, pts[i].y);
        int rk = row_key(spec, pts[i].x, pts[i].y);
        if (i > 0 && rk != lastrow) b->nrows++;
        b->row[c] = (uint16_t)b->nrows;
        lastrow = rk;
    }
    b->nrows++;
    b->ncolours = spec->family == FAMILY_TRIANGLE ? 2 : 3;
    if (spec->family == FAMILY_TRIANGLE)
        triangle_directions(b, vecs);
    else
        hex_directions(b, vecs, spec->family == FAMILY_RING ? FRAME_POINTY : spec->frame);
    if (!build_rays(b, vecs, err, errlen) || !find_opposites(b, err, errlen)) {
        board_free(b);
        return false;
    }
    return true;
}

void board_free(Board *b)
{
    free(b->ray);
    free(b->raybuf);
    free(b->grid);
    free(b->name);
    free(b->x);
    free(b->y);
    free(b->colour);
    free(b->row);
    b->ray = NULL;
    b->raybuf = NULL;
    b->grid = NULL;
    b->name = NULL;
    b->x = b->y = NULL;
    b->colour = NULL;
    b->row = NULL;
}

Cell board_cell(const Board *b, const char *name)
{
    int x, y;
    if (!coord_of_name(&b->spec, name, &x, &y)) return NO_CELL;
    return cell_at(b, x, y);
}

int board_scan_cell(const Board *b, const char *s, Cell *out)
{
    char buf[CELL_NAME_MAX];
    int best = 0;
    *out = NO_CELL;
    if (!s[0] || letter_index(&b->spec, s[0]) < 0) return 0;
    buf[0] = s[0];
    for (int len = 1; len < CELL_NAME_MAX - 1 && s[len] >= '0' && s[len] <= '9'; len++) {
        buf[len] = s[len];
        buf[len + 1] = 0;
        Cell c = board_cell(b, buf);
        if (c) *out = c, best = len + 1;
    }
    return best;
}

bool board_has_atom(const Board *b, char atom)
{
    for (int d = 0; d < b->ndirs; d++)
        if (b->dir[d].atom == atom) return true;
    return false;
}
