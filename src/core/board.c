/* board.c — builds a Board from a BoardSpec the same way for every family: the family
 * (board_family.h) says which cells exist as native coordinates, how names map to them, their
 * colours and order, and the directions; this file numbers the cells in position-string
 * order, names them, and precomputes every ray. */
#include "board_family.h"
#include "number.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The families, indexed by enum family. */
static const BoardFamily *const families[NFAMILIES] = {
    [FAMILY_HEX] = &board_hex,
    [FAMILY_RING] = &board_ring,
    [FAMILY_TRIANGLE] = &board_triangle,
    [FAMILY_SQUARE] = &board_square,
};

static const BoardFamily *family_of(const BoardSpec *s)
{
    return families[s->family];
}

int board_family_named(const char *name)
{
    for (int f = 0; f < NFAMILIES; f++)
        if (!strcmp(families[f]->id, name)) return f;
    return -1;
}

const char *board_family_names(void)
{
    return "hex, ring, square or triangle";
}

const char *board_family_id(enum family f)
{
    return families[f]->id;
}

const char *board_family_keys(enum family f)
{
    return families[f]->keys;
}

const char *board_family_size_key(enum family f)
{
    return families[f]->size_key;
}

bool board_read_spec(BoardSpec *s, BoardKeys *k)
{
    return family_of(s)->read(s, k);
}

const char *board_atoms(const Board *b)
{
    return family_of(&b->spec)->atoms;
}

/* --- what the families share ------------------------------------------------------------ */

int family_nletters(const BoardSpec *s)
{
    return (int)strlen(s->letters);
}

int family_letter_index(const BoardSpec *s, char c)
{
    const char *p = c ? strchr(s->letters, c) : NULL;
    return p ? (int)(p - s->letters) : -1;
}

bool family_split_name(const BoardSpec *s, const char *name, int *letter, int *number)
{
    long k;
    *letter = family_letter_index(s, name[0]);
    if (*letter < 0 || name[1] == '0' || !number_parse(name + 1, 1, MAX_CELL_NUMBER, &k))
        return false;
    *number = (int)k;
    return true;
}

bool family_add_point(Pt **pts, int *n, int *cap, Pt p)
{
    if (*n == *cap) {
        int nc = *cap ? 2 * *cap : 512;
        Pt *np = realloc(*pts, (size_t)nc * sizeof *np);
        if (!np) return false;
        *pts = np;
        *cap = nc;
    }
    (*pts)[(*n)++] = p;
    return true;
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

/* --- coordinates ------------------------------------------------------------------------ */

static inline Cell *grid_at(const Board *b, int x, int y)
{
    if (b->wrap) x = ((x % b->wrap) + b->wrap) % b->wrap;
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

/* A point's name, if it has one: a letter of the spec and a number 1..MAX_CELL_NUMBER. */
static bool point_name(const BoardSpec *s, Pt at, char *out)
{
    int letter, number;
    if (!family_of(s)->name(s, at, &letter, &number)) return false;
    if (letter < 0 || letter >= family_nletters(s) || number < 1 || number > MAX_CELL_NUMBER)
        return false;
    snprintf(out, CELL_NAME_MAX, "%c%d", s->letters[letter], number);
    return true;
}

/* --- building ---------------------------------------------------------------------------- */

typedef struct {
    Pt at;
    int row, col; /* position-string order */
} Placed;

static int placed_cmp(const void *pa, const void *pb)
{
    const Placed *a = pa, *b = pb;
    if (a->row != b->row) return a->row < b->row ? -1 : 1;
    return a->col < b->col ? -1 : a->col > b->col;
}

/* The family's cells, each once, named, in position-string order; their count or -1. */
static int place_cells(const BoardSpec *s, Placed **out, char *err, int errlen)
{
    const BoardFamily *f = family_of(s);
    Pt *pts = NULL;
    int np = f->cells(s, &pts, err, errlen), n = 0;
    if (np < 0) return -1;
    Placed *pl = np ? malloc((size_t)np * sizeof *pl) : NULL;
    if (np && !pl) {
        free(pts);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < np; i++) {
        char name[CELL_NAME_MAX];
        if (!point_name(s, pts[i], name)) {
            snprintf(err, errlen, "the shape reaches beyond the file letters '%s' or number %d",
                     s->letters, MAX_CELL_NUMBER);
            n = -1;
            break;
        }
        pl[n].at = pts[i];
        f->order(s, pts[i], &pl[n].row, &pl[n].col);
        n++;
    }
    free(pts);
    if (n > 0) {
        qsort(pl, (size_t)n, sizeof *pl, placed_cmp);
        int k = 1; /* a shape may add a cell twice */
        for (int i = 1; i < n; i++)
            if (pl[i].at.x != pl[k - 1].at.x || pl[i].at.y != pl[k - 1].at.y) pl[k++] = pl[i];
        n = k;
        if (n > MAX_CELLS) {
            snprintf(err, errlen, "too many cells (at most %d)", MAX_CELLS);
            n = -1;
        }
    } else if (n == 0) {
        snprintf(err, errlen, "the board has no cells");
        n = -1;
    }
    if (n < 0) free(pl), pl = NULL;
    *out = pl;
    return n;
}

static Cell step_from(const Board *b, const FamilyDir *d, Cell c)
{
    const BoardFamily *f = family_of(&b->spec);
    const Vec *v = f->down && f->down((Pt){b->x[c], b->y[c]}) ? &d->down : &d->up;
    return cell_at(b, b->x[c] + v->dx, b->y[c] + v->dy);
}

static bool build_rays(Board *b, const FamilyDir *dirs, char *err, int errlen)
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
                    Cell nx = step_from(b, &dirs[d], cur);
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

/* The grid from native coordinates to cells, and every per-cell table, for n placed cells. */
static bool lay_out(Board *b, const Placed *pl, int n, char *err, int errlen)
{
    const BoardFamily *f = family_of(&b->spec);
    int xmin = pl[0].at.x, xmax = xmin, ymin = pl[0].at.y, ymax = ymin;
    for (int i = 1; i < n; i++) {
        if (pl[i].at.x < xmin) xmin = pl[i].at.x;
        if (pl[i].at.x > xmax) xmax = pl[i].at.x;
        if (pl[i].at.y < ymin) ymin = pl[i].at.y;
        if (pl[i].at.y > ymax) ymax = pl[i].at.y;
    }
    b->wrap = f->wrap ? f->wrap(&b->spec) : 0;
    if (b->wrap) xmin = 0, xmax = b->wrap - 1;
    b->xmin = xmin;
    b->ymin = ymin;
    b->width = xmax - xmin + 1;
    b->height = ymax - ymin + 1;
    b->ncells = n;
    size_t cells = (size_t)n + 1;
    b->grid = calloc((size_t)b->width * (size_t)b->height, sizeof(Cell));
    b->name = calloc(cells, sizeof *b->name);
    b->x = calloc(cells, sizeof *b->x);
    b->y = calloc(cells, sizeof *b->y);
    b->colour = calloc(cells, sizeof *b->colour);
    b->row = calloc(cells, sizeof *b->row);
    b->file = calloc(cells, sizeof *b->file);
    b->rank = calloc(cells, sizeof *b->rank);
    if (!b->grid || !b->name || !b->x || !b->y || !b->colour || !b->row || !b->file || !b->rank) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (int i = 0; i < n; i++) {
        Cell c = (Cell)(i + 1);
        b->x[c] = pl[i].at.x;
        b->y[c] = pl[i].at.y;
        *grid_at(b, b->x[c], b->y[c]) = c;
        point_name(&b->spec, pl[i].at, b->name[c]);
        int letter, number;
        if (!family_split_name(&b->spec, b->name[c], &letter, &number)) {
            snprintf(err, errlen, "the cell name '%s' is not a file letter and a rank", b->name[c]);
            return false;
        }
        b->file[c] = (uint16_t)letter;
        b->rank[c] = (uint16_t)number;
        b->colour[c] = (uint8_t)f->colour(&b->spec, pl[i].at);
        if (i > 0 && pl[i].row != pl[i - 1].row) b->nrows++;
        b->row[c] = (uint16_t)b->nrows;
    }
    b->nrows++;
    b->ncolours = f->ncolours;
    return true;
}

/* Board.toward, on boards where it is one direction or none (the table has a byte per pair
 * of cells, so boards of more than 255 cells go without). */
static bool build_toward(Board *b)
{
    size_t n1 = (size_t)b->ncells + 1;
    if (b->ncells > 255 || b->ndirs >= BOARD_NOWHERE) return true;
    if (!(b->toward = malloc(n1 * n1))) return false;
    memset(b->toward, BOARD_NOWHERE, n1 * n1);
    for (size_t a = 1; a < n1; a++)
        for (int d = 0; d < b->ndirs; d++)
            for (const Cell *r = b->ray[a][d]; *r; r++) {
                uint8_t *t = &b->toward[a * n1 + *r];
                if (*t != BOARD_NOWHERE) { /* two ways from a to the same cell */
                    free(b->toward);
                    b->toward = NULL;
                    return true;
                }
                *t = (uint8_t)d;
            }
    return true;
}

/* Board.lines, where toward could not be made for two ways from a cell to another. */
static bool build_lines(Board *b)
{
    size_t n1 = (size_t)b->ncells + 1;
    if (b->toward || b->ncells > 255 || b->ndirs > 32) return true;
    if (!(b->lines = calloc(n1 * n1, sizeof *b->lines))) return false;
    for (size_t a = 1; a < n1; a++)
        for (int d = 0; d < b->ndirs; d++)
            for (const Cell *r = b->ray[a][d]; *r; r++) b->lines[a * n1 + *r] |= 1u << d;
    return true;
}

bool board_build(Board *b, const BoardSpec *spec, char *err, int errlen)
{
    FamilyDir dirs[MAX_DIRS];
    Placed *pl = NULL;
    memset(b, 0, sizeof *b);
    b->spec = *spec;
    if (family_nletters(spec) < 1) {
        snprintf(err, errlen, "the board needs file letters");
        return false;
    }
    int n = place_cells(spec, &pl, err, errlen);
    if (n < 0) return false;
    bool ok = lay_out(b, pl, n, err, errlen);
    free(pl);
    if (ok) {
        b->ndirs = family_of(spec)->directions(spec, dirs);
        for (int d = 0; d < b->ndirs; d++)
            b->dir[d] = (Direction){dirs[d].atom, ((dirs[d].angle % 360) + 360) % 360, -1};
        ok = build_rays(b, dirs, err, errlen) && find_opposites(b, err, errlen);
        if (ok && !(build_toward(b) && build_lines(b))) {
            snprintf(err, errlen, "out of memory");
            ok = false;
        }
    }
    if (!ok) board_free(b);
    return ok;
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
    free(b->file);
    free(b->rank);
    free(b->toward);
    b->toward = NULL;
    free(b->lines);
    b->lines = NULL;
    b->ray = NULL;
    b->raybuf = NULL;
    b->grid = NULL;
    b->name = NULL;
    b->x = b->y = NULL;
    b->colour = NULL;
    b->row = NULL;
    b->file = b->rank = NULL;
}

/* --- looking cells up --------------------------------------------------------------------- */

Cell board_cell(const Board *b, const char *name)
{
    int letter, number;
    Pt at;
    if (!family_split_name(&b->spec, name, &letter, &number) ||
        !family_of(&b->spec)->coord(&b->spec, letter, number, &at))
        return NO_CELL;
    return cell_at(b, at.x, at.y);
}

int board_scan_cell(const Board *b, const char *s, Cell *out)
{
    char buf[CELL_NAME_MAX];
    int best = 0;
    *out = NO_CELL;
    if (!s[0] || family_letter_index(&b->spec, s[0]) < 0) return 0;
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
