#!/bin/sh
# room_script.sh — what scripted room clients (cellmate --batch --room) are told: a line that
# is no move is refused as one whoever's turn it is (in the local scripted mode's words); a
# takeback agreed names the moves taken back on every player's and watcher's output.
# Every client and server is ended by its PID, also when a check fails.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"

# the local scripted mode's words for a line that is no move, without its line number
local_error() {
    printf '%s\n' "$1" | "$CELLMATE" --batch --variant glinski 2>&1 >/dev/null | sed 's/^line 1: //'
}

# --- lines that are no move, said at the other side's turn ---------------------------------------
player "$tmp/w" --room duo glinski --name w1 --seat White <<EOF
e5
foo
@wait $tmp/b.err hello
Qe3
quit
EOF
w=$last_pid
wait_text "$tmp/w" "you play White in room duo" >/dev/null
player "$tmp/b" --room duo --name b1 <<EOF
@wait $tmp/w.err foo
e6
hello
g6
quit
EOF
b=$last_pid
finish "$w" 20
tap_eq "White: its bad line gives status 1" 1 "$?"
finish "$b" 20
tap_eq "Black: its bad line gives status 1" 1 "$?"
tap_eq "a line that is no move at the other side's turn: the local scripted mode's parse error" \
    "line 2: $(local_error foo)" "$(cat "$tmp/w.err")"
tap_eq "... for the other seat too" "line 2: $(local_error hello)" "$(cat "$tmp/b.err")"
tap_ok "... and the next lines are played" grep -qx "2... g6" "$tmp/b"

# --- a takeback agreed names the moves taken back, on the players' and a watcher's output -----
player "$tmp/w4" --room back glinski --name alice --seat White <<EOF
Qc3
b2
@wait $tmp/w4 Black asks to take back a move
undo
@wait $tmp/w4 the takeback is agreed
quit
EOF
w4=$last_pid
wait_text "$tmp/w4" "you play White in room back" >/dev/null
player "$tmp/wa4" --room back --name carol --seat watch <<EOF
@wait $tmp/wa4 took back
quit
EOF
wa4=$last_pid
player "$tmp/b4" --room back --name bob --seat Black <<EOF
Qc6
@wait $tmp/b4 2. b2
@wait $tmp/wa4 2. b2
undo
@wait $tmp/b4 the takeback is agreed
quit
EOF
b4=$last_pid
for p in $b4 $w4 $wa4; do finish "$p"; done
for who in w4 b4 wa4; do
    tap_ok "takeback: $who is told which moves were taken back" \
        grep -qx "the takeback is agreed: took back 1... Qc6, 2. b2" "$tmp/$who"
done
tap_ok "takeback: the room's record no longer has them" grep -qx "1. Qc3 \*" "$ROOMS/back.pgn"

room_check_logs
tap_done
