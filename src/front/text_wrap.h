/* text_wrap.h — lines of text broken at blanks to fit a width: the screen's panel, message
 * line and pages, and the questions asked on the terminal before the screen starts. Widths
 * are terminal columns as the locale's wcwidth gives them (in a UTF-8 locale an accented
 * letter takes one, a CJK character or an emoji two, a combining mark none); a character's
 * bytes are never split. */
#ifndef CELLMATE_TEXT_WRAP_H
#define CELLMATE_TEXT_WRAP_H

#include <stddef.h>

#define WRAP_LINE 512 /* bytes of one line out, with its terminator */

/* Break each of the n lines at blanks (a word longer than the width anywhere between two
 * characters) into out (at most max lines), continuation lines starting with `indent`
 * blanks; returns how many. */
int text_wrap(char *const *lines, int n, char (*out)[WRAP_LINE], int max, int width, int indent);

/* The columns s takes (a byte that is no character of the locale: one). */
int text_columns(const char *s);

/* How many bytes from the start of s fit in `width` columns, whole characters only. */
size_t text_fit(const char *s, int width);

/* The columns of the first `bytes` bytes of s (a character they cut: its columns count). */
int text_columns_n(const char *s, size_t bytes);

/* How many bytes at the end of the first `bytes` bytes of s fit in `width` columns, whole
 * characters only: what a line scrolled to keep its cursor (at `bytes`) in sight shows. */
size_t text_fit_end(const char *s, size_t bytes, int width);

/* s in exactly `width` columns, for a column of a table: its whole characters that fit,
 * then blanks (printf's "%-8.8s" counts bytes, and cuts a character in two). */
void text_pad(char *out, size_t len, const char *s, int width);

#endif
