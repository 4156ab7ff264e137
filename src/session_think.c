/* session_think.c — the computer in a session: its limits, go, ai, level, hint and analyse. */
#include "session_int.h"

#include "level.h"
#include "number.h"
#include "pgn.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

SearchLimits session_limits(const Session *s)
{
    SearchLimits l = s->ai;
    /* with clocks, never the time it has not got (a search bounded by depth or nodes too) */
    double share = clock_think_share(&s->clock, s->game.pos.stm, steady_now());
    if (share > 0 && (l.time <= 0 || share < l.time)) l.time = share;
    if (s->restricted) { /* a shared machine: bounded time, one core per player */
        if (!(l.time > 0 && l.time <= MAX_RESTRICTED_THINK)) l.time = MAX_RESTRICTED_THINK;
        if (l.threads < 1 || l.threads > MAX_RESTRICTED_THREADS) l.threads = MAX_RESTRICTED_THREADS;
    }
    return l;
}

/* A search for the side to move with the session's limits and the given hooks; full: at
 * full strength whatever the computer's level (hint and analyse are its own view). */
static bool think_hooked(Session *s, const SearchHooks *hooks, bool full, SearchResult *r,
                         char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (s->game.result.over) return snprintf(err, errlen, "the game is over"), false;
    if (!session_move_allowed(s))
        return snprintf(err, errlen, "this game has reached the limit of %d plies",
                        MAX_RESTRICTED_PLIES),
               false;
    if (!s->engine) s->engine = engine_new(0); /* without one, a small table per search */
    SearchLimits limits = session_limits(s);
    if (full) limits.level = 0;
    *r = search_run(s->engine, &s->game, &limits, hooks);
    if (!r->found) return snprintf(err, errlen, "no legal move"), false;
    return true;
}

bool session_think(Session *s, SearchResult *r, char *err, size_t errlen)
{
    return think_hooked(s, &s->ai_hooks, false, r, err, errlen);
}

/* The computer's choice for the side to move (go, and hint at full strength); false after
 * a complaint. */
static bool think(Session *s, const char *name, const char *args, bool full, Sink *out,
                  SearchResult *r)
{
    char err[128];
    if (!session_no_args(args, name, out)) return false;
    if (!think_hooked(s, &s->ai_hooks, full, r, err, sizeof err))
        return session_complain(out, "%s", err);
    return true;
}

bool cmd_go(Session *s, const char *args, Sink *out)
{
    SearchResult r = {0};
    if (!think(s, "go", args, false, out, &r)) return false;
    if (!session_play_move(s, r.best))
        return session_complain(out, "out of memory: the move was not played");
    return session_played(s, out);
}

/* The computer plays the sides in `mask` from now on. */
static bool set_computer(Session *s, unsigned mask, const char *what, const char *note, Sink *out)
{
    s->ai_players = mask;
    s->ai_chosen = true;
    session_mark_computer(s);
    int level = level_effective(s->ai.level);
    /* its strength, and to a new player facing the full one that there is an easier one */
    bool full = level == SEARCH_MAX_LEVEL;
    const char *easier = full ? "'level 1' makes it a beginner's opponent" : NULL;
    char notes[160] = "";
    if (note || easier)
        snprintf(notes, sizeof notes, " (%s%s%s)", note ? note : "", note && easier ? "; " : "",
                 easier ? easier : "");
    if (!mask)
        session_say(out, "the computer plays %s", what);
    else if (full)
        session_say(out, "the computer plays %s, at full strength%s", what, notes);
    else
        session_say(out, "the computer plays %s, at level %d%s", what, level, notes);
    session_notify_changed(s);
    return true;
}

/* ai SIDE adds SIDE to the sides the computer plays: the message names them all, so that
 * nobody takes "ai Black" after "ai all" for "the computer plays Black only". */
bool cmd_ai(Session *s, const char *args, Sink *out)
{
    const Variant *v = s->v;
    unsigned all = (1u << v->nplayers) - 1;
    if (!strcasecmp(args, "off")) return set_computer(s, 0, "no side", NULL, out);
    if (!strcasecmp(args, "all")) return set_computer(s, all, "every side", NULL, out);
    int p = session_side_named(s, args, "ai", out);
    if (p < 0) return false;
    unsigned mask = s->ai_players | 1u << p;
    char what[160];
    size_t n = 0;
    int count = __builtin_popcount(mask), k = 0;
    for (int q = 0; q < v->nplayers; q++)
        if (mask & (1u << q))
            n += (size_t)snprintf(what + n, sizeof what - n, "%s%s",
                                  !k++         ? ""
                                  : k == count ? " and "
                                               : ", ",
                                  v->player_name[q]);
    const char *note = mask == all ? "every side; 'ai off' first, to play one yourself"
                       : count > 1 ? "'ai off' first, to play one yourself"
                                   : NULL;
    return set_computer(s, mask, what, note, out);
}

void session_seed_levels(Session *s)
{
    if (!s->ai.nodes && !s->ai.depth && !s->ai.seed)
        s->ai.seed = (uint64_t)time(NULL) << 16 ^ (uint64_t)getpid();
}

void session_set_level(Session *s, int level)
{
    s->ai.level = level;
    session_mark_computer(s);
    session_notify_changed(s);
}

bool session_level_arg(const char *args, int *level, Sink *out)
{
    long n;
    if (!number_parse(args, 1, SEARCH_MAX_LEVEL, &n))
        return session_complain(out,
                                "level needs a whole number from 1 (a beginner's opponent) to %d "
                                "(full strength), not '%s'",
                                SEARCH_MAX_LEVEL, args);
    *level = (int)n;
    return true;
}

/* level: which level the computer plays at; level N: play at level N from now on. */
bool cmd_level(Session *s, const char *args, Sink *out)
{
    int level = level_effective(s->ai.level);
    if (*args) {
        if (!session_level_arg(args, &level, out)) return false;
        session_set_level(s, level);
    }
    session_say(out, "level %d%s", level, level_gloss(level));
    return true;
}

/* The depth a result's best move comes from: "7", or "8, unfinished" when the search, stopped
 * in the middle of depth 8, had already found a better move there than depth 7's. */
static void depth_text(const SearchResult *r, char *buf, size_t len)
{
    snprintf(buf, len, "%d%s", r->depth + r->unfinished, r->unfinished ? ", unfinished" : "");
}

/* hint and analyse are questions: once the game is over they answer that there is no move
 * to look for (go, which would play one, is refused). True when they did. */
static bool over_answered(Session *s, const char *name, Sink *out)
{
    char line[256];
    if (!s->game.result.over) return false;
    game_result_line(&s->game, line, sizeof line);
    session_say(out, "%s: no move to look for, the game is over (%s)", name, line);
    return true;
}

bool cmd_hint(Session *s, const char *args, Sink *out)
{
    SearchResult r = {0};
    if (!session_no_args(args, "hint", out)) return false;
    if (over_answered(s, "hint", out)) return true;
    if (!think(s, "hint", args, true, out, &r)) return false;
    char san[MOVE_TEXT_MAX], score[32], depth[32];
    move_san(&s->game.pos, r.best, san);
    search_score_text(r.score, s->v->nplayers, score, sizeof score);
    depth_text(&r, depth, sizeof depth);
    session_say(out, "hint: %s (depth %s, score %s, %llu nodes, %.1f s, %.0f nodes/s)", san, depth,
                score, (unsigned long long)r.nodes, r.seconds,
                r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0);
    return true;
}

/* An analysis in progress: the lines of each newly completed depth go to out; the front
 * end's own hooks (a progress display, a stop key) still see everything. */
typedef struct {
    Session *s;
    Sink *out;
    int depth;
    bool unfinished; /* the unfinished depth's better move was shown */
} Analysis;

/* "depth 6 line 1: +0.25 Bg2 Nf6 Qb3 (51234 nodes, 0.4 s)": the score from the mover's side,
 * the line in the game's notation; "depth 7 line 1: ... (80000 nodes, 0.6 s, unfinished)" for the
 * better line a search stopped in the middle of depth 7 had found. */
static void say_line(Session *s, const SearchResult *r, int k, Sink *out)
{
    const SearchLine *l = &r->line[k];
    char text[SEARCH_MAX_PV * (MOVE_TEXT_MAX + 1) + 1] = "", score[32];
    size_t n = 0;
    Position pos = s->game.pos;
    for (int i = 0; i < l->len && move_is_legal(&pos, l->pv[i]); i++) {
        char san[MOVE_TEXT_MAX];
        Undo u;
        move_san(&pos, l->pv[i], san);
        play_move(&pos, l->pv[i], &u);
        size_t len = strlen(san);
        if (n + len + 2 > sizeof text) break;
        if (n) text[n++] = ' ';
        memcpy(text + n, san, len + 1);
        n += len;
    }
    search_score_text(l->score, s->v->nplayers, score, sizeof score);
    bool unfinished = r->unfinished && !k;
    session_say(out, "depth %d line %d: %s %s (%llu nodes, %.1f s%s)", r->depth + unfinished, k + 1,
                score, text, (unsigned long long)r->nodes, r->seconds,
                unfinished ? ", unfinished" : "");
}

/* The lines of a result not shown yet: a newly completed depth's, or the unfinished depth's
 * better line (line 1 only: the others are the completed depth's). */
static void say_new_lines(Analysis *a, const SearchResult *r)
{
    if (r->depth > a->depth) {
        a->depth = r->depth;
        a->unfinished = false;
        for (int k = r->unfinished; k < r->nlines; k++) say_line(a->s, r, k, a->out);
    }
    if (r->unfinished && !a->unfinished) {
        a->unfinished = true;
        say_line(a->s, r, 0, a->out);
    }
}

static void on_analysis(const SearchResult *r, void *ctx)
{
    Analysis *a = ctx;
    const SearchHooks *front = &a->s->ai_hooks;
    if (front->progress) front->progress(r, front->ctx);
    say_new_lines(a, r);
}

bool session_analyse(Session *s, Sink *out)
{
    char err[128];
    Analysis a = {s, out, 0, false};
    SearchHooks hooks = {on_analysis, &a, s->ai_hooks.stop};
    SearchResult r;
    if (!think_hooked(s, &hooks, true, &r, err, sizeof err))
        return session_complain(out, "%s", err);
    say_new_lines(&a, &r); /* what the progress report did not show */
    char san[MOVE_TEXT_MAX], score[32], depth[32];
    move_san(&s->game.pos, r.best, san);
    search_score_text(r.score, s->v->nplayers, score, sizeof score);
    depth_text(&r, depth, sizeof depth);
    session_say(out, "analyse: best %s (depth %s, score %s, %llu nodes, %.1f s)", san, depth, score,
                (unsigned long long)r.nodes, r.seconds);
    return true;
}

bool cmd_analyse(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "analyse", out)) return false;
    return over_answered(s, "analyse", out) || session_analyse(s, out);
}
