/* movelang.c — the move language of variant files, a small hex/triangle dialect of Betza's
 * notation (documented in cellmate-variants(5)):
 *
 *   component := modifiers ATOM [range] ['@' angle {',' angle}] ['{' ['!'] zone '}']
 *   modifiers := any of m c i p x e f b
 *   ATOM      := W | F | N | D          range := digits | '*'
 *
 * A piece's moves are components separated by spaces. */
#include "number.h"
#include "variant.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *modifier_letters = "mcipxefb";

static bool fail(char *err, int errlen, const char *word, const char *why)
{
    snprintf(err, errlen, "in move '%s': %s", word, why);
    return false;
}

/* "@a,b,...": the angles listed, at *p (on the '@'). */
static bool parse_angles(const char *word, const char **pp, Component *c, char *err, int errlen)
{
    const char *p = *pp + 1;
    c->directed = c->listed = true;
    for (;;) {
        long a = 0;
        enum number_status st = number_scan(&p, 180, &a);
        if (st == NUMBER_NONE) return fail(err, errlen, word, "expected an angle after '@' or ','");
        if (st == NUMBER_TOO_LARGE)
            return fail(err, errlen, word, "angle: number too large (0 to 180 degrees)");
        angle_add(&c->angles, (int)a);
        if (*p != ',') break;
        p++;
    }
    *pp = p;
    return true;
}

/* "{NAME}" or "{!NAME}": the zone the targets must (not) be in, at *p (on the '{'). */
static bool parse_zone(const Variant *v, const char *word, const char **pp, Component *c, char *err,
                       int errlen)
{
    char zname[MAX_NAME];
    int n = 0;
    const char *p = *pp + 1;
    if (*p == '!') c->zone_not = true, p++;
    while (*p && *p != '}' && n < MAX_NAME - 1) zname[n++] = *p++;
    zname[n] = 0;
    if (*p != '}') return fail(err, errlen, word, "expected '}' after the zone name");
    if (!n) return fail(err, errlen, word, "expected a zone's name between '{' and '}'");
    *pp = p + 1;
    c->zone = (int8_t)variant_zone(v, zname);
    if (c->zone < 0) {
        char why[160];
        snprintf(why, sizeof why, "unknown zone '%s' (define it in a [zone %s] section)", zname,
                 zname);
        return fail(err, errlen, word, why);
    }
    return true;
}

static bool parse_component(const Variant *v, const char *word, Component *c, char *err, int errlen)
{
    const char *p = word;
    bool m = false, cap = false, f = false, b = false;
    memset(c, 0, sizeof *c);
    c->zone = -1;
    while (*p && strchr(modifier_letters, *p) && islower((unsigned char)*p)) {
        switch (*p) {
        case 'm': m = true; break;
        case 'c': cap = true; break;
        case 'i': c->flags |= CF_INITIAL; break;
        case 'p': c->flags |= CF_HOP; break;
        case 'x': c->flags |= CF_RIFLE; break;
        case 'e': c->flags |= CF_EXCHANGE; break;
        case 'f': f = true; break;
        case 'b': b = true; break;
        }
        p++;
    }
    if (!isupper((unsigned char)*p)) {
        if (*p && islower((unsigned char)*p))
            return fail(err, errlen, word, "unknown modifier (expected m c i p x e f b)");
        return fail(err, errlen, word, "expected an atom letter (W F N, and D on triangles)");
    }
    c->atom = *p++;
    if (!strchr("WFND", c->atom) || !board_has_atom(&v->board, c->atom)) {
        char why[96];
        snprintf(why, sizeof why, "unknown atom '%c' (this board has %s)", c->atom,
                 board_atoms(&v->board));
        return fail(err, errlen, word, why);
    }
    c->range = 1;
    if (*p == '*') {
        c->range = RANGE_ANY;
        p++;
    } else if (isdigit((unsigned char)*p)) {
        long r = 0;
        if (number_scan(&p, 99, &r) == NUMBER_TOO_LARGE)
            return fail(err, errlen, word, "range: number too large (1..99 or *)");
        if (r < 1) return fail(err, errlen, word, "range must be 1..99 or *");
        c->range = (uint8_t)r;
    }
    /* forward: less than 60 degrees either side (0 and 30 on hexagons, 0 and 45 on squares);
     * backward: more than 120 */
    for (int a = 0; a <= 180; a++)
        if ((f && a < 60) || (b && a > 120)) angle_add(&c->angles, a);
    c->directed = f || b;
    if (*p == '@') {
        if (f || b) return fail(err, errlen, word, "use either f/b or @angles, not both");
        if (!parse_angles(word, &p, c, err, errlen)) return false;
    }
    if (*p == '{' && !parse_zone(v, word, &p, c, err, errlen)) return false;
    if (*p) {
        char why[64];
        snprintf(why, sizeof why, "unexpected '%c'", *p);
        return fail(err, errlen, word, why);
    }
    int special = !!(c->flags & CF_HOP) + !!(c->flags & CF_RIFLE) + !!(c->flags & CF_EXCHANGE);
    if (special > 1) return fail(err, errlen, word, "p, x and e cannot be combined");
    if (special && m) return fail(err, errlen, word, "p, x and e cannot be combined with m");
    if (c->flags & (CF_HOP | CF_RIFLE))
        c->flags |= CF_CAPTURE;
    else if (!(c->flags & CF_EXCHANGE))
        c->flags |= (m || !cap ? CF_MOVE : 0) | (cap || !m ? CF_CAPTURE : 0);
    return true;
}

bool movelang_parse(const Variant *v, const char *text, PieceType *pt, char *err, int errlen)
{
    char word[64];
    const char *p = text;
    pt->ncomp = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        int n = 0;
        while (*p && *p != ' ' && *p != '\t') {
            if (n >= (int)sizeof word - 1) return fail(err, errlen, text, "component too long");
            word[n++] = *p++;
        }
        word[n] = 0;
        if (pt->ncomp >= MAX_COMPS) {
            snprintf(err, errlen, "too many move components (at most %d)", MAX_COMPS);
            return false;
        }
        if (!parse_component(v, word, &pt->comp[pt->ncomp], err, errlen)) return false;
        pt->ncomp++;
    }
    if (pt->ncomp == 0) {
        snprintf(err, errlen, "expected at least one move component, such as W or F*");
        return false;
    }
    return true;
}

/* --- plain-English descriptions, for the help screen's piece legend ---------------------- */

static const char *atom_noun(char atom, bool many)
{
    switch (atom) {
    case 'W': return many ? "orthogonal steps" : "orthogonal step";
    case 'F': return many ? "diagonal steps" : "diagonal step";
    case 'D': return many ? "duke-line steps" : "duke-line step";
    default: return many ? "knight leaps" : "knight leap";
    }
}

static void describe_angles(const Component *c, char *out, size_t len)
{
    out[0] = 0;
    if (!c->directed) return;
    if (!c->listed) {
        bool f = angle_in(&c->angles, 0), b = angle_in(&c->angles, 180);
        snprintf(out, len, "%s", f && b ? " forward and backward" : f ? " forward" : " backward");
        return;
    }
    int count = 0;
    for (int a = 0; a <= 180; a++) count += angle_in(&c->angles, a);
    if (count == 1 && angle_in(&c->angles, 0)) {
        snprintf(out, len, " straight forward");
        return;
    }
    size_t n = (size_t)snprintf(out, len, " at");
    for (int a = 0; a <= 180 && n < len; a++)
        if (angle_in(&c->angles, a))
            n += (size_t)snprintf(out + n, len - n, "%s%s%d", n > 3 ? "," : "",
                                  a && a < 180 ? " +/-" : " ", a);
    if (n < len) snprintf(out + n, len - n, " degrees from forward");
}

void movelang_describe(const Variant *v, const PieceType *pt, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < pt->ncomp && n < len; i++) {
        const Component *c = &pt->comp[i];
        char what[96], angles[96], extra[160] = "";
        if (c->range == 1)
            snprintf(what, sizeof what, "one %s", atom_noun(c->atom, false));
        else if (c->range == RANGE_ANY)
            snprintf(what, sizeof what, "any number of %s", atom_noun(c->atom, true));
        else
            snprintf(what, sizeof what, "up to %d %s", c->range, atom_noun(c->atom, true));
        describe_angles(c, angles, sizeof angles);
        if (c->atom == 'N' && !strcmp(angles, " straight forward"))
            snprintf(angles, sizeof angles, " forward (the two either side of straight ahead)");
        size_t e = 0;
#define NOTE(text) e += (size_t)snprintf(extra + e, sizeof extra - e, "%s%s", e ? ", " : " (", text)
        if (c->flags & CF_HOP)
            NOTE("captures by jumping exactly one piece");
        else if (c->flags & CF_RIFLE)
            NOTE("captures without moving");
        else if (c->flags & CF_EXCHANGE)
            NOTE("swaps places with a friendly piece");
        else if (!(c->flags & CF_CAPTURE))
            NOTE("not capturing");
        else if (!(c->flags & CF_MOVE))
            NOTE("capturing only");
        if (c->flags & CF_INITIAL) { /* allowed by the piece's fresh mark, its zone or both */
            char when[96];
            bool fresh = pt->fresh_at_start || pt->fresh_on_drop, zoned = pt->initial_zone >= 0;
            snprintf(when, sizeof when, "only %s%s%s%s", fresh ? "as a first move" : "",
                     fresh && zoned ? " or " : "", zoned ? "from zone " : "",
                     zoned ? v->zone[pt->initial_zone].name : "");
            NOTE(when);
        }
        if (c->zone >= 0) {
            char z[80];
            snprintf(z, sizeof z, "%s %s", c->zone_not ? "outside" : "within",
                     v->zone[c->zone].name);
            NOTE(z);
        }
#undef NOTE
        if (e && e + 1 < sizeof extra) strcat(extra, ")");
        n += (size_t)snprintf(out + n, len - n, "%s%s%s%s", i ? "; or " : "", what, angles, extra);
    }
    if (pt->royal && n < len) n += (size_t)snprintf(out + n, len - n, "; royal");
    if (pt->npromo && n < len) {
        n += (size_t)snprintf(out + n, len - n, "; promotes to");
        for (int i = 0; i < pt->npromo && n < len; i++)
            n += (size_t)snprintf(out + n, len - n, " %c", v->type[pt->promo_to[i]].letter);
        if (pt->promo_from_pool && n < len)
            snprintf(out + n, len - n, " (only pieces its side has lost)");
    }
}
