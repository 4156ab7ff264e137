/* variant_tools.h — command-line tools for variant designers (variant_tools.c). */
#ifndef CELLMATE_VARIANT_TOOLS_H
#define CELLMATE_VARIANT_TOOLS_H

#include <stdbool.h>

/* --check-variant FILE [--lint]: 0 valid (and, with lint, nothing found), 1 invalid, 2
 * unreadable, 3 valid but the linter found something (each finding on standard output). */
int tool_check_variant(const char *path, bool lint);

/* --show-zone NAME --variant V: the zone's cells for each player, drawn; 0, or 1/2 as above. */
int tool_show_zone(const char *variant, const char *zone);

#endif
