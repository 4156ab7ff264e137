/* variant_file.h — loading a variant from its file: the one place variant files (and the
 * files of the variants they inherit from with `base = NAME`) are opened; the core parses. */
#ifndef CELLMATE_VARIANT_FILE_H
#define CELLMATE_VARIANT_FILE_H

#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

/* Fills in the file of the variant called name and says whether there is one (paths.c's
 * search path). */
typedef bool (*VariantFinder)(const char *name, char *path, size_t len);

/* Load a variant from a file path; `base = NAME` reads NAME.ini beside it, and when there is
 * none and find is not NULL, the file find names. On failure returns NULL with
 * "FILE:LINE: message". */
Variant *variant_load_file_finding(const char *path, VariantFinder find, char *err, int errlen);

/* The same, a base only beside the file. */
Variant *variant_load_file(const char *path, char *err, int errlen);

#endif
