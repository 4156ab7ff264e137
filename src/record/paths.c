/* paths.c — the variant search path: a binary run from its build tree reads the source
 * tree's variants/ first (so an old installed file never shadows the file under test), then
 * $CELLMATE_VARIANTS (colon-separated), $XDG_DATA_HOME/cellmate/variants (default
 * ~/.local/share/cellmate/variants), then the installed data directory, then PREFIX/share/...
 * beside a binary installed elsewhere (found from argv[0]). In restricted mode
 * only the build tree's and the installed directory count, and only names are accepted. */
#include "paths.h"

#include "variant_file.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CELLMATE_BUILD_BINDIR
#define CELLMATE_BUILD_BINDIR ""
#endif
#ifndef CELLMATE_SOURCE_VARIANTS
#define CELLMATE_SOURCE_VARIANTS ""
#endif
#ifndef CELLMATE_DATA_VARIANTS
#define CELLMATE_DATA_VARIANTS "/usr/local/share/cellmate/variants"
#endif

static bool restricted; /* variants only by name, from the installed (or build) tree */
static char restricted_dir[PATH_LEN] = CELLMATE_DATA_VARIANTS;

void variant_paths_restrict(const char *dir)
{
    restricted = true;
    if (dir) snprintf(restricted_dir, sizeof restricted_dir, "%s", dir);
}

/* The directory of the running binary, from argv[0] as main hands it over (a path, or a name
 * found in $PATH), not from the proc file system, which not every system has. Empty when
 * unknown. */
static char program_dir[PATH_LEN];

void variant_paths_set_program(const char *argv0)
{
    char found[PATH_MAX], real[PATH_MAX];
    program_dir[0] = 0;
    if (!argv0 || !*argv0) return;
    if (strchr(argv0, '/')) {
        snprintf(found, sizeof found, "%s", argv0);
    } else {
        const char *path = getenv("PATH");
        char *copy = path ? strdup(path) : NULL, *save = NULL;
        found[0] = 0;
        for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d && !found[0];
             d = strtok_r(NULL, ":", &save))
            if ((size_t)snprintf(found, sizeof found, "%s/%s", *d ? d : ".", argv0) >=
                    sizeof found ||
                access(found, X_OK) != 0)
                found[0] = 0;
        free(copy);
    }
    if (!found[0] || !realpath(found, real)) return;
    char *slash = strrchr(real, '/');
    if (slash && slash != real) *slash = 0;
    if (strlen(real) < sizeof program_dir) memcpy(program_dir, real, strlen(real) + 1);
}

static bool run_from_build_tree(void)
{
    char build[PATH_MAX];
    if (!program_dir[0] || !*CELLMATE_BUILD_BINDIR || !realpath(CELLMATE_BUILD_BINDIR, build))
        return false;
    return !strcmp(program_dir, build);
}

static void add_dir(char dirs[][PATH_LEN], int *n, int max, const char *d)
{
    size_t len = d ? strlen(d) : 0;
    if (*n < max && len && len < PATH_LEN) memcpy(dirs[(*n)++], d, len + 1);
}

int variant_search_dirs(char dirs[][PATH_LEN], int max)
{
    int n = 0;
    char buf[PATH_LEN];
    if (run_from_build_tree()) add_dir(dirs, &n, max, CELLMATE_SOURCE_VARIANTS);
    if (restricted) {
        add_dir(dirs, &n, max, restricted_dir);
        return n;
    }
    const char *env = getenv("CELLMATE_VARIANTS");
    if (env && *env) {
        char *copy = strdup(env), *save = NULL;
        for (char *t = copy ? strtok_r(copy, ":", &save) : NULL; t; t = strtok_r(NULL, ":", &save))
            add_dir(dirs, &n, max, t);
        free(copy);
    }
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg == '/') { /* relative values are invalid by the XDG specification */
        snprintf(buf, sizeof buf, "%s/cellmate/variants", xdg);
        add_dir(dirs, &n, max, buf);
    } else if (home && *home) {
        snprintf(buf, sizeof buf, "%s/.local/share/cellmate/variants", home);
        add_dir(dirs, &n, max, buf);
    }
    add_dir(dirs, &n, max, CELLMATE_DATA_VARIANTS);
    /* a binary installed (or copied with its data) under another prefix: PREFIX/bin/cellmate
     * finds PREFIX/share/cellmate/variants */
    if (program_dir[0] && (size_t)snprintf(buf, sizeof buf, "%s/../share/cellmate/variants",
                                           program_dir) < sizeof buf) {
        char real[PATH_MAX], data[PATH_MAX];
        if (realpath(buf, real) && !(realpath(CELLMATE_DATA_VARIANTS, data) && !strcmp(real, data)))
            add_dir(dirs, &n, max, real);
    }
    return n;
}

static bool valid_name(const char *s)
{
    if (!*s || strlen(s) >= MAX_NAME) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_') return false;
    return true;
}

/* The file of the variant called `name` in the search path (for `base = NAME`). */
static bool find_variant(const char *name, char *path, size_t len)
{
    char dirs[MAX_DIRS_SEARCHED][PATH_LEN], lower[MAX_NAME];
    size_t n = strlen(name);
    if (!valid_name(name)) return false;
    for (size_t i = 0; i <= n; i++) lower[i] = (char)tolower((unsigned char)name[i]);
    int nd = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
    for (int i = 0; i < nd; i++)
        if ((size_t)snprintf(path, len, "%s/%s.ini", dirs[i], lower) < len &&
            access(path, F_OK) == 0)
            return true;
    return false;
}

Variant *variant_open(const char *name, char *err, int errlen, bool *unreadable)
{
    char dirs[MAX_DIRS_SEARCHED][PATH_LEN], path[PATH_LEN + MAX_NAME + 8], lower[MAX_NAME];
    *unreadable = false;
    size_t len = strlen(name);
    if (restricted && (strchr(name, '/') || strchr(name, '.') || strchr(name, '~'))) {
        snprintf(err, errlen,
                 "variants are chosen by name here, not by path (cellmate --list shows them)");
        *unreadable = true;
        return NULL;
    }
    if (strchr(name, '/') || (len > 4 && !strcmp(name + len - 4, ".ini"))) {
        struct stat st;
        if (stat(name, &st) != 0 || !S_ISREG(st.st_mode) || access(name, R_OK) != 0)
            *unreadable = true;
        return variant_load_file_finding(name, find_variant, err, errlen);
    }
    if (!valid_name(name)) {
        snprintf(err, errlen, "'%s' is not a variant name (try cellmate --list)", name);
        *unreadable = true;
        return NULL;
    }
    for (size_t i = 0; i <= len; i++) lower[i] = (char)tolower((unsigned char)name[i]);
    int n = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
    for (int i = 0; i < n; i++) {
        if (snprintf(path, sizeof path, "%s/%s.ini", dirs[i], lower) >= (int)sizeof path) continue;
        if (access(path, F_OK) == 0)
            return variant_load_file_finding(path, find_variant, err, errlen);
    }
    snprintf(err, errlen, "unknown variant '%s' (cellmate --list shows the variants)", name);
    *unreadable = true;
    return NULL;
}

/* Whether two paths name the same file. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

bool shell_word(const char *word, char *out, size_t len)
{
    bool plain = *word != 0; /* nothing a shell would read as more than letters */
    for (const char *c = word; *c; c++)
        plain &= isalnum((unsigned char)*c) || strchr("/._-+,:@", *c);
    size_t n = (size_t)snprintf(out, len, "%s", plain ? word : "'");
    for (const char *c = word; !plain && *c && n < len; c++)
        n += (size_t)snprintf(out + n, len - n, *c == '\'' ? "'\\''" : "%c", *c);
    if (!plain && n < len) n += (size_t)snprintf(out + n, len - n, "'");
    if (n < len) return true;
    if (len) *out = 0; /* cut short it would name another file */
    return false;
}

void variant_path_option(const Variant *v, char *out, size_t len)
{
    char found[PATH_LEN + MAX_NAME + 8], *full;
    if (len) *out = 0;
    if (find_variant(v->name, found, sizeof found) && same_file(found, v->path)) return;
    if (!(full = realpath(v->path, NULL))) return;
    size_t n = (size_t)snprintf(out, len, " --variant ");
    if (n >= len || !shell_word(full, out + n, len - n)) *out = 0;
    free(full);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

int variant_names(char names[][MAX_NAME], int max)
{
    char dirs[MAX_DIRS_SEARCHED][PATH_LEN];
    int n = 0, nd = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
    for (int i = 0; i < nd; i++) {
        DIR *d = opendir(dirs[i]);
        struct dirent *e;
        if (!d) continue;
        while ((e = readdir(d)) && n < max) {
            size_t len = strlen(e->d_name);
            if (len < 5 || len - 4 >= MAX_NAME || strcmp(e->d_name + len - 4, ".ini")) continue;
            char nm[MAX_NAME];
            snprintf(nm, sizeof nm, "%.*s", (int)(len - 4), e->d_name);
            if (!valid_name(nm)) continue;
            bool dup = false;
            for (int j = 0; j < n && !dup; j++) dup = !strcmp(names[j], nm);
            if (!dup) snprintf(names[n++], MAX_NAME, "%s", nm);
        }
        closedir(d);
    }
    qsort(names, (size_t)n, MAX_NAME, cmp_names);
    return n;
}
