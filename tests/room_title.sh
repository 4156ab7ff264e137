#!/bin/sh
# room_title.sh — a room's server shows a title of its own in ps ("cellmate: room NAME
# server", named cellmate-room), not the command line of the player's client it was forked
# from; so does one run with --serve-room; the client keeps its own. Every client and server
# is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"

# cmdline PID: the process's command line as /proc has it, its NULs as blanks, trailing ones cut
cmdline() { tr '\0' ' ' <"/proc/$1/cmdline" | sed 's/ *$//'; }

player "$tmp/alice" --room titled glinski --name alice --seat White <<EOF
@wait $tmp/alice.err never
EOF
alice=$last_pid
wait_text "$tmp/alice" "you play White in room titled" >/dev/null
server=$(room_server titled)
tap_ok "the room's server runs" test -n "$server"
tap_eq "ps shows the server's title" "cellmate: room titled server" \
    "$(ps -o args= -p "$server" | sed 's/ *$//')"
tap_eq "... and so does /proc/PID/cmdline" "cellmate: room titled server" "$(cmdline "$server")"
tap_eq "... its name (ps -o comm) is cellmate-room" "cellmate-room" \
    "$(ps -o comm= -p "$server" | sed 's/ *$//')"
tap_ok "the player's client keeps its command line" \
    sh -c "tr '\\0' ' ' </proc/$alice/cmdline | grep -q -- '--room titled glinski --name alice'"
end_pid "$alice"

"$CELLMATE" --room-dir "$tmp/served" --serve-room fg glinski 2>"$tmp/fg.err" &
fg=$!
room_keep $fg
room_dirs="$room_dirs $tmp/served"
wait_until test -S "$tmp/served/fg.sock"
tap_eq "a server run with --serve-room shows the same title" "cellmate: room fg server" \
    "$(cmdline "$fg")"
end_pid "$fg"

room_check_logs
tap_done
