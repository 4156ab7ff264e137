/* suspend.h — a local game stands still while cellmate is stopped (Ctrl-Z). */
#ifndef CELLMATE_SUSPEND_H
#define CELLMATE_SUSPEND_H

/* From now on, the time from a stop (SIGTSTP) to the continue is taken off the program's
 * clock (steady_skip): neither the game's clocks nor the computer's thinking time run on
 * while nobody sees the board. The stop itself is whatever it was before (the screen's: the
 * terminal restored first). Not for a room's game, whose clocks run on for the others, nor
 * for restricted mode, where a stop is ignored. Once is enough; again does nothing. */
void suspend_keeps_time(void);

#endif
