/* paths.h — where variant files are looked for, and loading a variant by name or path. */
#ifndef CELLMATE_PATHS_H
#define CELLMATE_PATHS_H

#include "variant.h"

#define MAX_DIRS_SEARCHED 16
#define PATH_LEN          1024

/* Where the running binary is (main passes argv[0]): a binary run from its build tree reads
 * the source tree's variants first; one installed under a prefix finds PREFIX/share/... */
void variant_paths_set_program(const char *argv0);

/* The variant directories in search order; returns how many. */
int variant_search_dirs(char dirs[][PATH_LEN], int max);

/* Load a variant by name (searched in the directories) or by path (contains '/' or ends in
 * .ini). Names match case-insensitively. On failure err says why; *unreadable is set when
 * no file could be read at all (as opposed to a file with errors). */
Variant *variant_open(const char *name_or_path, char *err, int errlen, bool *unreadable);

/* word as a shell reads it back: as it is when it holds nothing but letters, digits and
 * /._-+,:@, else in single quotes. False (and "") when out cannot hold it whole. */
bool shell_word(const char *word, char *out, size_t len);

/* " --variant PATH" (PATH absolute, quoted for a shell where it must be) when v's file is
 * not the one its name finds, so that a command naming v by its game record (--resume)
 * reaches it; "" when the name finds it, or out does not hold it. */
void variant_path_option(const Variant *v, char *out, size_t len);

/* Restricted mode: from now on variants come only from `dir` (NULL: the installed data
 * directory) and, for a binary run from its build tree, the source tree's; only by name. */
void variant_paths_restrict(const char *dir);

/* Names of all variants found, sorted, first occurrence wins; returns the count. */
int variant_names(char names[][MAX_NAME], int max);

#endif
