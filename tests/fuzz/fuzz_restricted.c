/* fuzz_restricted.c — the scripted mode in restricted mode, as a public game login runs it:
 * save, load and new get whatever the input says, since restricted mode must keep them in
 * the player's directory (a temporary one, removed at exit) and the variants' directory. */
#include "fuzz_util.h"
#include "paths.h"
#include "restrict.h"
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CELLMATE_SOURCE_VARIANTS
#define CELLMATE_SOURCE_VARIANTS "variants"
#endif

static Restriction player;
static char top[64];

static void remove_player(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    if (system(cmd) != 0) fprintf(stderr, "fuzz: could not remove %s\n", top);
}

void fuzz_target_restricted(const uint8_t *data, size_t size)
{
    if (!top[0]) {
        snprintf(top, sizeof top, "/tmp/cellmate-fuzz-XXXXXX");
        fuzz_require(mkdtemp(top) != NULL, "a temporary directory");
        atexit(remove_player);
        snprintf(player.player, sizeof player.player, "fuzz");
        snprintf(player.dir, sizeof player.dir, "%s/fuzz", top);
        snprintf(player.saves, sizeof player.saves, "%s/fuzz/saves", top);
        fuzz_require(mkdir(player.dir, 0700) == 0 && mkdir(player.saves, 0700) == 0,
                     "the player's directories");
        variant_paths_restrict(CELLMATE_SOURCE_VARIANTS);
    }
    fuzz_script_run(data, size, &player);
}
