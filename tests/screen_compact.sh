#!/bin/sh
# screen_compact.sh — the screen at the small sizes where the status panel gives way to one
# line under the board, or to the message line, in tmux: the rows left free under that line
# show the most needed of the panel's other lines (the note that the board is turned to fit;
# in a room the seats and who is here, an offer on the table, before that note); the clocks
# show whenever one runs, also when the board alone fills the rows above the message line
# (at the sizes the too-small notice names); an earlier position looked at says how the game
# itself stands, which the running clock follows; while the computer thinks the clock in the
# status line or the message line counts on, as in the panel; the too-small notice names the sizes of
# the board as it is drawn now (its cells' names shown take more room) and says so.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

rows_of() { screen_of "$1" | sed 's/ *$//'; }
row_is() { [ "$(row "$1" "$2")" = "$3" ]; }                                 # row_is NAME N TEXT
row_re() { row "$1" "$2" | grep -Eq -- "$3"; }                              # row_re NAME N RE
says() { screen_of "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; } # across wrapped lines

# --- 60x20: the one status line, and the turned note in a free row under it -------------------
sized t 60x20 --clock 5 glinski
wait_for t "White to move | White " >/dev/null
tap_ok "60x20: the one status line (row 16)" row_re t 16 '^White to move \| White [0-9]:[0-9][0-9]< \| Black 5:00$'
tap_ok "... and under it the note that the board is turned to fit" \
    row_is t 17 "turned 30 degrees clockwise to fit"
# the board turned 30 degrees: its rows labelled 5\ and a/
tap_ok "... which it is" shows_re t '^ *5\\ '
quit t

# --- 45x15 and 27x24, the sizes the too-small notice names: the board alone and the clocks -----
sized c 45x15 --clock 5 glinski
wait_for c "move>" >/dev/null
tap_ok "45x15: the message line begins with whose turn it is and the running clock" \
    wait_until row_re c 14 '^White to move \| W [0-9]:[0-9][0-9]< \| '
enter c e5
tap_ok "... after a move the other side's clock runs" \
    wait_until row_re c 14 '^Black to move \| B [0-9]:[0-9][0-9]< \| 1\. e5'
T resize-window -t c -x 27 -y 24
tap_ok "27x24: the running clock too" wait_until row_re c 23 '^Black to move \| B [0-9]:[0-9]'
quit c

# --- the computer thinking: the running clock counts on in the one status line (60x20) and at
# the start of the message line (45x15), as in the panel -----------------------------------
# Black's running clock ("Black 4:59<" or "B 4:59<") as shown; once the computer has moved
# it stops (no "<"), so a change seen is one while it thinks
black_clock() { screen_of "$1" | grep -oE '\| B(lack)? [0-9]+:[0-9][0-9]<' | head -n 1; }
clock_moved() { now=$(black_clock "$1") && [ -n "$now" ] && [ "$now" != "$2" ]; }
counts_down() { [ -n "$2" ] && wait_until clock_moved "$1" "$2"; } # counts_down NAME FIRST
for size in 60x20 45x15; do
    k=k${size%x*}
    sized $k "$size" --clock 60 --ai black glinski
    wait_for $k "White to move" >/dev/null
    enter $k e5
    wait_for $k "thinking" >/dev/null
    first=$(black_clock $k)
    tap_ok "$size, the computer thinking: Black's clock shown running ($first)" test -n "$first"
    tap_ok "... and counting down while it thinks" counts_down $k "$first"
    keys $k Escape
    wait_for $k "White to move" >/dev/null
    quit $k
done

# --- an earlier position: whose turn it is there, and in the game, which the clock follows ------
sized h 80x24 --clock 5 glinski
wait_for h "White to move" >/dev/null
enter h e5
wait_for h "Black to move" >/dev/null
keys h PPage
tap_ok "PgUp: the panel says which position is shown" wait_until shows_re h " the start *$"
tap_ok "... who is to move there" shows_re h "White to move there *$"
tap_ok "... and who is to move in the game, whose clock runs" shows_re h "game: Black to move *$"
tap_ok "... the clock's marker on that side" shows_re h "Black +[0-9]:[0-9][0-9] <"
no_bare_turn() { ! shows_re h '(^| )White to move *$'; }
tap_ok "... and no line says only 'White to move', against the clock" no_bare_turn
T resize-window -t h -x 60 -y 20
tap_ok "60x20: the one status line says so too, with the game's clock" \
    wait_until shows_re h '^the start shown; game: Black to move \| W [0-9]:[0-9][0-9] \| B [0-9]:[0-9][0-9]<$'
quit h

# --- too small: the sizes for the board as it is drawn now, the cells' names shown or not -------
sized n 30x10 glinski
wait_until says n "this terminal is 30x10" >/dev/null
tap_ok "names hidden: 45x15 or 25x24" says n "it needs at least 45x15 or 25x24 (columns x rows)"
keys n F2
tap_ok "F2 (names shown): the sizes for that drawing, and why they changed" \
    wait_until says n "with its cells' names shown (F2 hides them), it needs at least 45x15 or 27x24"
T resize-window -t n -x 26 -y 24
tap_ok "... the same at 26x24" wait_until says n "this terminal is 26x24"
tap_ok "... sizes and all" says n "with its cells' names shown (F2 hides them), it needs at least 45x15 or 27x24"
T resize-window -t n -x 27 -y 24
tap_ok "27x24, names shown: the board is drawn" wait_until hides n "Too small"
keys n F2
wait_until hides n "g10" # (the names gone; at 27x24 the message line cuts "cell names hidden")
T resize-window -t n -x 24 -y 24
tap_ok "names hidden again at 24x24: 45x15 or 25x24" \
    wait_until says n "it needs at least 45x15 or 25x24 (columns x rows); this terminal is 24x24"
enter n rotate
tap_ok "rotate: the sizes of the view turned, and why they changed" \
    wait_until says n "with the view turned by rotate, it needs at least 44x15 or 28x25"
quit n

# --- a room at 60x20: the seats, who is here, and an offer on the table, in the free rows --------
room_win() { # room_win NAME ARGS...: a 60x20 window at a room
    room_win_name=$1
    shift
    window "$room_win_name" 60x20 "env TERM=screen LANG=C.UTF-8 $CELLMATE $*"
}
room_win a --room tiny glinski --name ann --seat White
wait_for a "White to move" >/dev/null
room_win b --room tiny --name bob
wait_for b "White to move" >/dev/null
tap_ok "a room at 60x20: the seats and who is here under the status line" \
    wait_until row_is a 17 ">White ann here | Black bob here"
tap_ok "... on the other screen, its own seat marked" row_is b 17 "White ann here | >Black bob here"
enter a draw
tap_ok "a draw offered: on the other screen in the row under the seats" \
    wait_until row_is b 18 "White offers a draw"
enter b "say thinking"
wait_for a "bob: thinking" >/dev/null
tap_ok "... and still there once the message line says something else" row_is a 18 "White offers a draw"
tap_ok "the turned note gives way to the room's lines (no row for it)" \
    hides a "turned 30 degrees"
quit b
tap_ok "a player leaves: the seat says away" wait_until row_is a 17 ">White ann here | Black bob away"
quit a

tap_done
