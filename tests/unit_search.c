/* unit_search.c — the computer opponent: it takes a mate in one, wins material left
 * hanging, keeps to its time, returns a legal move in every variant, with three players
 * takes the double elimination of cyclohexane.md's example; it plays by the game's end rules
 * (Peanut's bare king both ways, repetition over a game of thousands of plies); its frontier
 * pruning keeps the first move and checks; and its interface keeps to depth and node limits,
 * reports progress and stops when told. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"
#include "tt.h"
#include "testutil.h"

static SearchResult search_scheme(const Game *g, double seconds, int depth, int scheme)
{
    SearchLimits lim = search_limits_time(seconds);
    lim.depth = depth;
    lim.scheme = scheme;
    return search_run(NULL, g, &lim, NULL);
}

static SearchResult search_move(const Game *g, double seconds, int depth)
{
    return search_scheme(g, seconds, depth, 0);
}

static const char *best_san(Game *g, double seconds, int depth)
{
    static char san[MOVE_TEXT_MAX];
    SearchResult r = search_move(g, seconds, depth);
    assert_true(r.found);
    assert_true(move_is_legal(&g->pos, r.best));
    move_san(&g->pos, r.best, san);
    return san;
}

static void test_mate_in_one(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    /* Glinski's fool's mate: 4. Qxf9# is there to be found */
    tu_play(&g, "Qe1c3 Qe10c6 b1b2 b7b6 Bf3b1 e7e6");
    assert_string_equal(best_san(&g, 5, 3), "Qxf9#");
    game_free(&g);
    variant_free(v);
}

/* Where quiescence stops, a player in check with no move is still mated: with no plies of
 * quiescence at all, a search of depth 1 sees the fool's mate as a mate, not a pawn won. */
static void test_mate_at_quiescence_bound(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "Qe1c3 Qe10c6 b1b2 b7b6 Bf3b1 e7e6");
    search_set_quiesce_plies(0);
    SearchResult r = search_scheme(&g, 5, 1, 0);
    search_set_quiesce_plies(-1);
    assert_true(r.found);
    char buf[32];
    search_score_text(r.score, v->nplayers, buf, sizeof buf);
    assert_string_equal(buf, "mate in 1");
    game_free(&g);
    variant_free(v);
}

/* Start g from a position written as for tu_setup and search it to `depth`; the move's SAN. */
static const char *search_from(Game *g, const Variant *v, const char *desc, int to_move, int depth,
                               SearchResult *r)
{
    static char san[MOVE_TEXT_MAX];
    Position start;
    tu_setup(&start, v, desc, to_move);
    game_init(g, v, &start);
    *r = search_move(g, 5, depth);
    assert_true(r->found);
    move_san(&g->pos, r->best, san);
    return san;
}

static void test_wins_material(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Game g;
    SearchResult r;
    /* a Black queen left where a knight takes it for nothing */
    assert_string_equal(search_from(&g, v, "White: K a1, N e4; Black: K k11, Q f7", 0, 3, &r),
                        "Nxf7");
    game_free(&g);
    variant_free(v);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void test_time_limit(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    double t0 = seconds_now();
    SearchResult r = search_move(&g, 0.3, 0);
    double took = seconds_now() - t0;
    assert_true(r.found);
    /* stopped by its clock, not by running out of depth (the start position has no forced
     * end); the bound on the wall clock only catches a search that never stops */
    assert_true(r.depth >= 1 && r.depth < 40);
    assert_true(took < 60.0);
    game_free(&g);
    variant_free(v);
}

static void test_every_variant(void **state)
{
    (void)state;
    static const char *names[] = {"glinski",     "mccooey",     "haynie",     "peanut",
                                  "chessagon",   "cyclohexane", "hr-glinski", "hr-liuyang-foh",
                                  "hr-mccooey3", "hr-wellisch3"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = tu_variant(names[i]);
        Game g;
        game_init(&g, v, NULL);
        for (int ply = 0; ply < 6 && !g.result.over; ply++) {
            /* with three players, each scheme in turn */
            SearchResult r = search_scheme(&g, 0.05, 3, SEARCH_PARANOID + ply % 3);
            assert_true(r.found);
            assert_true(move_is_legal(&g.pos, r.best));
            game_play(&g, r.best);
        }
        game_free(&g);
        variant_free(v);
    }
}

static void test_three_players(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    for (int scheme = SEARCH_PARANOID; scheme <= SEARCH_BRS_PLUS; scheme++) {
        Game g;
        game_init(&g, v, NULL);
        /* cyclohexane.md: after 1. Dd3-e5 Gd10-e9, Red's Duchess will take Yellow out after
         * Blue's move and then look down the line beyond e9; 1... Gd18-e17 puts Blue's
         * Grandduke there and Blue is out too. Blue's search must keep its Grandduke off that
         * line, whichever way it searches. */
        tu_play(&g, "Dd3-e5 Gd10-e9");
        SearchResult r = search_scheme(&g, 5, 2, scheme);
        assert_true(r.found);
        game_play(&g, r.best);
        assert_false(g.pos.alive & 2); /* Yellow is out */
        assert_true(g.pos.alive & 4);  /* Blue is not */
        assert_false(g.result.over);
        game_free(&g);
    }
    variant_free(v);
}

/* Peanut's bare king, both ways. */
static void test_bare_king(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Game g;
    SearchResult r;
    /* White to move: Rxe8 takes Black's last piece but the king; the king on f8 can take the
     * rook back without moving, but White keeps a knight, so the game is won at once. By
     * material alone the capture loses a rook for a knight. */
    const char *san = search_from(&g, v, "White: K b1, R e4, N a2; Black: K f8, N e8", 0, 3, &r);
    assert_string_equal(san, "Rxe8+");
    assert_true(r.score > SEARCH_MATE - 10);
    game_play(&g, r.best);
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, 0);
    game_free(&g);
    /* Black to move: Nxd4 wins a rook for a knight by material, but Bxd4 then takes Black's
     * last piece, and the king on g10 cannot answer: Black must leave the rook alone. */
    san = search_from(&g, v, "White: K b1, R d4, B c2; Black: K g10, N e7", 1, 3, &r);
    assert_string_not_equal(san, "Nxd4");
    assert_true(r.score > -(SEARCH_MATE - 100));
    game_free(&g);
    /* Black to move, one ply deep: K!g8 wins a pawn but leaves the knight to Rxe8, which
     * takes a defended knight with a rook (an exchange quiescence leaves out as losing) but
     * bares Black's king: quiescence must try it, and Black must not take the pawn. */
    san = search_from(&g, v, "White: K b1, R e4, N a2, P g8; Black: K f8, N e8", 1, 1, &r);
    assert_string_not_equal(san, "K!g8");
    assert_true(r.score > -(SEARCH_MATE - 100));
    game_free(&g);
    variant_free(v);
}

/* A variant file with the move rule turned off, so that a game can run for thousands of
 * plies without an irreversible move. */
static Variant *without_move_rule(const char *name)
{
    char path[1024];
    const char *dir = getenv("VARIANTS_DIR");
    snprintf(path, sizeof path, "%s/%s.ini", dir ? dir : "variants", name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 64, f);
    fclose(f);
    text[n] = 0;
    char *rules = strstr(text, "[rules]\n");
    assert_non_null(rules);
    static const char off[] = "move_rule = 0\n";
    memmove(rules + 8 + strlen(off), rules + 8, strlen(rules + 8) + 1);
    memcpy(rules + 8, off, strlen(off));
    return tu_variant_text(text);
}

/* Black, a queen and a rook against a knight, can draw only by repeating a position a third time.
 * The two earlier times come after more than 2000 plies of play, past anything a fixed-size window
 * of the history would hold. */
static void test_repetition_late_in_long_game(void **state)
{
    (void)state;
    Variant *v = without_move_rule("glinski");
    Game g;
    Position start;
    tu_setup(&start, v, "White: K g1, Q e1, R c1; Black: K f7, N f10", 0);
    game_init(&g, v, &start);
    tu_seed(13);
    while (g.nplies < 2100) { /* a random walk: no capture, no end of the game */
        MoveList ml;
        gen_legal(&g.pos, &ml);
        int tries = 0;
        for (; tries < 100; tries++) {
            Move m = ml.m[tu_rand() % (unsigned)ml.n];
            if (g.pos.board[m.to]) continue;
            game_play(&g, m);
            if (!g.result.over) break;
            game_undo(&g);
        }
        if (tries == 100) game_undo(&g); /* stuck: step back and try another way */
    }
    /* a rook move there and back, a king move there and back, until Black's king move back
     * would make the third time */
    MoveList ml;
    gen_legal(&g.pos, &ml);
    Move w = {0}, b = {0};
    Cell rook = 0;
    for (Cell c = 1; c <= v->board.ncells; c++)
        if (g.pos.board[c] == MAKE_PIECE(0, v->kind_of_letter['R'])) rook = c;
    for (int i = 0; i < ml.n && !w.to; i++)
        if (ml.m[i].from == rook && !g.pos.board[ml.m[i].to]) w = ml.m[i];
    assert_true(w.to);
    Move w_back = {w.to, w.from, MOVE_NORMAL, 0, 0};
    game_play(&g, w);
    gen_legal(&g.pos, &ml);
    for (int i = 0; i < ml.n && !b.to; i++) {
        Move back = {ml.m[i].to, ml.m[i].from, MOVE_NORMAL, 0, 0};
        if (g.pos.board[ml.m[i].to]) continue;
        game_play(&g, ml.m[i]);
        bool ok = !g.result.over && move_is_legal(&g.pos, w_back);
        if (ok) {
            game_play(&g, w_back);
            ok = !g.result.over && move_is_legal(&g.pos, back);
            game_undo(&g);
        }
        game_undo(&g);
        if (ok) b = ml.m[i];
    }
    assert_true(b.to);
    Move b_back = {b.to, b.from, MOVE_NORMAL, 0, 0};
    Move cycle[] = {b, w_back, b_back, w, b, w_back};
    for (size_t i = 0; i < sizeof cycle / sizeof cycle[0]; i++) {
        assert_true(move_is_legal(&g.pos, cycle[i]));
        game_play(&g, cycle[i]);
        assert_false(g.result.over);
    }
    assert_true(g.nplies > 2100);
    SearchResult r = search_move(&g, 5, 3);
    assert_true(move_equal(r.best, b_back));
    assert_int_equal(r.score, 0);
    game_play(&g, r.best);
    assert_string_equal(g.result.termination, "repetition");
    game_free(&g);
    variant_free(v);
}

typedef struct {
    int calls, last_depth;
    bool depths_rise, lines_legal;
    Position pos;
    atomic_bool *stop;
    int stop_at;
} Watch;

static void watch(const SearchResult *r, void *ctx)
{
    Watch *w = ctx;
    w->calls++;
    if (r->depth < w->last_depth) w->depths_rise = false;
    w->last_depth = r->depth;
    for (int i = 0; i < r->nlines; i++) {
        Position pos = w->pos;
        for (int j = 0; j < r->line[i].len; j++) {
            if (!move_is_legal(&pos, r->line[i].pv[j])) w->lines_legal = false;
            Undo u;
            play_move(&pos, r->line[i].pv[j], &u);
        }
    }
    if (w->stop && r->depth >= w->stop_at) {
        atomic_store(w->stop, true);
        /* the helper thread searches on meanwhile, as when a loaded machine holds this
         * thread up: the stop still ends the search at this depth */
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
}

/* Depth and node limits hold; progress comes after every depth with legal lines; the stop
 * flag ends the search with the best move so far, at the depth whose report asked for it. */
static void test_limits_progress_stop(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    Watch w = {0, 0, true, true, g.pos, NULL, 0};
    SearchHooks hooks = {watch, &w, NULL};
    SearchLimits lim = search_limits_time(0);
    lim.depth = 4;
    SearchResult r = search_run(NULL, &g, &lim, &hooks);
    assert_int_equal(r.depth, 4);
    assert_true(w.calls >= 4);
    assert_true(w.depths_rise && w.lines_legal);
    assert_true(r.nlines >= 1 && r.line[0].len >= 1);
    assert_true(move_equal(r.line[0].pv[0], r.best));

    lim = search_limits_time(0);
    lim.nodes = 5000;
    r = search_run(NULL, &g, &lim, NULL);
    assert_true(r.found);
    assert_true(r.nodes <= 5000);
    assert_true(move_is_legal(&g.pos, r.best));

    atomic_bool stop;
    hooks.stop = &stop;
    lim = search_limits_time(0);   /* no limit but the flag */
    lim.threads = 2;               /* a helper, whose table entries may speed the next depth */
    for (int i = 0; i < 20; i++) { /* (the next depth was finished 1 time in 10) */
        atomic_store(&stop, false);
        w = (Watch){0, 0, true, true, g.pos, &stop, 3};
        r = search_run(NULL, &g, &lim, &hooks);
        assert_true(r.found);
        assert_int_equal(r.depth, 3);
        assert_true(move_is_legal(&g.pos, r.best));
    }
    game_free(&g);
    variant_free(v);
}

static SearchResult search_limited(const Game *g, int depth, uint64_t nodes, int level)
{
    SearchLimits lim = search_limits_time(0);
    lim.depth = depth;
    lim.nodes = nodes;
    lim.threads = 1;
    lim.level = level;
    return search_run(NULL, g, &lim, NULL);
}

/* A search stopped in the middle of a depth plays the move that depth has already found
 * better than the last completed depth's, and only such a move: between the node counts of
 * depths d and d + 1 the choice is d's until d + 1's own choice has been searched. A level
 * below full strength (level 9 searches 6 plies) keeps its completed depth. */
static void test_unfinished_depth(void **state)
{
    (void)state;
    static const char *names[] = {"glinski", "haynie", "chessagon"};
    int seen = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = tu_variant(names[i]);
        Game g;
        game_init(&g, v, NULL);
        for (int d = 1; d <= 5; d++) {
            SearchResult a = search_limited(&g, d, 0, 0), b = search_limited(&g, d + 1, 0, 0);
            assert_false(a.unfinished || b.unfinished);
            if (move_equal(a.best, b.best)) continue;
            for (int k = 1; k < 16; k++) {
                uint64_t n = a.nodes + (b.nodes - a.nodes) * (uint64_t)k / 16;
                SearchResult r = search_limited(&g, 0, n, 0);
                assert_int_equal(r.depth, d);
                if (!r.unfinished) {
                    assert_true(move_equal(r.best, a.best));
                    continue;
                }
                assert_true(move_equal(r.best, r.line[0].pv[0]));
                if (move_equal(r.best, b.best)) seen++;
                assert_false(search_limited(&g, 0, n, 9).unfinished);
            }
        }
        game_free(&g);
        variant_free(v);
    }
    assert_true(seen > 0);
}

/* The frontier rule: a quiet move is left out when hopeless or late, never the first one and
 * never one that gives check, directly or by uncovering a line. */
static bool skips(Position *pos, const char *move, int stand, int depth, int i, int alpha)
{
    CheckHints h;
    check_hints(pos, &h);
    return search_frontier_skips(pos, &h, tu_find_move(pos, move), stand, depth, i, alpha);
}

static void test_frontier_rule(void **state)
{
    (void)state;
    Variant *v = tu_variant("chess");
    Position pos;
    tu_setup(&pos, v, "White: K e1, R c2, B d4, Q a1; Black: K h8, P a7", 0);
    assert_true(skips(&pos, "c2-d2", -500, 1, 1, 0));   /* hopeless */
    assert_false(skips(&pos, "c2-c8", -500, 1, 1, 0));  /* ... but a check */
    assert_false(skips(&pos, "d4-c5", -500, 1, 1, 0));  /* ... or one uncovered (a1-h8) */
    assert_true(skips(&pos, "a1-b1", -500, 1, 1, 0));   /* behind the Bishop: none */
    assert_false(skips(&pos, "c2-d2", -500, 1, 0, 0));  /* the first move never */
    assert_false(skips(&pos, "c2-d2", -50, 1, 1, 0));   /* within the margin */
    assert_true(skips(&pos, "c2-d2", -100, 3, 1, 200)); /* the margin grows per ply */
    assert_false(skips(&pos, "c2-d2", -100, 3, 1, 150));
    assert_false(skips(&pos, "c2-d2", 0, 1, 4, 0)); /* not late yet */
    assert_true(skips(&pos, "c2-d2", 0, 1, 5, 0));
    assert_false(skips(&pos, "c2-h2", 0, 1, 5, 0));  /* a late check */
    assert_false(skips(&pos, "c2-d2", 0, 2, 10, 0)); /* later with more plies left */
    assert_true(skips(&pos, "c2-d2", 0, 2, 11, 0));
    variant_free(v);
}

static void test_score_text(void **state)
{
    (void)state;
    char buf[32];
    search_score_text(125, 2, buf, sizeof buf);
    assert_string_equal(buf, "+1.25");
    search_score_text(-40, 2, buf, sizeof buf);
    assert_string_equal(buf, "-0.40");
    search_score_text(SEARCH_MATE - 5, 2, buf, sizeof buf);
    assert_string_equal(buf, "mate in 3");
    search_score_text(-(SEARCH_MATE - 4), 2, buf, sizeof buf);
    assert_string_equal(buf, "mated in 2");
}

/* The table keeps what is stored (negative and mate scores, the move without its extra cell),
 * keeps four keys of one bucket, and reads a slot whose two words disagree (torn by two
 * threads writing at once) as a miss. */
static void test_table(void **state)
{
    (void)state;
    TT tt;
    assert_true(tt_init(&tt, 1));
    Move m = {12, 345, MOVE_EP, 0, 77};
    TTEntry e;
    uint64_t key = 0x123456789abcdef0ULL;
    assert_false(tt_probe(&tt, key, &e));
    tt_store(&tt, key, m, -(SEARCH_MATE - 7), 9, TT_LOWER);
    assert_true(tt_probe(&tt, key, &e));
    assert_int_equal(e.score, -(SEARCH_MATE - 7));
    assert_int_equal(e.depth, 9);
    assert_int_equal(e.bound, TT_LOWER);
    assert_true(tt_move_is(e.move, m));
    /* three more keys of the same bucket (same low bits) */
    size_t step = tt.nbuckets;
    for (int i = 1; i < TT_BUCKET; i++) tt_store(&tt, key + step * 2 * i, m, i, 1, TT_EXACT);
    for (int i = 1; i < TT_BUCKET; i++) {
        assert_true(tt_probe(&tt, key + step * 2 * i, &e));
        assert_int_equal(e.score, i);
    }
    assert_true(tt_probe(&tt, key, &e));
    /* a slot torn between two writers */
    TTSlot *b = tt.slots + (key & (tt.nbuckets - 1)) * TT_BUCKET;
    for (int i = 0; i < TT_BUCKET; i++) atomic_fetch_xor(&b[i].data, 1ULL << 40);
    assert_false(tt_probe(&tt, key, &e));
    tt_clear(&tt);
    assert_false(tt_probe(&tt, key + step * 2, &e));
    tt_free(&tt);
}

/* search_best_of, which looks through long lists four keys at a time, finds the place a
 * plain scan finds (the first of equal keys) for lists of every length up to a few dozen and
 * keys with many ties, near the ends of the int range too. */
static void test_best_of(void **state)
{
    (void)state;
    int score[80];
    for (int round = 0; round < 4000; round++) {
        int n = 1 + rand() % 80, spread = 1 + round % 7;
        for (int k = 0; k < n; k++)
            score[k] = round % 5 == 0 ? INT32_MIN + rand() % spread : rand() % spread - spread / 2;
        int i = rand() % n;
        int want = i;
        for (int j = i + 1; j < n; j++)
            if (score[j] > score[want]) want = j;
        assert_int_equal(search_best_of(score, i, n), want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mate_in_one),
        cmocka_unit_test(test_mate_at_quiescence_bound),
        cmocka_unit_test(test_wins_material),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_every_variant),
        cmocka_unit_test(test_three_players),
        cmocka_unit_test(test_bare_king),
        cmocka_unit_test(test_repetition_late_in_long_game),
        cmocka_unit_test(test_limits_progress_stop),
        cmocka_unit_test(test_unfinished_depth),
        cmocka_unit_test(test_frontier_rule),
        cmocka_unit_test(test_score_text),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_best_of),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
