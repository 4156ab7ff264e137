#!/bin/sh
# room_files.sh — the room directory does not fill up: a room's server removes the temporary
# files that servers killed while writing a record left behind (their process gone, a minute
# old), and leaves those still being written; a room's log keeps its newest 256 KB at most.
# Every server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

# --- leftover temporary files of killed servers go; those being written stay ---------------------
# (999999999 is past any PID Linux gives: that writer is gone)
: >"$ROOMS/t1.pgn.tmp.999999999.AbCdEf"
: >"$ROOMS/other.3.pgn.tmp.999999999.GhIjKl"
: >"$ROOMS/t1.pgn.tmp.999999999.young1"
: >"$ROOMS/t1.pgn.tmp.$$.MnOpQr"
touch -d '2 minutes ago' "$ROOMS/t1.pgn.tmp.999999999.AbCdEf" \
    "$ROOMS/other.3.pgn.tmp.999999999.GhIjKl" "$ROOMS/t1.pgn.tmp.$$.MnOpQr"
room_serve "$ROOMS" t1 glinski
tap_ok "a stale temporary file of the room's record is removed" \
    test ! -e "$ROOMS/t1.pgn.tmp.999999999.AbCdEf"
tap_ok "so is another room's (a finished game's)" \
    test ! -e "$ROOMS/other.3.pgn.tmp.999999999.GhIjKl"
tap_ok "one written less than a minute ago stays" test -e "$ROOMS/t1.pgn.tmp.999999999.young1"
tap_ok "one whose writer still runs stays" test -e "$ROOMS/t1.pgn.tmp.$$.MnOpQr"

# --- a room's log is bounded: past 256 KB it keeps its newest half, whole lines ----------------------
seq -f 'an old line of the log, number %g' 1 10000 >"$ROOMS/t2.log" # (about 390 KB)
"$CELLMATE" --batch --room t2 glinski --name alice --seat White </dev/null >"$tmp/t2" 2>&1
log_bounded() { [ "$(wc -c <"$ROOMS/t2.log")" -le $((256 * 1024)) ]; }
tap_ok "a room's log past its bound is trimmed at the server's next line" wait_until log_bounded
tap_ok "... to its newest half" test "$(wc -c <"$ROOMS/t2.log")" -ge $((120 * 1024))
tap_ok "... from the start of a line" \
    grep -qx 'an old line of the log, number [0-9]*' "$ROOMS/t2.log" -m1
tap_eq "... its first line whole" "" \
    "$(head -1 "$ROOMS/t2.log" | grep -vx 'an old line of the log, number [0-9]*')"
tap_ok "... the newest old lines kept" grep -qx 'an old line of the log, number 10000' "$ROOMS/t2.log"
tap_ok "... and the server's lines after them" wait_until grep -q "room t2: serving" "$ROOMS/t2.log"
p=$(room_server t2) && end_pid "$p"
tap_ok "the server goes on writing to the trimmed log" \
    wait_until grep -q "room t2: stopped by a signal" "$ROOMS/t2.log"

room_check_logs
tap_done
