/* testutil.c — shared helpers of the unit tests (see testutil.h). */
#include "testutil.h"

#include "clock.h"
#include "fen.h"
#include "pgn.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Variant *tu_variant(const char *name)
{
    char path[1024], err[600];
    const char *dir = getenv("VARIANTS_DIR");
    snprintf(path, sizeof path, "%s/%s.ini", dir ? dir : "variants", name);
    Variant *v = variant_load_file(path, err, sizeof err);
    if (!v) fail_msg("cannot load %s: %s", path, err);
    return v;
}

bool tu_next_variant(void **dir, char *name, size_t len)
{
    if (!*dir) {
        const char *where = getenv("VARIANTS_DIR");
        *dir = opendir(where ? where : "variants");
        assert_non_null(*dir);
    }
    for (struct dirent *e; (e = readdir(*dir));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || n - 4 >= len || strcmp(e->d_name + n - 4, ".ini")) continue;
        snprintf(name, len, "%.*s", (int)(n - 4), e->d_name);
        return true;
    }
    closedir(*dir);
    *dir = NULL;
    return false;
}

Variant *tu_variant_text(const char *text)
{
    char err[600];
    Variant *v = variant_load_string(text, "test.ini", err, sizeof err);
    if (!v) fail_msg("cannot load test variant: %s", err);
    return v;
}

void tu_setup(Position *pos, const Variant *v, const char *desc, int to_move)
{
    char buf[2048];
    pos_init(pos, v);
    memset(pos->board, 0, sizeof pos->board);
    memset(pos->royal, 0, sizeof pos->royal);
    pos->castling = 0;
    snprintf(buf, sizeof buf, "%s", desc);
    char *save = NULL;
    for (char *part = strtok_r(buf, ";", &save); part; part = strtok_r(NULL, ";", &save)) {
        char *colon = strchr(part, ':');
        if (!colon) fail_msg("setup part without 'Player:': %s", part);
        *colon = 0;
        while (*part == ' ') part++;
        int owner = -1;
        for (int p = 0; p < v->nplayers; p++)
            if (!strcmp(v->player_name[p], part)) owner = p;
        if (owner < 0) fail_msg("unknown player '%s'", part);
        int kind = 0;
        char *s2 = NULL;
        for (char *t = strtok_r(colon + 1, " ,", &s2); t; t = strtok_r(NULL, " ,", &s2)) {
            if (isupper((unsigned char)t[0])) {
                kind = v->kind_of_letter[(int)t[0]];
                if (!kind) fail_msg("unknown piece letter in '%s'", t);
                t++;
                if (!*t) continue;
            }
            Cell c = board_cell(&v->board, t);
            if (!c) fail_msg("unknown cell '%s'", t);
            pos->board[c] = MAKE_PIECE(owner, kind);
            if (v->type[kind].royal) pos->royal[owner] = c;
        }
    }
    pos->stm = (uint8_t)to_move;
    pos->hash = pos_compute_hash(pos);
}

static int cmp_cells(const void *a, const void *b)
{
    return *(const Cell *)a - *(const Cell *)b;
}

/* Results live in a small ring of buffers, so that two of them can meet in one assertion. */
static char *next_buffer(void)
{
    static char ring[8][4096];
    static int i;
    i = (i + 1) % 8;
    return ring[i];
}

const char *tu_targets(Position *pos, const char *from)
{
    char *out = next_buffer();
    MoveList ml;
    Cell f = board_cell(&pos->v->board, from), cells[MAX_MOVES];
    int n = 0;
    if (!f) fail_msg("unknown cell '%s'", from);
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == f) cells[n++] = ml.m[i].to;
    qsort(cells, (size_t)n, sizeof cells[0], cmp_cells);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i && cells[i] == cells[i - 1]) continue;
        if (out[0]) strcat(out, " ");
        strcat(out, pos->v->board.name[cells[i]]);
    }
    return out;
}

int tu_count_from(Position *pos, const char *from)
{
    MoveList ml;
    Cell f = board_cell(&pos->v->board, from);
    int n = 0;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) n += ml.m[i].from == f;
    return n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

const char *tu_sorted(const char *words)
{
    char *out = next_buffer();
    char buf[4096], *w[512], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *t = strtok_r(buf, " ", &save); t && n < 512; t = strtok_r(NULL, " ", &save))
        w[n++] = t;
    qsort(w, (size_t)n, sizeof w[0], cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i) strcat(out, " ");
        strcat(out, w[i]);
    }
    return out;
}

void tu_check_legality(Position *pos, MoveList *legal)
{
    MoveList pseudo;
    int slow = 0, us = pos->stm;
    gen_legal(pos, legal);
    gen_pseudo(pos, &pseudo);
    for (int i = 0; i < pseudo.n; i++) {
        Undo u;
        pos_make(pos, pseudo.m[i], &u);
        slow += !attacked_by(pos, pos->royal[us], checker_of(pos, us));
        pos_unmake(pos, &u);
    }
    assert_int_equal(slow, legal->n);
}

void tu_check_fen(const Position *pos)
{
    char fen[FEN_MAX], err[300];
    Position back;
    fen_write(pos, fen, sizeof fen);
    if (!fen_read(&back, pos->v, fen, err, sizeof err)) fail_msg("%s: %s", fen, err);
    assert_memory_equal(back.board, pos->board, sizeof pos->board);
    assert_memory_equal(back.ep, pos->ep, sizeof pos->ep);
    assert_memory_equal(back.hand, pos->hand, sizeof pos->hand);
    assert_memory_equal(back.pool, pos->pool, sizeof pos->pool);
    assert_memory_equal(back.out, pos->out, sizeof pos->out);
    assert_int_equal(back.castling, pos->castling);
    assert_int_equal(back.nout, pos->nout);
    assert_int_equal(back.alive, pos->alive);
    assert_int_equal(back.stm, pos->stm);
    assert_int_equal(back.halfmove, pos->halfmove);
    assert_int_equal(back.fullmove, pos->fullmove);
    assert_int_equal(back.hash, pos->hash);
}

void tu_check_move(Position *pos, Move m, Undo *u)
{
    Position before = *pos;
    play_move(pos, m, u);
    assert_int_equal(pos->hash, pos_compute_hash(pos));
    tu_check_fen(pos);
    pos_unmake(pos, u);
    assert_memory_equal(&before, pos, sizeof *pos);
    play_move(pos, m, u);
}

void tu_play(Game *g, const char *moves)
{
    char buf[2048], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        Move m;
        char err[NOTE_ERR_MAX];
        if (move_parse(&g->pos, t, &m, err, sizeof err, NULL) != PARSE_OK)
            fail_msg("move %s: %s", t, err);
        game_play(g, m);
    }
}

Cell tu_cell(const Variant *v, const char *name)
{
    Cell c = board_cell(&v->board, name);
    if (!c) fail_msg("no cell '%s'", name);
    return c;
}

void tu_move_text(const Position *pos, Move m, char *out, size_t len)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    switch (m.kind) {
    case MOVE_CASTLE: snprintf(out, len, "%s", v->castle[m.promo].name); return;
    case MOVE_DROP: snprintf(out, len, "%c@%s", v->type[m.promo].letter, b->name[m.to]); return;
    case MOVE_EXCHANGE: snprintf(out, len, "%s~%s", b->name[m.from], b->name[m.to]); return;
    default: break;
    }
    char sep = m.kind == MOVE_RIFLE ? '!' : (m.kind == MOVE_EP || pos->board[m.to]) ? 'x' : '-';
    int n = snprintf(out, len, "%s%c%s", b->name[m.from], sep, b->name[m.to]);
    if (m.promo && n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n, "=%c", v->type[m.promo].letter);
}

const char *tu_moves(Position *pos, const char *from)
{
    static char out[32768];
    MoveList ml;
    gen_legal(pos, &ml);
    out[0] = 0;
    for (int i = 0; i < ml.n; i++) {
        char t[32];
        Move m = ml.m[i];
        if (from && from[0] == '@') {
            if (m.kind != MOVE_DROP || pos->v->type[m.promo].letter != from[1]) continue;
        } else if (from && (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE ||
                            m.from != tu_cell(pos->v, from))) {
            continue;
        }
        tu_move_text(pos, m, t, sizeof t);
        if (out[0]) strcat(out, " ");
        strcat(out, t);
    }
    return tu_sorted(out);
}

bool tu_has_move(Position *pos, const char *text)
{
    char all[32800], want[64];
    snprintf(all, sizeof all, " %s ", tu_moves(pos, NULL));
    snprintf(want, sizeof want, " %s ", text);
    return strstr(all, want) != NULL;
}

Move tu_find_move(Position *pos, const char *text)
{
    MoveList ml;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) {
        char t[32];
        tu_move_text(pos, ml.m[i], t, sizeof t);
        if (!strcmp(t, text)) return ml.m[i];
    }
    fail_msg("'%s' is not a legal move; legal: %s", text, tu_moves(pos, NULL));
    return (Move){0};
}

void tu_play_text(Position *pos, const char *text, Undo *u)
{
    play_move(pos, tu_find_move(pos, text), u);
}

void tu_game_move(Game *g, const char *text)
{
    game_play(g, tu_find_move(&g->pos, text));
}

int tu_count_kind(Position *pos, uint8_t kind)
{
    MoveList ml;
    int n = 0;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) n += ml.m[i].kind == kind;
    return n;
}

void tu_set_out(Position *pos, int player)
{
    pos->alive &= (uint8_t) ~(1u << player);
    pos->out[pos->nout++] = (uint8_t)player;
    pos->royal[player] = NO_CELL;
    pos->hash = pos_compute_hash(pos);
}

const char *tu_fen(const Position *pos)
{
    static char fen[FEN_MAX];
    fen_write(pos, fen, sizeof fen);
    return fen;
}

void tu_check_same_game(const Game *a, const Game *b)
{
    assert_int_equal(a->nplies, b->nplies);
    for (int i = 0; i < a->nplies; i++) {
        assert_true(move_equal(a->plies[i].move, b->plies[i].move));
        assert_string_equal(a->plies[i].san, b->plies[i].san);
        assert_int_equal(a->plies[i].mover, b->plies[i].mover);
        /* a record keeps a clock as its reading (clock_format_clk: rounded down) */
        long ca = a->plies[i].clock_ms, cb = b->plies[i].clock_ms;
        char ta[CLOCK_TEXT_MAX] = "-", tb[CLOCK_TEXT_MAX] = "-";
        if (ca >= 0) clock_format_clk(ca, ta, sizeof ta);
        if (cb >= 0) clock_format_clk(cb, tb, sizeof tb);
        assert_string_equal(ta, tb);
    }
    assert_int_equal(a->nnotes, b->nnotes);
    for (int i = 0; i < a->nnotes; i++) {
        assert_int_equal(a->notes[i].ply, b->notes[i].ply);
        assert_string_equal(a->notes[i].text, b->notes[i].text);
    }
    assert_memory_equal(a->pos.board, b->pos.board, sizeof a->pos.board);
    assert_memory_equal(a->pos.hand, b->pos.hand, sizeof a->pos.hand);
    assert_memory_equal(a->pos.pool, b->pos.pool, sizeof a->pos.pool);
    assert_memory_equal(a->pos.out, b->pos.out, sizeof a->pos.out);
    assert_int_equal(a->pos.hash, b->pos.hash);
    assert_int_equal(a->pos.stm, b->pos.stm);
    assert_int_equal(a->pos.alive, b->pos.alive);
    assert_int_equal(a->pos.nout, b->pos.nout);
    assert_int_equal(a->pos.halfmove, b->pos.halfmove);
    assert_int_equal(a->pos.fullmove, b->pos.fullmove);
    assert_int_equal(a->custom_start, b->custom_start);
    assert_int_equal(a->result.over, b->result.over);
    assert_int_equal(a->result.winner, b->result.winner);
}

char *tu_check_pgn_round_trip(const Game *g, const Variant *fallback)
{
    char *text = pgn_write(g);
    PgnReader r;
    PgnReport rep;
    Game back;
    Variant *owned;
    assert_non_null(text);
    /* the movetext is wrapped before column 80, never between a move number and its move */
    for (const char *line = strstr(text, "\n\n"); line && *line; line = strchr(line + 1, '\n')) {
        const char *end = strchr(line + 1, '\n');
        size_t n = end ? (size_t)(end - line - 1) : strlen(line + 1);
        if (n > 79) fail_msg("a line of %zu characters:\n%s", n, text);
        if (n && line[n] == '.' &&
            isdigit((unsigned char)line[n - (line[n - 1] == '.' ? 2 : 0) - 1]))
            fail_msg("a line ends in a move number:\n%s", text);
    }
    pgn_open_string(&r, text, fallback);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    if (rep.warnings) fail_msg("%s\n%s", rep.warning, text);
    tu_check_same_game(g, &back);
    char *again = pgn_write(&back);
    assert_string_equal(text, again);
    free(again);
    game_free(&back);
    variant_free(owned);
    pgn_close(&r);
    return text;
}

static uint64_t rng = 88172645463325252ULL;

void tu_seed(uint64_t seed)
{
    rng = seed;
}

unsigned tu_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)rng;
}

void tu_random_games(const Variant *v, int games, int plies)
{
    for (int game = 0; game < games; game++) {
        Position pos;
        pos_init(&pos, v);
        for (int ply = 0; ply < plies; ply++) {
            MoveList legal;
            tu_check_legality(&pos, &legal);
            if (!legal.n) break;
            Undo u;
            tu_check_move(&pos, legal.m[tu_rand() % (unsigned)legal.n], &u);
        }
    }
}
