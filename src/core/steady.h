/* steady.h — the program's one clock for durations (the game's clocks, the computer's
 * thinking time, perft's rate, the screen's timers). */
#ifndef CELLMATE_STEADY_H
#define CELLMATE_STEADY_H

/* Monotonic seconds, less the time the front end said the program stood stopped: a local
 * game suspended with Ctrl-Z stands still. */
double steady_now(void);

/* The program is about to stop: the clock stands still from now until steady_stop_end,
 * which takes the time between off it for good. Both are safe in a signal handler. */
void steady_stop_begin(void);
void steady_stop_end(void);

#endif
