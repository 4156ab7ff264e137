/* variant_load.c — reads a variants/NAME.ini file into a Variant.
 *
 * libinih does the INI syntax. It cuts lines silently at INI_MAX_LINE and tells its handler
 * no line numbers, so we feed it through ini_parse_stream with our own reader, which counts
 * lines and rejects over-long ones. The handler only collects (section, key, value, line);
 * the sections are then interpreted in dependency order (board before zones before pieces
 * before setup), so a file may list its sections in any order and every message can name
 * the line it is about. */
#include "variant.h"

#include "number.h"
#include "symmetry.h"
#include "zone.h"

#include <ctype.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(MAX_LINE + 2 <= INI_MAX_LINE, "libinih must pass a whole line (and its end)");

typedef struct {
    char section[64];
    char key[64];
    char *value;
    size_t len, cap; /* of value: continuation lines are appended in amortised linear time */
    int line;
    bool used;
} Entry;

/* A file and the files it inherits from (`base =`): a line number carries the index of its
 * file in the bits above LINE_BITS, so that a message about an inherited key names the
 * base file and its line. */
#define LINE_BITS 20
typedef struct {
    char name[MAX_BASE_DEPTH + 1][MAX_TEXT];
    int n;
} Sources;

typedef struct {
    const char *fname;
    Sources *src;     /* the file names, shared by a file and its bases */
    int file;         /* this file's index in src */
    const char *text; /* the file's text */
    size_t pos;
    int line;          /* lines handed to inih so far */
    bool continuation; /* the line just read started with blank space */
    Entry *e;
    int n, cap;
    char sections[MAX_SECTIONS][64];
    int section_line[MAX_SECTIONS];
    int nsections;
    char err[512];
    bool failed;
    uint8_t zone_state[MAX_ZONES];   /* 0: cells not worked out, 1: being worked out, 2: done */
    const VariantResolver *resolver; /* the texts of base variants; NULL: none */
} Loader;

static void lerr(Loader *L, int line, const char *fmt, ...)
{
    if (L->failed) return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int file = line >> LINE_BITS, at = line & ((1 << LINE_BITS) - 1);
    const char *fname = L->src && file < L->src->n ? L->src->name[file] : L->fname;
    if (at > 0)
        snprintf(L->err, sizeof L->err, "%s:%d: %s", fname, at, msg);
    else
        snprintf(L->err, sizeof L->err, "%s: %s", fname, msg);
    L->failed = true;
}

/* --- reading ------------------------------------------------------------------------------ */

static int next_char(Loader *L)
{
    if (!L->text[L->pos]) return EOF;
    return (unsigned char)L->text[L->pos++];
}

static void note_section(Loader *L, const char *section)
{
    for (int i = 0; i < L->nsections; i++)
        if (!strcmp(L->sections[i], section)) return;
    if (L->nsections < MAX_SECTIONS) {
        snprintf(L->sections[L->nsections], 64, "%s", section);
        L->section_line[L->nsections++] = L->line;
    } else {
        lerr(L, L->line, "too many sections (at most %d)", MAX_SECTIONS);
    }
}

/* Sections are noted from their header lines, so that messages about a section name the
 * header's line, and a section with no keys is still known. */
static void note_header(Loader *L, const char *line)
{
    const char *p = line, *end;
    char name[64];
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '[' || !(end = strchr(p, ']'))) return;
    p++; /* the name as libinih reads it, blanks included */
    if (end - p >= 64) return;
    snprintf(name, sizeof name, "%.*s", (int)(end - p), p);
    note_section(L, name);
}

static char *reader(char *str, int num, void *stream)
{
    Loader *L = stream;
    int len = 0, ch;
    bool any = false;
    if (L->failed) return NULL;
    while ((ch = next_char(L)) != EOF) {
        any = true;
        if (ch == '\n') break;
        if (ch == '\r') continue;
        if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
            lerr(L, L->line + 1,
                 "the file contains a control character (byte 0x%02x); variant files are "
                 "plain text",
                 ch);
            return NULL;
        }
        if (len >= MAX_LINE || len >= num - 2) {
            lerr(L, L->line + 1,
                 "line longer than %d characters; continue a long value on indented lines",
                 MAX_LINE);
            return NULL;
        }
        str[len++] = (char)ch;
    }
    if (!any) return NULL;
    str[len++] = '\n';
    str[len] = 0;
    L->line++;
    if ((L->line & ((1 << LINE_BITS) - 1)) == 1 && len >= 3 && !memcmp(str, "\xef\xbb\xbf", 3)) {
        /* a UTF-8 byte-order mark: not part of the text */
        memmove(str, str + 3, (size_t)len - 2);
        len -= 3;
    }
    L->continuation = (str[0] == ' ' || str[0] == '\t');
    note_header(L, str);
    return str;
}
static int handler(void *user, const char *section, const char *name, const char *value)
{
    Loader *L = user;
    if (L->failed) return 0;
    if (!*section) {
        lerr(L, L->line, "'%s' is outside any section; start with a [variant] section", name);
        return 0;
    }
    if (strlen(section) >= 64 || strlen(name) >= 64) {
        lerr(L, L->line, "section or key name too long");
        return 0;
    }
    if (L->continuation && L->n > 0) {
        Entry *last = &L->e[L->n - 1];
        if (!strcmp(last->section, section) && !strcmp(last->key, name)) {
            size_t b = strlen(value), need = last->len + b + 2;
            if (need - 1 > MAX_VALUE) {
                lerr(L, L->line,
                     "the value of '%s' (line %d) is longer than %d characters with its "
                     "continuation lines",
                     name, last->line, MAX_VALUE);
                return 0;
            }
            if (need > last->cap) {
                size_t nc = need > 2 * last->cap ? need : 2 * last->cap;
                char *nv = realloc(last->value, nc);
                if (!nv) return 0;
                last->value = nv;
                last->cap = nc;
            }
            last->value[last->len] = ' ';
            memcpy(last->value + last->len + 1, value, b + 1);
            last->len += b + 1;
            return 1;
        }
    }
    if (L->n == MAX_KEYS) {
        lerr(L, L->line, "more than %d keys in the file", MAX_KEYS);
        return 0;
    }
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->e[i].section, section) && !strcmp(L->e[i].key, name)) {
            lerr(L, L->line, "'%s' is given twice in [%s] (first on line %d)", name, section,
                 L->e[i].line & ((1 << LINE_BITS) - 1));
            return 0;
        }
    if (L->n == L->cap) {
        int nc = L->cap ? 2 * L->cap : 64;
        Entry *ne = realloc(L->e, (size_t)nc * sizeof *ne);
        if (!ne) return 0;
        L->e = ne;
        L->cap = nc;
    }
    Entry *en = &L->e[L->n];
    memset(en, 0, sizeof *en);
    snprintf(en->section, sizeof en->section, "%s", section);
    snprintf(en->key, sizeof en->key, "%s", name);
    en->value = strdup(value);
    en->line = L->line;
    if (!en->value) return 0;
    en->len = strlen(value);
    en->cap = en->len + 1;
    L->n++;
    return 1;
}

/* --- looking things up -------------------------------------------------------------------- */

static Entry *get(Loader *L, const char *section, const char *key)
{
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->e[i].section, section) && !strcmp(L->e[i].key, key)) {
            L->e[i].used = true;
            return &L->e[i];
        }
    return NULL;
}

static int section_line(Loader *L, const char *section)
{
    for (int i = 0; i < L->nsections; i++)
        if (!strcmp(L->sections[i], section)) return L->section_line[i];
    return 0;
}

static bool has_section(Loader *L, const char *section)
{
    for (int i = 0; i < L->nsections; i++)
        if (!strcmp(L->sections[i], section)) return true;
    return false;
}

static Entry *need(Loader *L, const char *section, const char *key, const char *what)
{
    Entry *e = get(L, section, key);
    if (!e) lerr(L, section_line(L, section), "[%s] needs '%s' (%s)", section, key, what);
    return e;
}

static bool parse_bool(Loader *L, Entry *e, bool *out)
{
    const char *v = e->value;
    if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "1")) return *out = true, true;
    if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "0")) return *out = false, true;
    lerr(L, e->line, "'%s' must be yes or no, not '%s'", e->key, v);
    return false;
}

/* Which of the n words (an enumeration's names, in its order) the value is; -1 after an
 * error that lists them ("stalemate must be draw, win, loss or 3/4, not 'x'"). */
static int parse_choice(Loader *L, const Entry *e, const char *const *words, int n)
{
    char list[160] = "";
    for (int i = 0; i < n; i++)
        if (!strcmp(e->value, words[i])) return i;
    for (int i = 0; i < n; i++) {
        size_t k = strlen(list);
        snprintf(list + k, sizeof list - k, "%s%s",
                 i == 0       ? ""
                 : i == n - 1 ? " or "
                              : ", ",
                 words[i]);
    }
    lerr(L, e->line, "%s must be %s, not '%s'", e->key, list, e->value);
    return -1;
}

static bool parse_int(Loader *L, Entry *e, int lo, int hi, int *out)
{
    long n;
    if (!number_parse(e->value, lo, hi, &n)) {
        lerr(L, e->line, "'%s' must be a whole number from %d to %d, not '%s'", e->key, lo, hi,
             e->value);
        return false;
    }
    *out = (int)n;
    return true;
}

/* Split on blanks and commas into at most max words of up to wlen-1 characters. */
static int split(const char *s, char words[][64], int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == ',') s++;
        if (!*s) break;
        int len = 0;
        while (*s && *s != ' ' && *s != '\t' && *s != ',') {
            if (len < 63 && n < max) words[n][len++] = *s;
            s++;
        }
        if (n < max) words[n][len] = 0;
        n++;
    }
    return n;
}

/* The next word of a list at *s into w (blanks, tabs and commas separate words), for lists
 * of any length: its length, 0 at the end of the list, or -1 with an error for a word that
 * does not fit w. */
static int next_word(Loader *L, const Entry *e, const char **s, char *w, size_t wlen)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == ',') p++;
    size_t len = strcspn(p, " \t,");
    *s = p + len;
    if (len >= wlen) {
        lerr(L, e->line, "'%.*s...' is too long for a word of '%s'", 12, p, e->key);
        return -1;
    }
    memcpy(w, p, len);
    w[len] = 0;
    return (int)len;
}

static int player_index(const Variant *v, const char *name)
{
    for (int p = 0; p < v->nplayers; p++)
        if (!strcasecmp(v->player_name[p], name)) return p;
    return -1;
}

/* A key inherited from a base file that names a player this game does not have (a
 * three-player game built on a two-player one): left out, not an error. */
static bool inherited_other_player(const Entry *e)
{
    return (e->line >> LINE_BITS) != 0;
}

static int kind_of(const Variant *v, const char *word)
{
    if (!word[0] || word[1] || (unsigned char)word[0] > 127) return 0;
    return v->kind_of_letter[toupper((unsigned char)word[0])];
}

static void check_keys(Loader *L, const char *section, const char *allowed)
{
    for (int i = 0; i < L->n && !L->failed; i++) {
        Entry *e = &L->e[i];
        if (strcmp(e->section, section)) continue;
        char pat[80];
        snprintf(pat, sizeof pat, " %s ", e->key);
        if (!strstr(allowed, pat))
            lerr(L, e->line, "unknown key '%s' in [%s] (expected one of:%s)", e->key, section,
                 allowed);
    }
}

/* --- sections ----------------------------------------------------------------------------- */

static void copy_text(Loader *L, char *dst, const Entry *e)
{
    if (e && strlen(e->value) >= MAX_TEXT)
        lerr(L, e->line, "'%s' is longer than %d characters", e->key, MAX_TEXT - 1);
    snprintf(dst, MAX_TEXT, "%s", e ? e->value : "");
}

static void load_variant_section(Loader *L, Variant *v)
{
    Entry *e;
    if (!has_section(L, "variant")) {
        lerr(L, 0, "no [variant] section (expected title, summary, source, notes)");
        return;
    }
    check_keys(L, "variant",
               " title summary source notes reconstructed base pieces symmetry lint_accept ");
    copy_text(L, v->title, need(L, "variant", "title", "the variant's full name"));
    copy_text(L, v->summary, get(L, "variant", "summary"));
    copy_text(L, v->source, get(L, "variant", "source"));
    copy_text(L, v->notes, get(L, "variant", "notes"));
    if ((e = get(L, "variant", "reconstructed"))) parse_bool(L, e, &v->reconstructed);
    copy_text(L, v->lint_accept, get(L, "variant", "lint_accept"));
    if ((e = get(L, "variant", "symmetry"))) {
        static const char *const names[] = {"none", "mirror", "rotate"};
        int i = parse_choice(L, e, names, 3);
        if (i >= 0) v->symmetry = (enum symmetry)i;
        v->symmetry_given = true;
    }
}

/* A shape term's cell name; one too long for any board is an error, never cut short. */
/* The [board] keys as a family reads them (board.h): errors name the key's line. */
typedef struct {
    BoardKeys k;
    Loader *L;
} LoaderKeys;

static Loader *keys_loader(BoardKeys *k)
{
    return ((LoaderKeys *)k)->L;
}

static const char *keys_get(BoardKeys *k, const char *key)
{
    Entry *e = get(keys_loader(k), "board", key);
    return e ? e->value : NULL;
}

static const char *keys_need(BoardKeys *k, const char *key, const char *what)
{
    Entry *e = need(keys_loader(k), "board", key, what);
    return e ? e->value : NULL;
}

static bool keys_need_int(BoardKeys *k, const char *key, const char *what, int lo, int hi, int *out)
{
    Entry *e = need(keys_loader(k), "board", key, what);
    return e && parse_int(keys_loader(k), e, lo, hi, out);
}

static void keys_fail(BoardKeys *k, const char *key, const char *fmt, ...)
{
    Loader *L = keys_loader(k);
    Entry *e = get(L, "board", key);
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lerr(L, e ? e->line : section_line(L, "board"), "%s", msg);
}

static void load_board(Loader *L, Variant *v)
{
    BoardSpec s;
    Entry *e;
    char err[256], keys[128];
    memset(&s, 0, sizeof s);
    if (!has_section(L, "board")) {
        lerr(L, 0, "no [board] section (expected family, letters, shape)");
        return;
    }
    if (!(e = need(L, "board", "family", board_family_names()))) return;
    int f = board_family_named(e->value);
    if (f < 0) {
        lerr(L, e->line, "family must be %s, not '%s'", board_family_names(), e->value);
        return;
    }
    s.family = (enum family)f;
    snprintf(keys, sizeof keys, " family letters%s", board_family_keys(s.family));
    check_keys(L, "board", keys);
    if (!(e = need(L, "board", "letters", "the file letters in order, such as abcdefghikl")))
        return;
    if (strlen(e->value) > MAX_FILES) {
        lerr(L, e->line, "at most %d file letters", MAX_FILES);
        return;
    }
    for (const char *p = e->value; *p; p++)
        if (!islower((unsigned char)*p) || strchr(p + 1, *p)) {
            lerr(L, e->line, "letters must be distinct lower-case letters, not '%s'", e->value);
            return;
        }
    snprintf(s.letters, sizeof s.letters, "%s", e->value);
    LoaderKeys lk = {{keys_get, keys_need, keys_need_int, keys_fail}, L};
    if (!board_read_spec(&s, &lk.k) || L->failed) return;
    if (!board_build(&v->board, &s, err, sizeof err)) {
        Entry *at = get(L, "board", board_family_size_key(s.family));
        lerr(L, at ? at->line : section_line(L, "board"), "bad board: %s", err);
    }
}

static void load_players(Loader *L, Variant *v)
{
    Entry *e;
    char w[8][64];
    if (!has_section(L, "players")) {
        lerr(L, 0, "no [players] section (expected names and forward)");
        return;
    }
    check_keys(L, "players", " names letters forward ");
    if (!(e = need(L, "players", "names", "such as 'White Black'"))) return;
    int n = split(e->value, w, 8);
    if (n < 2 || n > MAX_PLAYERS) {
        lerr(L, e->line, "2 or 3 player names expected, found %d", n);
        return;
    }
    v->nplayers = n;
    for (int p = 0; p < n; p++) {
        if (strlen(w[p]) >= MAX_NAME || !isalpha((unsigned char)w[p][0])) {
            lerr(L, e->line, "bad player name '%s'", w[p]);
            return;
        }
        memcpy(v->player_name[p], w[p], strlen(w[p]) + 1); /* its length was checked */
        v->player_letter[p] = (char)tolower((unsigned char)w[p][0]);
        for (int q = 0; q < p; q++)
            if (!strcasecmp(v->player_name[q], w[p])) lerr(L, e->line, "player '%s' twice", w[p]);
    }
    if ((e = get(L, "players", "letters"))) {
        int m = split(e->value, w, 8);
        if (m != n) {
            lerr(L, e->line, "%d side letters expected, found %d", n, m);
            return;
        }
        for (int p = 0; p < n; p++) {
            if (strlen(w[p]) != 1 || !islower((unsigned char)w[p][0])) {
                lerr(L, e->line, "side letters are single lower-case letters, not '%s'", w[p]);
                return;
            }
            v->player_letter[p] = w[p][0];
        }
    }
    for (int p = 0; p < n; p++)
        for (int q = 0; q < p; q++)
            if (v->player_letter[p] == v->player_letter[q])
                lerr(L, e ? e->line : section_line(L, "players"),
                     "two players share the side letter '%c'; give 'letters'", v->player_letter[p]);
    if (!(e = get(L, "players", "forward"))) return; /* then every piece needs its own */
    if (split(e->value, w, 8) != n) {
        lerr(L, e->line, "one forward clock hour per player expected");
        return;
    }
    for (int p = 0; p < n; p++) {
        long h;
        if (!number_parse(w[p], 1, 12, &h)) {
            lerr(L, e->line, "forward is a clock hour 1..12, not '%s'", w[p]);
            return;
        }
        v->forward_hour[p] = (int)h;
    }
}

/* A value "mirror [PLAYER]" or "rotate [PLAYER]": the keys that derive a player's cells from
 * another player's (the first player's when none is named). False for any other value;
 * *from is -1 after an error. */
static bool derived(Loader *L, Variant *v, const Entry *e, int self, bool *mirror, int *from)
{
    char w[4][64];
    int n = split(e->value, w, 4);
    if (n < 1 || n > 2 || (strcmp(w[0], "mirror") && strcmp(w[0], "rotate"))) return false;
    *mirror = w[0][0] == 'm';
    *from = n == 2 ? player_index(v, w[1]) : 0;
    if (!v->symmetry_given && !v->symmetry)
        v->symmetry = *mirror ? SYMMETRY_MIRROR : SYMMETRY_ROTATE;
    if (*from < 0)
        lerr(L, e->line, "%s: '%s' is not a player of this variant", w[0], w[1]);
    else if (*from == self) {
        lerr(L, e->line, "%s derives %s's cells from another player's; name one ('%s PLAYER')",
             w[0], v->player_name[self], w[0]);
        *from = -1;
    }
    return true;
}

/* The cell map from player `from` to player `p`, into a table the variant owns. */
static Cell *player_map(Loader *L, Variant *v, const Entry *e, bool mirror, int from, int p)
{
    char err[256];
    Cell *map = variant_cells(v, 1, sizeof *map);
    if (!map)
        lerr(L, e->line, "out of memory");
    else if (!variant_player_map(v, mirror, from, p, map, err, sizeof err))
        lerr(L, e->line, "%s: %s", mirror ? "mirror" : "rotate", err), map = NULL;
    return map;
}

/* Zones are named first (pieces refer to them by name), their cells worked out after the
 * pieces are read, since a description may name a piece's promotion cells. */
static void load_zones(Loader *L, Variant *v)
{
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "zone ", 5)) continue;
        const char *name = sec + 5;
        if (!*name || strlen(name) >= MAX_NAME || strchr(name, ' ') || strchr(name, '}')) {
            lerr(L, L->section_line[s], "bad zone name '%s'", name);
            return;
        }
        if (v->nzones >= MAX_ZONES) {
            lerr(L, L->section_line[s], "too many zones (at most %d)", MAX_ZONES);
            return;
        }
        Zone *z = &v->zone[v->nzones++];
        snprintf(z->name, MAX_NAME, "%s", name);
        bool *cells = variant_cells(v, v->nplayers, sizeof *cells);
        if (!cells) {
            lerr(L, L->section_line[s], "out of memory");
            return;
        }
        for (int p = 0; p < v->nplayers; p++)
            z->cell[p] = cells + (size_t)p * ((size_t)v->board.ncells + 1);
    }
}

static bool zone_cells(Loader *L, Variant *v, int z);

typedef struct {
    Loader *L;
    Variant *v;
} ZoneCtx;

static bool env_zone(const ZoneEnv *env, const char *name, bool *out, char *err, int errlen)
{
    ZoneCtx *x = env->ctx;
    int z = variant_zone(x->v, name);
    if (z < 0) {
        snprintf(err, (size_t)errlen, "unknown zone '%s' (define it in a [zone %s] section)", name,
                 name);
        return false;
    }
    x->v->zone[z].referenced = true;
    if (!zone_cells(x->L, x->v, z)) {
        snprintf(err, (size_t)errlen, "zone '%s' cannot be worked out (see its own message)", name);
        return false;
    }
    memcpy(out, x->v->zone[z].cell[env->player], ((size_t)x->v->board.ncells + 1) * sizeof *out);
    return true;
}

/* Whether a piece of kind k standing on c could promote there: it could not move on, or with
 * promote_auto every cell it could reach is in the zone (variant_compile.c decides the same
 * way when it builds the promotion tables). */
static bool auto_promotes(const Variant *v, const PieceType *pt, int o, Cell c)
{
    bool any = false, all_in = true;
    for (int i = 0; i < pt->ncomp; i++) {
        const CompiledComp *cc = &pt->cc[o][i];
        if (cc->flags & CF_EXCHANGE) continue;
        for (int j = 0; j < cc->ndirs; j++) {
            const Cell *ray = v->board.ray[c][cc->dirs[j]];
            for (int s = 0; s < cc->range && ray[s]; s++) {
                if (cc->zone >= 0 && zone_has(v, cc->zone, o, ray[s]) == cc->zone_not) continue;
                any = true;
                all_in &= zone_has(v, pt->promo_may_zone, o, ray[s]);
            }
        }
    }
    return !any || all_in;
}

static bool env_promotion(const ZoneEnv *env, int kind, bool *out, char *err, int errlen)
{
    ZoneCtx *x = env->ctx;
    const Variant *v = x->v;
    const PieceType *pt = &v->type[kind];
    int o = env->player, zones[2 + MAX_COMPS];
    zones[0] = pt->promo_must_zone;
    zones[1] = pt->promo_may_zone;
    for (int i = 0; i < MAX_COMPS; i++) zones[2 + i] = i < pt->ncomp ? pt->comp[i].zone : -1;
    for (int i = 0; i < 2 + MAX_COMPS; i++)
        if (zones[i] >= 0 && !zone_cells(x->L, x->v, zones[i])) {
            snprintf(err, (size_t)errlen, "the promotion cells of %c need zone '%s'", pt->letter,
                     v->zone[zones[i]].name);
            return false;
        }
    for (int c = 1; c <= v->board.ncells; c++) {
        if (!pt->npromo)
            out[c] = false;
        else if (pt->promo_auto)
            out[c] = auto_promotes(v, pt, o, (Cell)c);
        else
            out[c] = (zones[0] >= 0 && zone_has(v, zones[0], o, (Cell)c)) ||
                     (zones[1] >= 0 && zone_has(v, zones[1], o, (Cell)c));
    }
    return true;
}

/* Work out zone z's cells for every player: `all` and each player's own description, then the
 * players derived with mirror or rotate. */
static bool zone_cells(Loader *L, Variant *v, int z)
{
    Zone *zn = &v->zone[z];
    char sec[64], err[300];
    snprintf(sec, sizeof sec, "zone %s", zn->name);
    if (L->zone_state[z] == 2) return true;
    if (L->zone_state[z] == 1) {
        lerr(L, section_line(L, sec), "zone '%s' is described in terms of itself", zn->name);
        return false;
    }
    L->zone_state[z] = 1;
    ZoneCtx ctx = {L, v};
    bool any = false, derive[MAX_PLAYERS] = {false};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < L->n && !L->failed; i++) {
            Entry *e = &L->e[i];
            if (strcmp(e->section, sec)) continue;
            e->used = true;
            any = true;
            bool all = !strcmp(e->key, "all"), mirror;
            int p = all ? 0 : player_index(v, e->key), from;
            if (p < 0 && inherited_other_player(e)) continue;
            if (p < 0) {
                lerr(L, e->line, "zone key must be 'all' or a player name, not '%s'", e->key);
                return false;
            }
            bool is_derived = !all && derived(L, v, e, p, &mirror, &from);
            if (L->failed) return false;
            if (pass == 1) {
                if (!is_derived) continue;
                Cell *map = player_map(L, v, e, mirror, from, p);
                if (!map || derive[from]) {
                    if (map)
                        lerr(L, e->line, "%s's cells are derived themselves", v->player_name[from]);
                    return false;
                }
                for (int c = 1; c <= v->board.ncells; c++)
                    if (zn->cell[from][c]) zn->cell[p][map[c]] = true;
                continue;
            }
            if (is_derived) {
                derive[p] = true;
                continue;
            }
            for (int q = all ? 0 : p; q < (all ? v->nplayers : p + 1); q++) {
                bool *cells = calloc((size_t)v->board.ncells + 1, sizeof *cells);
                ZoneEnv env = {v, q, env_zone, env_promotion, &ctx};
                if (!cells || !zone_eval(&env, e->value, cells, err, sizeof err)) {
                    lerr(L, e->line, "%s", cells ? err : "out of memory");
                    free(cells);
                    return false;
                }
                for (int c = 1; c <= v->board.ncells; c++) zn->cell[q][c] |= cells[c];
                free(cells);
            }
        }
    if (!any) lerr(L, section_line(L, sec), "zone '%s' lists no cells", zn->name);
    L->zone_state[z] = 2;
    return !L->failed;
}

static void eval_zones(Loader *L, Variant *v)
{
    for (int z = 0; z < v->nzones && !L->failed; z++) zone_cells(L, v, z);
}

static int zone_ref(Loader *L, Variant *v, Entry *e)
{
    int z = variant_zone(v, e->value);
    if (z < 0)
        lerr(L, e->line, "unknown zone '%s' (define it in a [zone %s] section)", e->value,
             e->value);
    return z;
}

static int kind_ref(Loader *L, Variant *v, Entry *e, const char *word)
{
    int k = kind_of(v, word);
    if (!k) lerr(L, e->line, "'%s' is not a piece letter of this variant", word);
    return k;
}

static const char *piece_keys = " name moves royal pawn en_passant forward promote_to promote_must "
                                "promote_may promote_auto promote_from forbidden captured "
                                "captured_as initial fresh exchange_excludes value ";

/* promote_to, the promotion zones (or promote_auto), promote_from and forbidden. */
static void load_piece_promotion(Loader *L, Variant *v, const char *sec, PieceType *pt)
{
    Entry *e;
    if ((e = get(L, sec, "promote_to"))) {
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            int k = kind_ref(L, v, e, word);
            for (int i = 0; i < pt->npromo && k; i++)
                if (pt->promo_to[i] == k) lerr(L, e->line, "'%s' is listed twice", word);
            if (k && !L->failed) pt->promo_to[pt->npromo++] = (uint8_t)k;
        }
    }
    pt->promo_must_zone = pt->promo_may_zone = pt->forbidden_zone = pt->initial_zone = -1;
    if ((e = get(L, sec, "promote_must"))) pt->promo_must_zone = (int8_t)zone_ref(L, v, e);
    if ((e = get(L, sec, "promote_may"))) pt->promo_may_zone = (int8_t)zone_ref(L, v, e);
    if ((e = get(L, sec, "promote_auto"))) {
        pt->promo_auto = true;
        pt->promo_may_zone = (int8_t)zone_ref(L, v, e);
    }
    if ((e = get(L, sec, "promote_from"))) {
        static const char *const from[] = {"any", "pool"};
        if (parse_choice(L, e, from, 2) == 1) pt->promo_from_pool = true;
    }
    if ((pt->promo_must_zone >= 0 || pt->promo_may_zone >= 0) && !pt->npromo && !L->failed)
        lerr(L, section_line(L, sec), "[%s] promotes but has no 'promote_to'", sec);
    if ((e = get(L, sec, "forbidden"))) pt->forbidden_zone = (int8_t)zone_ref(L, v, e);
}

/* What a capture of this kind gives: captured and captured_as. */
static void load_piece_capture(Loader *L, Variant *v, const char *sec, PieceType *pt, int kind)
{
    Entry *e;
    if ((e = get(L, sec, "captured"))) {
        static const char *const returns[] = {"gone", "hand", "pool"}; /* enum capture_return */
        int i = parse_choice(L, e, returns, 3);
        if (i >= 0) pt->returns = (enum capture_return)i;
    }
    pt->returns_as = (uint8_t)kind;
    if ((e = get(L, sec, "captured_as"))) pt->returns_as = (uint8_t)kind_ref(L, v, e, e->value);
}

/* Initial moves (initial, fresh), exchange_excludes and value. */
static void load_piece_rest(Loader *L, Variant *v, const char *sec, PieceType *pt)
{
    Entry *e;
    char w[8][64];
    if ((e = get(L, sec, "initial"))) pt->initial_zone = (int8_t)zone_ref(L, v, e);
    if ((e = get(L, sec, "fresh"))) {
        int n = split(e->value, w, 4);
        if (n > 2) lerr(L, e->line, "fresh lists start and/or drop, not '%s'", e->value);
        for (int i = 0; i < n && i < 2; i++) {
            if (!strcmp(w[i], "start"))
                pt->fresh_at_start = true;
            else if (!strcmp(w[i], "drop"))
                pt->fresh_on_drop = true;
            else
                lerr(L, e->line, "fresh lists start and/or drop, not '%s'", w[i]);
        }
    }
    if ((e = get(L, sec, "exchange_excludes"))) {
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            int k = kind_ref(L, v, e, word);
            if (k) pt->exchange_excludes[k] = 1;
        }
    }
    pt->value = 0;
    if ((e = get(L, sec, "value"))) parse_int(L, e, 0, 100000, &pt->value);
    for (int i = 0; i < pt->ncomp; i++) {
        if ((pt->comp[i].flags & CF_INITIAL) && pt->initial_zone < 0 && !pt->fresh_at_start &&
            !pt->fresh_on_drop)
            lerr(L, section_line(L, sec),
                 "[%s] has an initial (i) move but neither 'initial' nor 'fresh'", sec);
    }
}

static void load_piece(Loader *L, Variant *v, const char *sec, int kind)
{
    PieceType *pt = &v->type[kind];
    Entry *e;
    char err[256];
    check_keys(L, sec, piece_keys);
    copy_text(L, pt->name, NULL);
    if ((e = need(L, sec, "name", "the piece's name"))) {
        if (strlen(e->value) >= MAX_NAME)
            lerr(L, e->line, "a piece's name has at most %d characters", MAX_NAME - 1);
        snprintf(pt->name, MAX_NAME, "%s", e->value);
    }
    if ((e = get(L, sec, "forward")) && !parse_int(L, e, 1, 12, &pt->forward_hour)) return;
    if (!(e = need(L, sec, "moves", "its moves in the move language, such as 'W* F*'"))) return;
    snprintf(pt->moves_text, MAX_TEXT, "%s", e->value);
    if (!movelang_parse(v, e->value, pt, err, sizeof err) ||
        !variant_compile_directions(v, kind, err, sizeof err)) {
        lerr(L, e->line, "%s", err);
        return;
    }
    if ((e = get(L, sec, "royal"))) parse_bool(L, e, &pt->royal);
    if ((e = get(L, sec, "pawn"))) parse_bool(L, e, &pt->pawn);
    if ((e = get(L, sec, "en_passant"))) parse_bool(L, e, &pt->en_passant);
    load_piece_promotion(L, v, sec, pt);
    load_piece_capture(L, v, sec, pt, kind);
    load_piece_rest(L, v, sec, pt);
}

/* [variant] pieces = G D R ...: the kinds of the game in order (the order of hands and pools
 * in position strings). A kind a base file defines and this list leaves out is not part of
 * the game; one this very file defines must be listed. */
static bool piece_listed(Loader *L, int s, const char *letter)
{
    Entry *e = get(L, "variant", "pieces");
    if (!e) return true;
    char w[MAX_KINDS + 8][64];
    int n = split(e->value, w, MAX_KINDS + 8);
    for (int i = 0; i < n && i < MAX_KINDS + 8; i++)
        if (!strcmp(w[i], letter)) return true;
    if ((L->section_line[s] >> LINE_BITS) == 0) {
        lerr(L, L->section_line[s], "[piece %s] is not in the list of [variant] pieces", letter);
        return false;
    }
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->e[i].section, L->sections[s])) L->e[i].used = true;
    return false;
}

/* The piece sections in the order of [variant] pieces, when it is given. */
static void order_pieces(Loader *L)
{
    Entry *e = get(L, "variant", "pieces");
    if (!e) return;
    char w[MAX_KINDS + 8][64];
    int n = split(e->value, w, MAX_KINDS + 8), at = 0;
    if (n > MAX_KINDS) {
        lerr(L, e->line, "too many pieces (at most %d)", MAX_KINDS);
        return;
    }
    for (int i = 0; i < n && !L->failed; i++) {
        char sec[80];
        if (snprintf(sec, sizeof sec, "piece %.8s", w[i]) >= (int)sizeof sec) return;
        int s = 0;
        while (s < L->nsections && strcmp(L->sections[s], sec)) s++;
        if (s == L->nsections) {
            lerr(L, e->line, "pieces lists '%s', but there is no [piece %s]", w[i], w[i]);
            return;
        }
        /* move section s to the first piece slot not yet taken */
        while (at < L->nsections && strncmp(L->sections[at], "piece ", 6)) at++;
        if (s < at) {
            lerr(L, e->line, "pieces lists '%s' twice", w[i]);
            return;
        }
        char name[64];
        int line = L->section_line[s];
        memcpy(name, L->sections[s], 64);
        memmove(L->sections[at + 1], L->sections[at], (size_t)(s - at) * 64);
        memmove(&L->section_line[at + 1], &L->section_line[at], (size_t)(s - at) * sizeof(int));
        memcpy(L->sections[at], name, 64);
        L->section_line[at] = line;
        at++;
    }
}

static void load_pieces(Loader *L, Variant *v)
{
    order_pieces(L);
    /* letters first, so that promote_to and captured_as can name any piece */
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "piece ", 6)) continue;
        const char *letter = sec + 6;
        if (!piece_listed(L, s, letter)) continue;
        if (strlen(letter) != 1 || !isupper((unsigned char)letter[0])) {
            lerr(L, L->section_line[s], "piece sections are [piece X] with X an upper-case letter");
            return;
        }
        if (v->kind_of_letter[(int)letter[0]]) {
            lerr(L, L->section_line[s], "piece letter %s defined twice", letter);
            return;
        }
        if (v->ntypes >= MAX_KINDS) {
            lerr(L, L->section_line[s], "too many pieces (at most %d)", MAX_KINDS);
            return;
        }
        v->ntypes++;
        v->type[v->ntypes].letter = letter[0];
        v->kind_of_letter[(int)letter[0]] = (uint8_t)v->ntypes;
    }
    if (!v->ntypes) {
        lerr(L, 0, "no pieces: add [piece K] sections");
        return;
    }
    for (int k = 1; k <= v->ntypes && !L->failed; k++) {
        char sec[16];
        snprintf(sec, sizeof sec, "piece %c", v->type[k].letter);
        load_piece(L, v, sec, k);
    }
}

static bool parse_cell_list(Loader *L, Variant *v, Entry *e, Cell *out, int max)
{
    char w[16][64];
    int n = split(e->value, w, 16);
    if (n > max) {
        lerr(L, e->line, "at most %d cells in '%s'", max, e->key);
        return false;
    }
    for (int i = 0; i < n; i++) {
        out[i] = board_cell(&v->board, w[i]);
        if (!out[i]) {
            lerr(L, e->line, "'%s' is not a cell of this board", w[i]);
            return false;
        }
    }
    return true;
}

/* One castling key of player p as the mirror image or turn of `from`'s (given before it). */
static void derived_castle(Loader *L, Variant *v, Castle *c, const Entry *e, const char *what,
                           bool mirror, int from, int p)
{
    Cell *map = player_map(L, v, e, mirror, from, p);
    if (!map) return;
    if (!*what) {
        if (!c->defined[from]) {
            lerr(L, e->line, "give %s's castling before deriving %s's from it",
                 v->player_name[from], v->player_name[p]);
            return;
        }
        c->defined[p] = true;
        c->king_from[p] = map[c->king_from[from]];
        c->king_to[p] = map[c->king_to[from]];
        c->rook_from[p] = map[c->rook_from[from]];
        c->rook_to[p] = map[c->rook_to[from]];
        return;
    }
    Cell *src = !strcmp(what, "empty")  ? c->empty[from]
                : !strcmp(what, "safe") ? c->safe[from]
                                        : NULL;
    Cell *dst = !strcmp(what, "empty") ? c->empty[p] : !strcmp(what, "safe") ? c->safe[p] : NULL;
    if (!src) {
        lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
        return;
    }
    for (int i = 0; i < MAX_CASTLE_CELLS && src[i]; i++) dst[i] = map[src[i]];
}

static void load_castles(Loader *L, Variant *v)
{
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "castle ", 7)) continue;
        const char *name = sec + 7;
        if (strcmp(name, "O-O") && strcmp(name, "O-O-O")) {
            lerr(L, L->section_line[s], "castling sections are [castle O-O] and [castle O-O-O]");
            return;
        }
        if (v->ncastles >= MAX_CASTLES) return;
        Castle *c = &v->castle[v->ncastles++];
        snprintf(c->name, sizeof c->name, "%s", name);
        for (int i = 0; i < L->n && !L->failed; i++) {
            Entry *e = &L->e[i];
            if (strcmp(e->section, sec)) continue;
            e->used = true;
            char pname[64];
            snprintf(pname, sizeof pname, "%s", e->key);
            char *dot = strchr(pname, '.');
            if (dot) *dot = 0;
            int p = player_index(v, pname);
            if (p < 0 && inherited_other_player(e)) continue;
            if (p < 0) {
                lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
                return;
            }
            bool mirror;
            int from;
            if (derived(L, v, e, p, &mirror, &from)) {
                if (from >= 0) derived_castle(L, v, c, e, dot ? dot + 1 : "", mirror, from, p);
            } else if (!dot) {
                Cell cells[4] = {0};
                char w[8][64];
                if (split(e->value, w, 8) != 4) {
                    lerr(L, e->line, "expected four cells: king from, king to, rook from, rook to");
                    return;
                }
                if (!parse_cell_list(L, v, e, cells, 4)) return;
                c->defined[p] = true;
                c->king_from[p] = cells[0];
                c->king_to[p] = cells[1];
                c->rook_from[p] = cells[2];
                c->rook_to[p] = cells[3];
            } else if (!strcmp(dot + 1, "empty")) {
                parse_cell_list(L, v, e, c->empty[p], MAX_CASTLE_CELLS);
            } else if (!strcmp(dot + 1, "safe")) {
                parse_cell_list(L, v, e, c->safe[p], MAX_CASTLE_CELLS);
            } else {
                lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
            }
        }
    }
}

static void load_rules(Loader *L, Variant *v)
{
    Entry *e;
    v->repetition = 3;
    v->move_rule = 50;
    v->drop_zone = -1;
    check_keys(L, "rules", " stalemate bare_king repetition move_rule drops ");
    /* in the order of enum stalemate_rule and enum bare_rule */
    static const char *const stalemate[] = {"draw", "win", "loss", "3/4"};
    static const char *const bare[] = {"none", "win", "win-unless-reply"};
    int i;
    if ((e = get(L, "rules", "stalemate")) && (i = parse_choice(L, e, stalemate, 4)) >= 0)
        v->stalemate = (enum stalemate_rule)i;
    if ((e = get(L, "rules", "bare_king")) && (i = parse_choice(L, e, bare, 3)) >= 0)
        v->bare_king = (enum bare_rule)i;
    if ((e = get(L, "rules", "repetition"))) parse_int(L, e, 0, 100, &v->repetition);
    if ((e = get(L, "rules", "move_rule"))) parse_int(L, e, 0, 1000, &v->move_rule);
    if ((e = get(L, "rules", "drops"))) v->drop_zone = (int8_t)zone_ref(L, v, e);
}

static void load_view(Loader *L, Variant *v)
{
    Entry *e;
    check_keys(L, "view", " rotate ");
    if ((e = get(L, "view", "rotate")) && parse_int(L, e, 0, 330, &v->view_rotate) &&
        v->view_rotate % 30)
        lerr(L, e->line, "rotate must be a multiple of 30 degrees, not %d", v->view_rotate);
}

/* A player's array as the mirror image or turn of another's (whose line must come first). */
static void derived_setup(Loader *L, Variant *v, const Entry *e, bool mirror, int from, int p)
{
    Cell *map = player_map(L, v, e, mirror, from, p);
    bool any = false;
    for (int c = 1; map && c <= v->board.ncells && !L->failed; c++) {
        Piece pc = v->setup[c];
        if (!pc || PIECE_OWNER(pc) != from) continue;
        any = true;
        if (v->setup[map[c]]) lerr(L, e->line, "two pieces on %s", v->board.name[map[c]]);
        v->setup[map[c]] = (Piece)((pc & ~MAKE_PIECE(3, 0)) | MAKE_PIECE(p, 0));
    }
    if (map && !any && !L->failed)
        lerr(L, e->line, "%s has no pieces to derive from (give %s's line before this one)",
             v->player_name[from], v->player_name[from]);
}

static void load_setup(Loader *L, Variant *v)
{
    if (!has_section(L, "setup")) {
        lerr(L, 0, "no [setup] section (expected one line of pieces per player)");
        return;
    }
    if (!(v->setup = variant_cells(v, 1, sizeof *v->setup))) {
        lerr(L, 0, "out of memory");
        return;
    }
    for (int i = 0; i < L->n && !L->failed; i++) {
        Entry *e = &L->e[i];
        if (strcmp(e->section, "setup")) continue;
        e->used = true;
        bool hand = !strncmp(e->key, "hand.", 5), mirror;
        int p = player_index(v, hand ? e->key + 5 : e->key), from;
        if (p < 0 && inherited_other_player(e)) continue;
        if (p < 0) {
            lerr(L, e->line, "setup keys are player names (and hand.PLAYER), not '%s'", e->key);
            return;
        }
        if (!hand && derived(L, v, e, p, &mirror, &from)) {
            if (from >= 0) derived_setup(L, v, e, mirror, from, p);
            continue;
        }
        int kind = 0;
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            const char *t = word;
            if (hand) {
                int k = kind_ref(L, v, e, t);
                if (k && v->setup_hand[p][k] < MAX_PIECES) v->setup_hand[p][k]++;
                continue;
            }
            if (isupper((unsigned char)t[0])) {
                char letter[2] = {t[0], 0};
                kind = kind_ref(L, v, e, letter);
                t++;
                if (!*t) continue;
            }
            if (!kind) {
                lerr(L, e->line, "expected a piece letter before '%s'", t);
                return;
            }
            Cell c = board_cell(&v->board, t);
            if (!c) {
                lerr(L, e->line, "'%s' is not a cell of this board", t);
                return;
            }
            if (v->setup[c]) {
                lerr(L, e->line, "two pieces on %s", t);
                return;
            }
            Piece pc = MAKE_PIECE(p, kind);
            if (v->type[kind].fresh_at_start) pc |= PIECE_FRESH;
            v->setup[c] = pc;
        }
    }
    /* every piece is on the board, in a hand or in a pool at any time, so this bounds them all */
    int pieces = 0;
    for (int p = 0; p < v->nplayers; p++)
        for (int k = 1; k <= v->ntypes; k++) pieces += v->setup_hand[p][k];
    for (int c = 1; c <= v->board.ncells; c++) pieces += v->setup[c] != 0;
    if (pieces > MAX_PIECES && !L->failed)
        lerr(L, section_line(L, "setup"), "more than %d pieces in the starting array and hands",
             MAX_PIECES);
    for (int p = 0; p < v->nplayers && !L->failed; p++) {
        int royals = 0;
        for (int c = 1; c <= v->board.ncells; c++)
            if (v->setup[c] && PIECE_OWNER(v->setup[c]) == p &&
                v->type[PIECE_KIND(v->setup[c])].royal)
                royals++;
        if (royals != 1)
            lerr(L, section_line(L, "setup"), "%s must have exactly one royal piece, has %d",
                 v->player_name[p], royals);
    }
}

static void check_sections(Loader *L)
{
    static const char *known[] = {"variant", "board", "players", "rules", "setup", "view"};
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        bool ok =
            !strncmp(sec, "piece ", 6) || !strncmp(sec, "zone ", 5) || !strncmp(sec, "castle ", 7);
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) ok |= !strcmp(sec, known[i]);
        if (!ok)
            lerr(L, L->section_line[s],
                 "unknown section [%s] (expected variant, board, players, zone NAME, piece X, "
                 "castle O-O, rules, setup, view)",
                 sec);
    }
}

static void check_unused(Loader *L)
{
    for (int i = 0; i < L->n && !L->failed; i++)
        if (!L->e[i].used)
            lerr(L, L->e[i].line, "unknown key '%s' in [%s]", L->e[i].key, L->e[i].section);
}

static void free_entries(Loader *L)
{
    for (int i = 0; i < L->n; i++) free(L->e[i].value);
    free(L->e);
    L->e = NULL;
    L->n = L->cap = 0;
}

/* Read L->text into entries; lines carry the file's index (LINE_BITS). */
static void parse_text(Loader *L)
{
    L->line = L->file << LINE_BITS;
    int rc = L->failed ? 0 : ini_parse_stream(reader, L, handler, L);
    if (rc > 0 && !L->failed) {
        lerr(L, (L->file << LINE_BITS) + rc, "expected '[section]', 'key = value' or a comment");
    } else if (rc < 0 && !L->failed) {
        lerr(L, 0, "out of memory while reading");
    }
}

/* Lay the keys of L over those of B, the file L inherits from, and keep the result in L:
 * a key L gives replaces B's, a section L adds comes after B's. */
static void overlay(Loader *L, Loader *B)
{
    for (int i = 0; i < L->n && !B->failed; i++) {
        Entry *e = &L->e[i], *have = NULL;
        for (int j = 0; j < B->n && !have; j++)
            if (!strcmp(B->e[j].section, e->section) && !strcmp(B->e[j].key, e->key))
                have = &B->e[j];
        if (!have) {
            if (B->n == B->cap) {
                int nc = B->cap ? 2 * B->cap : 64;
                Entry *ne = realloc(B->e, (size_t)nc * sizeof *ne);
                if (!ne) {
                    lerr(B, 0, "out of memory");
                    break;
                }
                B->e = ne;
                B->cap = nc;
            }
            have = &B->e[B->n++];
            *have = *e;
        } else {
            free(have->value);
            *have = *e;
        }
        e->value = NULL;
    }
    for (int s = 0; s < L->nsections; s++) {
        int have = -1;
        for (int t = 0; t < B->nsections && have < 0; t++)
            if (!strcmp(B->sections[t], L->sections[s])) have = t;
        if (have < 0 && B->nsections < MAX_SECTIONS) {
            have = B->nsections++;
            memcpy(B->sections[have], L->sections[s], sizeof B->sections[have]);
        }
        if (have >= 0) B->section_line[have] = L->section_line[s];
    }
    free_entries(L);
    L->e = B->e;
    L->n = B->n;
    L->cap = B->cap;
    memcpy(L->sections, B->sections, sizeof L->sections);
    memcpy(L->section_line, B->section_line, sizeof L->section_line);
    L->nsections = B->nsections;
    B->e = NULL;
    B->n = B->cap = 0;
}

/* [variant] base = NAME: read that variant's file (and its own bases) first and lay this
 * file's keys over it. */
static void apply_base(Loader *L, int depth)
{
    Entry *e = NULL;
    for (int i = 0; i < L->n && !e; i++)
        if (!strcmp(L->e[i].section, "variant") && !strcmp(L->e[i].key, "base") &&
            (L->e[i].line >> LINE_BITS) == L->file)
            e = &L->e[i];
    if (!e) return;
    e->used = true;
    char path[MAX_TEXT], err[512];
    const char *name = e->value;
    bool ok = *name && strlen(name) < MAX_NAME;
    for (const char *p = name; *p && ok; p++)
        ok = isalnum((unsigned char)*p) || *p == '-' || *p == '_';
    if (!ok) {
        lerr(L, e->line, "base is a variant's name (letters, digits, - and _), not '%s'", name);
        return;
    }
    if (depth >= MAX_BASE_DEPTH || L->src->n > MAX_BASE_DEPTH) {
        lerr(L, e->line, "base: more than %d files inherit from one another (a loop?)",
             MAX_BASE_DEPTH);
        return;
    }
    if (!L->resolver) {
        lerr(L, e->line, "base variant '%s' not found (this variant was not read from a file)",
             name);
        return;
    }
    char *text =
        L->resolver->text(L->resolver->ctx, L->fname, name, path, sizeof path, err, sizeof err);
    if (!text) {
        lerr(L, e->line, "%s", err);
        return;
    }
    for (int i = 0; i < L->src->n; i++)
        if (!strcmp(L->src->name[i], path)) {
            free(text);
            lerr(L, e->line, "base: '%s' inherits from itself (a loop of bases)", name);
            return;
        }
    Loader *B = calloc(1, sizeof *B);
    if (!B) {
        free(text);
        lerr(L, e->line, "out of memory");
        return;
    }
    B->src = L->src;
    B->resolver = L->resolver;
    B->file = L->src->n++;
    snprintf(L->src->name[B->file], MAX_TEXT, "%s", path);
    B->fname = L->src->name[B->file];
    B->text = text;
    parse_text(B);
    if (!B->failed) apply_base(B, depth + 1);
    if (!B->failed) overlay(L, B);
    if (B->failed) {
        snprintf(L->err, sizeof L->err, "%s", B->err);
        L->failed = true;
    }
    free_entries(B);
    free(B);
    free(text);
}

static Variant *load(Loader *L, const char *name, char *err, int errlen)
{
    Variant *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, errlen, "%s: out of memory", L->fname);
        return NULL;
    }
    if (strlen(name) >= MAX_NAME)
        lerr(L, 0, "the file's name (without .ini) has more than %d characters", MAX_NAME - 1);
    snprintf(v->name, MAX_NAME, "%s", name);
    Sources src = {.n = 1};
    snprintf(src.name[0], MAX_TEXT, "%s", L->fname);
    L->src = &src;
    parse_text(L);
    if (!L->failed) apply_base(L, 0);
    if (!L->failed) check_sections(L);
    if (!L->failed) load_variant_section(L, v);
    if (!L->failed) load_board(L, v);
    if (!L->failed) load_players(L, v);
    if (!L->failed) load_zones(L, v);
    if (!L->failed) load_pieces(L, v);
    if (!L->failed) eval_zones(L, v);
    if (!L->failed) load_castles(L, v);
    if (!L->failed) load_rules(L, v);
    if (!L->failed) load_view(L, v);
    if (!L->failed) load_setup(L, v);
    if (!L->failed) check_unused(L);
    if (!L->failed) {
        char cerr[256];
        if (!variant_compile(v, cerr, sizeof cerr)) lerr(L, 0, "%s", cerr);
    }
    free_entries(L);
    if (L->failed) {
        snprintf(err, errlen, "%s", L->err);
        variant_free(v);
        return NULL;
    }
    return v;
}

Variant *variant_load_text(const char *text, const char *file, const char *name,
                           const VariantResolver *resolver, char *err, int errlen)
{
    Loader L;
    memset(&L, 0, sizeof L);
    L.fname = file;
    L.text = text;
    L.resolver = resolver;
    return load(&L, name, err, errlen);
}

Variant *variant_load_string(const char *text, const char *name, char *err, int errlen)
{
    return variant_load_text(text, name, name, NULL, err, errlen);
}

void *variant_cells(Variant *v, int players, size_t size)
{
    void **na = realloc(v->allocs, (size_t)(v->nallocs + 1) * sizeof *na);
    if (!na) return NULL;
    v->allocs = na;
    void *t = calloc((size_t)players * ((size_t)v->board.ncells + 1), size);
    if (t) v->allocs[v->nallocs++] = t;
    return t;
}

void variant_free(Variant *v)
{
    if (!v) return;
    for (int i = 0; i < v->nallocs; i++) free(v->allocs[i]);
    free(v->allocs);
    board_free(&v->board);
    free(v);
}

int variant_zone(const Variant *v, const char *name)
{
    for (int z = 0; z < v->nzones; z++)
        if (!strcmp(v->zone[z].name, name)) return z;
    return -1;
}
