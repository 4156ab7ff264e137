/* unit_variant.c — the variant loader: the shipped files load with the properties their
 * rule documents give, and each kind of mistake in a file gets its exact message, naming the
 * file and the line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A small valid file; each bad case replaces one of its lines. */
static const char *base_lines[] = {
    "[variant]",             /* 1 */
    "title = Test",          /* 2 */
    "[board]",               /* 3 */
    "family = hex",          /* 4 */
    "frame = flat",          /* 5 */
    "letters = abcdefghikl", /* 6 */
    "shape = hexagon f6 5",  /* 7 */
    "[players]",             /* 8 */
    "names = White Black",   /* 9 */
    "forward = 12 6",        /* 10 */
    "[piece K]",             /* 11 */
    "name = King",           /* 12 */
    "moves = W F",           /* 13 */
    "royal = yes",           /* 14 */
    "[setup]",               /* 15 */
    "White = K g1",          /* 16 */
    "Black = K g10",         /* 17 */
};
#define NBASE (int)(sizeof base_lines / sizeof base_lines[0])

/* The base file with text in place of line `line`; the result lasts until the next call. */
static char *with_line(int line, const char *text)
{
    static char *out;
    size_t len = 1;
    for (int i = 1; i <= NBASE; i++) len += strlen(i == line ? text : base_lines[i - 1]) + 1;
    free(out);
    out = malloc(len);
    assert_non_null(out);
    char *p = out;
    for (int i = 1; i <= NBASE; i++) p += sprintf(p, "%s\n", i == line ? text : base_lines[i - 1]);
    return out;
}

static const char *load_error(const char *text)
{
    static char err[600];
    err[0] = 0;
    Variant *v = variant_load_string(text, "bad.ini", err, sizeof err);
    if (v) {
        variant_free(v);
        return "(loaded without error)";
    }
    return err;
}

static void test_base_is_valid(void **state)
{
    (void)state;
    Variant *v = variant_load_string(with_line(0, ""), "good.ini", NULL, 0);
    assert_non_null(v);
    assert_int_equal(v->board.ncells, 91);
    assert_int_equal(v->nplayers, 2);
    assert_int_equal(v->ntypes, 1);
    assert_true(v->type[1].royal);
    variant_free(v);
}

static const struct {
    int line;
    const char *text;
    const char *error;
} bad_cases[] = {
    {4, "family = octagon",
     "bad.ini:4: family must be hex, ring, square or triangle, not 'octagon'"},
    {5, "frame = round", "bad.ini:5: frame must be flat or pointy, not 'round'"},
    {5, "frame = flat\nlength = 24",
     "bad.ini:6: 'length' is a key of ring boards, and this board's family is hex"},
    {5, "frame = flat\nranks = 8",
     "bad.ini:6: 'ranks' is a key of square boards, and this board's family is hex"},
    {5, "frame = flat\nsize = 8",
     "bad.ini:6: unknown key 'size' in [board] (expected one of: family letters frame naming "
     "shape)"},
    {6, "letters = abcA", "bad.ini:6: letters must be distinct lower-case letters, not 'abcA'"},
    {6, "letters = abca", "bad.ini:6: letters must be distinct lower-case letters, not 'abca'"},
    {7, "shape = circle 5",
     "bad.ini:7: unknown shape term 'circle' (expected hexagon, cell or remove)"},
    {7, "shape = hexagon z9 5",
     "bad.ini:7: bad board: 'z9' is not a cell name of this board (letters abcdefghikl)"},
    {7, "shape = hexagon f6 7",
     "bad.ini:7: bad board: the shape reaches beyond the file "
     "letters 'abcdefghikl' or number 99"},
    {7, "shape = hexagon f6", "bad.ini:7: expected 'hexagon CELL RADIUS' in shape"},
    {7, "shape = hexagon f6 5, remove a7",
     "bad.ini:7: bad board: 'remove a7': no term before it adds a7"},
    {7, "shape = remove f6, hexagon f6 5",
     "bad.ini:7: bad board: 'remove f6': no term before it adds f6"},
    {7, "shape = hexagon f6 x", "bad.ini:7: hexagon radius must be 0..12, not 'x'"},
    {7, "shape = hexagon f6toolong 5",
     "bad.ini:7: 'f6toolong' is not a cell name (at most 7 characters)"},
    {7, "shape = hexagon f6 5 remove a1000000000",
     "bad.ini:7: 'a1000000000' is not a cell name (at most 7 characters)"},
    {9, "names = White", "bad.ini:9: 2 or 3 player names expected, found 1"},
    {9, "names = White White", "bad.ini:9: player 'White' twice"},
    {10, "forward = 12 13", "bad.ini:10: forward is a clock hour 1..12, not '13'"},
    {10, "forward = 12",
     "bad.ini:10: one forward clock hour per player expected (2 players, 1 hour)"},
    {10, "forward = 12 6 3",
     "bad.ini:10: one forward clock hour per player expected (2 players, 3 hours)"},
    {9, "names = White white",
     "bad.ini:9: players 'White' and 'white' have one name (names are compared without regard "
     "to case)"},
    {9, "names = White 2nd",
     "bad.ini:9: bad player name '2nd' (a name starts with an ASCII letter, a to z in either case, "
     "and has at most 31 bytes)"},
    {11, "[piece k]", "bad.ini:11: piece sections are [piece X] with X an upper-case letter"},
    {13, "moves = W Z", "bad.ini:13: in move 'Z': unknown atom 'Z' (this board has W F N)"},
    {13, "moves = D", "bad.ini:13: in move 'D': unknown atom 'D' (this board has W F N)"},
    {13, "moves = qW", "bad.ini:13: in move 'qW': unknown modifier (expected m c i p x e f b)"},
    {13, "moves = W@45",
     "bad.ini:13: move component 1: no W direction lies at 45 degrees to forward (for White they "
     "lie at 0, 60, 120, 180)"},
    {13, "moves = W F@30,45",
     "bad.ini:13: move component 2: no F direction lies at 45 degrees to forward (for White they "
     "lie at 30, 90, 150)"},
    {13, "moves = W@200",
     "bad.ini:13: in move 'W@200': angle: number too large (0 to 180 degrees)"},
    {13, "moves = W100", "bad.ini:13: in move 'W100': range: number too large (1..99 or *)"},
    {13, "moves = W@", "bad.ini:13: in move 'W@': expected an angle after '@' or ','"},
    {13, "moves = fW@0", "bad.ini:13: in move 'fW@0': use either f/b or @angles, not both"},
    {13, "moves = W0", "bad.ini:13: in move 'W0': range must be 1..99 or *"},
    {13, "moves = W*x", "bad.ini:13: in move 'W*x': unexpected 'x'"},
    {13, "moves = W{nowhere}",
     "bad.ini:13: in move 'W{nowhere}': unknown zone 'nowhere' (define it in a [zone nowhere] "
     "section)"},
    {13, "moves = W{castle", "bad.ini:13: in move 'W{castle': expected '}' after the zone name"},
    {13, "moves = W{!}", "bad.ini:13: in move 'W{!}': expected a zone's name between '{' and '}'"},
    {13, "moves = W{}", "bad.ini:13: in move 'W{}': expected a zone's name between '{' and '}'"},
    {13, "moves = mpW*", "bad.ini:13: in move 'mpW*': p, x and e cannot be combined with m"},
    {13, "moves = pxW", "bad.ini:13: in move 'pxW': p, x and e cannot be combined"},
    {13, "moves =", "bad.ini:13: expected at least one move component, such as W or F*"},
    {13, "moves = W F@0",
     "bad.ini:13: move component 2: no F direction lies at 0 degrees to forward (for White they "
     "lie at 30, 90, 150)"},
    {13, "moves = W imW2",
     "bad.ini:11: [piece K] has an initial (i) move but neither 'initial' "
     "nor 'fresh'"},
    {14, "royal = maybe", "bad.ini:14: 'royal' must be yes or no, not 'maybe'"},
    /* a comment written with '#' after a value: the message says why the value is wrong */
    {13, "moves = W F # a king",
     "bad.ini:13: in move '#': expected an atom letter (W F N, and D on triangles) (a '#' after "
     "a value is part of it; a comment there starts with a blank and ';')"},
    {14, "royal = yes # one",
     "bad.ini:14: 'royal' must be yes or no, not 'yes # one' (a '#' after a value is part of "
     "it; a comment there starts with a blank and ';')"},
    {13, "moves = W F ; a king\nname = No. #1",
     "bad.ini:14: 'name' is given twice in [piece K] "
     "(first on line 12)"},
    {14, "promote_must = promotion",
     "bad.ini:14: unknown zone 'promotion' (define it in a [zone promotion] section)"},
    {14, "captured = lost", "bad.ini:14: captured must be gone, hand or pool, not 'lost'"},
    {14, "promote_from = all", "bad.ini:14: promote_from must be any or pool, not 'all'"},
    {14, "royal = yes\npromote_to = K",
     "bad.ini:15: [piece K] has 'promote_to' but no promote_must, promote_may or promote_auto "
     "to say where it promotes"},
    {14, "royal = yes\npromote_to = K\npromote_must = z\npromote_auto = z\n[zone z]\nall = rank 1",
     "bad.ini:17: [piece K] gives promote_auto and promote_must (line 16); promote_auto replaces "
     "promote_must and promote_may, so give one or the other"},
    {14, "royal = yes\npromote_to = K\npromote_auto = z\npromote_may = z\n[zone z]\nall = rank 1",
     "bad.ini:16: [piece K] gives promote_auto and promote_may (line 17); promote_auto replaces "
     "promote_must and promote_may, so give one or the other"},
    {2, "title = Test\nsymmetry = sideways",
     "bad.ini:3: symmetry must be none, mirror or rotate, not 'sideways'"},
    {15, "[rules]\nstalemate = never\n[setup]",
     "bad.ini:16: stalemate must be draw, win, loss or 3/4, not 'never'"},
    {15, "[rules]\nrepetition = 1\n[setup]",
     "bad.ini:16: repetition = 1 would draw every game before its first move; give 0 (no such "
     "draw) or 2 to 100"},
    {15, "[rules]\nrepetition = 101\n[setup]",
     "bad.ini:16: 'repetition' must be a whole number from 0 to 100, not '101'"},
    {15, "[rules]\nmove_rule = 1001\n[setup]",
     "bad.ini:16: 'move_rule' must be a whole number from 0 to 1000, not '1001'"},
    {15, "[rules]\nbare_king = lose\n[setup]",
     "bad.ini:16: bare_king must be none, win or win-unless-reply, not 'lose'"},
    {14, "colour = red",
     "bad.ini:14: unknown key 'colour' in [piece K] (expected one of: name moves royal pawn "
     "en_passant forward promote_to promote_must promote_may promote_auto promote_from "
     "forbidden captured captured_as initial fresh exchange_excludes value)"},
    {12, "moves = W", "bad.ini:13: 'moves' is given twice in [piece K] (first on line 12)"},
    {12, "nombre = Rey",
     "bad.ini:12: unknown key 'nombre' in [piece K] (expected one of: name moves royal pawn "
     "en_passant forward promote_to promote_must promote_may promote_auto promote_from "
     "forbidden captured captured_as initial fresh exchange_excludes value)"},
    {2, "title", "bad.ini:2: expected '[section]', 'key = value' or a comment"},
    {2, "[variant", "bad.ini:2: expected '[section]', 'key = value' or a comment"},
    /* the keys after a header without its bracket go to the section before it, where one
     * fails later; the header's line is the first mistake */
    {11, "[piece K\nnames = X", "bad.ini:11: expected '[section]', 'key = value' or a comment"},
    {2, "autor = me",
     "bad.ini:2: unknown key 'autor' in [variant] (expected one of: title summary source notes "
     "reconstructed base pieces symmetry lint_accept)"},
    {1, "title = Test",
     "bad.ini:1: 'title' is outside any section; start with a [variant] "
     "section"},
    {15, "[startup]",
     "bad.ini:15: unknown section [startup] (expected variant, board, players, "
     "zone NAME, piece X, castle O-O, rules, setup, view)"},
    {16, "White = K z1", "bad.ini:16: 'z1' is not a cell of this board"},
    {16, "White = Q g1", "bad.ini:16: 'Q' is not a piece letter of this variant"},
    {16, "White = g1", "bad.ini:16: expected a piece letter before 'g1'"},
    {16, "White = K g1 g2", "bad.ini:15: White must have exactly one royal piece, has 2"},
    {17, "Black = K g1", "bad.ini:17: two pieces on g1 (White's King is there already)"},
    {17, "Black =", "bad.ini:15: Black must have exactly one royal piece, has 0"},
    {17, "Red = K g10", "bad.ini:17: setup keys are player names (and hand.PLAYER), not 'Red'"},
    {3, "[rules]", "bad.ini: no [board] section (expected family, letters, shape)"},
    {8, "[rules]", "bad.ini: no [players] section (expected names and forward)"},
    {15, "[rules]",
     "bad.ini:16: unknown key 'White' in [rules] (expected one of: stalemate "
     "bare_king repetition move_rule drops)"},
    {3, "[board] extra", "bad.ini:3: unexpected text after the section header's ']': 'extra'"},
    {3, "[board]x", "bad.ini:3: unexpected text after the section header's ']': 'x'"},
    /* castling that could land on a piece (and take it, an own piece too) */
    {15, "[castle O-O]\nWhite = g1 i1 k1 h1\nWhite.empty = h1\n[setup]",
     "bad.ini:15: castling O-O: White's king lands on i1, which White.empty must list (castling "
     "needs it empty)"},
    {15, "[castle O-O]\nWhite = g1 i1 k1 h1\n[setup]",
     "bad.ini:15: castling O-O: White's king lands on i1, which White.empty must list (castling "
     "needs it empty)"},
    {15, "[castle O-O]\nWhite = g1 i1 k1 h1\nWhite.empty = i1\n[setup]",
     "bad.ini:15: castling O-O: White's rook lands on h1, which White.empty must list (castling "
     "needs it empty)"},
    {15, "[castle O-O]\nWhite = g1 h1 k1 h1\nWhite.empty = h1\n[setup]",
     "bad.ini:15: castling O-O: White's king and rook need cells of their own, both before and "
     "after"},
};

/* Castling whose king and rook land on cells .empty lists, or on the cells they leave,
 * loads. */
static void test_castle_good(void **state)
{
    (void)state;
    assert_string_equal(load_error(with_line(
                            15, "[castle O-O]\nWhite = g1 i1 k1 h1\nWhite.empty = h1 i1\n[setup]")),
                        "(loaded without error)");
    assert_string_equal(load_error(with_line(15, "[castle O-O]\nWhite = g1 k1 k1 g1\n[setup]")),
                        "(loaded without error)");
}

/* Lines may end in LF, CR LF or an old Mac's CR alone; a header may carry a comment. */
static void test_line_ends(void **state)
{
    (void)state;
    char text[2048] = "", *p = text;
    for (int i = 0; i < NBASE; i++) p += sprintf(p, "%s\r", base_lines[i]);
    assert_string_equal(load_error(text), "(loaded without error)");
    p = text;
    for (int i = 0; i < NBASE; i++) p += sprintf(p, "%s\r\n", base_lines[i]);
    assert_string_equal(load_error(text), "(loaded without error)");
    assert_string_equal(load_error(with_line(3, "[board]  ; the board")), "(loaded without error)");
    /* an indented line after a key continues its value, even one that looks like a header;
     * after a header, with no key to continue, it is one */
    assert_string_equal(load_error(with_line(2, "title = Test\nnotes = see\n  [setup] (and more)")),
                        "(loaded without error)");
    assert_string_equal(load_error(with_line(15, "[castle O-O]\n  [setup]\nWhite = K g1")),
                        "bad.ini:18: 'White' is given twice in [setup] (first on line 17)");
    /* an error's line number counts CR-ended lines */
    p = text;
    for (int i = 0; i < NBASE; i++)
        p += sprintf(p, "%s\r", i == 13 ? "royal = maybe" : base_lines[i]);
    assert_string_equal(load_error(text), "bad.ini:14: 'royal' must be yes or no, not 'maybe'");
}

static void test_bad_files(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const char *got = load_error(with_line(bad_cases[i].line, bad_cases[i].text));
        if (strcmp(got, bad_cases[i].error)) {
            print_error("case %zu (line %d '%s'):\n  want: %s\n  got:  %s\n", i, bad_cases[i].line,
                        bad_cases[i].text, bad_cases[i].error, got);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

static void test_more_bad_files(void **state)
{
    (void)state;
    char text[8192];
    /* an over-long line is rejected, not cut silently */
    char longline[400] = "title = ";
    memset(longline + 8, 'x', 250);
    longline[258] = 0;
    assert_string_equal(load_error(with_line(2, longline)),
                        "bad.ini:2: line longer than 198 characters; continue a long value on "
                        "indented lines");
    /* a long value may continue on indented lines */
    snprintf(text, sizeof text, "%s", with_line(2, "title = Test\nnotes = one\n  two"));
    Variant *v = variant_load_string(text, "ok.ini", NULL, 0);
    assert_non_null(v);
    assert_string_equal(v->notes, "one two");
    variant_free(v);
    /* a binary file: its bytes are not echoed back */
    assert_string_equal(load_error("[variant]\ntitle = \x01\x02"),
                        "bad.ini:2: the file contains a control character (byte 0x01); variant "
                        "files are plain text");
    /* an empty file */
    assert_string_equal(load_error(""),
                        "bad.ini: no [variant] section (expected title, summary, source, notes)");
    /* a missing title */
    assert_string_equal(load_error(with_line(2, "summary = x")),
                        "bad.ini:1: [variant] needs 'title' (the variant's full name)");
    /* a zone naming an unknown player */
    snprintf(text, sizeof text, "%s[zone z]\nRed = a1\n", with_line(0, ""));
    assert_string_equal(load_error(text),
                        "bad.ini:19: zone key must be 'all' or a player name, not 'Red'");
    snprintf(text, sizeof text, "%s[zone z]\nall = a1 q5\n", with_line(0, ""));
    assert_string_equal(load_error(text),
                        "bad.ini:19: 'q5' is not a cell of this board (nor a zone term: board, "
                        "rim, rank, file, within, zone, promotion)");
    /* drops without hands */
    snprintf(text, sizeof text, "%s[zone z]\nall = a1\n[rules]\ndrops = z\n", with_line(0, ""));
    assert_string_equal(load_error(text),
                        "bad.ini: drops are set but no piece goes to a hand when captured");
    /* pieces in hand at the start: only where there are drops, and never the royal piece */
    assert_string_equal(load_error(with_line(17, "Black = K g10\nhand.White = K")),
                        "bad.ini:18: hand.White: this game has no hands (no kind is captured = "
                        "hand, and [rules] sets no drops)");
    const char *hands = "royal = yes\n[piece N]\nname = Knight\nmoves = N\ncaptured = hand\n"
                        "[zone camp]\nall = rank 1\n[rules]\ndrops = camp";
    snprintf(text, sizeof text, "%shand.White = N N\n", with_line(14, hands));
    v = variant_load_string(text, "ok.ini", NULL, 0);
    assert_non_null(v);
    assert_int_equal(v->setup_hand[0][v->kind_of_letter['N']], 2);
    variant_free(v);
    snprintf(text, sizeof text, "%shand.White = N K\n", with_line(14, hands));
    assert_string_equal(load_error(text),
                        "bad.ini:26: hand.White: the royal King starts on the board, not in a "
                        "hand");
    /* a file that cannot be opened */
    char err[600];
    assert_null(variant_load_file("/nonexistent/x.ini", err, sizeof err));
    assert_string_equal(err, "/nonexistent/x.ini: cannot open: No such file or directory");
}

static void test_shipped_variants(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int cells, players, kinds;
        enum stalemate_rule stalemate;
        bool reconstructed;
    } shipped[] = {
        {"glinski", 91, 2, 6, STALEMATE_34, false},
        {"mccooey", 91, 2, 6, STALEMATE_DRAW, false},
        {"haynie", 91, 2, 8, STALEMATE_34, false},
        {"peanut", 38, 2, 5, STALEMATE_DRAW, true},
        {"chessagon", 96, 2, 7, STALEMATE_DRAW, false},
        /* kinds 0: the number of kinds is the file's choice (promoted forms), not the spec's */
        {"cyclohexane", 120, 3, 0, STALEMATE_DRAW, true},
        {"hr-glinski", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-glinski-foh", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-liuyang", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-liuyang-foh", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-mccooey", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-mccooey-foh", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-mccooey3", 127, 3, 0, STALEMATE_DRAW, true},
        {"hr-mccooey3-foh", 127, 3, 0, STALEMATE_DRAW, true},
        {"hr-trios", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-trios-foh", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-wellisch", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-wellisch-foh", 127, 2, 0, STALEMATE_DRAW, true},
        {"hr-wellisch3", 127, 3, 0, STALEMATE_DRAW, true},
        {"hr-wellisch3-foh", 127, 3, 0, STALEMATE_DRAW, true},
    };
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        Variant *v = tu_variant(shipped[i].name);
        assert_int_equal(v->board.ncells, shipped[i].cells);
        assert_int_equal(v->nplayers, shipped[i].players);
        if (shipped[i].kinds) assert_int_equal(v->ntypes, shipped[i].kinds);
        assert_int_equal(v->stalemate, shipped[i].stalemate);
        assert_int_equal(v->reconstructed, shipped[i].reconstructed);
        assert_true(v->title[0] && v->summary[0] && v->source[0]);
        /* a reconstructed array says why in its notes */
        if (v->reconstructed) assert_true(v->notes[0] != 0);
        variant_free(v);
    }
}

static int count_pieces(const Variant *v, int owner, char letter)
{
    int n = 0;
    for (int c = 1; c <= v->board.ncells; c++)
        n += v->setup[c] && PIECE_OWNER(v->setup[c]) == owner &&
             v->type[PIECE_KIND(v->setup[c])].letter == letter;
    return n;
}

static void test_arrays(void **state)
{
    (void)state;
    /* the arrays hold the numbers of pieces the rule documents list */
    Variant *v = tu_variant("glinski");
    const char *letters = "KQRBNP";
    int glinski[] = {1, 1, 2, 3, 2, 9};
    for (int i = 0; i < 6; i++)
        for (int p = 0; p < 2; p++) assert_int_equal(count_pieces(v, p, letters[i]), glinski[i]);
    variant_free(v);
    v = tu_variant("mccooey");
    int mccooey[] = {1, 1, 2, 3, 2, 7};
    for (int i = 0; i < 6; i++)
        for (int p = 0; p < 2; p++) assert_int_equal(count_pieces(v, p, letters[i]), mccooey[i]);
    variant_free(v);
    v = tu_variant("haynie");
    const char *hl = "KQRBNWFP";
    int haynie[] = {1, 1, 2, 3, 2, 2, 2, 17};
    for (int i = 0; i < 8; i++)
        for (int p = 0; p < 2; p++) assert_int_equal(count_pieces(v, p, hl[i]), haynie[i]);
    /* Black is White reflected in the middle row: in drawing coordinates x stays and row y
     * becomes 12 - y (the queens face each other, as do the kings) */
    const Board *b = &v->board;
    for (int c = 1; c <= b->ncells; c++) {
        if (!v->setup[c] || PIECE_OWNER(v->setup[c]) != 0) continue;
        int x = b->x[c], y = 12 - b->y[c];
        Cell m = NO_CELL;
        for (int d = 1; d <= b->ncells; d++)
            if (b->x[d] == x && b->y[d] == y) m = (Cell)d;
        assert_int_not_equal(m, NO_CELL);
        assert_int_equal(v->setup[m], MAKE_PIECE(1, PIECE_KIND(v->setup[c])));
    }
    variant_free(v);
}

/* The limits of src/core/cell_limits.h are errors with a message where a file reaches them,
 * never a silent cut. */
/* The base file with `first` in place of line 2, followed by n lines `each`; the caller frees
 * it. */
static char *with_many_lines(int n, const char *first, const char *each)
{
    size_t len = strlen(with_line(2, first)) + (size_t)n * (strlen(each) + 1) + 1;
    char *text = malloc(len), *p = text;
    assert_non_null(text);
    const char *head = with_line(2, first), *rest = strstr(head, "[board]");
    p += sprintf(p, "%.*s", (int)(rest - head), head);
    for (int i = 0; i < n; i++) p += sprintf(p, "%s\n", each);
    sprintf(p, "%s", rest);
    return text;
}

/* Continuation lines are joined in linear time (issue 9 item 6: 80,000 of them took 10 s),
 * and a value or a file can only grow so far: the work per line is bounded by construction. */
static void test_long_values(void **state)
{
    (void)state;
    char want[MAX_TEXT];
    /* many continuation lines make one value, in order */
    char *text = with_many_lines(300, "title = Test\nnotes = n", "  w");
    Variant *v = variant_load_string(text, "ok.ini", NULL, 0);
    assert_non_null(v);
    int n = snprintf(want, sizeof want, "n");
    for (int i = 0; i < 300; i++) n += snprintf(want + n, sizeof want - (size_t)n, " w");
    assert_string_equal(v->notes, want);
    variant_free(v);
    free(text);
    /* 80,000 of them: refused at the line where the value passes MAX_VALUE characters */
    text = with_many_lines(80000, "title = Test\nnotes = x", "  xxxxxxxxx");
    int over = 3 + MAX_VALUE / 10 + 1; /* the value is 1 + 10 per line; notes is on line 3 */
    char err[600];
    snprintf(want, sizeof want,
             "bad.ini:%d: the value of 'notes' (line 3) is longer than %d characters with its "
             "continuation lines",
             over, MAX_VALUE);
    assert_string_equal(load_error(text), want);
    free(text);
    /* 80,000 keys: refused at the first past MAX_KEYS (with 1 key above them, title) */
    char *keys = malloc(80000 * 16 + 64), *p = keys;
    assert_non_null(keys);
    p += sprintf(p, "title = Test");
    for (int i = 0; i < 80000; i++) p += sprintf(p, "\nk%d = x", i);
    text = with_many_lines(0, keys, "");
    snprintf(err, sizeof err, "bad.ini:%d: more than %d keys in the file", 2 + MAX_KEYS, MAX_KEYS);
    assert_string_equal(load_error(text), err);
    free(keys);
    free(text);
}

static void test_limits(void **state)
{
    (void)state;
    char *text = malloc(65536);
    assert_non_null(text);
    /* a ring of 300 cells with 255 pieces (a king and 126 or 127 pawns a side), then 256 */
    size_t n = (size_t)snprintf(text, 65536,
                                "[variant]\ntitle = t\n[board]\nfamily = ring\nletters = abcde\n"
                                "length = 60\n[players]\nnames = White Black\n[piece K]\nname = "
                                "King\nmoves = W\nroyal = yes\n[piece P]\nname = P\nmoves = W\n"
                                "[setup]\nWhite = K a1, P");
    const char *files = "abcde";
    for (int i = 0; i < 126; i++)
        n += (size_t)snprintf(text + n, 65536 - n, "%s%c%d", i % 30 ? " " : "\n ", files[i / 59],
                              i % 59 + 2);
    n += (size_t)snprintf(text + n, 65536 - n, "\nBlack = K e1, P");
    for (int i = 0; i < 127; i++)
        n += (size_t)snprintf(text + n, 65536 - n, "%s%c%d", i % 30 ? " " : "\n ",
                              files[4 - i / 59], 60 - i % 59);
    snprintf(text + n, 65536 - n, "\n");
    assert_string_equal(load_error(text), "(loaded without error)"); /* the limit exactly */

    char *end = strrchr(text, '\n');
    snprintf(end, 16, " c30\n");
    assert_string_equal(load_error(text),
                        "bad.ini:16: more than 255 pieces in the starting array and hands");
    free(text);
    /* a text value past 1023 characters, a name past 31 */
    char notes[1300] = "title = t\nnotes = ";
    memset(notes + 18, 'n', 1200);
    notes[1218] = 0;
    for (int i = 100; i < 1200; i += 100) notes[i] = '\n', notes[i + 1] = ' ';
    assert_string_equal(load_error(with_line(2, notes)),
                        "bad.ini:3: 'notes' is longer than 1023 characters");
    assert_string_equal(
        load_error(with_line(12, "name = A king with a very long name indeed")),
        "bad.ini:12: a piece's name has at most 31 bytes (an accented letter takes two)");
    assert_string_equal(load_error(with_line(14, "royal = yes\npromote_to = K K")),
                        "bad.ini:15: 'K' is listed twice");
}

/* The help page's words for a piece's initial (i) moves follow what allows them: its fresh
 * mark (a first move), its initial zone, or either. */
static void test_describe_initial(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *when;
    } cases[] = {
        {"glinski", "(not capturing, only from zone pawn-start)"},
        {"chessagon", "(not capturing, only as a first move)"},
        {"hr-glinski", "(not capturing, only as a first move or from zone pawn-start)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = tu_variant(cases[i].variant);
        char how[1024];
        movelang_describe(v, &v->type[v->kind_of_letter['P']], how, sizeof how);
        if (!strstr(how, cases[i].when))
            print_error("%s: '%s' does not say '%s'\n", cases[i].variant, how, cases[i].when);
        assert_non_null(strstr(how, cases[i].when));
        variant_free(v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_is_valid),  cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_castle_good),    cmocka_unit_test(test_line_ends),
        cmocka_unit_test(test_more_bad_files), cmocka_unit_test(test_shipped_variants),
        cmocka_unit_test(test_arrays),         cmocka_unit_test(test_limits),
        cmocka_unit_test(test_long_values),    cmocka_unit_test(test_describe_initial),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
