#!/bin/sh
# room_script.sh — how scripted room clients (cellmate --batch --room) end and what they are
# told: a line that is no move is refused as one whoever's turn it is (in the local scripted
# mode's words); once the input has ended, a player or watcher leaves when nobody has been at
# the table to move for 20 seconds (but not when they come back, and not while a flag runs
# that will fall; CELLMATE_ROOM_AWAY makes the wait longer for a test that must not outlast
# it); a move waiting for an empty seat says so; a takeback agreed names the moves taken back
# on every player's and watcher's output; a player's --depth bounds its own analyse. The
# rooms that wait the 20 seconds run at once.
# Every client and server is ended by its PID, also when a check fails.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"
# how the others hear a player leave a game without clocks (table.c, table_left)
away_hint=" (should they stay away, 'ai White' after 30 seconds has the computer play for them until they come back)"

# the local scripted mode's words for a line that is no move, without its line number
local_error() {
    printf '%s\n' "$1" | "$CELLMATE" --batch --variant glinski 2>&1 >/dev/null | sed 's/^line 1: //'
}

# opening N ROOM [OPTION...]: alice (White, Qc3) opens ROOM, bob (Black, Qc6) joins; their
# outputs are $tmp/wN and $tmp/bN, their PIDs in white and black
opening() {
    n=$1 room=$2
    shift 2
    player "$tmp/w$n" --room "$room" glinski "$@" --name alice --seat White <<'EOF'
Qc3
EOF
    white=$last_pid
    wait_text "$tmp/w$n" "you play White in room $room" >/dev/null
    player "$tmp/b$n" --room "$room" --name bob <<'EOF'
Qc6
EOF
    black=$last_pid
}

leaving='the input has ended, and nobody has been at the table to move for White for 20 seconds: leaving'

# --- lines that are no move, said at the other side's turn; White leaves at its turn once its
# input has ended, and Black, whose input has ended too, then has nobody to wait for ---------------
player "$tmp/w" --room duo glinski --name w1 --seat White <<EOF
e5
foo
@wait $tmp/b.err hello
Qe3
EOF
w=$last_pid
wait_text "$tmp/w" "you play White in room duo" >/dev/null
player "$tmp/b" --room duo --name b1 <<EOF
@wait $tmp/w.err foo
e6
hello
g6
EOF
b=$last_pid

# --- every line accepted; a watcher whose input has ended ----------------------------------------
opening 2 pair
w2=$white b2=$black

# --- the player who left comes back while Black waits for them, and moves: Black's wait is made
# long (CELLMATE_ROOM_AWAY) so that a loaded machine, slow to start the returning client,
# cannot outlast it; the check is that Black stays for the move, whenever it comes ----------
export CELLMATE_ROOM_AWAY=600
opening 5 again
unset CELLMATE_ROOM_AWAY
w5=$white b5=$black

# --- a clock runs for the side that left: its flag falls, which is waited for ------------------
opening 3 clocked --clock /4
w3=$white b3=$black

wait_text "$tmp/b2" "White left" >/dev/null
player "$tmp/wa2" --room pair --name carol --seat watch </dev/null
wa2=$last_pid
wait_text "$tmp/b5" "White left" >/dev/null
player "$tmp/w5b" --room again --name alice <<'EOF'
@sleep 2
b2
EOF
w5b=$last_pid

finish "$w" 20
tap_eq "White: its bad line gives status 1, and it leaves at its turn" 1 "$?"
finish "$b" 45
tap_eq "Black: its bad line gives status 1, and it leaves once White has been away a while (no hang)" 1 "$?"
tap_eq "a line that is no move at the other side's turn: the local scripted mode's parse error" \
    "line 2: $(local_error foo)" "$(cat "$tmp/w.err")"
tap_eq "... for the other seat too" "line 2: $(local_error hello)" "$(cat "$tmp/b.err")"
tap_ok "Black saw White leave, and says why it leaves" \
    sh -c "grep -qxF \"White left$away_hint\" '$tmp/b' && grep -qxF '$leaving' '$tmp/b'"
tap_ok "... after the last move" grep -qx "2... g6" "$tmp/b"

finish "$b2" 45
tap_eq "a player whose lines were all accepted leaves with status 0" 0 "$?"
finish "$w2"
tap_ok "... once White, to move, has left" \
    sh -c "grep -qxF \"White left$away_hint\" '$tmp/b2' && grep -qxF '$leaving' '$tmp/b2'"
finish "$wa2" 45
tap_eq "a watcher without input, nobody at the table to move: status 0, not a hang" 0 "$?"
tap_ok "... and it says why it leaves" grep -qxF "$leaving" "$tmp/wa2"

finish "$b5" 45
tap_eq "White back while Black waits: Black stays for its move, then leaves (status 0)" 0 "$?"
for p in $w5 $w5b; do finish "$p"; done
tap_ok "... having seen White come back and move" \
    sh -c "grep -qx 'White is back' '$tmp/b5' && grep -qx '2. b2' '$tmp/b5'"
tap_ok "... not said to leave for nobody at the table" sh -c "! grep -q 'nobody' '$tmp/b5'"

finish "$b3" 30
tap_eq "with a clock: Black ends with the game (status 0)" 0 "$?"
finish "$w3"
tap_ok "... having waited for White's flag" \
    grep -qx "result 0-1: Black wins by time forfeit" "$tmp/b3"
tap_ok "... not said to leave for nobody at the table" sh -c "! grep -q 'nobody' '$tmp/b3'"

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
tap_ok "takeback: the room's record no longer has them" record_has -x "1. Qc3 \*" "$ROOMS/back.pgn"

# --- a move that waits for a seat nobody has taken says so, in a line of its own -----------------
player "$tmp/lone" --room lone glinski --name alice --seat White <<'EOF'
Qc3
quit
EOF
lone=$last_pid
tap_ok "a move waiting for the other player says so" \
    wait_text "$tmp/lone" "waiting for Black: the game begins when every seat is taken"
player "$tmp/lone2" --room lone --name bob --seat Black <<'EOF'
Qc6
quit
EOF
finish "$last_pid"
finish "$lone"
tap_ok "... and is played once they come" grep -qx "1. Qc3" "$tmp/lone"
tap_eq "... said once" 1 "$(grep -c '^waiting for' "$tmp/lone")"
tap_ok "... never to the player who completes the table" sh -c "! grep -q '^waiting' '$tmp/lone2'"
player "$tmp/tri" --room trio cyclohexane --name red --seat Red <<'EOF'
Sa1
quit
EOF
tap_ok "three players: every empty seat is named" \
    wait_text "$tmp/tri" "waiting for Yellow and Blue: the game begins when every seat is taken"
end_pid "$last_pid"

# --- the player's own --depth bounds its analyse, as outside rooms (the room's computer is
# the room's) ---------------------------------------------------------------------------------
player "$tmp/d" --room deep glinski --name dee --depth 2 <<'EOF'
analyse
quit
EOF
finish "$last_pid"
tap_ok "--depth 2: a room player's analyse goes 2 plies deep ..." \
    grep -q '^analyse: best .* (depth 2, ' "$tmp/d"
tap_ok "... and no deeper" sh -c "! grep -q '^depth 3 ' '$tmp/d'"

room_check_logs
tap_done
