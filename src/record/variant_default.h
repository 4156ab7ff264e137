/* variant_default.h — which variant a game starts with when none is named: data, not code
 * (the file `default` beside the variant files holds its name), so that no variant's name is
 * written into the program. */
#ifndef CELLMATE_VARIANT_DEFAULT_H
#define CELLMATE_VARIANT_DEFAULT_H

#include <stdbool.h>
#include <stddef.h>

/* The default variant's name, from the first `default` file of the variant directories;
 * without one, the first variant by name. False when there is no variant at all. */
bool variant_default_name(char *out, size_t len);

#endif
