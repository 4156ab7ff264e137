/* match.c — the match runner: plays two engines (two programs, or one program with two
 * settings) against each other through the scripted mode, and prints wins, draws, losses and
 * the Elo difference with its error margin. A benchmark, not a test.
 *
 *   match --variant V --games N --engine "CMD" --engine "CMD" [--plies K] [--seed S]
 *         [--pgn FILE] [--timeout SECONDS] [--quiet] [--calm]
 *
 * Each engine is started per game as `CMD --batch --variant V` through /bin/sh (so CMD may
 * hold options such as --time 0.2 or --nodes 20000, or start with nice). The runner keeps the
 * game itself, with the same rules core: it sends every move to every engine and `go` to the
 * one to move, reads back its move and checks it. Openings are K random legal plies from the
 * start (the same sequence for every seating); each opening is played with every seating of
 * the two engines: both colours with two players, all six orders with three. Only one engine
 * thinks at a time, so both play in the same conditions on a busy machine. With --calm an
 * opening is drawn again until none of its plies captured or promoted and the side to move
 * after it has no capture or promotion: a random ply often leaves a piece hanging, and an opening
 * that loses a piece decides the game whoever plays it, which narrows the measured difference
 * (both colours of it score one each). The test is the rules core's, no engine's judgement.
 *
 * With three players a game counts as a comparison of every seat of the first engine with
 * every seat of the second: the better placing wins, an equal one draws. */
#include "game.h"
#include "paths.h"
#include "pgn.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PLIES 2000 /* a game this long is adjudicated a draw */

typedef struct {
    pid_t pid;
    int to, from; /* pipe ends: its stdin, its stdout */
    char buf[8192];
    size_t n;
} Proc;

typedef struct {
    const char *variant;
    const char *engine[2];
    int games, plies;
    unsigned long seed;
    const char *pgn;
    double timeout;
    bool quiet, calm;
} Options;

static uint64_t rng_state;

static unsigned rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool proc_start(Proc *p, const char *cmd, const char *variant)
{
    int in[2], out[2];
    char line[4096];
    snprintf(line, sizeof line, "exec %s --batch --variant '%s'", cmd, variant);
    if (pipe(in) || pipe(out)) return false;
    p->pid = fork();
    if (p->pid < 0) return false;
    if (p->pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    /* the next engine started must not hold this one's pipes open */
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    p->to = in[1];
    p->from = out[0];
    p->n = 0;
    return true;
}

static bool proc_send(Proc *p, const char *text)
{
    char line[256];
    int n = snprintf(line, sizeof line, "%s\n", text);
    return write(p->to, line, (size_t)n) == n;
}

/* One line of the engine's output, within `timeout` seconds. */
static bool proc_read(Proc *p, char *line, size_t len, double timeout)
{
    double end = now() + timeout;
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->n);
        if (nl) {
            size_t l = (size_t)(nl - p->buf);
            snprintf(line, len, "%.*s", (int)l, p->buf);
            memmove(p->buf, nl + 1, p->n - l - 1);
            p->n -= l + 1;
            return true;
        }
        double left = end - now();
        if (left <= 0 || p->n == sizeof p->buf) return false;
        struct pollfd pfd = {p->from, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        ssize_t got = read(p->from, p->buf + p->n, sizeof p->buf - p->n);
        if (got <= 0) return false;
        p->n += (size_t)got;
    }
}

static void proc_stop(Proc *p)
{
    if (p->pid <= 0) return;
    close(p->to);
    close(p->from);
    double end = now() + 2;
    int status;
    while (waitpid(p->pid, &status, WNOHANG) == 0) {
        if (now() > end) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &status, 0);
            break;
        }
        usleep(10000);
    }
    p->pid = 0;
}

/* The move in an engine's answer to `go`: "12. Nf6", "12... Nf6" or "12. c6 (Red)". */
static const char *answer_move(char *line)
{
    char *p = line;
    while (*p >= '0' && *p <= '9') p++;
    while (*p == '.') p++;
    while (*p == ' ') p++;
    char *end = strchr(p, ' ');
    if (end) *end = 0;
    return p;
}

/* Tell every engine the move just played (as the runner writes it). */
static bool send_move(Proc *procs, int n, int skip, const char *san, const Options *o)
{
    char line[512];
    for (int i = 0; i < n; i++) {
        if (i == skip) continue;
        if (!proc_send(&procs[i], san) || !proc_read(&procs[i], line, sizeof line, o->timeout))
            return false;
    }
    return true;
}

typedef struct {
    double score[2]; /* points of each engine in the pairings of this game */
    int pairs;
    int wins, draws, losses; /* of engine 0 */
    double points;           /* of engine 0 */
} Tally;

/* Placing of each player: 0 the best; players who drew share a place. */
static void placing(const Game *g, int *rank)
{
    const Position *pos = &g->pos;
    int next = 0;
    for (int p = 0; p < g->v->nplayers; p++)
        if (pos->alive & (1u << p)) rank[p] = g->result.winner >= 0 && p != g->result.winner;
    for (int p = 0; p < g->v->nplayers; p++)
        if ((pos->alive & (1u << p)) && rank[p] + 1 > next) next = rank[p] + 1;
    for (int i = pos->nout - 1; i >= 0; i--) rank[pos->out[i]] = next++;
}

static void score_game(const Game *g, const int *seat_engine, int forfeit_seat, Tally *t)
{
    int n = g->v->nplayers, rank[3] = {0, 0, 0};
    if (forfeit_seat >= 0) { /* an engine that failed loses to everyone */
        for (int p = 0; p < n; p++) rank[p] = p == forfeit_seat;
    } else if (n == 2 && g->result.partial) {
        int w = g->result.winner;
        double pw = 0.75;
        if (seat_engine[w] == 0) {
            t->wins++;
            t->points += pw;
        } else {
            t->losses++;
            t->points += 1 - pw;
        }
        return;
    } else {
        placing(g, rank);
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (seat_engine[a] != 0 || seat_engine[b] != 1) continue;
            if (rank[a] < rank[b])
                t->wins++, t->points += 1;
            else if (rank[a] == rank[b])
                t->draws++, t->points += 0.5;
            else
                t->losses++;
        }
}

static void elo_line(const Tally *t, char *buf, size_t len)
{
    int n = t->wins + t->draws + t->losses;
    if (!n) {
        snprintf(buf, len, "no games");
        return;
    }
    double s = t->points / n;
    /* the variance of one game's score, from the counts (a 3/4 win counts as a win here) */
    double w = (double)t->wins / n, d = (double)t->draws / n, l = (double)t->losses / n;
    double var = w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s;
    double se = sqrt(var / n);
    double lo = s - 1.96 * se, hi = s + 1.96 * se;
#define ELO(x) ((x) <= 0 ? -INFINITY : (x) >= 1 ? INFINITY : -400 * log10(1 / (x)-1) + 0.0)
    double e = ELO(s), elo_lo = ELO(lo), elo_hi = ELO(hi);
    snprintf(buf, len, "+%d =%d -%d (%d), score %.1f%%, Elo %+.0f (95%%: %+.0f .. %+.0f, +-%.0f)",
             t->wins, t->draws, t->losses, n, 100 * s, e, elo_lo, elo_hi,
             isfinite(elo_hi - elo_lo) ? (elo_hi - elo_lo) / 2 : INFINITY);
}

/* Play one game; returns false when the runner itself failed (not an engine). */
static bool play_game(const Options *o, const Variant *v, const Move *opening, int nopening,
                      const int *seat_engine, Tally *t, FILE *pgn, int number)
{
    int n = v->nplayers, forfeit = -1;
    Proc procs[3];
    memset(procs, 0, sizeof procs);
    Game g;
    game_init(&g, v, NULL);
    for (int p = 0; p < n; p++)
        if (!proc_start(&procs[p], o->engine[seat_engine[p]], o->variant)) return false;
    char san[MOVE_TEXT_MAX], line[512], err[NOTE_ERR_MAX];
    const char *why = "";
    for (int i = 0; i < nopening; i++) {
        move_san(&g.pos, opening[i], san);
        game_play(&g, opening[i]);
        if (!send_move(procs, n, -1, san, o)) forfeit = 0, why = "an engine failed the opening";
    }
    while (forfeit < 0 && !g.result.over && g.nplies < MAX_PLIES) {
        int seat = g.pos.stm;
        Proc *p = &procs[seat];
        Move m;
        if (!proc_send(p, "go") || !proc_read(p, line, sizeof line, o->timeout)) {
            forfeit = seat, why = "no answer to go";
            break;
        }
        const char *text = answer_move(line);
        if (move_parse(&g.pos, text, &m, err, sizeof err, NULL) != PARSE_OK) {
            forfeit = seat, why = "an illegal move";
            fprintf(stderr, "match: game %d: %s played '%s': %s\n", number, v->player_name[seat],
                    text, err);
            break;
        }
        move_san(&g.pos, m, san);
        game_play(&g, m);
        if (!g.result.over && !send_move(procs, n, seat, san, o))
            forfeit = seat, why = "an engine stopped answering";
    }
    for (int p = 0; p < n; p++) proc_stop(&procs[p]);
    if (forfeit < 0 && !g.result.over) why = "too long: a draw";
    score_game(&g, seat_engine, forfeit, t);
    char res[64], summary[256], tally[256];
    game_result_text(&g, res, sizeof res);
    if (forfeit >= 0)
        snprintf(summary, sizeof summary, "%s forfeits (%s)", v->player_name[forfeit], why);
    else if (g.result.over)
        snprintf(summary, sizeof summary, "%s %s", res, g.result.termination);
    else
        snprintf(summary, sizeof summary, "%s", why);
    elo_line(t, tally, sizeof tally);
    if (!o->quiet) {
        printf("game %d: ", number);
        for (int p = 0; p < n; p++) printf("%s%c", p ? "-" : "", 'A' + seat_engine[p]);
        printf(" %d plies, %s; A: %s\n", g.nplies, summary, tally);
        fflush(stdout);
    }
    if (pgn) {
        for (int p = 0; p < n; p++) game_set_tag(&g, v->player_name[p], o->engine[seat_engine[p]]);
        char *text = pgn_write(&g);
        if (text) fprintf(pgn, "%s\n", text);
        free(text);
    }
    game_free(&g);
    return true;
}

/* Whether m captures (or promotes) in pos: one of its captures-only moves. */
static bool tactical(Position *pos, Move m)
{
    MoveList tac;
    gen_tactical(pos, &tac);
    for (int i = 0; i < tac.n; i++)
        if (move_equal(tac.m[i], m)) return true;
    return false;
}

/* K random legal plies from the start that do not end the game; calm: see the top. */
static int make_opening(const Variant *v, int plies, bool calm, Move *out)
{
    for (int attempt = 0; attempt < 10000; attempt++) {
        Game g;
        game_init(&g, v, NULL);
        int n = 0;
        bool ok = true;
        while (n < plies && !g.result.over && ok) {
            MoveList ml;
            gen_legal(&g.pos, &ml);
            out[n] = ml.m[rng() % (unsigned)ml.n];
            ok = !calm || !tactical(&g.pos, out[n]);
            game_play(&g, out[n++]);
        }
        ok = ok && !g.result.over;
        if (ok && calm) {
            MoveList tac;
            gen_tactical(&g.pos, &tac);
            ok = !tac.n;
        }
        game_free(&g);
        if (ok) return n;
    }
    fprintf(stderr, "match: no opening of %d plies found%s\n", plies, calm ? " that is calm" : "");
    exit(2);
}

/* The seatings: which engine sits in each seat, each engine at least once. */
static int seatings(int nplayers, int (*out)[3])
{
    int count = 0;
    for (int code = 0; code < (1 << nplayers); code++) {
        if (code == 0 || code == (1 << nplayers) - 1) continue;
        for (int p = 0; p < nplayers; p++) out[count][p] = (code >> p) & 1;
        count++;
    }
    return count;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: match --variant V --games N --engine CMD --engine CMD [--plies K] [--seed S]\n"
            "             [--pgn FILE] [--timeout SECONDS] [--quiet] [--calm]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    Options o = {NULL, {NULL, NULL}, 100, -1, 1, NULL, 60, false, false};
    int nengines = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quiet")) {
            o.quiet = true;
            continue;
        }
        if (!strcmp(a, "--calm")) {
            o.calm = true;
            continue;
        }
        if (!val) usage();
        i++;
        if (!strcmp(a, "--variant"))
            o.variant = val;
        else if (!strcmp(a, "--games"))
            o.games = atoi(val);
        else if (!strcmp(a, "--plies"))
            o.plies = atoi(val);
        else if (!strcmp(a, "--seed"))
            o.seed = strtoul(val, NULL, 10);
        else if (!strcmp(a, "--pgn"))
            o.pgn = val;
        else if (!strcmp(a, "--timeout"))
            o.timeout = atof(val);
        else if (!strcmp(a, "--engine") && nengines < 2)
            o.engine[nengines++] = val;
        else
            usage();
    }
    if (!o.variant || nengines != 2 || o.games < 1 || o.timeout <= 0) usage();
    signal(SIGPIPE, SIG_IGN);
    char err[600];
    bool unreadable;
    Variant *v = variant_open(o.variant, err, sizeof err, &unreadable);
    if (!v) {
        fprintf(stderr, "match: %s\n", err);
        return 2;
    }
    if (o.plies < 0) o.plies = v->nplayers == 2 ? 4 : 6;
    rng_state = 0x9e3779b97f4a7c15ULL ^ o.seed;
    FILE *pgn = o.pgn ? fopen(o.pgn, "w") : NULL;
    int seats[8][3], nseat = seatings(v->nplayers, seats);
    Tally t;
    memset(&t, 0, sizeof t);
    printf("match: %s, A = %s, B = %s, %d random%s plies per opening, %d seatings each\n", v->name,
           o.engine[0], o.engine[1], o.plies, o.calm ? " calm" : "", nseat);
    int played = 0;
    while (played < o.games) {
        Move opening[64];
        int nopening = make_opening(v, o.plies < 64 ? o.plies : 64, o.calm, opening);
        for (int s = 0; s < nseat && played < o.games; s++)
            if (!play_game(&o, v, opening, nopening, seats[s], &t, pgn, ++played)) {
                fprintf(stderr, "match: cannot start the engines\n");
                return 2;
            }
    }
    char line[256];
    elo_line(&t, line, sizeof line);
    printf("result: A (%s) against B (%s) in %s over %d games: %s\n", o.engine[0], o.engine[1],
           v->name, played, line);
    if (pgn) fclose(pgn);
    variant_free(v);
    return 0;
}
