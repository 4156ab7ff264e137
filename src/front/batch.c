/* batch.c — the scripted mode and --replay (see batch.h). */
#include "batch.h"

#include "pgn.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    Sink sink;
    long line;
} BatchSink;

static void out_line(Sink *s, const char *line)
{
    (void)s;
    printf("%s\n", line);
}

static void err_line(Sink *s, const char *line)
{
    BatchSink *b = (BatchSink *)s;
    fflush(stdout);
    fprintf(stderr, "line %ld: %s\n", b->line, line);
}

int batch_run(Session *s, FILE *in)
{
    BatchSink bs = {{out_line, err_line, NULL}, 0};
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int status = 0;
    while (!s->quit && (n = getline(&line, &cap, in)) >= 0) {
        bs.line++;
        if (memchr(line, 0, (size_t)n)) {
            err_line(&bs.sink, "the line contains a NUL byte; expected text");
            status = 1;
            continue;
        }
        size_t len = (size_t)n;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
        if (len > 1000) {
            err_line(&bs.sink, "the line is longer than 1000 characters; expected a move or a "
                               "command");
            status = 1;
            continue;
        }
        session_tick(s, &bs.sink); /* a flag that fell while waiting for the line */
        if (!session_line(s, line, &bs.sink)) status = 1;
        fflush(stdout);
    }
    free(line);
    return status;
}

int batch_replay(const char *path, const Variant *fallback)
{
    PgnReader r;
    char err[600];
    if (!pgn_open_file(&r, path, fallback, err, sizeof err)) {
        fprintf(stderr, "cellmate: %s\n", err);
        return 2;
    }
    int games = 0, ok = 0;
    for (;;) {
        Game g;
        Variant *owned;
        PgnReport rep;
        enum pgn_status st = pgn_read_game(&r, &g, &owned, &rep);
        if (st == PGN_EOF) break;
        games++;
        if (st == PGN_OK) {
            ok++;
            printf("game %d: ok, %d moves", games, rep.moves);
            if (rep.warnings)
                printf(" (%d warning%s, first: %s)", rep.warnings, rep.warnings > 1 ? "s" : "",
                       rep.warning);
            printf("\n");
        } else if (rep.bad_move[0]) {
            printf("game %d: error at move %s (%s): %s (line %d, column %d)\n", games,
                   rep.bad_label, rep.bad_move, rep.reason, rep.line, rep.col);
        } else {
            printf("game %d: error: %s\n", games, rep.error);
        }
        if (g.v) game_free(&g);
        variant_free(owned);
    }
    pgn_close(&r);
    printf("%d games, %d ok\n", games, ok);
    return ok == games ? 0 : 1;
}
