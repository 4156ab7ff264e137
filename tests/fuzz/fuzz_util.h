/* fuzz_util.h — what the fuzz targets share: the installed variants loaded once (chosen by
 * an input byte), a terminated copy of the input, and a check that aborts with a message
 * (so a broken invariant counts as a crash). */
#ifndef CELLMATE_FUZZ_UTIL_H
#define CELLMATE_FUZZ_UTIL_H

#include "variant.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Point the variant search path at the source tree's variants; call once before a target. */
void fuzz_setup(void);

/* One of the source tree's variants, chosen by a byte (loaded once, never freed). */
const Variant *fuzz_variant(uint8_t pick);

/* Its name, for loading another copy by name. */
const char *fuzz_variant_name(uint8_t pick);

/* The input as a NUL-terminated string (up to its first NUL); the caller frees it. */
char *fuzz_text(const uint8_t *data, size_t size);

/* Check a position the way every front end uses it: its position string reads back to the
 * same string, each legal move's SAN reads back to that move, make and unmake restore the
 * key, and the board draws. */
struct Position;
void fuzz_check_position(struct Position *pos);

/* The scripted mode over an input (fuzz_script.c), in restricted mode when r is not NULL. */
struct Restriction;
void fuzz_script_run(const uint8_t *data, size_t size, const struct Restriction *r);

/* Abort with "fuzz: broken: what" unless ok. */
void fuzz_require(bool ok, const char *what);

#endif
