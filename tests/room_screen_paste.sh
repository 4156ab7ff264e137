#!/bin/sh
# room_screen_paste.sh — many chat lines pasted at once into a room's screen, in tmux: they go
# out at the room's pace while the screen goes on (a move typed after them is played at once,
# and the panel counts the lines still waiting), and every one reaches the other player, in
# order. Past the lines a screen keeps waiting, a line is refused and the panel says so; quitting
# with lines waiting says how many were not sent.
# Every client runs in the private tmux server or as a scripted player; the room servers are
# ended by their PIDs.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
. "$TESTS_DIR/room_lib.sh"
export CELLMATE_VARIANTS="$VARIANTS_DIR"
trap 'T kill-server 2>/dev/null; room_cleanup' EXIT

# paste NAME PREFIX FROM TO: lines "say PREFIX NN" pasted into the window at once
paste() {
    i=$3
    while [ "$i" -le "$4" ]; do
        printf 'say %s %02d\n' "$2" "$i"
        i=$((i + 1))
    done >"$tmp/paste"
    T load-buffer -b chat "$tmp/paste" && T paste-buffer -d -b chat -t "$1"
}
# heard PREFIX: the lines of alice's with PREFIX bob has heard, as "NN NN ..."
heard() { sed -n "s/^alice: $1 \([0-9]*\)\$/\1/p" "$tmp/bob" | tr '\n' ' ' | sed 's/ $//'; }

# (cellmate's own stderr in the window goes to a.err, read after it quits)
start a xterm --room paste glinski --name alice --seat White "2>$tmp/a.err"
wait_for a ">White  alice    here" >/dev/null
player "$tmp/bob" --room paste --name bob --seat Black <<EOF2
@wait $tmp/never never
@wait $tmp/never never
EOF2
wait_for a "bob takes Black" >/dev/null # (and stays two minutes, hearing everything)

# --- 50 lines pasted, then a move: the move does not wait for the chat ----------------------------
# (the room takes 15 at once from a client, then under 2 a second: the rest take about 20 s)
paste a "pasted line" 1 50
enter a Qc3
tap_ok "a move typed after 50 pasted chat lines is played" wait_text "$tmp/bob" "1. Qc3" 30
early=$(heard "pasted line" | wc -w)
tap_ok "... before the chat has all gone out (bob had heard $early of 50 lines)" test "$early" -lt 50
tap_ok "... and the screen shows it meanwhile" wait_for a "1. Qc3"
tap_ok "... its panel counting the lines still waiting" shows_re a "[0-9]+ lines? waits? to go"
tap_ok "every pasted line reaches the other player" wait_text "$tmp/bob" "alice: pasted line 50" 60
want=$(i=1; while [ $i -le 50 ]; do printf '%02d ' $i; i=$((i + 1)); done | sed 's/ $//')
tap_eq "... once each, in the order pasted" "$want" "$(heard "pasted line")"
tap_ok "... and the panel's count is gone" wait_until sh -c "! tmux -L '$sock' -f /dev/null capture-pane -p -t a | grep -q 'to go'"

# --- more lines than a screen keeps waiting: the rest are refused, and the player told ---------------
paste a flood 1 90
# (the message line says why as each is refused, but alice's own chat coming back replaces
# it within a second: the panel keeps the count; unit_room_client checks the count itself)
tap_ok "lines past the 60 waiting are refused, the panel counting them" \
    wait_until shows_re a "[0-9]+ lines not sent"
tap_ok "... and those waiting" shows_re a "[0-9]+ lines wait to go"
got=$(heard flood | wc -w)
tap_ok "... and what went out so far is the first lines, in order ($got of them)" \
    test "$(heard flood)" = "$(i=1; while [ $i -le "$got" ]; do printf '%02d ' $i; i=$((i + 1)); done | sed 's/ $//')"
line a quit
gone a >/dev/null
tap_ok "quitting with lines waiting says how many were not sent" \
    grep -Eq '^cellmate: [0-9]+ lines? waiting to go to room paste (was|were) not sent$' "$tmp/a.err"
room_check_logs
tap_done
