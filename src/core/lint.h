/* lint.h — what a variant file says that is legal but almost surely wrong (cellmate
 * --check-variant --lint; cellmate-variants(5), LINT). */
#ifndef CELLMATE_LINT_H
#define CELLMATE_LINT_H

#include "variant.h"

/* Called once per finding with a one-line message. */
typedef void (*LintReport)(void *ctx, const char *message);

/* Check a loaded variant; returns the number of findings. */
int variant_lint(const Variant *v, LintReport report, void *ctx);

#endif
