/* pgn.c — writing and reading game records. The reader is tolerant where real records are
 * messy but harmless (unquoted or misspelt tags, from-to moves naming the captured piece,
 * file-only pawn captures, e.p. marks, Hungarian "remi", results only in the movetext) and
 * strict where the game itself would change (illegal or ambiguous moves, unknown variants,
 * bad position strings). */
#include "pgn.h"

#include "clock.h"
#include "fen.h"
#include "fileio.h"
#include "paths.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- writing ------------------------------------------------------------------------------ */

typedef struct {
    char *s;
    size_t n, cap;
    int col;
    bool failed;
} Sb;

static void sb_add(Sb *b, const char *t)
{
    size_t l = strlen(t);
    if (b->failed) return;
    if (b->n + l + 1 > b->cap) {
        size_t nc = b->cap ? 2 * b->cap : 1024;
        while (nc < b->n + l + 1) nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            b->failed = true;
            return;
        }
        b->s = ns;
        b->cap = nc;
    }
    memcpy(b->s + b->n, t, l + 1);
    b->n += l;
    const char *nl = strrchr(t, '\n');
    b->col = nl ? (int)strlen(nl + 1) : b->col + (int)l;
}

/* Movetext words, wrapped before column 80. */
static void sb_word(Sb *b, const char *w)
{
    if (b->col > 0 && b->col + 1 + (int)strlen(w) > 79)
        sb_add(b, "\n");
    else if (b->col > 0)
        sb_add(b, " ");
    sb_add(b, w);
}

/* A move's word, after its number ("12." or, dots, "12...") when number > 0: the two are
 * never broken apart by the wrapping. */
static void sb_move(Sb *b, int number, bool dots, const char *w)
{
    char both[160];
    if (number <= 0) return sb_word(b, w);
    snprintf(both, sizeof both, "%d.%s %s", number, dots ? ".." : "", w);
    sb_word(b, both);
}

static void sb_tag(Sb *b, const char *name, const char *value)
{
    sb_add(b, "[");
    sb_add(b, name);
    sb_add(b, " \"");
    for (const char *p = value; *p;) {
        size_t run = strcspn(p, "\"\\");
        char chunk[256];
        if (run >= sizeof chunk) run = sizeof chunk - 1;
        memcpy(chunk, p, run);
        chunk[run] = 0;
        sb_add(b, chunk);
        p += run;
        if (*p == '"' || *p == '\\') {
            char esc[3] = {'\\', *p++, 0};
            sb_add(b, esc);
        }
    }
    sb_add(b, "\"]\n");
}

static const char *tag_or(const Game *g, const char *name, const char *dflt)
{
    const char *t = game_tag(g, name);
    return t && *t ? t : dflt;
}

static bool is_written_tag(const char *name)
{
    static const char *own[] = {"Variant", "Event", "Site", "Date",        "Round",
                                "Result",  "SetUp", "FEN",  "Termination", "Placing",
                                "White",   "Black", "Red",  "Yellow",      "Blue"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (!strcasecmp(own[i], name)) return true;
    return false;
}

/* The comments that follow ply k: the mover's clock, then the notes made there. */
static void write_comments(const Game *g, Sb *b, int k)
{
    char text[64];
    if (k > 0 && g->plies[k - 1].clock_ms >= 0) {
        char clk[CLOCK_TEXT_MAX];
        clock_format_clk(g->plies[k - 1].clock_ms, clk, sizeof clk);
        snprintf(text, sizeof text, "{[%%clk %s]}", clk);
        sb_word(b, text);
    }
    for (int i = 0; i < g->nnotes; i++) {
        if (g->notes[i].ply != k) continue;
        /* written word by word, wrapped like the moves */
        size_t len = strlen(g->notes[i].text) + 3;
        char *full = malloc(len);
        if (!full) {
            b->failed = true;
            return;
        }
        snprintf(full, len, "{%s}", g->notes[i].text);
        char *save = NULL;
        for (char *w = strtok_r(full, " ", &save); w; w = strtok_r(NULL, " ", &save)) sb_word(b, w);
        free(full);
    }
}

static bool has_note(const Game *g, int k)
{
    for (int i = 0; i < g->nnotes; i++)
        if (g->notes[i].ply == k) return true;
    return false;
}

static void write_movetext(const Game *g, Sb *b)
{
    const Variant *v = g->v;
    int slot = g->start.stm, round = g->start.fullmove;
    bool need_number = true;
    write_comments(g, b, 0);
    if (v->nplayers > 2) {
        /* three players list every seat of a round; seats before the first mover get "--" */
        slot = 0;
        for (int i = 0; i < g->nplies; i++) {
            while (slot != g->plies[i].mover) {
                sb_move(b, slot ? 0 : round, false, "--");
                if (++slot == v->nplayers) slot = 0, round++;
            }
            sb_move(b, slot ? 0 : round, false, g->plies[i].san);
            write_comments(g, b, i + 1);
            if (++slot == v->nplayers) slot = 0, round++;
        }
        return;
    }
    for (int i = 0; i < g->nplies; i++) {
        const Ply *p = &g->plies[i];
        round = p->undo.fullmove;
        sb_move(b, p->mover == 0 || need_number ? round : 0, p->mover != 0, p->san);
        need_number = p->clock_ms >= 0 || has_note(g, i + 1);
        write_comments(g, b, i + 1);
    }
    (void)slot;
}

char *pgn_write(const Game *g)
{
    const Variant *v = g->v;
    Sb b = {0};
    char buf[FEN_MAX];
    /* the seven tags of the standard's roster first, in its order (players by side) */
    sb_tag(&b, "Event", tag_or(g, "Event", "?"));
    sb_tag(&b, "Site", tag_or(g, "Site", "?"));
    sb_tag(&b, "Date", tag_or(g, "Date", "????.??.??"));
    sb_tag(&b, "Round", tag_or(g, "Round", "?"));
    for (int p = 0; p < v->nplayers; p++)
        sb_tag(&b, v->player_name[p], tag_or(g, v->player_name[p], "?"));
    sb_tag(&b, "Result", game_result_text(g, buf, sizeof buf));
    sb_tag(&b, "Variant", v->name);
    if (g->custom_start) {
        sb_tag(&b, "SetUp", "1");
        fen_write(&g->start, buf, sizeof buf);
        sb_tag(&b, "FEN", buf);
    }
    if (g->result.over) sb_tag(&b, "Termination", g->result.termination);
    if (v->nplayers > 2 && g->result.over) {
        game_placing(g, buf, sizeof buf);
        sb_tag(&b, "Placing", buf);
    }
    for (int i = 0; i < g->ntags; i++)
        if (!is_written_tag(g->tags[i].name)) sb_tag(&b, g->tags[i].name, g->tags[i].value);
    sb_add(&b, "\n");
    write_movetext(g, &b);
    sb_word(&b, game_result_text(g, buf, sizeof buf));
    sb_add(&b, "\n");
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

bool pgn_write_file(const Game *g, const char *path, unsigned mode, char *err, int errlen)
{
    char *text = pgn_write(g);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    bool ok = write_file_atomic(path, text, mode, err, errlen);
    free(text);
    return ok;
}

/* --- reading ------------------------------------------------------------------------------ */

static void reader_init(PgnReader *r, char *text, size_t len, const Variant *fallback)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = len;
    r->line = r->col = 1;
    r->fallback = fallback;
}

bool pgn_open_file(PgnReader *r, const char *path, const Variant *fallback, char *err, int errlen)
{
    size_t n;
    char *text = read_text_file(path, &n, err, errlen);
    if (!text) return false;
    reader_init(r, text, n, fallback);
    return true;
}

void pgn_open_string(PgnReader *r, const char *text, const Variant *fallback)
{
    size_t n = strlen(text);
    char *copy = malloc(n + 1);
    if (copy) memcpy(copy, text, n + 1);
    reader_init(r, copy, copy ? n : 0, fallback);
}

void pgn_close(PgnReader *r)
{
    free(r->text);
    free(r->word);
    r->text = r->word = NULL;
    r->wordcap = 0;
}

static int peek(const PgnReader *r)
{
    return r->pos < r->len ? (unsigned char)r->text[r->pos] : EOF;
}

static int advance(PgnReader *r)
{
    int c = peek(r);
    if (c == EOF) return EOF;
    r->pos++;
    if (c == '\n')
        r->line++, r->col = 1;
    else if ((c & 0xc0) != 0x80)
        r->col++; /* count characters, not UTF-8 continuation bytes */
    return c;
}

static bool at_line_start(const PgnReader *r)
{
    return r->pos == 0 || r->text[r->pos - 1] == '\n';
}

/* A comment of the game being read: its [%clk H:MM:SS] sets the clock of the move before
 * it; the rest, if any, is kept as a note. Other [%...] commands are dropped. */
static void keep_comment(PgnReader *r, const char *text, size_t len)
{
    Game *g = r->game;
    if (!g) return;
    char *t = malloc(len + 1), *out = t;
    if (!t) return;
    for (size_t i = 0; i < len;) {
        if (text[i] == '[' && i + 1 < len && text[i + 1] == '%') {
            const char *end = memchr(text + i, ']', len - i);
            if (!end) break;
            size_t n = (size_t)(end - (text + i));
            char cmd[64];
            long ms;
            if (n < sizeof cmd && !strncmp(text + i, "[%clk ", 6)) {
                snprintf(cmd, sizeof cmd, "%.*s", (int)(n - 6), text + i + 6);
                char *c = cmd;
                while (*c == ' ') c++;
                size_t cl = strlen(c);
                while (cl && c[cl - 1] == ' ') c[--cl] = 0;
                if (g->nplies && clock_parse_clk(c, &ms)) g->plies[g->nplies - 1].clock_ms = ms;
            }
            i += n + 1;
            continue;
        }
        *out++ = isspace((unsigned char)text[i]) ? ' ' : text[i];
        i++;
    }
    *out = 0;
    char *start = t;
    while (*start == ' ') start++;
    size_t n = strlen(start);
    while (n && start[n - 1] == ' ') start[--n] = 0;
    if (*start) game_add_note(g, start);
    free(t);
}

/* The text ends where a whole record cannot: this warning comes first, whatever came before. */
static void cut_short(PgnReport *rep, int line, int col, const char *where)
{
    if (rep->cut_short) return;
    rep->cut_short = true;
    rep->warnings++;
    snprintf(rep->warning, PGN_MSG_MAX,
             "line %d, column %d: the record ends %s: it was probably cut short", line, col, where);
}

/* Skip blanks, comments, ';' lines and '%' escape lines. */
static void skip_space(PgnReader *r, PgnReport *rep, bool in_movetext)
{
    for (;;) {
        int c = peek(r);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xef || c == 0xbb ||
            c == 0xbf) {
            advance(r);
        } else if (c == ';' || (c == '%' && at_line_start(r))) {
            while (peek(r) != EOF && peek(r) != '\n') advance(r);
        } else if (c == '{' && in_movetext) {
            int line = r->line, col = r->col;
            size_t from = r->pos + 1;
            while (peek(r) != EOF && peek(r) != '}') advance(r);
            if (peek(r) == EOF) {
                cut_short(rep, line, col, "inside the comment that starts here");
            } else {
                keep_comment(r, r->text + from, r->pos - from);
                advance(r);
            }
        } else {
            return;
        }
    }
}

static void warn(PgnReport *rep, const PgnReader *r, const char *fmt, ...)
{
    if (rep->warnings++) return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(rep->warning, PGN_MSG_MAX, "line %d, column %d: %s", r->line, r->col, msg);
}

static enum pgn_status error_at(PgnReport *rep, int line, int col, const char *fmt, ...)
{
    char msg[500];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(rep->error, PGN_MSG_MAX, "line %d, column %d: %s", line, col, msg);
    rep->line = line;
    rep->col = col;
    return PGN_ERROR;
}

static enum pgn_status move_error(PgnReport *rep, int line, int col, const char *label,
                                  const char *word, const char *reason)
{
    snprintf(rep->bad_label, sizeof rep->bad_label, "%s", label);
    snprintf(rep->bad_move, sizeof rep->bad_move, "%s", word);
    snprintf(rep->reason, sizeof rep->reason, "%s", reason);
    return error_at(rep, line, col, "move %s (%s): %s", label, word, reason);
}

/* After an error: move on to the next tag section at the start of a line. */
static void skip_game(PgnReader *r)
{
    while (peek(r) != EOF) {
        if (peek(r) == '[' && at_line_start(r)) return;
        advance(r);
    }
}

/* A tag as read, name and value of any length (each at most a line of the text, which is in
 * memory: a copy of that length always fits). */
typedef struct {
    char *name, *value;
    int line, col;
} RawTag;

typedef struct {
    RawTag *t;
    int n, cap;
} TagList;

static void tags_free(TagList *tl)
{
    for (int i = 0; i < tl->n; i++) free(tl->t[i].name), free(tl->t[i].value);
    free(tl->t);
}

/* Read one tag into t (its strings allocated; NULL when out of memory). */
static bool read_tag(PgnReader *r, RawTag *t, PgnReport *rep)
{
    /* a tag ends at its line's end at the latest: its strings take no more than that */
    const char *eol = memchr(r->text + r->pos, '\n', r->len - r->pos);
    size_t n = 0, room = (eol ? (size_t)(eol - r->text) : r->len) - r->pos + 1;
    t->line = r->line;
    t->col = r->col;
    t->name = malloc(room);
    t->value = malloc(room);
    if (!t->name || !t->value) return false;
    advance(r); /* '[' */
    while (peek(r) == ' ') advance(r);
    while (isalnum(peek(r)) || peek(r) == '_') t->name[n++] = (char)advance(r);
    t->name[n] = 0;
    while (peek(r) == ' ') advance(r);
    n = 0;
    if (peek(r) == '"') {
        advance(r);
        while (peek(r) != EOF && peek(r) != '"' && peek(r) != '\n') {
            int c = advance(r);
            if (c == '\\' && (peek(r) == '"' || peek(r) == '\\')) c = advance(r);
            t->value[n++] = (char)c;
        }
        if (peek(r) == '"') advance(r);
    } else {
        warn(rep, r, "unquoted value of tag '%s'", t->name);
        while (peek(r) != EOF && peek(r) != ']' && peek(r) != '\n')
            t->value[n++] = (char)advance(r);
        while (n && t->value[n - 1] == ' ') n--;
    }
    t->value[n] = 0;
    while (peek(r) == ' ') advance(r);
    if (peek(r) == ']')
        advance(r);
    else if (peek(r) == EOF)
        cut_short(rep, t->line, t->col, "inside the tag that starts here");
    else
        warn(rep, r, "tag '%s' not closed with ']'", t->name);
    if (!t->name[0]) {
        warn(rep, r, "a tag without a name");
        return false;
    }
    return true;
}

/* Results as real records write them. Returns the winner (-1 draw, -2 unfinished), or -3. */
static int result_word(const Variant *v, const char *w, bool *partial)
{
    *partial = false;
    if (!strcmp(w, "1-0")) return 0;
    if (!strcmp(w, "0-1")) return 1;
    if (!strcmp(w, "3/4-1/4")) return *partial = true, 0;
    if (!strcmp(w, "1/4-3/4")) return *partial = true, 1;
    if (!strcmp(w, "*")) return -2;
    if (!strcmp(w, "1/2-1/2") || !strcmp(w, "\xc2\xbd-\xc2\xbd") || !strcmp(w, "\xbd-\xbd") ||
        !strcmp(w, "\xc3\x82\xc2\xbd-\xc3\x82\xc2\xbd") || !strcmp(w, "\xc5\xba-\xc5\xba") ||
        !strcasecmp(w, "remi") || !strcasecmp(w, "draw") || !strcmp(w, "=") || !strcmp(w, "1/2"))
        return -1;
    int p = v->nplayers > 2 ? variant_side_named(v, w) : -1;
    return p >= 0 ? p : -3;
}

/* How a record without a Variant tag is read as another variant than the one in play. */
static const char choose_another[] = "the variant in play (--variant NAME, or 'new NAME' "
                                     "before 'load', reads it as another): ";

static const Variant *choose_variant(PgnReader *r, const RawTag *tags, int ntags, Variant **owned,
                                     PgnReport *rep, int line, int col)
{
    char err[600];
    bool unreadable;
    for (int i = 0; i < ntags; i++) {
        if (strcasecmp(tags[i].name, "Variant")) continue;
        if (strcmp(tags[i].name, "Variant"))
            warn(rep, r, "tag 'Variant' written '%s'", tags[i].name);
        if (r->fallback && !strcasecmp(tags[i].value, r->fallback->name)) return r->fallback;
        /* a Variant tag names a variant, never a file: a record cannot make us read paths */
        *owned = strpbrk(tags[i].value, "/.")
                     ? NULL
                     : variant_open(tags[i].value, err, sizeof err, &unreadable);
        if (!*owned) {
            error_at(rep, tags[i].line, tags[i].col, "unknown variant '%s'", tags[i].value);
            snprintf(rep->missing_variant, sizeof rep->missing_variant, "%s", tags[i].value);
        }
        return *owned;
    }
    if (!r->fallback) {
        error_at(rep, line, col, "the game has no Variant tag (give --variant)");
        return NULL;
    }
    snprintf(rep->assumed_variant, sizeof rep->assumed_variant, "%s", r->fallback->name);
    warn(rep, r, "no Variant tag: reading the game as %s, %.*s", r->fallback->name,
         (int)sizeof choose_another - 3, choose_another); /* (without its ": ") */
    return r->fallback;
}

/* Whether the tag at the reader's position names a tag already read. */
static bool repeats_tag(const PgnReader *r, const RawTag *tags, int ntags)
{
    size_t i = r->pos + 1, n = 0;
    while (i < r->len && r->text[i] == ' ') i++;
    while (i + n < r->len && (isalnum((unsigned char)r->text[i + n]) || r->text[i + n] == '_')) n++;
    for (int k = 0; k < ntags; k++)
        if (strlen(tags[k].name) == n && !strncasecmp(tags[k].name, r->text + i, n)) return true;
    return false;
}

/* A line of only '=' or '-' characters, as some files put between games. */
static bool separator_line(const PgnReader *r)
{
    size_t i = r->pos;
    if (!at_line_start(r) || i >= r->len || (r->text[i] != '=' && r->text[i] != '-')) return false;
    char ch = r->text[i];
    while (i < r->len && r->text[i] == ch) i++;
    return i - r->pos >= 3 && (i == r->len || r->text[i] == '\n' || r->text[i] == '\r');
}

static bool move_char(int c)
{
    return c != EOF && !isspace(c) && !strchr("{};()[]$", c);
}

/* The movetext word at the reader's position, whole (in the reader's buffer; NULL when out of
 * memory). A move number glued to its move ends a word: "12.e4", "12...Nf6". */
static char *read_word(PgnReader *r)
{
    size_t n = 0;
    while (move_char(peek(r))) {
        if (n + 1 >= r->wordcap) {
            size_t nc = r->wordcap ? 2 * r->wordcap : 128;
            char *nw = realloc(r->word, nc);
            if (!nw) return NULL;
            r->word = nw;
            r->wordcap = nc;
        }
        int ch = advance(r);
        r->word[n++] = (char)ch;
        r->word[n] = 0;
        if (ch == '.' && n > 1 && isdigit((unsigned char)r->word[0]) && peek(r) != '.' &&
            strspn(r->word, "0123456789") == strcspn(r->word, "."))
            break;
    }
    if (!r->word && !(r->word = calloc(1, 1))) return NULL;
    r->word[n] = 0;
    return r->word;
}

static void move_label(const Position *pos, char *buf, size_t len)
{
    if (pos->v->nplayers == 2)
        snprintf(buf, len, "%d%s", pos->fullmove, pos->stm ? "..." : ".");
    else
        snprintf(buf, len, "%d (%s)", pos->fullmove, pos->v->player_name[pos->stm]);
}

/* Add a tag read (any number of them); false when out of memory. */
static bool keep_tag(TagList *tl, RawTag t)
{
    if (tl->n == tl->cap) {
        int nc = tl->cap ? 2 * tl->cap : 16;
        RawTag *nt = realloc(tl->t, (size_t)nc * sizeof *nt);
        if (!nt) return false;
        tl->t = nt;
        tl->cap = nc;
    }
    tl->t[tl->n++] = t;
    return true;
}

/* What a record says about its own end: the Result tag (or the result in the movetext) and
 * the Termination tag. */
typedef struct {
    int winner; /* -2: none given, -1: a draw, or the winner */
    bool partial;
    const char *termination;
} RecordEnd;

/* Separator lines before a game; false at the end of the input. */
static bool skip_separators(PgnReader *r, PgnReport *rep)
{
    for (;;) {
        skip_space(r, rep, true);
        if (!separator_line(r)) break;
        warn(rep, r, "a separator line between games");
        while (peek(r) != EOF && peek(r) != '\n') advance(r);
    }
    return peek(r) != EOF;
}

/* The tag pairs of a game into read_tags; *empty_game when the next game's tags follow. */
static enum pgn_status read_tag_section(PgnReader *r, PgnReport *rep, TagList *read_tags, int line,
                                        int col, bool *empty_game)
{
    *empty_game = false;
    while (peek(r) == '[') {
        RawTag t = {0};
        if (read_tags->n == MAX_GAME_TAGS) {
            int tl = r->line, tc = r->col;
            while (peek(r) == '[') /* the rest of these tags, then the moves */
                while (peek(r) != EOF && advance(r) != '\n') {
                }
            skip_game(r);
            return error_at(rep, tl, tc, "more than %d tags in one game (the most read)",
                            MAX_GAME_TAGS);
        }
        bool named = read_tag(r, &t, rep);
        if (!t.name || !t.value || (named && !keep_tag(read_tags, t))) {
            free(t.name), free(t.value);
            skip_game(r);
            return error_at(rep, line, col, "out of memory");
        }
        if (!named) free(t.name), free(t.value);
        RawTag *tags = read_tags->t;
        int ntags = read_tags->n;
        int before = r->line;
        skip_space(r, rep, false);
        /* a blank line, then a tag this game already has: that is the next game, and this
         * one has no movetext at all (a blank line before new tags only continues it) */
        if (peek(r) == '[' && r->line > before + 1 && repeats_tag(r, tags, ntags)) {
            warn(rep, r, "a game with tags but no moves");
            *empty_game = true;
            break;
        }
    }
    return PGN_OK;
}

/* The game the tags describe: its variant, its start (a FEN tag), its other tags, and what
 * the record says about its end. */
static enum pgn_status start_game(PgnReader *r, Game *g, Variant **owned, PgnReport *rep,
                                  const TagList *read_tags, int line, int col, RecordEnd *end)
{
    RawTag *tags = read_tags->t;
    int ntags = read_tags->n;
    const Variant *v = choose_variant(r, tags, ntags, owned, rep, line, col);
    if (!v) {
        skip_game(r);
        return PGN_ERROR;
    }
    Position start;
    bool custom = false;
    for (int i = 0; i < ntags; i++) {
        if (strcasecmp(tags[i].name, "FEN")) continue;
        char err[300];
        if (!fen_read(&start, v, tags[i].value, err, sizeof err)) {
            skip_game(r);
            return error_at(rep, tags[i].line, tags[i].col, "bad FEN tag: %s", err);
        }
        custom = true;
    }
    game_init(g, v, custom ? &start : NULL);
    r->game = g;
    *end = (RecordEnd){-2, false, NULL};
    for (int i = 0; i < ntags; i++) {
        const char *n = tags[i].name;
        if (!strcasecmp(n, "Variant") || !strcasecmp(n, "SetUp") || !strcasecmp(n, "FEN") ||
            !strcasecmp(n, "Placing"))
            continue;
        if (!strcasecmp(n, "Result")) {
            int w = result_word(v, tags[i].value, &end->partial);
            if (w >= -2) end->winner = w;
            continue;
        }
        if (!strcasecmp(n, "Termination")) end->termination = tags[i].value;
        game_set_tag(g, n, tags[i].value);
    }
    return PGN_OK;
}

/* Skip a variation in parentheses (comments inside it included). */
static void skip_variation(PgnReader *r)
{
    int depth = 0;
    do {
        int ch = advance(r);
        if (ch == '{')
            while (peek(r) != EOF && advance(r) != '}') {
            }
        else if (ch == '(')
            depth++;
        else if (ch == ')')
            depth--;
    } while (depth > 0 && peek(r) != EOF);
}

/* One move of the movetext, played into g; an error names it (line tl, column tc). */
static enum pgn_status play_word(PgnReader *r, Game *g, PgnReport *rep, const char *word, int tl,
                                 int tc)
{
    Move m;
    char err[NOTE_ERR_MAX];
    bool tolerated;
    char label[48];
    move_label(&g->pos, label, sizeof label);
    if (g->result.over) {
        snprintf(err, sizeof err, "the game is already over (%s)", g->result.termination);
        skip_game(r);
        return move_error(rep, tl, tc, label, word, err);
    }
    if (move_parse(&g->pos, word, &m, err, sizeof err, &tolerated) != PARSE_OK) {
        skip_game(r);
        return move_error(rep, tl, tc, label, word, err);
    }
    if (tolerated) warn(rep, r, "move %s written '%s'", label, word);
    if (!game_play(g, m)) {
        skip_game(r);
        return move_error(rep, tl, tc, label, word, "out of memory");
    }
    rep->moves++;
    return PGN_OK;
}

/* The movetext: moves played into g until a result, the next game or the end; *ended when a
 * result ended it. */
static enum pgn_status read_movetext(PgnReader *r, Game *g, PgnReport *rep, RecordEnd *end,
                                     bool *ended)
{
    const Variant *v = g->pos.v;
    int slot = 0;
    for (;;) {
        skip_space(r, rep, true);
        int c = peek(r);
        if (c == EOF || (c == '[' && at_line_start(r))) break;
        int tl = r->line, tc = r->col;
        if (c == '(') {
            skip_variation(r);
            continue;
        }
        if (c == ')' || c == '}' || c == ']') {
            advance(r);
            warn(rep, r, "stray '%c'", c);
            continue;
        }
        if (c == '$') {
            advance(r);
            while (isdigit(peek(r))) advance(r);
            continue;
        }
        char *word = read_word(r);
        size_t n = word ? strlen(word) : 0;
        if (!word) {
            skip_game(r);
            return error_at(rep, tl, tc, "out of memory");
        }
        if (!n) {
            advance(r);
            continue;
        }
        size_t digits = strspn(word, "0123456789");
        if (digits && digits < n && strspn(word + digits, ".") == n - digits) {
            if (n - digits == 1) slot = 0; /* "N." starts a round */
            continue;
        }
        if (!strcmp(word, "...") || !strcmp(word, "..")) {
            warn(rep, r, "stray '%s'", word);
            continue;
        }
        if (!strcasecmp(word, "e.p.") || !strcasecmp(word, "ep.") || !strcasecmp(word, "e.p")) {
            warn(rep, r, "'%s' after a move", word);
            continue;
        }
        /* "h4h8*": a move with the result glued on */
        bool glued_result = n > 3 && word[n - 1] == '*' && word[1] != '*';
        if (glued_result) {
            word[--n] = 0;
            warn(rep, r, "result '*' glued to the move '%s'", word);
        }
        bool partial;
        int w = result_word(v, word, &partial);
        if (w >= -2) {
            if (end->winner == -2 || w != -2) end->winner = w, end->partial = partial;
            *ended = true;
            break;
        }
        if (!strcmp(word, "--")) {
            /* a skipped seat; at the seat of the player to move it is a resignation */
            if (v->nplayers > 2 && slot == g->pos.stm && !g->result.over) game_resign(g);
            slot = (slot + 1) % v->nplayers;
            continue;
        }
        int mover = g->pos.stm;
        enum pgn_status st = play_word(r, g, rep, word, tl, tc);
        if (st != PGN_OK) return st;
        slot = (mover + 1) % v->nplayers;
        if (glued_result) {
            *ended = true;
            break;
        }
    }
    return PGN_OK;
}

/* The game's result from the moves and the record together. */
static void settle_result(PgnReader *r, Game *g, PgnReport *rep, const RecordEnd *end, bool ended)
{
    /* a game the rules ended lacks nothing without its result; any other one may */
    if (!ended && !g->result.over && peek(r) == EOF)
        cut_short(rep, r->line, r->col, "before the game's result");
    /* three players: a "--" that ended the game was a resignation or a flag fall; the
     * record's Termination says which */
    if (g->result.over && end->termination && !strcmp(g->result.termination, "resignation") &&
        !strcmp(end->termination, "time forfeit"))
        snprintf(g->result.termination, sizeof g->result.termination, "%s", end->termination);
    /* the record's result stands where the rules did not end the game (resignation, time) */
    if (g->result.over && end->winner >= -1 &&
        (end->winner != g->result.winner || end->partial != g->result.partial))
        warn(rep, r, "the record's result disagrees with the moves (%s)", g->result.termination);
    if (!g->result.over && end->winner >= -1) {
        g->result.over = true;
        g->result.winner = end->winner;
        g->result.partial = end->partial;
        g->decided = true;
        const char *why = end->termination  ? end->termination
                          : end->winner < 0 ? "agreement"
                                            : "resignation";
        /* a long Termination tag (kept whole among the tags) is shown cut at a character */
        int len = (int)strlen(why), room = (int)sizeof g->result.termination - 1;
        if (len > room)
            for (len = room; len > 0 && ((unsigned char)why[len] & 0xc0) == 0x80;) len--;
        snprintf(g->result.termination, sizeof g->result.termination, "%.*s", len, why);
    }
}

static enum pgn_status read_game(PgnReader *r, Game *g, Variant **owned, PgnReport *rep,
                                 TagList *read_tags)
{
    if (!skip_separators(r, rep)) return PGN_EOF;
    r->ngames++;
    int line = r->line, col = r->col;
    bool empty_game, ended;
    RecordEnd end;
    enum pgn_status st = read_tag_section(r, rep, read_tags, line, col, &empty_game);
    if (st == PGN_OK) st = start_game(r, g, owned, rep, read_tags, line, col, &end);
    if (st != PGN_OK) return st;
    ended = empty_game; /* by a result */
    if (!empty_game && (st = read_movetext(r, g, rep, &end, &ended)) != PGN_OK) return st;
    settle_result(r, g, rep, &end, ended);
    return PGN_OK;
}

enum pgn_status pgn_read_game(PgnReader *r, Game *g, Variant **owned, PgnReport *rep)
{
    TagList tl = {0};
    memset(rep, 0, sizeof *rep);
    memset(g, 0, sizeof *g);
    *owned = NULL;
    r->game = NULL;
    enum pgn_status st = read_game(r, g, owned, rep, &tl);
    tags_free(&tl);
    return st;
}

bool pgn_read_first(const char *path, const Variant *fallback, Game *g, Variant **owned,
                    PgnReport *rep, char *err, int errlen)
{
    PgnReader r;
    *owned = NULL;
    if (!pgn_open_file(&r, path, fallback, err, errlen)) return false;
    enum pgn_status st = pgn_read_game(&r, g, owned, rep);
    pgn_close(&r);
    if (st == PGN_OK) return true;
    if (st == PGN_ERROR && g->v) game_free(g);
    variant_free(*owned);
    *owned = NULL;
    /* read as the variant in play, the record may be another's: said first, never cut */
    bool assumed = st != PGN_EOF && rep->assumed_variant[0];
    int n =
        snprintf(err, errlen, "%s: %s%s%s%s%s", path, assumed ? "no Variant tag, read as " : "",
                 assumed ? rep->assumed_variant : "", assumed ? ", " : "",
                 assumed ? choose_another : "", st == PGN_EOF ? "no game in the file" : rep->error);
    if (n >= errlen && errlen > 3) memcpy(err + errlen - 4, "...", 4); /* a cut message says so */
    return false;
}
