/* fuzz_fen.c — position strings: the first byte picks a variant, the rest is read as a
 * position string; an accepted one is a position every front end can use. */
#include "fen.h"
#include "fuzz_util.h"
#include "game.h"
#include "targets.h"

#include <stdlib.h>

void fuzz_target_fen(const uint8_t *data, size_t size)
{
    if (size < 1) return;
    const Variant *v = fuzz_variant(data[0]);
    char *text = fuzz_text(data + 1, size - 1), err[300] = "";
    Position pos;
    if (fen_read(&pos, v, text, err, sizeof err)) {
        Game g;
        game_init(&g, v, &pos);
        fuzz_check_position(&g.pos);
        game_free(&g);
    } else {
        fuzz_require(err[0] != 0, "a rejected position string says why");
    }
    free(text);
}
