#!/bin/sh
# screen_suspend.sh — a local game stands still while cellmate is stopped (Ctrl-Z, then fg):
# the computer's thinking time and the game's clocks do not run on while nobody sees the
# board, on the screen and in the scripted mode. cellmate runs in an interactive shell in
# tmux, which stops and continues it as a user's shell does (job control).
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

shell() { # shell NAME: an interactive shell in a 100x30 window
    window "$1" 100x30 \
        "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 PS1='$ ' sh -i"
}
stop_a_while() { # stop_a_while NAME SECONDS: Ctrl-Z, the shell says so, then fg after SECONDS
    keys "$1" C-z
    wait_for "$1" "Stopped" >/dev/null
    sleep "$2"
    enter "$1" fg
}

# --- on the screen: the computer's thinking, then the clocks ---------------------------------
shell s
enter s "$CELLMATE --no-save --time 2 glinski"
wait_for s "White to move" >/dev/null
enter s hint
wait_for s "looking for a hint (a key stops it)" >/dev/null
stop_a_while s 4
tap_ok "stopped 4 s while looking for a hint for 2 s: it thinks its 2 s, the stop not counted" \
    wait_until shows_re s "hint: .* nodes, 2\.[0-4] s"
enter s quit
shell c
enter c "$CELLMATE --no-save --clock 1 glinski"
wait_for c "White to move" >/dev/null
stop_a_while c 5
tap_ok "stopped 5 s with a minute on White's clock, running: the clock stood still meanwhile" \
    wait_until shows_re c "White +0:5[6-9] <"
enter c quit

# --- the scripted mode: the hint's time -------------------------------------------------------
shell b
enter b "echo hint | $CELLMATE --batch --time 4 glinski"
sleep 1.5 # (the search under way: it starts within a few hundredths of a second)
stop_a_while b 3
tap_ok "scripted: stopped 3 s while the hint thinks for 4 s: it thinks its 4 s" \
    wait_until shows_re b "hint: .* nodes, 4\.[0-4] s"

tap_done
