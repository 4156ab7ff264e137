/* variant_board.c — the [variant], [board] and [players] sections: the variant's texts, the
 * board as its family reads the [board] keys (board.h), the players' names, letters and
 * forward directions. */
#include "variant_load_int.h"

#include "number.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void load_variant_section(Loader *L, Variant *v)
{
    Entry *e;
    if (!has_section(L, "variant")) {
        lerr(L, 0, "no [variant] section (expected title, summary, source, notes)");
        return;
    }
    check_keys(L, "variant",
               " title summary source notes reconstructed base pieces symmetry lint_accept ");
    copy_text(L, v->title, entry_need(L, "variant", "title", "the variant's full name"));
    copy_text(L, v->summary, entry_get(L, "variant", "summary"));
    copy_text(L, v->source, entry_get(L, "variant", "source"));
    copy_text(L, v->notes, entry_get(L, "variant", "notes"));
    if ((e = entry_get(L, "variant", "reconstructed"))) parse_bool(L, e, &v->reconstructed);
    copy_text(L, v->lint_accept, entry_get(L, "variant", "lint_accept"));
    if ((e = entry_get(L, "variant", "symmetry"))) {
        static const char *const names[] = {"none", "mirror", "rotate"};
        int i = parse_choice(L, e, names, 3);
        if (i >= 0) v->symmetry = (enum symmetry)i;
        v->symmetry_given = true;
    }
}

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
    Entry *e = entry_get(keys_loader(k), "board", key);
    return e ? e->value : NULL;
}

static const char *keys_need(BoardKeys *k, const char *key, const char *what)
{
    Entry *e = entry_need(keys_loader(k), "board", key, what);
    return e ? e->value : NULL;
}

static bool keys_need_int(BoardKeys *k, const char *key, const char *what, int lo, int hi, int *out)
{
    Entry *e = entry_need(keys_loader(k), "board", key, what);
    return e && parse_int(keys_loader(k), e, lo, hi, out);
}

static void keys_fail(BoardKeys *k, const char *key, const char *fmt, ...)
{
    Loader *L = keys_loader(k);
    Entry *e = entry_get(L, "board", key);
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lerr(L, e ? e->line : section_line(L, "board"), "%s", msg);
}

/* A key of another family's boards (length on a hex board) is named as such: the file
 * most likely changed its family and kept that key. */
static void other_family_keys(Loader *L, enum family family)
{
    for (int i = 0; i < L->n && !L->failed; i++) {
        const Entry *e = &L->e[i];
        char pat[80];
        if (strcmp(e->section, "board")) continue;
        snprintf(pat, sizeof pat, " %s ", e->key);
        if (strstr(board_family_keys(family), pat)) continue;
        for (int f = 0; f < NFAMILIES && !L->failed; f++)
            if (strstr(board_family_keys((enum family)f), pat))
                lerr(L, e->line, "'%s' is a key of %s boards, and this board's family is %s",
                     e->key, board_family_id((enum family)f), board_family_id(family));
    }
}

void load_board(Loader *L, Variant *v)
{
    BoardSpec s;
    Entry *e;
    char err[256], keys[128];
    memset(&s, 0, sizeof s);
    if (!has_section(L, "board")) {
        lerr(L, 0, "no [board] section (expected family, letters, shape)");
        return;
    }
    if (!(e = entry_need(L, "board", "family", board_family_names()))) return;
    int f = board_family_named(e->value);
    if (f < 0) {
        lerr(L, e->line, "family must be %s, not '%s'", board_family_names(), e->value);
        return;
    }
    s.family = (enum family)f;
    snprintf(keys, sizeof keys, " family letters%s", board_family_keys(s.family));
    other_family_keys(L, s.family);
    check_keys(L, "board", keys);
    if (!(e = entry_need(L, "board", "letters", "the file letters in order, such as abcdefghikl")))
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
        Entry *at = entry_get(L, "board", board_family_size_key(s.family));
        lerr(L, at ? at->line : section_line(L, "board"), "bad board: %s", err);
    }
}

void load_players(Loader *L, Variant *v)
{
    Entry *e;
    char w[8][64];
    if (!has_section(L, "players")) {
        lerr(L, 0, "no [players] section (expected names and forward)");
        return;
    }
    check_keys(L, "players", " names letters forward ");
    if (!(e = entry_need(L, "players", "names", "such as 'White Black'"))) return;
    int n = split_words(e->value, w, 8);
    if (n < 2 || n > MAX_PLAYERS) {
        lerr(L, e->line, "2 or 3 player names expected, found %d", n);
        return;
    }
    v->nplayers = n;
    for (int p = 0; p < n; p++) {
        char first = w[p][0]; /* (its lower case is the side's letter in position strings) */
        if (strlen(w[p]) >= MAX_NAME ||
            !((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
            lerr(L, e->line,
                 "bad player name '%s' (a name starts with an ASCII letter, a to z in either "
                 "case, and has at most %d bytes)",
                 w[p], MAX_NAME - 1);
            return;
        }
        memcpy(v->player_name[p], w[p], strlen(w[p]) + 1); /* its length was checked */
        v->player_letter[p] = (char)tolower((unsigned char)w[p][0]);
        for (int q = 0; q < p; q++)
            if (!strcmp(v->player_name[q], w[p]))
                lerr(L, e->line, "player '%s' twice", w[p]);
            else if (!strcasecmp(v->player_name[q], w[p]))
                lerr(L, e->line,
                     "players '%s' and '%s' have one name (names are compared without regard "
                     "to case)",
                     v->player_name[q], w[p]);
    }
    if ((e = entry_get(L, "players", "letters"))) {
        int m = split_words(e->value, w, 8);
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
    if (!(e = entry_get(L, "players", "forward"))) return; /* then every piece needs its own */
    int hours = split_words(e->value, w, 8);
    if (hours != n) {
        lerr(L, e->line, "one forward clock hour per player expected (%d players, %d %s)", n, hours,
             hours == 1 ? "hour" : "hours");
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
