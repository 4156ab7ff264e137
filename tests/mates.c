/* mates.c — does the computer mate a lone royal piece? From random positions (the strong
 * side's royal piece and one other piece against the lone royal piece, the strong side to
 * move) the computer plays both sides at a fixed node count until the game ends by the end
 * rules; it prints how many moves each mate took and exits 1 when any game ended otherwise
 * (a draw by the move rule, repetition or stalemate). A test at small counts
 * (tests/cli_mates.sh), a benchmark at large ones (the README).
 *
 *   mates --variant V --piece LETTER [--positions N] [--nodes N] [--seed S] [--quiet]
 *         [--moves]   (the moves of every game too)
 */
#include "fen.h"
#include "game.h"
#include "number.h"
#include "paths.h"
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static unsigned rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}

static int royal_kind(const Variant *v)
{
    for (int k = 1; k <= v->ntypes; k++)
        if (v->type[k].royal) return k;
    return 0;
}

/* A random legal start: royal piece and `kind` for player 0, a lone royal piece for player
 * 1, player 0 to move, player 1 not in check. */
static void random_start(const Variant *v, int kind, Position *pos)
{
    int royal = royal_kind(v), n = v->board.ncells;
    for (;;) {
        pos_init(pos, v);
        memset(pos->board, 0, sizeof pos->board);
        memset(pos->royal, 0, sizeof pos->royal);
        memset(pos->hand, 0, sizeof pos->hand);
        memset(pos->pool, 0, sizeof pos->pool);
        pos->castling = 0;
        pos->halfmove = 0;
        Cell wk = (Cell)(1 + rng() % n), wx = (Cell)(1 + rng() % n), bk = (Cell)(1 + rng() % n);
        if (wk == wx || wk == bk || wx == bk) continue;
        pos->board[wk] = MAKE_PIECE(0, royal);
        pos->board[wx] = MAKE_PIECE(0, kind);
        pos->board[bk] = MAKE_PIECE(1, royal);
        pos->royal[0] = wk;
        pos->royal[1] = bk;
        pos->stm = 1;
        pos->hash = pos_compute_hash(pos);
        if (in_check(pos)) continue; /* the lone side may not be in check with us to move */
        pos->stm = 0;
        pos->hash = pos_compute_hash(pos);
        if (in_check(pos) || !has_legal_move(pos)) continue;
        return;
    }
}

int main(int argc, char **argv)
{
    const char *variant = NULL, *piece = NULL;
    int positions = 20;
    unsigned long long nodes = 20000, seed = 1;
    bool quiet = false, show_moves = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quiet") || !strcmp(a, "--moves")) {
            *(a[2] == 'q' ? &quiet : &show_moves) = true;
            continue;
        }
        if (!val) {
            fprintf(stderr, "mates: %s needs a value\n", a);
            return 2;
        }
        i++;
        long n = 0;
        bool number = !strcmp(a, "--positions") || !strcmp(a, "--nodes") || !strcmp(a, "--seed");
        if (number && !number_parse(val, 1, 1000000000, &n)) {
            fprintf(stderr, "mates: %s needs a whole number from 1, not '%s'\n", a, val);
            return 2;
        }
        if (!strcmp(a, "--variant"))
            variant = val;
        else if (!strcmp(a, "--piece"))
            piece = val;
        else if (!strcmp(a, "--positions"))
            positions = (int)n;
        else if (!strcmp(a, "--nodes"))
            nodes = (unsigned long long)n;
        else if (!strcmp(a, "--seed"))
            seed = (unsigned long long)n;
        else {
            fprintf(stderr, "mates: unknown option %s\n", a);
            return 2;
        }
    }
    if (!variant || !piece || strlen(piece) != 1 || positions < 1 || !nodes) {
        fprintf(stderr, "usage: mates --variant V --piece LETTER [--positions N] [--nodes N] "
                        "[--seed S] [--quiet]\n");
        return 2;
    }
    char err[600];
    bool unreadable;
    Variant *v = variant_open(variant, err, sizeof err, &unreadable);
    if (!v) {
        fprintf(stderr, "mates: %s\n", err);
        return 2;
    }
    int kind = v->kind_of_letter[(unsigned char)piece[0]];
    if (!kind || v->type[kind].royal || !royal_kind(v) || v->nplayers != 2) {
        fprintf(stderr, "mates: %s has no piece %s beside a royal piece for two players\n", variant,
                piece);
        variant_free(v);
        return 2;
    }
    rng_state = seed * 2654435761u + 88172645463325252ull;
    Engine *engine = engine_new(16);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = nodes;
    lim.threads = 1;
    lim.seed = seed;
    int mated = 0, most = 0, total = 0;
    for (int i = 1; i <= positions; i++) {
        Position start;
        random_start(v, kind, &start);
        Game g;
        game_init(&g, v, &start);
        engine_clear(engine);
        while (!g.result.over) {
            SearchResult r = search_run(engine, &g, &lim, NULL);
            if (!r.found || !move_is_legal(&g.pos, r.best) || !game_play(&g, r.best)) break;
        }
        int moves = (g.nplies + 1) / 2;
        bool won = g.result.over && g.result.winner == 0;
        char line[128];
        game_result_line(&g, line, sizeof line);
        if (!quiet) {
            char fen[1024];
            fen_write(&start, fen, sizeof fen);
            printf("position %d: %s: %s in %d moves\n", i, fen, line, moves);
            for (int j = 0; show_moves && j < g.nplies; j++)
                printf("%s%s", g.plies[j].san, j + 1 < g.nplies ? " " : "\n");
        }
        if (won) {
            mated++;
            total += moves;
            if (moves > most) most = moves;
        }
        game_free(&g);
    }
    printf("%s K+%s against K: %d of %d mated", variant, piece, mated, positions);
    if (mated) printf(", %.1f moves on average, at most %d", (double)total / mated, most);
    printf(" (%llu nodes a move)\n", nodes);
    engine_free(engine);
    variant_free(v);
    return mated == positions ? 0 : 1;
}
