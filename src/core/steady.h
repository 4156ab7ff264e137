/* steady.h — the program's one clock for durations (the game's clocks, the computer's
 * thinking time, perft's rate, the screen's timers). */
#ifndef CELLMATE_STEADY_H
#define CELLMATE_STEADY_H

/* Monotonic seconds, less the time the front end said the program stood stopped
 * (steady_skip): a local game suspended with Ctrl-Z stands still. */
double steady_now(void);

/* Take `seconds` off steady_now from now on. Safe in a signal handler. */
void steady_skip(double seconds);

#endif
