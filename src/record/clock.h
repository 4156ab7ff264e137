/* clock.h — chess clocks: a time control (minutes with an increment, or a time per move),
 * each player's time left, the one that runs, and a flag that falls. The clock knows nothing
 * of the game: the session presses it after a move and asks it whose flag fell. Times are
 * milliseconds; "now" is the program's clock for durations, in seconds (steady_now). */
#ifndef CELLMATE_CLOCK_H
#define CELLMATE_CLOCK_H

#include "steady.h"
#include "variant.h"

#include <stdbool.h>
#include <stddef.h>

enum clock_kind {
    CLOCK_NONE, /* no clock */
    CLOCK_GAME, /* base_ms for the game, inc_ms added after each move */
    CLOCK_MOVE  /* base_ms for every move; time not used is not kept */
};

typedef struct {
    int kind;
    long base_ms, inc_ms;
} TimeControl;

#define CLOCK_MAX_MINUTES 600  /* a game of at most ten hours */
#define CLOCK_MAX_SECONDS 3600 /* an increment or a time per move of at most an hour */
#define CLOCK_TEXT_MAX    24

/* "10+5" (minutes, seconds of increment), "3" (minutes), "/30" (seconds per move); minutes
 * may have decimals ("0.5+1"). False with a message in err for anything else. */
bool tc_parse(const char *text, TimeControl *tc, char *err, int errlen);

/* The PGN TimeControl tag: "600+5", "180", "1/30" (per move), "-" (none). Reading accepts
 * those forms; "?" and forms with several periods read as no clock (false). */
void tc_to_pgn(const TimeControl *tc, char *out, size_t len);
bool tc_from_pgn(const char *text, TimeControl *tc);

/* "10+5", "3", "/30": the time control as --clock takes it. */
void tc_describe(const TimeControl *tc, char *out, size_t len);

typedef struct {
    TimeControl tc;
    int nplayers;
    long left[MAX_PLAYERS]; /* time left when the running clock was started */
    int running;            /* the player whose clock runs, -1 when stopped */
    double since;           /* when it started running (steady_now) */
} Clock;

/* Every player gets the starting time; no clock runs. */
void clock_reset(Clock *c, const TimeControl *tc, int nplayers);

/* Start player p's clock (stopping any other; a stopped clock just starts). With a time per
 * move, p's time is set to the full allowance. */
void clock_run(Clock *c, int p, double now);

/* Stop the running clock, charging the time used. */
void clock_stop(Clock *c, double now);

/* The running player moved: charge the time used and add the increment (or, per move, set
 * the next allowance); the clock stops. Returns that player's time left (ms, >= 0), or -1
 * when no clock ran. */
long clock_press(Clock *c, double now);

/* Time left for p now (ms; 0 once the flag fell). */
long clock_left(const Clock *c, int p, double now);

/* The player whose flag has fallen (the running one, out of time), or -1. */
int clock_flag(const Clock *c, double now);

/* The seconds p may think now and still have time (a half of a move's allowance; a thirtieth
 * of the game's time left and half the increment, never more than half the time left), at
 * least 0.05; 0 without a clock. */
double clock_think_share(const Clock *c, int p, double now);

/* Milliseconds until the running flag falls (for a poll timeout), or -1 when none runs. */
long clock_until_flag(const Clock *c, double now);

/* "9:41", "1:05:00", and under twenty seconds "0:07.3": for the screen (rounded down). */
void clock_format(long ms, char *out, size_t len);

/* The same reading in the form of a record's [%clk] comment: "0:09:41", and under twenty
 * seconds "0:00:07.3" (rounded down as on the screen: a record never credits a player with
 * time the screen did not show); and back (false if malformed). */
void clock_format_clk(long ms, char *out, size_t len);
bool clock_parse_clk(const char *text, long *ms);

#endif
