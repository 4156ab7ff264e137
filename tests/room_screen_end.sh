#!/bin/sh
# room_screen_end.sh — a room's game ended on real screens in tmux freezes every screen's
# clocks: a draw agreed by two players (Glinski) and by three (Cyclohexane); the clock that
# ran stops where it was, no longer marked as running, on the screens of those who agreed
# and of the others alike. With three, the panels show who agrees to the offer meanwhile.
# The clients run in the private tmux server; the room servers are ended by their PIDs.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

# clocks NAME: the clock rows of the screen's panel ("White  0:11.3 <"), one a line
clocks() { screen_of "$1" | grep -Eo '(White|Black|Red|Yellow|Blue) +[0-9]+:[0-9.:]+( <)?'; }

# frozen NAME WHAT: the screen's clocks read the same twice, 1.5 s apart, and none runs
frozen() {
    clocks "$1" >"$tmp/clocks1"
    sleep 1.5
    clocks "$1" >"$tmp/clocks2"
    tap_ok "$2: the clocks stand still" cmp -s "$tmp/clocks1" "$tmp/clocks2"
    tap_ok "$2: ... none is marked as running" sh -c "! grep -q '<' '$tmp/clocks2'"
    tap_ok "$2: ... and there are clocks" test -s "$tmp/clocks2"
    cmp -s "$tmp/clocks1" "$tmp/clocks2" || sed 's/^/# | /' "$tmp/clocks1" "$tmp/clocks2"
}

# --- two players agree a draw ---------------------------------------------------------------------
start a xterm --room duel glinski --clock 0.5 --name alice --seat White 2>"$tmp/a.err"
wait_for a ">White  alice" >/dev/null
start b xterm --room duel --name bob 2>"$tmp/b.err"
wait_for b "you play Black in room duel" >/dev/null
line a e5
wait_for b "1. e5" >/dev/null
line b e6
wait_for a "e6" >/dev/null
line a draw
wait_for b "White offers a draw" >/dev/null
line b draw
for w in a b; do
    tap_ok "two players: screen $w is told of the draw" wait_for "$w" "draw by agreement"
    frozen "$w" "two players: screen $w"
done
for w in a b; do line "$w" quit; done
for w in a b; do gone "$w" >/dev/null; done

# --- three players agree a draw ------------------------------------------------------------------
start r xterm --room tri cyclohexane --clock 0.5 --name red --seat Red 2>"$tmp/r.err"
wait_for r ">Red" >/dev/null
start y xterm --room tri --name yel --seat Yellow 2>"$tmp/y.err"
wait_for y "you play Yellow in room tri" >/dev/null
start u xterm --room tri --name blu --seat Blue 2>"$tmp/u.err"
wait_for u "you play Blue in room tri" >/dev/null
wait_for r " Blue   blu      here" >/dev/null
line r draw
wait_for u "Red offers a draw" >/dev/null
line y draw
tap_ok "three players: Blue's panel shows that Yellow agrees" wait_for u "Yellow agrees"
tap_ok "... and so does Red's" wait_for r "Yellow agrees"
line u draw
for w in r y u; do
    tap_ok "three players: screen $w is told of the draw" wait_for "$w" "draw by agreement"
    frozen "$w" "three players: screen $w"
done
for w in r y u; do line "$w" quit; done
for w in r y u; do gone "$w" >/dev/null; done

room_check_logs
tap_done
