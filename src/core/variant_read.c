/* variant_read.c — a variant file's text into (section, key, value, line) entries.
 *
 * libinih does the INI syntax. It cuts lines silently at INI_MAX_LINE and tells its handler
 * no line numbers, so we feed it through ini_parse_stream with our own reader, which counts
 * lines and rejects over-long ones and control characters. The handler only collects
 * entries (joining continuation lines); the other variant_*.c files interpret them. */
#include "variant_load_int.h"

#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the value of the key on `line` holds a word starting with '#', in a key that is
 * not free text: most likely a comment written as in many other formats, which here is
 * part of the value (FILE SYNTAX). */
static bool hash_in_value(const Loader *L, int line)
{
    static const char *const texts[] = {"title", "summary", "source", "notes", "name"};
    for (int i = 0; i < L->n; i++) {
        const Entry *e = &L->e[i];
        if (e->line != line || !e->value) continue;
        for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++)
            if (!strcmp(e->key, texts[t])) return false;
        for (const char *p = e->value; (p = strchr(p, '#')); p++)
            if (p == e->value || strchr(" \t,", p[-1])) return true;
    }
    return false;
}

void lerr(Loader *L, int line, const char *fmt, ...)
{
    if (L->failed) return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof msg && line > 0 && hash_in_value(L, line))
        snprintf(
            msg + n, sizeof msg - (size_t)n,
            " (a '#' after a value is part of it; a comment there starts with a blank and ';')");
    int file = line >> LINE_BITS, at = line & ((1 << LINE_BITS) - 1);
    const char *fname = L->src && file < L->src->n ? L->src->name[file] : L->fname;
    /* a line of a base file: say which file was being loaded, since the mistake may be that
     * file's (a [variant] pieces that leaves out a kind the base's array uses) */
    char also[MAX_TEXT + 20] = "";
    if (file > 0 && L->src && file < L->src->n) {
        const char *top = strrchr(L->src->name[0], '/');
        snprintf(also, sizeof also, "; in a base of %s", top ? top + 1 : L->src->name[0]);
    }
    int w = at > 0 ? snprintf(L->err, sizeof L->err, "%s:%d: %s%s", fname, at, msg, also)
                   : snprintf(L->err, sizeof L->err, "%s: %s%s", fname, msg, also);
    if (w >= (int)sizeof L->err) /* a message cut short says so */
        memcpy(L->err + sizeof L->err - 4, "...", 4);
    L->failed = true;
    L->err_line = line;
}

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
    if (L->continuation && L->keyed) return; /* part of the value above */
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '[' || !(end = strchr(p, ']'))) return;
    const char *after = end + 1 + strspn(end + 1, " \t");
    if (*after && !strchr("\n;#", *after)) { /* libinih would drop it without a word */
        int n = (int)strcspn(after, "\n");
        lerr(L, L->line, "unexpected text after the section header's ']': '%.*s'", n < 40 ? n : 40,
             after);
        return;
    }
    p++; /* the name as libinih reads it, blanks included */
    if (end - p >= 64) return;
    snprintf(name, sizeof name, "%.*s", (int)(end - p), p);
    note_section(L, name);
    L->keyed = false;
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
        if (ch == '\r') { /* CR LF, or an old Mac's CR alone: either ends the line */
            if (L->text[L->pos] == '\n') L->pos++;
            break;
        }
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
    L->keyed = true;
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

void free_entries(Loader *L)
{
    for (int i = 0; i < L->n; i++) free(L->e[i].value);
    free(L->e);
    L->e = NULL;
    L->n = L->cap = 0;
}

/* Read L->text into entries; lines carry the file's index (LINE_BITS). libinih reads on
 * past a line it cannot parse (a "[section" without its bracket) and returns that line's
 * number at the end, so a key after it may already have failed: the earlier line's message
 * is the one to give. */
void parse_text(Loader *L)
{
    L->line = L->file << LINE_BITS;
    L->keyed = false;
    bool failed_before = L->failed;
    int rc = failed_before ? 0 : ini_parse_stream(reader, L, handler, L);
    int at = (L->file << LINE_BITS) + rc;
    if (rc > 0 && L->failed && !failed_before && at < L->err_line) L->failed = false;
    if (rc > 0 && !L->failed) {
        lerr(L, at, "expected '[section]', 'key = value' or a comment");
    } else if (rc < 0 && !L->failed) {
        lerr(L, 0, "out of memory while reading");
    }
}
