#!/bin/sh
# room_hint.sh — a room player's own hint on the screen: it thinks for the player's --time
# (not the default 5 s); chat heard while it thinks is not carried into the next thinking
# (begun at once by keys typed ahead); a takeback of the room while it thinks stops it and
# drops its lines, of a position no longer on the board; the other's offer of the next game
# made while it thinks shows, and the game begins once this player agrees; the room's server
# stopped while it thinks is said, and stays said after its lines (the message set under the
# thinking's lock, as the room's other words).
# The screen runs in the private tmux server, wide enough for a long message on its message
# line; the other player is a scripted client; the room's server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

wait_re() { # wait_re NAME RE: until the screen shows a line matching RE (up to 15 s)
    i=0
    while [ $i -lt 150 ]; do
        shows_re "$1" "$2" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    screen_of "$1" | sed 's/^/# | /'
    return 1
}

window a 320x40 "env TERM=xterm HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 \
$CELLMATE --room hint glinski --name alice --seat White --time 60 2>$tmp/a.err"
wait_for a ">White  alice    here" >/dev/null
player "$tmp/b" --room hint --name bob --seat Black <<EOF
@wait $tmp/say1 go
say hello-one
Qc6
@wait $tmp/undo go
undo
Qc6
@wait $tmp/new go
resign
new
@wait $tmp/never never
EOF
bob=$last_pid
wait_for a " Black  bob      here" >/dev/null

# --- --time: the hint thinks as long as the player said ----------------------------------------
enter a hint
wait_for a "looking for a hint (a key stops it)" >/dev/null
tap_ok "--time 60: the room player's hint has a minute to think, not 5 s" \
    wait_re a "looking for a hint .*, (60|5[0-9])\.[0-9] s left" # (waited: the time left comes with a later frame)
keys a Escape
tap_ok "a key stops it, and the hint shows" wait_for a "hint: "

# --- chat heard while it analyses is said then, and not again after the next thinking --------
enter a analyse
wait_for a "analysing (a key stops it)" >/dev/null
echo go >"$tmp/say1"
tap_ok "chat heard while it analyses shows" wait_for a "bob: hello-one"
line a hint # ('h' stops the analysis; the rest of the line is read at once: a hint begins)
wait_for a "looking for a hint (a key stops it)" >/dev/null
keys a Escape
wait_for a "hint: " >/dev/null
tap_ok "... and is not carried into the next thinking's message" hides a "hello-one"

# --- a takeback while the hint thinks: it stops, and its lines (of a position no longer on the
# board) are dropped, which the message says --------------------------------------------------
line a Qc3
wait_for a "1. Qc3     Qc6" >/dev/null
enter a undo
wait_for a "White asks to undo" >/dev/null
enter a hint
wait_for a "looking for a hint (a key stops it)" >/dev/null
echo go >"$tmp/undo"
tap_ok "a takeback agreed while the hint thinks stops it: its lines are dropped, and said to be" \
    wait_for a "the hint dropped: the room took moves back or began a new game meanwhile"
tap_ok "... none of them shown" hides a "hint: "

# --- the other's resignation and offer of the next game while the hint thinks: the offer shows,
# and the next game begins once this player agrees (a new game needs every player's word) ----
line a Qc3
wait_for a "1. Qc3     Qc6" >/dev/null
enter a hint
wait_for a "looking for a hint (a key stops it)" >/dev/null
echo go >"$tmp/new"
tap_ok "the other's offer of the next game, made while the hint thinks, shows" \
    wait_for a "Black offers new game"
keys a Escape
tap_ok "... and no new game begins on it" hides a "a new game begins"
enter a new
tap_ok "... this player agrees: the new game begins" wait_for a "a new game begins"

# --- the room's server stopped while the hint thinks: said then, and still once it has ended ----
enter a hint
wait_for a "looking for a hint (a key stops it)" >/dev/null
end_pid "$(room_server hint)"
tap_ok "the room's server stopped while the hint thinks: the panel says so" \
    wait_for a "DISCONNECTED from hint"
keys a Escape
tap_ok "... and once the hint has ended, the message says why, and the hint" \
    wait_re a "the room's server was stopped; the board shows .*; hint: "

end_pid "$bob"
quit a
room_check_logs
tap_done
