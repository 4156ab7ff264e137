/* typo.c — one slip of the fingers between two words (see typo.h). One edit is enough to
 * tell a mistyped command: two would make moves and names look like commands. */
#include "typo.h"

#include <ctype.h>
#include <string.h>

static bool same(char a, char b)
{
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* Whether a and b agree from where they first differ on, once each skips its own count. */
static bool rest_same(const char *a, size_t skip_a, const char *b, size_t skip_b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la < skip_a || lb < skip_b || la - skip_a != lb - skip_b) return false;
    for (size_t i = 0; i < la - skip_a; i++)
        if (!same(a[skip_a + i], b[skip_b + i])) return false;
    return true;
}

bool typo_one_slip(const char *typed, const char *word)
{
    size_t i = 0;
    while (typed[i] && word[i] && same(typed[i], word[i])) i++;
    if (!typed[i] && !word[i]) return false; /* the same word: no slip */
    const char *t = typed + i, *w = word + i;
    if (rest_same(t, 1, w, 1) || rest_same(t, 1, w, 0) || rest_same(t, 0, w, 1)) return true;
    return t[0] && t[1] && w[0] && w[1] && same(t[0], w[1]) && same(t[1], w[0]) &&
           rest_same(t, 2, w, 2);
}
