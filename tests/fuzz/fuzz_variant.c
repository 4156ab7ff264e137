/* fuzz_variant.c — the variant loader: any text is a valid variant or a clear error, and a
 * valid one gives a start position every front end can use. */
#include "fuzz_util.h"
#include "game.h"
#include "targets.h"

#include <stdlib.h>

void fuzz_target_variant(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size), err[600] = "";
    Variant *v = variant_load_string(text, "fuzz.ini", err, sizeof err);
    if (v) {
        Game g;
        game_init(&g, v, NULL);
        fuzz_check_position(&g.pos);
        game_free(&g);
        variant_free(v);
    } else {
        fuzz_require(err[0] != 0, "a rejected variant says why");
    }
    free(text);
}
