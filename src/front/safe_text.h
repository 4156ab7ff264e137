/* safe_text.h — text from a file or a peer (a game record's tags and comments, a move as
 * typed, a name, a variant's title) made safe to print on a terminal: every control
 * character is shown instead of sent, so that no escape sequence in a file can move the
 * cursor, retitle the window or answer back. Tabs stay. C0 controls and DEL are shown in
 * caret notation as ncurses and cat -v show them (ESC as ^[, DEL as ^?); C1 controls (U+0080
 * to U+009F) and bytes that are not UTF-8 as \xNN; the bidirectional formatting characters
 * (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) as \uNNNN. Every line the program prints
 * outside ncurses that may hold such text goes through here. */
#ifndef CELLMATE_SAFE_TEXT_H
#define CELLMATE_SAFE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* s written to f, shown safely; a newline is kept only when keep_newlines. */
void safe_fputs(const char *s, bool keep_newlines, FILE *f);

/* printf to f, the whole result shown safely (newlines kept). */
void safe_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* s shown safely into out (len bytes, always terminated; cut at a whole character). Returns
 * whether it all fitted. */
bool safe_text(const char *s, char *out, size_t len);

/* line past the UTF-8 byte order mark that some editors (Notepad) write at the start of a
 * file: invisible, and no part of the first line's move or command (nor of its length, which
 * a reader of lines limits: such a reader keeps BOM_BYTES more of its first line). */
const char *text_after_bom(const char *line);
enum { BOM_BYTES = 3 };

#endif
