/* variant_tools.c — the command-line tools for variant designers: --check-variant (with
 * --lint, the findings of lint.c) and --show-zone (a zone drawn on the board, one drawing per
 * player, with the renderer's marks). */
#include "variant_tools.h"

#include "safe_text.h"

#include "lint.h"
#include "paths.h"
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_finding(void *ctx, const char *message)
{
    safe_printf(stdout, "%s: lint: %s\n", (const char *)ctx, message);
}

/* The variant a tool works on; NULL after saying why, with the tool's exit status in *rc
 * (2: the file cannot be read, 1: it is wrong). */
static Variant *open_variant(const char *name, int *rc)
{
    char err[600];
    bool unreadable;
    Variant *v = variant_open(name, err, sizeof err, &unreadable);
    if (!v) {
        safe_printf(stderr, "cellmate: %s\n", err);
        *rc = unreadable ? 2 : 1;
    }
    return v;
}

int tool_check_variant(const char *path, bool lint)
{
    int rc;
    Variant *v = open_variant(path, &rc);
    if (!v) return rc;
    int findings = lint ? variant_lint(v, print_finding, (void *)path) : 0;
    if (!findings)
        safe_printf(stdout, "%s: ok (%s, %d cells, %d players, %d kinds of piece)\n", path,
                    v->title, v->board.ncells, v->nplayers, v->ntypes);
    variant_free(v);
    return findings ? 3 : 0;
}

int tool_show_zone(const char *variant, const char *zone)
{
    int rc = 0;
    Variant *v = open_variant(variant, &rc);
    if (!v) return rc;
    int z = variant_zone(v, zone);
    if (z < 0) {
        safe_printf(stderr, "cellmate: %s has no zone '%s' (its zones:", variant, zone);
        for (int i = 0; i < v->nzones; i++) safe_printf(stderr, " %s", v->zone[i].name);
        safe_printf(stderr, "%s)\n", v->nzones ? "" : " none");
        variant_free(v);
        return 1;
    }
    Position *pos = malloc(sizeof *pos);
    uint8_t *marks = calloc((size_t)v->board.ncells + 1, 1);
    for (int p = 0; pos && marks && p < v->nplayers && !rc; p++) {
        pos_init(pos, v);
        memset(pos->board, 0, sizeof pos->board); /* the zone on an empty board */
        int n = 0;
        for (int c = 1; c <= v->board.ncells; c++) {
            marks[c] = v->zone[z].cell[p][c] ? MARK_MOVE : 0;
            n += marks[c] != 0;
        }
        RenderOpts o;
        TextGrid g;
        memset(&o, 0, sizeof o);
        o.coords = true;
        o.bottom = p;
        o.marks = marks;
        char *text = NULL;
        if (render_board(pos, &o, &g)) {
            text = textgrid_string(&g, false);
            textgrid_free(&g);
        }
        if (!text) {
            safe_printf(stderr, "cellmate: out of memory\n");
            rc = 1;
            break;
        }
        /* the ring is drawn as a strip with the player's camp in its middle, not below */
        bool ring = v->board.spec.family == FAMILY_RING;
        safe_printf(stdout, "zone %s for %s (%d cell%s, marked *; %s%s):\n%s\n", zone,
                    v->player_name[p], n, n == 1 ? "" : "s", v->player_name[p],
                    ring ? "'s camp in the middle" : " at the bottom", text);
        free(text);
    }
    if (!pos || !marks) {
        safe_printf(stderr, "cellmate: out of memory\n");
        rc = 1;
    }
    free(pos);
    free(marks);
    variant_free(v);
    return rc;
}
