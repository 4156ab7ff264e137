/* text_wrap.h — lines of text broken at blanks to fit a width: the screen's panel, message
 * line and pages, and the questions asked on the terminal before the screen starts. */
#ifndef CELLMATE_TEXT_WRAP_H
#define CELLMATE_TEXT_WRAP_H

#define WRAP_LINE 512 /* bytes of one line out, with its terminator */

/* Break each of the n lines at blanks (a word longer than the width anywhere) into out (at
 * most max lines), continuation lines starting with `indent` blanks; returns how many. */
int text_wrap(char *const *lines, int n, char (*out)[WRAP_LINE], int max, int width, int indent);

#endif
