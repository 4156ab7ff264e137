/* variant_file.c — a variant read from its file. The core (variant_load_text) parses text
 * and asks its caller for the text of each `base = NAME` variant; here that text comes from
 * NAME.ini beside the inheriting file, else from where a finder (the variant search path,
 * paths.c) says. Files are read through read_text_file (regular files only, bounded). */
#include "variant_file.h"

#include "fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    VariantFinder find;
} Finder;

/* The file of base variant `name` for a file at `from`: beside it, or where find says. */
static bool find_base(const char *from, const char *name, VariantFinder find, char *path,
                      size_t len)
{
    const char *slash = strrchr(from, '/');
    struct stat st;
    if ((size_t)snprintf(path, len, "%.*s%s.ini", slash ? (int)(slash - from + 1) : 0, from, name) <
            len &&
        stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return true;
    return find && find(name, path, len);
}

static char *base_text(void *ctx, const char *from, const char *name, char *where, size_t wherelen,
                       char *err, int errlen)
{
    const Finder *f = ctx;
    char rerr[512];
    if (!find_base(from, name, f->find, where, wherelen)) {
        snprintf(err, errlen, "base variant '%s' not found (looked for %s.ini beside this file%s)",
                 name, name, f->find ? " and in the variant directories" : "");
        return NULL;
    }
    char *text = read_text_file(where, NULL, rerr, sizeof rerr);
    if (!text) snprintf(err, errlen, "base: %s", rerr);
    return text;
}

/* The variant's name: the file's name without directories and .ini. */
static void base_name(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    snprintf(out, len, "%s", b);
    char *dot = strrchr(out, '.');
    if (dot && !strcmp(dot, ".ini")) *dot = 0;
}

Variant *variant_load_file_finding(const char *path, VariantFinder find, char *err, int errlen)
{
    char name[MAX_NAME];
    Finder f = {find};
    VariantResolver resolver = {base_text, &f};
    char *text = read_text_file(path, NULL, err, errlen);
    if (!text) return NULL;
    base_name(path, name, sizeof name);
    Variant *v = variant_load_text(text, path, name, &resolver, err, errlen);
    free(text);
    if (v) snprintf(v->path, MAX_TEXT, "%s", path);
    return v;
}

Variant *variant_load_file(const char *path, char *err, int errlen)
{
    return variant_load_file_finding(path, NULL, err, errlen);
}
