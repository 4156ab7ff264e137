/* targets.h — the fuzz targets, each a function over one input. Adding one is two lines: an
 * X(NAME) here and tests/fuzz/fuzz_NAME.c in FUZZ_SOURCES (Makefile.am); its file defines
 * fuzz_target_NAME(), its seeds go in tests/fuzz/corpus/NAME/, and every input that ever made it
 * crash goes in tests/fuzz/regressions/NAME/ (make check runs them). */
#ifndef CELLMATE_FUZZ_TARGETS_H
#define CELLMATE_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

#define FUZZ_TARGETS(X) X(variant) X(fen) X(pgn) X(move) X(script) X(restricted) X(room)

#define FUZZ_DECLARE(name) void fuzz_target_##name(const uint8_t *data, size_t size);
FUZZ_TARGETS(FUZZ_DECLARE)

typedef struct {
    const char *name;
    void (*run)(const uint8_t *data, size_t size);
} FuzzTarget;

/* The target called `name`, or NULL. */
const FuzzTarget *fuzz_find(const char *name);

/* Every target, terminated by a NULL name. */
extern const FuzzTarget fuzz_targets[];

#endif
