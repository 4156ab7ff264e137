/* text_wrap.c — lines of text broken at blanks to fit a width (see text_wrap.h). */
#include "text_wrap.h"

#include <stdio.h>
#include <string.h>

int text_wrap(char *const *lines, int n, char (*out)[WRAP_LINE], int max, int width, int indent)
{
    int m = 0;
    for (int i = 0; i < n && m < max; i++) {
        const char *p = lines[i];
        if (!*p) {
            out[m++][0] = 0;
            continue;
        }
        while (*p && m < max) {
            int len = (int)strlen(p), take = len;
            int room = p == lines[i] ? width : width - indent;
            if (take > room) {
                take = room;
                while (take > 0 && p[take] != ' ') take--;
                if (take <= 0) take = room;
            }
            snprintf(out[m++], WRAP_LINE, "%*s%.*s", p == lines[i] ? 0 : indent, "", take, p);
            p += take;
            while (*p == ' ') p++;
        }
    }
    return m;
}
