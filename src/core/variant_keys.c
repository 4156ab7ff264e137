/* variant_keys.c — looking up the collected entries and reading their values: yes/no,
 * numbers, word lists, player and piece names, and the "mirror/rotate PLAYER" values that
 * derive one player's cells from another's. Every error names the entry's line. */
#include "variant_load_int.h"

#include "number.h"
#include "symmetry.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

Entry *entry_get(Loader *L, const char *section, const char *key)
{
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->e[i].section, section) && !strcmp(L->e[i].key, key)) {
            L->e[i].used = true;
            return &L->e[i];
        }
    return NULL;
}

int section_line(Loader *L, const char *section)
{
    for (int i = 0; i < L->nsections; i++)
        if (!strcmp(L->sections[i], section)) return L->section_line[i];
    return 0;
}

bool has_section(Loader *L, const char *section)
{
    for (int i = 0; i < L->nsections; i++)
        if (!strcmp(L->sections[i], section)) return true;
    return false;
}

Entry *entry_need(Loader *L, const char *section, const char *key, const char *what)
{
    Entry *e = entry_get(L, section, key);
    if (!e) lerr(L, section_line(L, section), "[%s] needs '%s' (%s)", section, key, what);
    return e;
}

bool parse_bool(Loader *L, Entry *e, bool *out)
{
    const char *v = e->value;
    if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "1")) return *out = true, true;
    if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "0")) return *out = false, true;
    lerr(L, e->line, "'%s' must be yes or no, not '%s'", e->key, v);
    return false;
}

/* Which of the n words (an enumeration's names, in its order) the value is; -1 after an
 * error that lists them ("stalemate must be draw, win, loss or 3/4, not 'x'"). */
int parse_choice(Loader *L, const Entry *e, const char *const *words, int n)
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

bool parse_int(Loader *L, Entry *e, int lo, int hi, int *out)
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
int split_words(const char *s, char words[][64], int max)
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
int next_word(Loader *L, const Entry *e, const char **s, char *w, size_t wlen)
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

/* A key inherited from a base file that names a player this game does not have (a
 * three-player game built on a two-player one): left out, not an error. */
bool inherited_other_player(const Entry *e)
{
    return (e->line >> LINE_BITS) != 0;
}

int kind_of(const Variant *v, const char *word)
{
    if (!word[0] || word[1] || (unsigned char)word[0] > 127) return 0;
    return v->kind_of_letter[toupper((unsigned char)word[0])];
}

void check_keys(Loader *L, const char *section, const char *allowed)
{
    for (int i = 0; i < L->n && !L->failed; i++) {
        Entry *e = &L->e[i];
        if (strcmp(e->section, section)) continue;
        char pat[80];
        snprintf(pat, sizeof pat, " %s ", e->key);
        if (!strstr(allowed, pat))
            lerr(L, e->line, "unknown key '%s' in [%s] (expected one of:%.*s)", e->key, section,
                 (int)strlen(allowed) - 1, allowed);
    }
}

void copy_text(Loader *L, char *dst, const Entry *e)
{
    if (e && strlen(e->value) >= MAX_TEXT)
        lerr(L, e->line, "'%s' is longer than %d characters", e->key, MAX_TEXT - 1);
    snprintf(dst, MAX_TEXT, "%s", e ? e->value : "");
}

/* A value "mirror [PLAYER]" or "rotate [PLAYER]": the keys that derive a player's cells from
 * another player's (the first player's when none is named). False for any other value;
 * *from is -1 after an error. */
bool derived_from(Loader *L, Variant *v, const Entry *e, int self, bool *mirror, int *from)
{
    char w[4][64];
    int n = split_words(e->value, w, 4);
    if (n < 1 || n > 2 || (strcmp(w[0], "mirror") && strcmp(w[0], "rotate"))) return false;
    *mirror = w[0][0] == 'm';
    *from = n == 2 ? variant_side_named(v, w[1]) : 0;
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
Cell *player_map(Loader *L, Variant *v, const Entry *e, bool mirror, int from, int p)
{
    char err[256];
    Cell *map = variant_cells(v, 1, sizeof *map);
    if (!map)
        lerr(L, e->line, "out of memory");
    else if (!variant_player_map(v, mirror, from, p, map, err, sizeof err))
        lerr(L, e->line, "%s: %s", mirror ? "mirror" : "rotate", err), map = NULL;
    return map;
}
