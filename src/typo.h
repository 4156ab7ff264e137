/* typo.h — whether a word is one slip of the fingers away from another (a command typed
 * "quti" or "hlep"), so that a refusal can name what was meant. */
#ifndef CELLMATE_TYPO_H
#define CELLMATE_TYPO_H

#include <stdbool.h>

/* True when typed differs from word by exactly one letter changed, added, dropped, or two
 * neighbours swapped, without regard to case. */
bool typo_one_slip(const char *typed, const char *word);

#endif
