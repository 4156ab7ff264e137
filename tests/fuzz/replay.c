/* replay.c — runs a fuzz target over saved inputs without libFuzzer, for make check in any
 * build: "replay TARGET FILE|DIR..." prints one TAP line per input (a crash ends the run,
 * which the TAP driver reports); "replay --list" names the targets. */
#include "fuzz_util.h"
#include "targets.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int n_run;

static bool read_all(const char *path, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t cap = 4096, n = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger) free(buf);
            buf = bigger;
        }
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (!ok) free(buf);
    *data = ok ? buf : NULL;
    *size = n;
    return ok;
}

static void run_file(const FuzzTarget *t, const char *path)
{
    uint8_t *data;
    size_t size;
    if (!read_all(path, &data, &size)) {
        printf("not ok %d - %s %s: cannot be read\n", ++n_run, t->name, path);
        return;
    }
    fflush(stdout);
    t->run(data, size);
    free(data);
    printf("ok %d - %s %s\n", ++n_run, t->name, path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_path(const FuzzTarget *t, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        run_file(t, path);
        return;
    }
    DIR *d = opendir(path);
    struct dirent *e;
    char **files = NULL;
    size_t n = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char **more = realloc(files, (n + 1) * sizeof *files);
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        if (!more || !(more[n] = malloc(len))) {
            fprintf(stderr, "replay: out of memory\n");
            exit(1);
        }
        files = more;
        snprintf(files[n++], len, "%s/%s", path, e->d_name);
    }
    if (d) closedir(d);
    qsort(files, n, sizeof *files, by_name);
    for (size_t i = 0; i < n; i++) {
        run_path(t, files[i]);
        free(files[i]);
    }
    free(files);
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (const FuzzTarget *t = fuzz_targets; t->name; t++) printf("%s\n", t->name);
        return 0;
    }
    const FuzzTarget *t = argc > 1 ? fuzz_find(argv[1]) : NULL;
    if (!t) {
        fprintf(stderr, "usage: replay TARGET FILE|DIR... or replay --list\n");
        return 2;
    }
    fuzz_setup();
    for (int i = 2; i < argc; i++) run_path(t, argv[i]);
    printf("1..%d\n", n_run);
    return 0;
}
