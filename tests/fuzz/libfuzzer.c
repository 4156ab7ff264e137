/* libfuzzer.c — the entry points libFuzzer calls: the target is named by the environment
 * variable CELLMATE_FUZZ_TARGET (make fuzz sets it), so one binary serves every target. */
#include "fuzz_util.h"
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const FuzzTarget *target;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    target = fuzz_find(getenv("CELLMATE_FUZZ_TARGET"));
    if (!target) {
        fprintf(stderr, "fuzz: set CELLMATE_FUZZ_TARGET to one of:");
        for (const FuzzTarget *t = fuzz_targets; t->name; t++) fprintf(stderr, " %s", t->name);
        fprintf(stderr, "\n");
        exit(2);
    }
    fuzz_setup();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    target->run(data, size);
    return 0;
}
