/* unit_records.c — position strings and PGN: the start strings written out by hand from the
 * rule documents, malformed strings and records with their exact errors (line and column),
 * load(save(game)) == game, and the tolerant replay of real published Glinski games. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "pgn.h"
#include "testutil.h"

#define GLINSKI_START "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1"
#define MCCOOEY_START "6/7/P6p/RP5pr/QNP4pnq/BBBP3pbbb/KNP4pnk/RP5pr/P6p/7/6 w - 0 1"
#define HAYNIE_START                                                                               \
    "brqkrb/fnwbwnf/pppppppp/ppppppppp/10/11/10/PPPPPPPPP/PPPPPPPP/FNWBWNF/BRQKRB w 0 1"

static void test_start_strings(void **state)
{
    (void)state;
    static const struct {
        const char *name, *fen;
    } starts[] = {{"glinski", GLINSKI_START}, {"mccooey", MCCOOEY_START}, {"haynie", HAYNIE_START}};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        Variant *v = tu_variant(starts[i].name);
        Position pos, back;
        char fen[FEN_MAX], err[256];
        pos_init(&pos, v);
        fen_write(&pos, fen, sizeof fen);
        assert_string_equal(fen, starts[i].fen);
        assert_true(fen_read(&back, v, starts[i].fen, err, sizeof err));
        assert_memory_equal(back.board, pos.board, sizeof pos.board);
        assert_int_equal(back.hash, pos.hash);
        variant_free(v);
    }
}

/* A malformed string, the column its error points to, and the message. The board part of
 * the Glinski start is 67 characters; its fields begin at columns 69, 71, 73 and 75. */
#define GB "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6"
static const struct {
    const char *fen;
    int column;
    const char *message;
} bad_fens[] = {
    {"", 1,
     "expected 5 fields (board, side to move, en passant, half-move clock, move "
     "number), found 0"},
    {GB " w - 0", 74,
     "expected 5 fields (board, side to move, en passant, half-move clock, "
     "move number), found 4"},
    {GB " w - 0 1 9", 77,
     "expected 5 fields (board, side to move, en passant, half-move "
     "clock, move number), found 6"},
    {"6/P5x/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1", 5,
     "'x' is not a piece letter of this variant"},
    {"7/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1", 1,
     "row too long"},
    {"5/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1", 2,
     "'/' before row 1 of the board is complete"},
    {"6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p w - 0 1", 66,
     "the board has 91 cells, the string gives 85"},
    {"6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/99 w - 0 1", 67,
     "too many empty cells run past the end of the board"},
    {GB " x - 0 1", 69, "expected the side to move, found 'x'"},
    {GB " white - 0 1", 69, "expected the side to move, found 'white'"},
    {GB " w z9:f6 0 1", 71, "'z9' is not a cell of this board"},
    {GB " w e5 0 1", 73, "expected ':' and the cell the pawn landed on"},
    {GB " w e5:e6 0 1", 71,
     "no en passant right here: the landing cell must hold a pawn and "
     "the passed cell must be empty"},
    {GB " w - x 1", 73, "expected a number, found 'x'"},
    /* a character beyond ASCII is named whole, with its code point, as move errors name it */
    {"6/P5\xc3\xa9/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1", 5,
     "unexpected '\xc3\xa9' (U+00E9) in the board"},
    {GB " w \xe2\x82\xac 0 1", 71, "expected a cell, found '\xe2\x82\xac' (U+20AC)"},
    {GB " w ! 0 1", 71, "expected a cell, found '!'"},
    {GB " w - 0 0", 75, "the move number starts at 1, not 0"},
    {GB "/1 w - 0 1", 68, "more than the board's 11 rows"},
    {GB " w - -1 1", 73, "expected a number, found '-1'"},
    /* a long field is cut between characters: 'é' whole or not at all */
    {GB " w - 0 1x234567890123\xc3\xa9", 75, "expected a number, found '1x234567890123...'"},
    /* a no-break space pasted between fields is named, at its column in characters */
    {GB "\xc2\xa0w - 0 1", 68,
     "unexpected '\xc2\xa0' (U+00A0) (a position string is plain ASCII, its fields separated "
     "by spaces)"},
    {"\xc3\xa9/abc", 1,
     "unexpected '\xc3\xa9' (U+00E9) (a position string is plain ASCII, its fields separated "
     "by spaces)"},
    /* a field of one character beyond ASCII is named with its code point */
    {GB " \xef\xbd\x97 - 0 1", 69, "expected the side to move, found '\xef\xbd\x97' (U+FF57)"},
    {GB " w - 0 \xd9\xa1", 75, "expected a number, found '\xd9\xa1' (U+0661)"},
    {"6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/K5 w - 0 1", 1,
     "White has two royal pieces"},
    {"6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2p/N1P3p1n/RP4pr/P5p/6 w - 0 1", 1,
     "Black has no royal piece"},
};

static void test_bad_fens(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    pos_init(&pos, v);
    Position before = pos;
    int failures = 0;
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        char err[300], want[400];
        const char *f = bad_fens[i].fen;
        snprintf(want, sizeof want, "column %d: %s", bad_fens[i].column, bad_fens[i].message);
        if (fen_read(&pos, v, f, err, sizeof err)) {
            print_error("case %zu read without error\n", i);
            failures++;
        } else if (strcmp(err, want)) {
            print_error("case %zu:\n  want: %s\n  got:  %s\n", i, want, err);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
    /* nothing half-loaded: the position is untouched by failed reads */
    assert_memory_equal(&pos, &before, sizeof pos);
    variant_free(v);
}

/* A position where the side to move could take a royal piece is refused (no game reaches it);
 * the same board with the checked side to move is read. */
static void test_check_left_refused(void **state)
{
    (void)state;
    Variant *v = tu_variant("chess");
    Position pos;
    char err[300];
    assert_false(fen_read(&pos, v, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", err, sizeof err));
    assert_string_equal(err,
                        "column 23: Black is in check with White to move, who could take its royal "
                        "piece");
    assert_true(fen_read(&pos, v, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", err, sizeof err));
    assert_false(fen_read(&pos, v, "8/8/8/3kK3/8/8/8/8 w - - 0 1", err, sizeof err));
    variant_free(v);
}

static void test_castling_rights_checked(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    Position pos;
    char fen[FEN_MAX], err[300];
    pos_init(&pos, v);
    fen_write(&pos, fen, sizeof fen);
    /* take Black's rook off c7: the string still claims Black's long castling */
    char *row7 = strstr(fen, "/rpp5PPR/");
    assert_non_null(row7);
    row7[1] = '1';
    assert_false(fen_read(&pos, v, fen, err, sizeof err));
    assert_non_null(strstr(err, ": castling right 'q' without Black's royal piece on a4 and a "
                                "piece on c7"));
    variant_free(v);
}

/* --- PGN ------------------------------------------------------------------------------------ */

static void test_pgn_write(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "Nc3 Nc6");
    char *text = pgn_write(&g);
    /* the seven tags of the standard's roster first, in its order */
    assert_string_equal(text,
                        "[Event \"?\"]\n[Site \"?\"]\n"
                        "[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
                        "[Black \"?\"]\n[Result \"*\"]\n[Variant \"glinski\"]\n\n1. Nc3 Nc6 *\n");
    free(text);
    /* tags are kept and escaped; a finished game has its result and termination */
    game_set_tag(&g, "White", "A \"quoted\" name");
    game_set_tag(&g, "Annotator", "x");
    game_resign(&g);
    text = pgn_write(&g);
    assert_non_null(strstr(text, "[White \"A \\\"quoted\\\" name\"]\n"));
    assert_non_null(strstr(text, "[Result \"0-1\"]\n"));
    assert_non_null(strstr(text, "[Termination \"resignation\"]\n"));
    assert_non_null(strstr(text, "[Annotator \"x\"]\n"));
    assert_non_null(strstr(text, "\n1. Nc3 Nc6 0-1\n"));
    free(text);
    game_free(&g);
    variant_free(v);
}

static void round_trip(const char *name, bool from_fen)
{
    Variant *v = tu_variant(name);
    uint64_t seed = 99;
    for (int game = 0; game < 8; game++) {
        Game g;
        Position start;
        pos_init(&start, v);
        if (from_fen) {
            /* a start a few moves in, given as a position string */
            MoveList ml;
            for (int i = 0; i < 3; i++) {
                Undo u;
                gen_legal(&start, &ml);
                play_move(&start, ml.m[(unsigned)(i * 7 + game) % (unsigned)ml.n], &u);
            }
        }
        game_init(&g, v, from_fen ? &start : NULL);
        for (int ply = 0; ply < 200 && !g.result.over; ply++) {
            MoveList ml;
            gen_legal(&g.pos, &ml);
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            game_play(&g, ml.m[(seed >> 33) % (uint64_t)ml.n]);
        }
        /* no fallback: the Variant tag alone finds the variant */
        assert_int_equal(g.custom_start, from_fen);
        free(tu_check_pgn_round_trip(&g, NULL));
        game_free(&g);
    }
    variant_free(v);
}

static void test_pgn_round_trip(void **state)
{
    (void)state;
    setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR") ? getenv("VARIANTS_DIR") : "variants", 1);
    round_trip("glinski", false);
    round_trip("mccooey", false);
    round_trip("haynie", false);
    round_trip("glinski", true);
    round_trip("haynie", true);
}

/* A record and the exact error it gets (a trailing '?' in the expectation: prefix only). */
static const struct {
    const char *pgn, *error;
} bad_pgns[] = {
    {"[Variant \"glinski\"]\n\n1. Nf4 *\n",
     "line 3, column 4: move 1. (Nf4): 'Nf4' is ambiguous: Ndf4 Nhf4"},
    {"[Variant \"glinski\"]\n\n1. Nc3 Nf4 *\n",
     "line 3, column 8: move 1... (Nf4): no Black Knight can go to f4; legal Knight moves: ?"},
    {"[Variant \"chaturanga\"]\n\n1. e4 *\n", "line 1, column 1: unknown variant 'chaturanga'"},
    {"[Variant \"glinski\"]\n[FEN \"8/8 w - 0 1\"]\n\n*\n",
     "line 2, column 1: bad FEN tag: column 1: row too long"},
    {"[Variant \"glinski\"]\n\n1. Qe1c3 Qe10c6 2. b1b2 b7b6 3. Bf3b1 e7e6 4. Qc3xBf9 Kf11 *\n",
     "line 3, column 55: move 4... (Kf11): the game is already over (checkmate)"},
    {"[Event \"x\"]\n\n1. e5 *\n", "line 1, column 1: the game has no Variant tag (give "
                                   "--variant)"},
    {"[Variant \"glinski\"]\n\n1. e4-e7 *\n",
     "line 3, column 4: move 1. (e4-e7): the Pawn on e4 cannot do that; its legal moves: ?"},
    {"[Variant \"glinski\"]\n\n1. e5 {a comment} e4 *\n",
     "line 3, column 19: move 1... (e4): no Black Pawn can go to e4; legal Pawn moves: ?"},
    {"[Variant \"haynie\"]\n\n1. Zf6 *\n",
     "line 3, column 4: move 1. (Zf6): 'Z' is not a piece of this variant"},
    {"[Variant \"../etc/passwd\"]\n\n*\n", "line 1, column 1: unknown variant '../etc/passwd'"},
};

static void test_bad_pgns(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof bad_pgns / sizeof bad_pgns[0]; i++) {
        PgnReader r;
        PgnReport rep;
        Game g;
        Variant *owned;
        pgn_open_string(&r, bad_pgns[i].pgn, NULL);
        enum pgn_status st = pgn_read_game(&r, &g, &owned, &rep);
        const char *want = bad_pgns[i].error;
        size_t wl = strlen(want);
        bool ok = st == PGN_ERROR && (want[wl - 1] == '?' ? !strncmp(rep.error, want, wl - 1)
                                                          : !strcmp(rep.error, want));
        if (!ok) {
            print_error("case %zu:\n  want: %s\n  got:  %s\n", i, want,
                        st == PGN_ERROR ? rep.error : "(no error)");
            failures++;
        }
        if (g.v) game_free(&g);
        variant_free(owned);
        pgn_close(&r);
    }
    assert_int_equal(failures, 0);
}

static void test_tolerant_reading(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    const char *text = "[Variant \"GLINSKI\"]\n[White Someone]\n[Evnet \"misspelt\"]\n\n"
                       "; a line comment\n1.Ndf4 {a comment} (1. Nhf4 Ndf8 (1... e5)) $1 Ndf8 "
                       "2. f6! ... e6?! 3.fxe {files only} d5ep. remi\n"
                       "\n[Variant \"glinski\"]\n\n1. e5 \xc2\xbd-\xc2\xbd\n"
                       "\n========\n\n[Variant \"glinski\"]\n\n1. Nc3 0-1\n";
    PgnReader r;
    PgnReport rep;
    Game g;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    assert_null(owned); /* the Variant tag in another case is the fallback variant */
    assert_int_equal(rep.moves, 6);
    assert_true(rep.warnings > 0);
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, -1);
    assert_string_equal(game_tag(&g, "White"), "Someone");
    assert_string_equal(game_tag(&g, "Evnet"), "misspelt");
    assert_string_equal(g.plies[4].san, "fxe6");
    assert_string_equal(g.plies[5].san, "d5");
    game_free(&g);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    assert_int_equal(rep.moves, 1);
    assert_int_equal(g.result.winner, -1);
    game_free(&g);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    assert_int_equal(g.result.winner, 1);
    assert_string_equal(g.result.termination, "resignation");
    game_free(&g);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_EOF);
    pgn_close(&r);
    variant_free(v);
}

/* Text longer than the places it is shown in: a Termination tag longer than a result's text
 * is cut at a character, never inside one, and kept whole as a tag; a long bad move word is
 * reported whole. */
static void test_long_texts(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    char text[1024], term[200] = "", word[120];
    for (int i = 0; i < 60; i++) strcat(term, "\xc3\xa9"); /* e acute, two bytes */
    memset(word, 'N', 100);
    word[100] = 0;
    snprintf(text, sizeof text,
             "[Variant \"glinski\"]\n[Termination \"%s\"]\n\n1. Nc3 1-0\n\n"
             "[Variant \"glinski\"]\n\n1. %s\n",
             term, word);
    PgnReader r;
    PgnReport rep;
    Game g;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    size_t n = strlen(g.result.termination);
    assert_true(n > 40 && n < sizeof g.result.termination);
    assert_int_equal(n % 2, 0);
    assert_memory_equal(g.result.termination, term, n);
    assert_string_equal(game_tag(&g, "Termination"), term);
    game_free(&g);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_ERROR);
    assert_string_equal(rep.bad_move, word);
    if (g.v) game_free(&g);
    pgn_close(&r);
    variant_free(v);
}

/* No tag is dropped and none is cut: 40 tags, one of them 1000 characters long with quotes and
 * backslashes, read back whole and written out again the same; a movetext word of 300
 * characters is an error that names it whole. */
static void test_many_and_long_tags(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    char *text = malloc(20000), value[1001];
    size_t n = (size_t)snprintf(text, 20000, "[Variant \"glinski\"]\n");
    for (int i = 0; i < 1000; i++) value[i] = "ab\"c\\d"[i % 6];
    value[1000] = 0;
    char escaped[2100];
    size_t e = 0;
    for (int i = 0; i < 1000; i++) {
        if (value[i] == '"' || value[i] == '\\') escaped[e++] = '\\';
        escaped[e++] = value[i];
    }
    escaped[e] = 0;
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(text + n, 20000 - n, "[Extra%02dTagWithAVeryLongNameIndeed \"%s\"]\n",
                              i, i == 17 ? escaped : "x");
    snprintf(text + n, 20000 - n, "\n1. Nc3 *\n");
    PgnReader r;
    PgnReport rep;
    Game g;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    assert_int_equal(rep.warnings, 0);
    assert_string_equal(game_tag(&g, "Extra39TagWithAVeryLongNameIndeed"), "x");
    assert_string_equal(game_tag(&g, "Extra17TagWithAVeryLongNameIndeed"), value);
    free(tu_check_pgn_round_trip(&g, NULL));
    game_free(&g);
    pgn_close(&r);

    memset(text, 'N', 300);
    text[300] = 0;
    char *pgn = malloc(400);
    snprintf(pgn, 400, "[Variant \"glinski\"]\n\n1. %s\n", text);
    pgn_open_string(&r, pgn, v);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_ERROR);
    assert_non_null(strstr(rep.error, "NNNN"));
    if (g.v) game_free(&g);
    pgn_close(&r);
    free(pgn);
    free(text);
    variant_free(v);
}

/* A record cut anywhere (as a full disk or a crash might leave it) never reads as a whole
 * game: every shorter prefix is an error, has no game, or is marked cut short. The only
 * exceptions are the whole text without its last newline. A game the rules ended needs no
 * result to be complete, and a real file's last game may lack one: those are not marked. */
static void test_cut_records(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    game_set_tag(&g, "Event", "cut {here}");
    tu_seed(9);
    for (int i = 0; i < 30; i++) {
        MoveList ml;
        gen_legal(&g.pos, &ml);
        if (!ml.n || g.result.over) break;
        assert_true(game_play(&g, ml.m[tu_rand() % ml.n]));
    }
    char *text = pgn_write(&g);
    assert_non_null(text);
    size_t len = strlen(text);
    int silent = 0;
    for (size_t cut = 0; cut < len - 1; cut++) {
        char *part = strndup(text, cut);
        PgnReader r;
        PgnReport rep;
        Game got;
        Variant *owned;
        pgn_open_string(&r, part, v);
        enum pgn_status st = pgn_read_game(&r, &got, &owned, &rep);
        if (st == PGN_OK && !rep.cut_short) {
            print_error("a record cut after %zu bytes reads as whole:\n%s\n", cut, part);
            silent++;
        }
        if (got.v) game_free(&got);
        variant_free(owned);
        pgn_close(&r);
        free(part);
    }
    assert_int_equal(silent, 0);
    /* the whole record, and a finished game without its result, are not marked */
    PgnReader r;
    PgnReport rep;
    Game got;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &got, &owned, &rep), PGN_OK);
    assert_false(rep.cut_short);
    game_free(&got);
    pgn_close(&r);
    pgn_open_string(&r, "[Variant \"glinski\"]\n\n1. Qc3 Qc6 2. b2 b6 3. Bb1 e6 4. Qxf9#\n", v);
    assert_int_equal(pgn_read_game(&r, &got, &owned, &rep), PGN_OK);
    assert_false(rep.cut_short);
    assert_true(got.result.over);
    game_free(&got);
    pgn_close(&r);
    free(text);
    game_free(&g);
    variant_free(v);
}

/* The published tournament games (tests/data/glinski, MIT licence): at least 389 of the 395
 * replay to the end with every move legal and unambiguous (the data's README). */
static void test_tournament_replay(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    char path[1024], err[600];
    snprintf(path, sizeof path, "%s/data/glinski/HexagonalChessTournaments_en.pgn",
             getenv("TESTS_DIR") ? getenv("TESTS_DIR") : "tests");
    PgnReader r;
    assert_true(pgn_open_file(&r, path, v, err, sizeof err));
    int games = 0, ok = 0, moves = 0;
    for (;;) {
        Game g;
        Variant *owned;
        PgnReport rep;
        enum pgn_status st = pgn_read_game(&r, &g, &owned, &rep);
        if (st == PGN_EOF) break;
        games++;
        if (st == PGN_OK) ok++, moves += rep.moves;
        if (g.v) game_free(&g);
        variant_free(owned);
    }
    pgn_close(&r);
    assert_int_equal(games, 395);
    assert_true(ok >= 389);
    assert_true(moves > 389 * 20);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_strings),      cmocka_unit_test(test_castling_rights_checked),
        cmocka_unit_test(test_check_left_refused), cmocka_unit_test(test_bad_fens),
        cmocka_unit_test(test_pgn_write),          cmocka_unit_test(test_pgn_round_trip),
        cmocka_unit_test(test_bad_pgns),           cmocka_unit_test(test_tolerant_reading),
        cmocka_unit_test(test_tournament_replay),  cmocka_unit_test(test_long_texts),
        cmocka_unit_test(test_cut_records),        cmocka_unit_test(test_many_and_long_tags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
