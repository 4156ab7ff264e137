#!/bin/sh
# room_keep.sh — where a room's games last: its record and finished games in the state
# directory ($XDG_STATE_HOME/cellmate/rooms), which a logout or reboot leaves alone, and only
# its socket and lock in the runtime directory, which they wipe; a room an earlier cellmate
# kept in the runtime directory is still listed, and moved, finished games and all, when it
# is next joined. Every server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start
export XDG_STATE_HOME="$tmp/state" # (room_lib.sh keeps both in one place; here they part)
KEEP="$XDG_STATE_HOME/cellmate/rooms"

# --- a room's games go to the state directory ---------------------------------------------------
printf 'ai Black\nresign\nnew\nquit\n' |
    timeout 30 "$CELLMATE" --batch --room k1 glinski --name alice >"$tmp/k1" 2>&1
tap_eq "a game against the computer, resigned, and the next begun (status 0)" 0 "$?"
tap_ok "the finished game is kept in the state directory, and the player told where" \
    sh -c "grep -qx 'a new game begins; the last one is kept in $KEEP/k1.1.pgn' '$tmp/k1' && grep -q 'Termination \"resignation\"\\|1-0\\|0-1' '$KEEP/k1.1.pgn'"
tap_ok "... the room's record too" record_has -x '\[White "alice"\]' "$KEEP/k1.pgn"
tap_ok "... while the runtime directory holds its socket and lock, and no game" \
    sh -c "test -S '$ROOMS/k1.sock' && test -f '$ROOMS/k1.pid' && ! ls '$ROOMS'/*.pgn 2>/dev/null"

# --- a room an earlier cellmate kept in the runtime directory ----------------------------------
u=$(id -u)
{
    printf '[Event "cellmate room old"]\n[Variant "glinski"]\n[White "alice"]\n[Black "bob"]\n'
    printf '[Result "*"]\n[RoomUsers "%s %s"]\n\n1. Qc3 *\n' "$u" "$u"
} >"$ROOMS/old.pgn"
echo "an old finished game" >"$ROOMS/old.3.pgn"
"$CELLMATE" --rooms >"$tmp/rooms" 2>&1
tap_ok "--rooms lists a room still in the old place" grep -q "^old: glinski, move 1, Black to move" "$tmp/rooms"
tap_eq "... and each room once" "k1 old" "$(sed -n 's/^\([^:]*\): .*/\1/p' "$tmp/rooms" | tr '\n' ' ' | sed 's/ $//')"
printf 'quit\n' | timeout 30 "$CELLMATE" --batch --room old --name bob >"$tmp/old" 2>&1
tap_ok "joining it finds the game where it was" grep -q "you play Black in room old" "$tmp/old"
tap_ok "... and it is moved to the state directory, its moves and players kept" \
    sh -c "grep -q '^1\. Qc3' '$KEEP/old.pgn' && grep -qx '\[Black \"bob\"\]' '$KEEP/old.pgn'"
tap_ok "... with its finished games" grep -qx "an old finished game" "$KEEP/old.3.pgn"
tap_ok "... nothing of the games left in the runtime directory" \
    sh -c "! test -e '$ROOMS/old.pgn' && ! test -e '$ROOMS/old.3.pgn'"
"$CELLMATE" --rooms >"$tmp/rooms" 2>&1
tap_ok "... and --rooms still lists it" grep -q "^old: glinski, move 1, Black to move" "$tmp/rooms"

# --- an old-place record beside the room's record: it stays, and the player is told -----------
{
    printf '[Event "cellmate room dup"]\n[Variant "glinski"]\n[White "alice"]\n[Black "bob"]\n'
    printf '[Result "*"]\n[RoomUsers "%s %s"]\n\n1. Qc3 *\n' "$u" "$u"
} >"$ROOMS/dup.pgn"
cp "$ROOMS/dup.pgn" "$tmp/dup.old"
sed "s/1\\. Qc3/1. Qd2/" "$ROOMS/dup.pgn" >"$KEEP/dup.pgn"
"$CELLMATE" --rooms >"$tmp/rooms" 2>"$tmp/rooms.err"
tap_eq "--rooms with an old-place record beside the room's (status 0)" 0 "$?"
tap_ok "... tells which older file stays where, and which is the room's record" \
    grep -qF "cellmate: room dup: an older record of it, kept by an earlier cellmate, stays in $ROOMS/dup.pgn, since $KEEP/dup.pgn is the room's record now" "$tmp/rooms.err"
printf 'quit\n' | timeout 30 "$CELLMATE" --batch --room dup --name bob >"$tmp/dup" 2>&1
tap_ok "joining the room plays the state directory's game" \
    sh -c "grep -q 'you play Black in room dup' '$tmp/dup' && grep -q '^1\\. Qd2' '$KEEP/dup.pgn'"
tap_ok "... its log names the older file that stays" \
    grep -qF "stays in $ROOMS/dup.pgn, since $KEEP/dup.pgn" "$KEEP/dup.log"
tap_ok "... which is left as it was" cmp -s "$ROOMS/dup.pgn" "$tmp/dup.old"

# --- one room, two runtime directories, one state directory -----------------------------------
# (an ssh login without XDG_RUNTIME_DIR beside a desktop session: two servers of one record
# would each rewrite it, and one game's moves would be lost)
RUN2="$tmp/run2"
mkdir -p -m 700 "$RUN2"
room_dirs="$room_dirs $RUN2/cellmate/rooms"
player "$tmp/twin" --room twin glinski --name alice <<EOF
ai Black
Qc3
@wait $tmp/twin-go go
b2
@wait $tmp/twin 2. b2
quit
EOF
twin=$last_pid
wait_text "$tmp/twin" "1... " >/dev/null
printf 'quit\n' | XDG_RUNTIME_DIR="$RUN2" timeout 30 "$CELLMATE" --batch --room twin --name bob >"$tmp/twin2" 2>&1
tap_ok "a second session's client, with another runtime directory, is refused (status not 0)" test "$?" -ne 0
tap_ok "... told that another session of theirs serves the room" \
    grep -q "room twin is being served by another cellmate session of yours, from another runtime directory (server pid [0-9]*, $ROOMS); join it from that session" "$tmp/twin2"
tap_ok "... and no server of the room runs from its runtime directory" \
    sh -c "! test -S '$RUN2/cellmate/rooms/twin.sock'"
echo go >"$tmp/twin-go"
finish "$twin"
tap_eq "the first session's game goes on (status 0)" 0 "$?"
tap_ok "... its record keeps all its moves" \
    sh -c "grep -q '^1\\. Qc3' '$KEEP/twin.pgn' && grep -q '2\\. b2' '$KEEP/twin.pgn'"

room_check_logs
tap_done
