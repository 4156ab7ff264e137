/* variant_default.c — the default variant, read from the `default` file of the variant
 * directories (see variant_default.h). */
#include "variant_default.h"

#include "fileio.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first word of the file dir/default, when it is a plausible variant name. */
static bool read_default(const char *dir, char *out, size_t len)
{
    char path[PATH_LEN + 16], err[600];
    size_t n;
    if (snprintf(path, sizeof path, "%s/default", dir) >= (int)sizeof path) return false;
    char *text = read_text_file(path, &n, err, sizeof err);
    if (!text) return false;
    size_t start = strspn(text, " \t\r\n"), end = start;
    while (text[end] &&
           (text[end] == '-' || text[end] == '_' || (text[end] >= 'a' && text[end] <= 'z') ||
            (text[end] >= 'A' && text[end] <= 'Z') || (text[end] >= '0' && text[end] <= '9')))
        end++;
    bool ok = end > start && end - start < len && end - start < MAX_NAME &&
              strchr(" \t\r\n", text[end]) != NULL;
    if (ok) {
        memcpy(out, text + start, end - start);
        out[end - start] = 0;
    }
    free(text);
    return ok;
}

bool variant_default_name(char *out, size_t len)
{
    char dirs[MAX_DIRS_SEARCHED][PATH_LEN];
    int n = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
    for (int i = 0; i < n; i++)
        if (read_default(dirs[i], out, len)) return true;
    char names[256][MAX_NAME];
    if (variant_names(names, 256) < 1 || strlen(names[0]) >= len) return false;
    memcpy(out, names[0], strlen(names[0]) + 1);
    return true;
}
