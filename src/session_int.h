/* session_int.h — what the session's files share: session.c (state, the command table, input
 * lines), session_files.c (saves and loads), session_think.c (the computer) and
 * session_perft.c (perft). */
#ifndef CELLMATE_SESSION_INT_H
#define CELLMATE_SESSION_INT_H

#include "session.h"

/* a line to out's normal output; one to its errors, returning false (for `return complain`) */
void session_say(Sink *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool session_complain(Sink *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the front end's hook after the game changed (redraw, save) */
void session_notify_changed(Session *s);
void session_report_end(Session *s, Sink *out);
void session_mark_computer(Session *s);
/* false with a complaint when a command that takes nothing got something */
bool session_no_args(const char *args, const char *name, Sink *out);
bool session_played(Session *s, Sink *out);
/* the side named (any case), or -1 with a complaint listing the sides */
int session_side_named(Session *s, const char *name, const char *what, Sink *out);
/* whether new or load (verb) may replace the game in play; what to tell the player in note */
bool session_may_replace(Session *s, const char *verb, char *note, size_t len);
/* commands of the table that live in session_files.c, session_think.c and session_perft.c */
bool cmd_save(Session *s, const char *args, Sink *out);
bool cmd_go(Session *s, const char *args, Sink *out);
bool cmd_ai(Session *s, const char *args, Sink *out);
bool cmd_level(Session *s, const char *args, Sink *out);
bool cmd_hint(Session *s, const char *args, Sink *out);
bool cmd_analyse(Session *s, const char *args, Sink *out);
/* and in session_perft.c */
bool cmd_perft(Session *s, const char *args, Sink *out);

#endif
