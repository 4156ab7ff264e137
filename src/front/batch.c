/* batch.c — the scripted mode and --replay (see batch.h). */
#include "batch.h"

#include "movegen.h"
#include "pgn.h"
#include "safe_text.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* SIGINT while a line is being worked on (perft, the computer thinking) stops that work,
 * which then reports what it has (a partial count, the best move so far); between lines it
 * ends the program as it always did. */
static volatile sig_atomic_t working, stop_work;

static void on_interrupt(int sig)
{
    if (!working) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    stop_work = 1;
}

static bool work_stopped(void)
{
    return stop_work;
}

/* Catch SIGINT (unless it was ignored when the program started) and hook it to the long
 * computations; with on false, put back what was there. */
static void catch_interrupt(bool on)
{
    static struct sigaction before;
    static InterruptFn hook_before;
    static bool caught;
    if (on) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_interrupt;
        sigemptyset(&sa.sa_mask);
        caught = sigaction(SIGINT, NULL, &before) == 0 && before.sa_handler != SIG_IGN &&
                 sigaction(SIGINT, &sa, NULL) == 0;
        if (caught) hook_before = set_interrupt(work_stopped);
    } else if (caught) {
        sigaction(SIGINT, &before, NULL);
        set_interrupt(hook_before);
        caught = false;
    }
}

static int out_errno; /* why standard output could not be written, once it could not */

/* Flush standard output; false (the reason kept for the exit) when it cannot be written. */
static bool flush_out(void)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return true;
    if (!out_errno) out_errno = errno ? errno : EIO;
    return false;
}

/* At exit: output that could not be written (a full disk) is an error, said on standard
 * error, whatever the mode had to say. The other exit handlers have run by then (this one
 * is registered first), so only the streams are left to flush. */
static void check_output(void)
{
    if (flush_out()) return;
    safe_printf(stderr, "cellmate: cannot write the output: %s\n", strerror(out_errno));
    fflush(NULL);
    _exit(1);
}

void batch_watch_output(void)
{
    atexit(check_output);
}

typedef struct {
    Sink sink;
    long line;
} BatchSink;

static void out_line(Sink *s, const char *line)
{
    (void)s;
    safe_fputs(line, true, stdout);
    putchar('\n');
}

static void err_line(Sink *s, const char *line)
{
    BatchSink *b = (BatchSink *)s;
    flush_out();
    safe_printf(stderr, "line %ld: %s\n", b->line, line);
}

/* The computer's turns (ai SIDE, --ai): it plays them as `go` would, one after another,
 * until a person is to move, the game ends, or an interrupt stops it. False when it could
 * not move (the reason went to the sink). */
static bool computer_turns(Session *s, BatchSink *bs)
{
    bool ok = true;
    while (ok && !s->quit && !stop_work && session_computer_to_move(s)) {
        working = 1;
        ok = session_command(s, "go", "", &bs->sink);
        working = 0;
        flush_out();
    }
    return ok;
}

#define LINE_MAX_READ 1000 /* characters of a line of input, without its "\r\n" */
/* what is kept of a line: the longest, after a byte order mark (the first line's), and its
 * "\r\n" */
#define LINE_KEPT (LINE_MAX_READ + BOM_BYTES + 2)

/* The next line of input into line (LINE_KEPT + 1 bytes), without its newline. A longer line
 * is read to its end but only its start is kept, so that a line with no end in sight (a
 * stranger's on a public login) takes no memory; *len is its whole length, without its
 * "\r\n" as far as it was kept. False at the end of the input. */
static bool read_line(FILE *in, char *line, size_t *len, bool *nul)
{
    size_t n = 0, kept = 0;
    int c = EOF;
    *nul = false;
    while ((c = getc(in)) != EOF) {
        *nul = *nul || c == 0;
        if (kept < LINE_KEPT) line[kept++] = (char)c;
        n++;
        if (c == '\n') break;
    }
    if (n == kept)
        while (kept && (line[kept - 1] == '\n' || line[kept - 1] == '\r')) kept--, n--;
    line[kept] = 0;
    *len = n;
    return c != EOF || n || kept;
}

int batch_run(Session *s, FILE *in)
{
    BatchSink bs = {{out_line, err_line, NULL}, 0};
    char line[LINE_KEPT + 1];
    size_t len;
    bool nul;
    int status = 0;
    catch_interrupt(true);
    if (!computer_turns(s, &bs)) status = 1; /* a game where the computer moves first */
    while (!s->quit && read_line(in, line, &len, &nul)) {
        bs.line++;
        if (nul) {
            err_line(&bs.sink, "the line contains a NUL byte; expected text");
            status = 1;
            continue;
        }
        const char *text = bs.line == 1 ? text_after_bom(line) : line;
        if (len - (size_t)(text - line) > LINE_MAX_READ) {
            err_line(&bs.sink, "the line is longer than 1000 characters; expected a move or a "
                               "command");
            status = 1;
            continue;
        }
        session_tick(s, &bs.sink); /* a flag that fell while waiting for the line */
        stop_work = 0;
        working = 1;
        if (!session_line(s, text, &bs.sink)) status = 1;
        working = 0;
        if (!flush_out()) break; /* nobody reads the answers: the end (check_output) */
        if (!computer_turns(s, &bs)) status = 1;
    }
    if (ferror(in)) {
        safe_printf(stderr, "cellmate: cannot read the input: %s\n", strerror(errno));
        status = 1;
    }
    catch_interrupt(false);
    return status;
}

int batch_perft(const Session *s, int depth, bool divide)
{
    BatchSink bs = {{out_line, err_line, NULL}, 0};
    catch_interrupt(true);
    stop_work = 0;
    working = 1;
    bool whole = session_perft(s, depth, divide, 0, &bs.sink);
    working = 0;
    flush_out();
    catch_interrupt(false);
    /* the partial count is out: now end as SIGINT ends a program, so that a calling shell
     * script stops too */
    if (stop_work) raise(SIGINT);
    return stop_work || !whole ? 1 : 0; /* !whole: the host's limit (restricted) cut it */
}

int batch_replay(const char *path, const Variant *fallback)
{
    PgnReader r;
    char err[600];
    if (!pgn_open_file(&r, path, fallback, err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
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
            /* plies: a count of "moves" would read as White's moves with their replies */
            safe_printf(stdout, "game %d: ok, %d pl%s", games, rep.moves,
                        rep.moves == 1 ? "y" : "ies");
            if (rep.warnings)
                safe_printf(stdout, " (%d warning%s, first: %s)", rep.warnings,
                            rep.warnings > 1 ? "s" : "", rep.warning);
            safe_printf(stdout, "\n");
        } else if (rep.bad_move[0]) {
            safe_printf(stdout, "game %d: error at move %s (%s): %s (line %d, column %d)\n", games,
                        rep.bad_label, rep.bad_move, rep.reason, rep.line, rep.col);
        } else {
            safe_printf(stdout, "game %d: error: %s\n", games, rep.error);
        }
        if (g.v) game_free(&g);
        variant_free(owned);
    }
    pgn_close(&r);
    if (!games) { /* an empty file, or one with no game in it, is not a replay that passed */
        safe_printf(stderr, "cellmate: %s: no game found\n", path);
        return 1;
    }
    printf("%d game%s, %d ok\n", games, games == 1 ? "" : "s", ok);
    return ok == games ? 0 : 1;
}
