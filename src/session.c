/* session.c — the command table shared by the scripted mode and the screen, and the reading
 * of input lines as commands or moves. */
#include "session_int.h"

#include "fen.h"
#include "number.h"
#include "paths.h"
#include "refusal.h"
#include "typo.h"
#include "render.h"
#include "pgn.h"
#include "restrict.h"
#include "level.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

void sink_discard(Sink *s, const char *line)
{
    (void)s;
    (void)line;
}

void session_say(Sink *out, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out->out(out, buf);
}

bool session_complain(Sink *out, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    out->err(out, buf);
    return false;
}

void session_notify_changed(Session *s)
{
    if (s->changed) s->changed(s);
}

/* The sides the computer plays are kept in the record as players named "cellmate", or
 * "cellmate (level N)" below full strength (level.h), so that a resumed or loaded game goes
 * on as it was played. */
void session_mark_computer(Session *s)
{
    char name[64];
    level_player_name(s->ai.level, name, sizeof name);
    for (int p = 0; p < s->v->nplayers; p++) {
        const char *tag = game_tag(&s->game, s->v->player_name[p]);
        if (s->ai_players & (1u << p))
            game_set_tag(&s->game, s->v->player_name[p], name);
        else if (tag && level_from_player_name(tag))
            game_set_tag(&s->game, s->v->player_name[p], "?");
    }
}

/* A new game's Date tag: today, as the record's "YYYY.MM.DD" (local time, as PGN has it). */
static void date_today(Game *g)
{
    char date[16];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) && strftime(date, sizeof date, "%Y.%m.%d", &tm))
        game_set_tag(g, "Date", date);
}

bool session_name_player(Session *s, const char *side, const char *name, char *err, size_t errlen)
{
    const Variant *v = s->v;
    int p = variant_side_named(v, side);
    if (p < 0) {
        size_t n = (size_t)snprintf(err, errlen, "%s has no side named '%s'; its sides are",
                                    v->title, side);
        for (int q = 0; q < v->nplayers && n < errlen; q++)
            n += (size_t)snprintf(err + n, errlen - n, " %s", v->player_name[q]);
        return false;
    }
    size_t len = strlen(name), chars = 0;
    for (size_t i = 0; i < len; i++) chars += ((unsigned char)name[i] & 0xc0) != 0x80;
    /* characters of UTF-8, each at most 4 bytes */
    bool plain =
        chars > 0 && chars <= MAX_PLAYER_NAME && len <= 4 * MAX_PLAYER_NAME && strcmp(name, "?");
    for (size_t i = 0; i < len && plain; i++)
        plain =
            (unsigned char)name[i] >= 0x20 && name[i] != 0x7f && name[i] != '"' && name[i] != '\\';
    if (!plain)
        return snprintf(err, errlen,
                        "a player's name is 1 to %d characters, without control characters, "
                        "quotes or backslashes",
                        MAX_PLAYER_NAME),
               false;
    char computer[64];
    level_player_name(SEARCH_MAX_LEVEL, computer, sizeof computer);
    if (!strcasecmp(name, computer) || level_from_player_name(name))
        return snprintf(err, errlen, "'%s' is the computer's name in records (ai %s lets it play)",
                        level_from_player_name(name) ? name : computer, v->player_name[p]),
               false;
    if (!game_set_tag(&s->game, v->player_name[p], name))
        return snprintf(err, errlen, "out of memory"), false;
    return true;
}

void session_set_game(Session *s, Variant *v, const Game *g)
{
    /* another variant starts from its board's usual view (a hexagon turned by a triangle
     * board's 90 degrees would stand at an angle of none of its own); the same variant again
     * keeps the view its player chose (flipped to play Black, say) */
    if (s->v && strcmp(s->v->name, v->name)) s->view_turn = 0;
    if (s->v && s->v != v) {
        game_free(&s->game);
        variant_free(s->v);
    } else {
        game_free(&s->game);
    }
    s->v = v;
    s->game = *g;
    s->ai_players = 0;
    s->ai_chosen = false;
    for (int p = 0; p < v->nplayers; p++) {
        const char *tag = game_tag(&s->game, v->player_name[p]);
        int level = tag ? level_from_player_name(tag) : 0;
        if (!level) continue;
        s->ai_players |= 1u << p;
        s->ai.level = level;
    }
    session_clock_from_record(s);
}

/* --- clocks ------------------------------------------------------------------------------- */

void session_clock_from_record(Session *s)
{
    TimeControl tc = {CLOCK_NONE, 0, 0};
    const char *tag = game_tag(&s->game, "TimeControl");
    if (tag) tc_from_pgn(tag, &tc);
    clock_reset(&s->clock, &tc, s->v->nplayers);
    if (tc.kind == CLOCK_NONE) return;
    for (int i = 0; i < s->game.nplies; i++) {
        const Ply *p = &s->game.plies[i];
        if (p->clock_ms >= 0) s->clock.left[p->mover] = p->clock_ms;
    }
    if (!s->game.result.over) clock_run(&s->clock, s->game.pos.stm, steady_now());
}

void session_set_clock(Session *s, const TimeControl *tc)
{
    char text[64];
    tc_to_pgn(tc, text, sizeof text);
    game_set_tag(&s->game, "TimeControl", text);
    session_clock_from_record(s);
}

bool session_play_move(Session *s, Move m)
{
    Clock *c = &s->clock;
    double now = steady_now();
    if (!game_play(&s->game, m)) return false;
    if (c->tc.kind == CLOCK_NONE) return true;
    long left = clock_press(c, now);
    if (left >= 0) s->game.plies[s->game.nplies - 1].clock_ms = left;
    if (!s->game.result.over) clock_run(c, s->game.pos.stm, now);
    return true;
}

/* The game ended or changed without a move: stop the clock, or run the side to move's. */
static void clock_follow(Session *s)
{
    if (s->clock.tc.kind == CLOCK_NONE) return;
    if (s->game.result.over)
        clock_stop(&s->clock, steady_now());
    else
        clock_run(&s->clock, s->game.pos.stm, steady_now());
}

void session_clock_hold(Session *s, bool hold)
{
    if (!hold)
        clock_follow(s);
    else if (s->clock.tc.kind != CLOCK_NONE)
        clock_stop(&s->clock, steady_now());
}

static void session_defaults(Session *s)
{
    memset(s, 0, sizeof *s);
    s->ai = search_limits_time(5);
    s->seat = -1;
}

bool session_open_record(Session *s, const char *path, char *err, int errlen)
{
    PgnReport rep;
    session_defaults(s);
    return session_load_file(s, path, &rep, err, errlen);
}

bool session_open(Session *s, const char *variant, const char *fen, char *err, int errlen)
{
    static const TimeControl no_clock = {CLOCK_NONE, 0, 0};
    bool unreadable;
    session_defaults(s);
    Variant *v = variant_open(variant, err, errlen, &unreadable);
    if (!v) return false;
    Position start;
    if (fen) {
        char ferr[300];
        if (!fen_read(&start, v, fen, ferr, sizeof ferr)) {
            snprintf(err, errlen, "bad position string for %s: %s", v->name, ferr);
            variant_free(v);
            return false;
        }
    }
    s->v = v;
    game_init(&s->game, v, fen ? &start : NULL);
    date_today(&s->game);
    clock_reset(&s->clock, &no_clock, v->nplayers);
    return true;
}

void session_close(Session *s)
{
    for (int i = 0; i < s->nchat; i++) free(s->chat[i]);
    s->nchat = 0;
    engine_free(s->engine);
    s->engine = NULL;
    game_free(&s->game);
    variant_free(s->v);
    s->v = NULL;
}

/* "12. Nf6", "12... Nf6" or "12. c6 (Red)" for ply i of the game. */
static void ply_text(const Session *s, int i, char *buf, size_t len)
{
    const Ply *p = &s->game.plies[i];
    int num = p->undo.fullmove;
    if (s->v->nplayers > 2)
        snprintf(buf, len, "%d. %s (%s)", num, p->san, s->v->player_name[p->mover]);
    else
        snprintf(buf, len, "%d%s %s", num, p->mover ? "..." : ".", p->san);
}

void session_last_move_text(const Session *s, char *buf, size_t len)
{
    if (!s->game.nplies)
        snprintf(buf, len, "(no moves)");
    else
        ply_text(s, s->game.nplies - 1, buf, len);
}

/* The computer plays some sides and a person the others: undo and redo then go by a
 * person's moves, and a move typed at the computer's turn is refused. */
static unsigned computer_sides(const Session *s)
{
    return s->screen || s->ai_chosen ? s->ai_players : 0;
}

static bool against_computer(const Session *s)
{
    unsigned all = (1u << s->v->nplayers) - 1;
    return computer_sides(s) && (computer_sides(s) & all) != all;
}

bool session_computer_to_move(const Session *s)
{
    return !s->remote && !s->watching && !s->game.result.over &&
           (computer_sides(s) & (1u << s->game.pos.stm));
}

/* The last ply a person played, or -1 when the computer played every one. */
static int last_own_ply(const Session *s)
{
    for (int i = s->game.nplies - 1; i >= 0; i--) {
        const Ply *p = &s->game.plies[i];
        if (!(s->ai_players & (1u << p->mover)) && p->move.kind != MOVE_RESIGN) return i;
    }
    return -1;
}

void session_plies_text(const Session *s, int from, int to, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = from; i < to && n + 2 < len; i++) {
        char one[MOVE_TEXT_MAX + 64];
        ply_text(s, i, one, sizeof one);
        int k = snprintf(buf + n, len - n, "%s%s", i > from ? ", " : "", one);
        if (k < 0 || (size_t)k >= len - n) break;
        n += (size_t)k;
    }
}

void session_report_end(Session *s, Sink *out)
{
    char line[256];
    if (!s->game.result.over) return;
    game_result_line(&s->game, line, sizeof line);
    session_say(out, "%s", line);
}

/* --- commands ----------------------------------------------------------------------------- */

/* (the refusal quotes the line as session_line rearranges it: the reason first) */
bool session_no_args(const char *args, const char *name, Sink *out)
{
    if (*args) return session_complain(out, "'%s %s': %s takes nothing after it", name, args, name);
    return true;
}

/* The sides of v the computer plays in a new game: those it played, by their names (a game
 * of another variant, or of this one named again, keeps the opponent); the names of those v
 * has not go to gone, joined by " and ". */
static unsigned computer_sides_in(const Session *s, const Variant *v, char *gone, size_t len)
{
    unsigned ai = 0;
    for (int p = 0; p < s->v->nplayers; p++) {
        if (!(s->ai_players & (1u << p))) continue;
        int q = variant_side_named(v, s->v->player_name[p]);
        if (q >= 0) {
            ai |= 1u << q;
            continue;
        }
        size_t used = strlen(gone);
        snprintf(gone + used, len - used, "%s%s", used ? " and " : "", s->v->player_name[p]);
    }
    return ai;
}

static bool cmd_new(Session *s, const char *args, Sink *out)
{
    Variant *v = s->v;
    char err[600];
    if (*args) {
        bool unreadable;
        v = variant_open(args, err, sizeof err, &unreadable);
        if (!v) return session_complain(out, "%s", err);
    }
    Game g;
    game_init(&g, v, NULL);
    date_today(&g);
    for (int p = 0; p < v->nplayers; p++) { /* the same players, by their sides' names */
        const char *name = game_tag(&s->game, v->player_name[p]);
        if (name && !level_from_player_name(name)) game_set_tag(&g, v->player_name[p], name);
    }
    char note[1200] = "";
    if (!session_may_replace(s, "new", note, sizeof note)) {
        game_free(&g);
        if (v != s->v) variant_free(v);
        return session_complain(out, "%s", note);
    }
    char gone[200] = "";
    unsigned ai = computer_sides_in(s, v, gone, sizeof gone);
    bool chosen = s->ai_chosen;
    TimeControl tc = s->clock.tc;
    session_set_game(s, v, &g);
    s->ai_players = ai;
    s->ai_chosen = chosen;
    session_mark_computer(s);
    if (tc.kind != CLOCK_NONE) session_set_clock(s, &tc);
    session_say(out, "new game: %s, %s to move%s%s%s%s%s", v->title,
                v->player_name[s->game.pos.stm], *gone ? "; the computer played " : "", gone,
                *gone ? ", which this game has not ('ai SIDE' chooses one)" : "", *note ? "; " : "",
                note);
    session_notify_changed(s);
    return true;
}

/* undo: the last move; against the computer, back to before the person's own last move
 * (the computer's replies with it), as a room's takeback does. */
static bool cmd_undo(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "undo", out)) return false;
    char text[512];
    if (s->game.decided) {
        game_undo(&s->game);
        session_say(out, "the game is open again");
    } else {
        int to = s->game.nplies - 1;
        if (to >= 0 && against_computer(s) && (to = last_own_ply(s)) < 0)
            return session_complain(
                out, "the computer's moves are the only ones: you have no move to take "
                     "back ('ai off' hands its sides to you, 'new' starts again)");
        if (to < 0) return session_complain(out, "nothing to undo");
        session_plies_text(s, to, s->game.nplies, text, sizeof text);
        while (s->game.nplies > to) game_undo(&s->game);
        session_say(out, "took back %s", text);
    }
    session_clock_from_record(s);
    session_notify_changed(s);
    return true;
}

/* After a move was played (by a player, the computer, or redo): its line, the result if
 * it ended the game, and the save. */
/* With three players, who the last move put out, each in a line of its own: the move's '#'
 * alone says little (it marks the move after which that player had no way out, often another
 * player's harmless move). Their places: the first out comes last. */
static void say_put_out(const Session *s, Sink *out)
{
    static const char *const place[] = {"first", "second", "third", "fourth"};
    const Game *g = &s->game;
    if (!g->nplies) return;
    for (int i = g->plies[g->nplies - 1].undo.nout; i < g->pos.nout; i++)
        session_say(out, "%s is out, in %s place: its pieces leave the board",
                    s->v->player_name[g->pos.out[i]], place[s->v->nplayers - 1 - i]);
}

bool session_played(Session *s, Sink *out)
{
    char text[64];
    session_last_move_text(s, text, sizeof text);
    session_say(out, "%s", text);
    say_put_out(s, out);
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}

/* redo: the move taken back last; against the computer, its replies with it. */
static bool cmd_redo(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "redo", out)) return false;
    int from = s->game.nplies;
    if (!game_redo(&s->game)) return session_complain(out, "nothing to redo");
    while (against_computer(s) && session_computer_to_move(s) && game_redo(&s->game)) continue;
    session_clock_from_record(s);
    char text[512];
    session_plies_text(s, from, s->game.nplies, text, sizeof text);
    session_say(out, "played again %s", text); /* as undo's "took back" */
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}

static bool cmd_fen(Session *s, const char *args, Sink *out)
{
    char fen[FEN_MAX];
    if (!session_no_args(args, "fen", out)) return false;
    fen_write(&s->game.pos, fen, sizeof fen);
    session_say(out, "%s", fen);
    return true;
}

static void say_lines(Sink *out, char *text);

static bool cmd_show(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "show", out)) return false;
    RenderOpts o;
    TextGrid g;
    memset(&o, 0, sizeof o);
    o.coords = true;
    if (s->game.nplies) {
        const Move *m = &s->game.plies[s->game.nplies - 1].move;
        o.last_from = m->kind == MOVE_DROP ? NO_CELL : m->from;
        o.last_to = m->to;
    }
    if (!render_board(&s->game.pos, &o, &g)) return session_complain(out, "out of memory");
    char *text = textgrid_string(&g, false);
    textgrid_free(&g);
    if (!text) return session_complain(out, "out of memory");
    say_lines(out, text);
    free(text);
    char line[256];
    game_result_line(&s->game, line, sizeof line);
    session_say(out, "%s", line);
    return true;
}

static void say_lines(Sink *out, char *text)
{
    for (char *l = text; *l;) {
        char *nl = strchr(l, '\n');
        if (nl) *nl = 0;
        session_say(out, "%s", l);
        if (!nl) break;
        l = nl + 1;
    }
}

static bool cmd_pgn(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "pgn", out)) return false;
    char *text = pgn_write(&s->game);
    if (!text) return session_complain(out, "out of memory");
    say_lines(out, text);
    free(text);
    return true;
}

/* Which legal moves `moves` lists: all; those of the piece on a cell ("e4"); the drops of
 * a kind in hand ("P@"). False, with a complaint, for anything else. */
static bool moves_filter(Session *s, const char *args, Cell *from, int *drop, Sink *out)
{
    const Variant *v = s->v;
    *from = NO_CELL;
    *drop = 0;
    if (!*args) return true;
    size_t len = strlen(args);
    if (len == 2 && (args[1] == '@' || args[1] == '*')) {
        *drop = v->kind_of_letter[(unsigned char)toupper((unsigned char)args[0])];
        if (*drop && v->has_hands) return true;
    } else if ((*from = board_cell(&v->board, args))) {
        return true;
    }
    if (!v->has_hands) /* no drops to speak of in this game */
        return session_complain(out, "moves takes a cell (the moves of the piece on it), not '%s'",
                                args);
    return session_complain(out,
                            "moves takes a cell (the moves of the piece on it) or a piece letter "
                            "and @ (its drops), not '%s'",
                            args);
}

static bool cmd_moves(Session *s, const char *args, Sink *out)
{
    static char sans[MAX_MOVES][MOVE_TEXT_MAX];
    char line[8192], what[64] = "";
    MoveList ml;
    Cell from;
    int drop, n = 0;
    if (!moves_filter(s, args, &from, &drop, out)) return false;
    if (from) snprintf(what, sizeof what, " from %s", s->v->board.name[from]);
    if (drop) snprintf(what, sizeof what, " dropping %c", s->v->type[drop].letter);
    /* a question, answered also once the game is over: why there is none */
    if (s->game.result.over) {
        game_result_line(&s->game, line, sizeof line);
        session_say(out, "0 legal moves%s: the game is over (%s)", what, line);
        return true;
    }
    Piece on = from ? s->game.pos.board[from] : 0;
    if (from && !on) {
        session_say(out, "0 legal moves%s: it is empty", what);
        return true;
    }
    if (from && PIECE_OWNER(on) != s->game.pos.stm) {
        session_say(out, "0 legal moves%s: it holds a %s %s, and %s is to move", what,
                    s->v->player_name[PIECE_OWNER(on)], s->v->type[PIECE_KIND(on)].name,
                    s->v->player_name[s->game.pos.stm]);
        return true;
    }
    gen_legal(&s->game.pos, &ml);
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        bool is_drop = m->kind == MOVE_DROP;
        if (from && (is_drop || m->from != from)) continue;
        if (drop && (!is_drop || m->promo != drop)) continue;
        move_san_bare(&s->game.pos, *m, sans[n++]);
    }
    qsort(sans, (size_t)n, MOVE_TEXT_MAX, move_text_cmp);
    size_t used = 0;
    line[0] = 0;
    for (int i = 0; i < n && used + MOVE_TEXT_MAX + 2 < sizeof line; i++)
        used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i ? " " : "", sans[i]);
    session_say(out, "%d legal move%s%s%s%s", n, n == 1 ? "" : "s", what, n ? ": " : "", line);
    return true;
}

/* The side named (any case), or -1 with a complaint listing the sides: that one is needed,
 * or that the word given names none of this game's (it may be another variant's side). */
int session_side_named(Session *s, const char *name, const char *what, Sink *out)
{
    const Variant *v = s->v;
    int p = variant_side_named(v, name);
    if (p >= 0) return p;
    char sides[128];
    variant_sides_list(v, sides, sizeof sides);
    bool ai = !strcmp(what, "ai");
    /* (in a room the computer takes seats one at a time: no "all" there) */
    const char *more = !ai ? "" : s->remote ? " or off" : ", all or off";
    if (!*name) {
        session_complain(out, "%s needs a side (%s)%s", what, sides, more);
        return -1;
    }
    int shown = (int)strnlen(name, 40); /* a long word cut, between two UTF-8 characters */
    while (shown > 0 && name[shown] && (name[shown] & 0xc0) == 0x80) shown--;
    if (ai)
        session_complain(out, "'%.*s%s' is none of %s%s", shown, name, name[shown] ? "..." : "",
                         sides, more);
    else
        session_complain(out, "'%.*s%s' is not a side in this game (its sides: %s)", shown, name,
                         name[shown] ? "..." : "", sides);
    return -1;
}

/* resign: the side to move resigns; "resign SIDE" names who (two players: at any time;
 * three: only at that player's turn), as a room does for its players. */
static bool cmd_resign(Session *s, const char *args, Sink *out)
{
    if (s->game.result.over) return session_complain(out, "the game is already over");
    int who = *args ? session_side_named(s, args, "resign", out) : s->game.pos.stm;
    if (who < 0) return false;
    if (who != s->game.pos.stm && s->v->nplayers > 2)
        return session_complain(out, "with three players %s can resign only at %s turn",
                                s->v->player_name[who], "their");
    if (s->ai_players & (1u << who))
        return session_complain(out,
                                "%s is the computer's, which plays on ('ai off' hands it back)",
                                s->v->player_name[who]);
    game_resign_side(&s->game, who);
    clock_follow(s);
    if (!s->game.result.over) {
        const Ply *p = &s->game.plies[s->game.nplies - 1];
        session_say(out, "%s resigns and leaves the game", s->v->player_name[p->mover]);
    }
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}

static bool cmd_draw(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "draw", out)) return false;
    if (s->game.result.over) return session_complain(out, "the game is already over");
    if (s->ai_players & s->game.pos.alive)
        return session_complain(
            out, "the computer does not agree to draws ('ai off' hands its side back)");
    game_agree_draw(&s->game);
    clock_follow(s);
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}

static bool cmd_rotate(Session *s, const char *args, Sink *out);

static bool cmd_help(Session *s, const char *args, Sink *out)
{
    (void)args;
    session_say(out, "Type a move (Nf6, e3-f6, exd5, f10=Q%s) or a command:",
                s->v->has_hands   ? ", P@e4"
                : s->v->has_rifle ? ", K!Nd4"
                                  : "");
    for (const Command *c = session_commands; c->name; c++) {
        const char *takes, *help;
        if (!session_command_words(s, c, &takes, &help)) continue;
        char head[40];
        snprintf(head, sizeof head, "%s%s%s", c->name, *takes ? " " : "", takes);
        if (c->run == cmd_rotate) /* the step of this board's family and players */
            session_say(out, "  %-16s %s (%d degrees here)", head, help, render_rotate_step(s->v));
        else
            session_say(out, "  %-16s %s", head, help);
    }
    return true;
}

static bool cmd_quit(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "quit", out)) return false;
    s->quit = true;
    return true;
}

int session_view_player(const Session *s)
{
    int humans = 0, human = 0;
    if (s->seat >= 0 && s->seat < s->v->nplayers) return s->seat;
    /* a room's watcher keeps one view (the first player's), which flip and rotate turn: a
     * board turning round at every move is for people taking turns at one keyboard */
    if (s->remote) return 0;
    for (int p = 0; p < s->v->nplayers; p++)
        if (!(s->ai_players & (1u << p))) humans++, human = p;
    if (humans == 1) return human;
    /* so is one watching the computer play every side, or another cellmate's game: the
     * keyboard there is not the watcher's */
    if (s->watching || !humans) return 0;
    int stm = s->game.pos.stm;
    if (!(s->ai_players & (1u << stm))) return stm;
    /* people taking turns with the computer among them: while it thinks and moves the board
     * stays with the person who moved last (or, before anyone has, the next to move), and
     * turns only to the next person when their turn comes */
    for (int i = s->game.nplies - 1; i >= 0; i--) {
        int p = s->game.plies[i].mover;
        if (!(s->ai_players & (1u << p))) return p;
    }
    for (int k = 1; k < s->v->nplayers; k++) {
        int p = (stm + k) % s->v->nplayers;
        if (!(s->ai_players & (1u << p))) return p;
    }
    return stm;
}

/* The view turned by `degrees` from where it was (it is kept in whole turns). With three
 * players rotate turns by thirds and flip by a half: a turn that is no whole number of
 * thirds is said as the thirds and the flip ("300 degrees" would name neither). */
static bool turn_view(Session *s, int degrees, const char *args, const char *name, Sink *out)
{
    if (!session_no_args(args, name, out)) return false;
    int t = s->view_turn = ((s->view_turn + degrees) % 360 + 360) % 360;
    int thirds = (t + 180) % 360;
    if (!t)
        session_say(out, "the board is drawn in its usual view again");
    else if (s->v->nplayers < 3 || t % 120 == 0)
        session_say(out, "the board is drawn turned %d degrees from its usual view", t);
    else if (!thirds)
        session_say(out, "the board is drawn flipped (turned 180 degrees from its usual view)");
    else
        session_say(out, "the board is drawn turned %d degrees from its usual view, then flipped",
                    thirds);
    return true;
}

static bool cmd_flip(Session *s, const char *args, Sink *out)
{
    return turn_view(s, 180, args, "flip", out);
}

static bool cmd_names(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "names", out)) return false;
    s->names = !s->names;
    session_say(out, "cell names %s",
                s->names ? "shown in every cell (names again hides them)" : "hidden");
    return true;
}

static bool cmd_rotate(Session *s, const char *args, Sink *out)
{
    return turn_view(s, render_rotate_step(s->v), args, "rotate", out);
}

/* say, no and sit are a room's: a local game has nobody to hear them, nor seats to take. */
static bool cmd_room_only(Session *s, const char *args, Sink *out)
{
    (void)s;
    (void)args;
    return session_complain(
        out, "say, no and sit are for rooms (cellmate --room), where others hear them");
}

void session_chat_add(Session *s, const char *text)
{
    char *line = strdup(text);
    if (!line) return;
    if (s->nchat == SESSION_CHAT_MAX) {
        free(s->chat[0]);
        memmove(s->chat, s->chat + 1, sizeof s->chat[0] * (SESSION_CHAT_MAX - 1));
        s->nchat--;
    }
    s->chat[s->nchat++] = line;
}

/* What was said in the room (kept here as it came: the screen's message line shows only
 * the latest), newest last. */
static bool cmd_chat(Session *s, const char *args, Sink *out)
{
    if (!session_no_args(args, "chat", out)) return false;
    if (!s->remote)
        return session_complain(
            out, "chat is for rooms (cellmate --room): it shows what was said there");
    if (!s->nchat) {
        session_say(out, "nothing has been said in this room yet ('say TEXT' says something)");
        return true;
    }
    session_say(out, "what was said in the room, newest last (the last %d lines are kept):",
                SESSION_CHAT_MAX);
    for (int i = 0; i < s->nchat; i++) out->out(out, s->chat[i]);
    return true;
}

const Command session_commands[] = {
    {"new", "[VARIANT]", "start a new game (of another variant if named)", cmd_new, false},
    {"undo", "", "take back the last move", cmd_undo, false},
    {"redo", "", "play a taken-back move again", cmd_redo, false},
    {"show", "", "print the board", cmd_show, false},
    {"moves", "[CELL|P@]", "list the legal moves (of the piece on CELL, or the drops of P)",
     cmd_moves, false},
    {"fen", "", "print the position string", cmd_fen, false},
    {"pgn", "", "print the game record", cmd_pgn, false},
    {"save", "FILE", "save the game record to FILE (FILE.pgn when it has no dot)", cmd_save, false},
    {"load", "[FILE]",
     "load the first game of a PGN file (FILE.pgn first when FILE has no dot; alone: list "
     "the saved games)",
     session_load, false},
    {"perft", "N [divide] [TIMEs]", "count the move sequences of length N", cmd_perft, false},
    {"go", "", "the computer plays a move for the side to move", cmd_go, false},
    {"hint", "", "the computer's choice for the side to move, not played", cmd_hint, false},
    {"analyse", "", "the best lines for the side to move, one line per depth searched", cmd_analyse,
     false},
    {"analyze", "", "the same as analyse", cmd_analyse, false},
    {"level", "[1-10]", "the computer's level: 1 a beginner's opponent .. 10 full strength",
     cmd_level, false},
    {"resign", "[SIDE]", "the side to move (or SIDE) resigns", cmd_resign, false},
    {"draw", "", "end the game as an agreed draw", cmd_draw, false},
    {"flip", "", "turn the board half round (the other side's view)", cmd_flip, true},
    {"rotate", "", "turn the board a step round", cmd_rotate, true},
    {"names", "", "show every cell's name in it, or hide them again (F2)", cmd_names, true},
    {"ai", "SIDE|all|off", "the computer plays SIDE too (all: every side; off: none)", cmd_ai,
     false},
    {"say", "TEXT", "in a room: a chat line to the others", cmd_room_only, false},
    {"chat", "", "in a room: the chat lines and notices so far, newest last", cmd_chat, false},
    {"no", "", "in a room: refuse the draw offered or the takeback asked", cmd_room_only, false},
    {"sit", "[SIDE]", "in a room: a watcher takes SIDE's empty seat (alone: the first)",
     cmd_room_only, false},
    {"help", "", "list the commands", cmd_help, false},
    {"quit", "", "leave", cmd_quit, false},
    {NULL, NULL, NULL, NULL, false},
};

/* --- lines -------------------------------------------------------------------------------- */

/* While watching another process's game, only the commands that leave it as it is. */
static bool looks_only(const char *name)
{
    static const char *const allowed[] = {"show",  "moves",   "fen",    "pgn",    "save",
                                          "perft", "hint",    "flip",   "rotate", "help",
                                          "quit",  "analyse", "analyze"};
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
        if (!strcmp(allowed[i], name)) return true;
    return false;
}

static bool refuse_watching(Sink *out, const char *what)
{
    return session_complain(out,
                            "'%s': you are watching a game another cellmate plays; you can look "
                            "(show, pgn, save FILE, ...) but not change it",
                            what);
}

/* Whether a line no move reads is moves pasted together ("e5 Nc6", "e5 2. f6"): of its
 * words, all but move numbers read as moves (in form: this position cannot judge the later
 * ones). */
static bool several_moves(Session *s, const char *text)
{
    char word[MOVE_TEXT_MAX + 8], err[NOTE_ERR_MAX];
    Move m;
    int moves = 0;
    for (const char *p = text; *p; p += strspn(p, " \t")) {
        size_t n = strcspn(p, " \t"), digits = strspn(p, "0123456789");
        if (n >= sizeof word) return false;
        snprintf(word, sizeof word, "%.*s", (int)n, p);
        p += n;
        if (digits && digits < n && strspn(word + digits, ".") == n - digits) continue;
        if (move_parse(&s->game.pos, word, &m, err, sizeof err, NULL) == PARSE_MALFORMED)
            return false;
        moves++;
    }
    return moves > 1;
}

/* The command a line that reads as nothing was likely meant to be ("quti": quit): its first
 * word, all letters, one slip from a command offered here. A move's piece letter and cell
 * make words of two or three characters, so commands shorter than three are left out (a
 * slip of "go" or "ai" is too near a move to guess). */
static const char *command_meant(const Session *s, const char *text)
{
    /* words other programs take, or a player may try, for a command here */
    static const struct {
        const char *word, *command, *meant;
    } other_words[] = {
        {"exit", "quit", "quit"},     {"bye", "quit", "quit"},        {"logout", "quit", "quit"},
        {"easy", "level", "level 1"}, {"easier", "level", "level 1"}, {"takeback", "undo", "undo"},
        {"restart", "new", "new"},    {"computer", "ai", "ai SIDE"},  {"engine", "ai", "ai SIDE"},
    };
    size_t n = strcspn(text, " \t");
    char word[16];
    if (n < 3 || n >= sizeof word) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!isalpha((unsigned char)text[i])) return NULL;
    snprintf(word, sizeof word, "%.*s", (int)n, text);
    for (size_t i = 0; i < sizeof other_words / sizeof other_words[0]; i++) {
        if (strcasecmp(word, other_words[i].word)) continue;
        const Command *c = session_command_named(other_words[i].command);
        if (c && session_command_offered(s, c)) return other_words[i].meant;
    }
    for (const Command *c = session_commands; c->name; c++)
        if (strlen(c->name) >= 3 && session_command_offered(s, c) && typo_one_slip(word, c->name))
            return c->name;
    return NULL;
}

/* Whether a line is one word of four letters or more: never a move, which names a cell with
 * its number, so the reader's complaint about one of its letters would only puzzle. */
static bool plain_word(const char *text)
{
    size_t n = 0;
    while (isalpha((unsigned char)text[n])) n++;
    return n >= 4 && !text[n];
}

static bool play_line(Session *s, const char *line, Sink *out)
{
    Move m;
    char err[NOTE_ERR_MAX], res[256];
    /* a move number in front, as a game record writes it ("12." or "12..."), is skipped (a
     * refusal quotes the whole line, so that it reads as any other: the reason first) */
    const char *text = line, *p = text;
    while (isdigit((unsigned char)*p)) p++;
    if (p > text && *p == '.') {
        while (*p == '.') p++;
        while (*p == ' ') p++;
        if (*p) text = p;
    }
    session_tick(s, out); /* a flag that fell before this move ends the game first */
    if (!session_move_allowed(s))
        return session_complain(out, "'%s': this game has reached the limit of %d plies", line,
                                MAX_RESTRICTED_PLIES);
    /* a line that is no move in any position says so, whoever's turn it is, and also once
     * the game is over */
    enum parse_status st = move_parse(&s->game.pos, text, &m, err, sizeof err, NULL);
    if (st == PARSE_MALFORMED && several_moves(s, text))
        return session_complain(out,
                                "'%s' holds more than one move: give one move per line (a record's "
                                "moves are read with 'load FILE')",
                                line);
    const char *meant = st == PARSE_MALFORMED ? command_meant(s, text) : NULL;
    if (meant)
        return session_complain(out,
                                "'%s' is neither a move nor a command: did you mean '%s'? ('help' "
                                "lists the commands)",
                                line, meant);
    if (st == PARSE_MALFORMED && plain_word(text))
        return session_complain(
            out,
            "'%s' is neither a move nor a command (a move names a cell, such as "
            "Nf6 or e3-f6; 'help' lists the commands)",
            line);
    if (st == PARSE_MALFORMED)
        return session_complain(out,
                                "'%s' is neither a move nor a command: %s (expected a move such as "
                                "Nf6 or e3-f6, or a command; 'help' lists them)",
                                line, err);
    if (s->game.result.over) {
        game_result_line(&s->game, res, sizeof res);
        if ((s->remote && s->seat < 0) || s->watching) /* neither is a watcher's to do */
            return session_complain(out, "'%s': the game is over (%s)", line, res);
        return session_complain(out,
                                "'%s': the game is over (%s); 'new' starts another, 'undo' takes "
                                "back",
                                line, res);
    }
    if (s->remote && s->seat < 0)
        return session_complain(
            out, "'%s': you are watching this game ('sit' takes an empty seat if there is one)",
            line);
    if (s->remote && !(s->game.pos.alive & (1u << s->seat)))
        return session_complain(out, "'%s': you are out of this game; the others play on", line);
    if (s->remote && s->seat != s->game.pos.stm)
        return session_complain(out, "'%s': it is %s's turn; you play %s", line,
                                s->v->player_name[s->game.pos.stm], s->v->player_name[s->seat]);
    if (session_computer_to_move(s) && against_computer(s))
        return session_complain(
            out,
            "'%s': it is %s's turn, which the computer plays ('go' lets it move, "
            "'ai off' hands its sides to you)",
            line, s->v->player_name[s->game.pos.stm]);
    if (st == PARSE_AMBIGUOUS) { /* "'MOVE' is ambiguous: ...", said of the whole line */
        size_t q = strlen(text);
        const char *why =
            err[0] == '\'' && !strncmp(err + 1, text, q) && !strncmp(err + 1 + q, "' is ", 5)
                ? err + q + 6
                : err;
        return session_complain(out, "'%s': %s", line, why);
    }
    if (st != PARSE_OK) return session_complain(out, "'%s': %s", line, err);
    if (s->remote) { /* the room plays it, and tells everybody, this screen too */
        char lng[MOVE_TEXT_MAX];
        move_long(&s->game.pos, m, lng);
        return s->remote->request(s, "move", lng, out);
    }
    if (!session_play_move(s, m))
        return session_complain(out, "out of memory: the move was not played");
    return session_played(s, out);
}

/* In a room, the commands that change the game are requests to the room (a draw offer, a
 * takeback asked of the others); those that only look at it run here; the rest are not
 * for rooms. */
enum room_who { ANYONE, SEATED, WATCHING }; /* whose the command is in a room (help lists it) */
static const struct {
    const char *name;
    bool send;
    const char *args, *help; /* help's words in a room, where they differ (NULL: the same) */
    enum room_who who;
} in_room[] = {
    {"undo", true, "",
     "ask to take back your last move (and those since); the others agree or say no", SEATED},
    {"draw", true, NULL, "offer a draw, or agree to the one offered", SEATED},
    {"resign", true, "", "resign (with three players, at your turn: said earlier, it waits)",
     SEATED},
    {"ai", true, "SIDE|off",
     "the computer takes SIDE (empty, or its player away 30 s); off: it leaves its seats", SEATED},
    {"say", true, NULL, NULL, ANYONE},
    {"no", true, NULL, "refuse the offer or request on the table (your own: withdraw it)", SEATED},
    {"new", true, "", "once the game is over: offer the next game, or agree to the one offered",
     SEATED},
    {"show", false, NULL, NULL, ANYONE},
    {"moves", false, NULL, NULL, ANYONE},
    {"fen", false, NULL, NULL, ANYONE},
    {"pgn", false, NULL, NULL, ANYONE},
    {"save", false, NULL, "save your copy of the game record to FILE (FILE.pgn when it has no dot)",
     ANYONE},
    {"perft", false, NULL, NULL, ANYONE},
    {"hint", false, NULL, NULL, ANYONE},
    {"analyse", false, NULL, NULL, ANYONE},
    {"help", false, NULL, NULL, ANYONE},
    {"quit", false, NULL, "leave the room (your seat stays yours: join again to take it back)",
     ANYONE},
    {"flip", false, NULL, NULL, ANYONE},
    {"rotate", false, NULL, NULL, ANYONE},
    {"names", false, NULL, NULL, ANYONE},
    {"analyze", false, NULL, NULL, ANYONE},
    {"chat", false, NULL, NULL, ANYONE},
    {"level", true, NULL,
     "the level of the room's computer: 1 a beginner's opponent .. 10 full strength", ANYONE},
    {"sit", true, NULL, NULL, WATCHING},
};

/* In a room the computer takes an empty seat, or plays for a player away (ai SIDE), one
 * seat at a time, and leaves its seats (ai off); it never takes the seats of those who are
 * there, so "all" is not for rooms. */
static bool room_ai_word(Session *s, const char *args, Sink *out)
{
    if (!strcasecmp(args, "off")) return true;
    if (!strcasecmp(args, "all"))
        return session_complain(out, "in a room the computer takes one empty seat at a time "
                                     "('ai SIDE'), and 'ai off' frees its seats");
    return session_side_named(s, args, "ai", out) >= 0;
}

/* line: the whole line, quoted by a refusal. */
static bool room_command(Session *s, const Command *c, const char *line, const char *args,
                         Sink *out)
{
    for (size_t i = 0; i < sizeof in_room / sizeof in_room[0]; i++) {
        if (strcmp(in_room[i].name, c->name)) continue;
        /* level alone says the room's level, which the room keeps the session's up to date */
        if (!in_room[i].send || (!strcmp(c->name, "level") && !*args)) return c->run(s, args, out);
        bool takes_text = !strcmp(c->name, "say") || !strcmp(c->name, "ai") ||
                          !strcmp(c->name, "level") || !strcmp(c->name, "sit");
        if (!takes_text && !session_no_args(args, c->name, out)) return false;
        if (!strcmp(c->name, "say") && !*args)
            return session_complain(out, "say needs the words to say after it");
        if (!strcmp(c->name, "ai") && !room_ai_word(s, args, out)) return false;
        /* (alone, or any as --seat says it: the first empty seat, which the room finds) */
        if (!strcmp(c->name, "sit") && *args && strcmp(args, "any") &&
            session_side_named(s, args, "sit", out) < 0)
            return false;
        int level; /* refused here as a local game refuses it, not by a round trip */
        if (!strcmp(c->name, "level") && !session_level_arg(args, &level, out)) return false;
        return s->remote->request(s, c->name, args, out);
    }
    return session_complain(out, "'%s': %s cannot be used in a room", line, c->name);
}

bool session_command_words(const Session *s, const Command *c, const char **args, const char **help)
{
    *args = c->args, *help = c->help;
    if (c->screen_only && !s->screen) return false;
    if (!s->remote) return true;
    for (size_t i = 0; i < sizeof in_room / sizeof in_room[0]; i++) {
        if (strcmp(in_room[i].name, c->name)) continue;
        if (in_room[i].args) *args = in_room[i].args;
        if (in_room[i].help) *help = in_room[i].help;
        return in_room[i].who == ANYONE || (in_room[i].who == SEATED) == (s->seat >= 0);
    }
    return false;
}

bool session_command_offered(const Session *s, const Command *c)
{
    if ((c->screen_only && !s->screen) || (s->watching && !looks_only(c->name))) return false;
    if (!s->remote) return c->run != cmd_room_only && c->run != cmd_chat;
    for (size_t i = 0; i < sizeof in_room / sizeof in_room[0]; i++)
        if (!strcmp(in_room[i].name, c->name)) return true;
    return false;
}

void session_time_out(Session *s, int p)
{
    game_time_out(&s->game, p);
    clock_follow(s);
    /* as it read when the flag fell, not what stopping it charged (once the game has it) */
    if (s->game.result.over || !(s->game.pos.alive & (1u << p))) s->clock.left[p] = 0;
}

bool session_tick(Session *s, Sink *out)
{
    if (s->remote || s->game.result.over) return false;
    int p = clock_flag(&s->clock, steady_now());
    if (p < 0) return false;
    session_time_out(s, p);
    if (s->game.result.over)
        session_say(out, "%s's time is up", s->v->player_name[p]);
    else
        session_say(out, "%s's time is up: %s is out", s->v->player_name[p], s->v->player_name[p]);
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}

bool session_move_allowed(const Session *s)
{
    return !s->restricted || s->game.nplies < MAX_RESTRICTED_PLIES;
}

/* A refusal of a line through refusal_text: the reason first, the echo after it (cut short
 * when long), so that a narrow screen's message line shows the reason. */
typedef struct {
    Sink sink; /* first: the callbacks get it */
    Sink *to;
    const char *line;
} Refused;

static void refused_out(Sink *sink, const char *text)
{
    Refused *l = (Refused *)sink;
    l->to->out(l->to, text);
}

static void refused_err(Sink *sink, const char *text)
{
    Refused *l = (Refused *)sink;
    char cut[2048];
    refusal_text(text, l->line, cut, sizeof cut);
    l->to->err(l->to, cut);
}

static bool run_line(Session *s, const char *line, Sink *out);

bool session_command_case(const Session *s, const char *line, char *buf, size_t len)
{
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t");
    const Command *c = session_commands;
    while (c->name && (strlen(c->name) != n || strncasecmp(c->name, line, n))) c++;
    if (!c->name || !strncmp(c->name, line, n)) return false;
    /* moves are read as typed (piece letters upper case, files lower): one comes first */
    Position pos = s->game.pos;
    Move m;
    char err[NOTE_ERR_MAX];
    if (move_parse(&pos, line, &m, err, sizeof err, NULL) != PARSE_MALFORMED) return false;
    if ((size_t)snprintf(buf, len, "%s%s", c->name, line + n) >= len) return false;
    return true;
}

bool session_line(Session *s, const char *line, Sink *out)
{
    char folded[1024]; /* a command in other capitals is quoted as it runs ("undo x") */
    if (session_command_case(s, line, folded, sizeof folded)) line = folded;
    Refused l = {{refused_out, refused_err, out->ctx}, out, line};
    return run_line(s, line, &l.sink);
}

static bool run_line(Session *s, const char *line, Sink *out)
{
    char buf[1024];
    if (s->restricted && !restrict_line_ok(line, buf, sizeof buf))
        return session_complain(out, "%s", buf);
    while (isspace((unsigned char)*line)) line++;
    if (!*line || *line == '#') return true;
    snprintf(buf, sizeof buf, "%s", line);
    size_t n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1])) buf[--n] = 0;
    char whole[sizeof buf]; /* what a refusal quotes */
    memcpy(whole, buf, n + 1);
    char *args = buf;
    while (*args && !isspace((unsigned char)*args)) args++;
    if (*args) *args++ = 0;
    while (isspace((unsigned char)*args)) args++;
    const Command *c = session_command_named(buf);
    if (c) {
        if (c->screen_only && !s->screen)
            return session_complain(out, "'%s': %s works only on the game screen, not in a script",
                                    whole, buf);
        if (s->watching && !looks_only(c->name)) return refuse_watching(out, buf);
        if (s->remote) return room_command(s, c, whole, args, out);
        return c->run(s, args, out);
    }
    /* not a command: the whole line is a move */
    snprintf(buf, sizeof buf, "%s", line);
    n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1])) buf[--n] = 0;
    if (s->watching) return refuse_watching(out, buf);
    return play_line(s, buf, out);
}

const Command *session_command_named(const char *line)
{
    while (isspace((unsigned char)*line)) line++;
    size_t n = 0;
    while (line[n] && !isspace((unsigned char)line[n])) n++;
    for (const Command *c = session_commands; c->name; c++)
        if (strlen(c->name) == n && !strncmp(c->name, line, n)) return c;
    return NULL;
}

bool session_command(Session *s, const char *name, const char *args, Sink *out)
{
    const Command *c = session_command_named(name);
    if (c && !strcmp(c->name, name)) return c->run(s, args, out);
    return session_complain(out, "no command '%s'", name);
}

bool session_move(Session *s, const char *text, Sink *out)
{
    return play_line(s, text, out);
}
