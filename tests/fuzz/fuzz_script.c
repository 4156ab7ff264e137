/* fuzz_script.c — the scripted mode: byte 0 picks the variant, the rest is the input lines
 * of `cellmate --batch`, run by batch_run with its output thrown away. Lines that would
 * reach outside the test are left out: save and load (any path), new with anything but a
 * variant name (all three are let through in restricted mode, which must confine them),
 * perft deeper than 2, and more than two go or hint (each thinks briefly). */
#include "batch.h"
#include "fuzz_util.h"
#include "restrict.h"
#include "targets.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THINKS 2

static bool is_word(const char *p, size_t n, const char *word)
{
    return n == strlen(word) && !memcmp(p, word, n);
}

/* Whether a line (without its newline) may run; *thinks counts go and hint. */
static bool allowed(const char *line, size_t len, bool restricted, int *thinks)
{
    const char *p = line, *end = line + len;
    while (p < end && isspace((unsigned char)*p)) p++;
    const char *w = p;
    while (p < end && !isspace((unsigned char)*p)) p++;
    size_t n = (size_t)(p - w);
    while (p < end && isspace((unsigned char)*p)) p++;
    if (!restricted && (is_word(w, n, "save") || is_word(w, n, "load"))) return false;
    if (!restricted && is_word(w, n, "new")) {
        for (const char *q = p; q < end; q++)
            if (!isalnum((unsigned char)*q) && *q != '-' && *q != '_' &&
                !isspace((unsigned char)*q))
                return false;
    }
    if (is_word(w, n, "perft"))
        return p < end && strchr("012", *p) && (p + 1 == end || !isdigit((unsigned char)p[1]));
    if (is_word(w, n, "go") || is_word(w, n, "hint")) return ++*thinks <= MAX_THINKS;
    return true;
}

void fuzz_script_run(const uint8_t *data, size_t size, const Restriction *r)
{
    if (size < 2) return;
    const char *in = (const char *)data + 1, *end = (const char *)data + size;
    char *kept = malloc(size);
    fuzz_require(kept != NULL, "memory for the input");
    size_t nkept = 0;
    int thinks = 0;
    while (in < end) {
        const char *nl = memchr(in, '\n', (size_t)(end - in));
        size_t len = nl ? (size_t)(nl - in) : (size_t)(end - in);
        if (allowed(in, len, r != NULL, &thinks)) {
            memcpy(kept + nkept, in, len + (nl != NULL));
            nkept += len + (nl != NULL);
        }
        in += len + (nl != NULL);
    }
    Session s;
    char err[600];
    fuzz_require(session_open(&s, fuzz_variant_name(data[0]), NULL, err, sizeof err),
                 "a session opens");
    s.ai.time = 0.01;
    s.restricted = r;
    FILE *f = nkept ? fmemopen(kept, nkept, "r") : NULL;
    if (f) {
        /* the answers go nowhere; the errors stay on stderr with any sanitizer report */
        fflush(stdout);
        int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);
        fuzz_require(saved >= 0 && null >= 0, "/dev/null opens");
        dup2(null, STDOUT_FILENO);
        int status = batch_run(&s, f);
        fflush(stdout);
        dup2(saved, STDOUT_FILENO);
        close(saved);
        close(null);
        fclose(f);
        fuzz_require(status == 0 || status == 1, "the scripted mode exits 0 or 1");
    }
    session_close(&s);
    free(kept);
}

void fuzz_target_script(const uint8_t *data, size_t size)
{
    fuzz_script_run(data, size, NULL);
}
