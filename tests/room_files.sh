#!/bin/sh
# room_files.sh — the room directory does not fill up: a room's server removes the temporary
# files that servers killed while writing a record left behind (their process gone, a minute
# old), and leaves those still being written. Every server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"
mkdir -p -m 700 "$ROOMS"

# serve ROOM VARIANT: the room's server in the background; its socket waited for
serve() {
    "$CELLMATE" --room-dir "$ROOMS" --serve-room "$1" "$2" 2>"$tmp/$1.err" &
    room_pids="$room_pids $!"
    wait_until test -S "$ROOMS/$1.sock"
}

# --- leftover temporary files of killed servers go; those being written stay ---------------------
# (999999999 is past any PID Linux gives: that writer is gone)
: >"$ROOMS/t1.pgn.tmp.999999999.AbCdEf"
: >"$ROOMS/other.3.pgn.tmp.999999999.GhIjKl"
: >"$ROOMS/t1.pgn.tmp.999999999.young1"
: >"$ROOMS/t1.pgn.tmp.$$.MnOpQr"
touch -d '2 minutes ago' "$ROOMS/t1.pgn.tmp.999999999.AbCdEf" \
    "$ROOMS/other.3.pgn.tmp.999999999.GhIjKl" "$ROOMS/t1.pgn.tmp.$$.MnOpQr"
serve t1 glinski
tap_ok "a stale temporary file of the room's record is removed" \
    test ! -e "$ROOMS/t1.pgn.tmp.999999999.AbCdEf"
tap_ok "so is another room's (a finished game's)" \
    test ! -e "$ROOMS/other.3.pgn.tmp.999999999.GhIjKl"
tap_ok "one written less than a minute ago stays" test -e "$ROOMS/t1.pgn.tmp.999999999.young1"
tap_ok "one whose writer still runs stays" test -e "$ROOMS/t1.pgn.tmp.$$.MnOpQr"

room_check_logs
tap_done
