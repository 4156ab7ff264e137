# room_lib.sh — helpers for the room tests (sourced after tap.sh): a private room directory,
# scripted clients started in the background and waited for with a time limit, files that
# hold a script's input until a test lets it go on, and the clean-up that ends every client
# and every room server by its PID. The sourcing test sets $tmp (a directory it owns) and
# calls room_cleanup from its EXIT trap (room_test_start or room_tmux_test_start sets that
# trap).

# The rooms' records are kept in $XDG_STATE_HOME/cellmate/rooms, their sockets and locks in
# $XDG_RUNTIME_DIR/cellmate/rooms (keep.h); here both are one directory, $ROOMS, as a room
# directory given with --room-dir is, so that a test finds every file of a room in one place
# (room_keep.sh tests the two apart).
export XDG_RUNTIME_DIR="$tmp/run" HOME="$tmp/home" XDG_STATE_HOME="$tmp/run"
mkdir -p -m 700 "$XDG_RUNTIME_DIR" "$HOME"
ROOMS="$XDG_RUNTIME_DIR/cellmate/rooms"
# the helpers' own files: the PIDs the clean-up ends, and each player's script and FIFO. In
# files, not shell variables, so that a helper run in a subshell (a pipeline's last command,
# in bash) still has its processes ended and its files named apart from the others'.
room_lib="$tmp/room_lib"
mkdir -p "$room_lib"

room_dirs="$ROOMS" # every room directory a test uses: the clean-up ends their servers

room_keep() { printf '%s\n' "$@" >>"$room_lib/pids"; } # room_keep PID...: for the clean-up to end

# The PID of the server of room $2 in directory $1, if one runs (it holds the lock on
# NAME.pid); room_server NAME: in $ROOMS.
room_server_in() {
    [ -f "$1/$2.pid" ] || return 1
    flock -n "$1/$2.pid" true 2>/dev/null && return 1
    cat "$1/$2.pid"
}
room_server() { room_server_in "$ROOMS" "$1"; }

# room_serve DIR ROOM VARIANT [ARGS...]: room ROOM's server (cellmate --serve-room, with ARGS
# before it) in the background, its errors in $tmp/ROOM.err, its PID kept for the clean-up;
# its socket waited for (false when it never came).
room_serve() {
    room_serve_dir=$1 room_serve_room=$2 room_serve_variant=$3
    shift 3
    "$CELLMATE" "$@" --room-dir "$room_serve_dir" --serve-room "$room_serve_room" \
        "$room_serve_variant" 2>"$tmp/$room_serve_room.err" &
    room_keep $!
    wait_until test -S "$room_serve_dir/$room_serve_room.sock"
}

# room_raw_hold SOCKET OUT NAME SEAT: a raw client (room_raw.pl) in the background that says
# hello as NAME taking SEAT (a side, any or watch) and stays a minute, hearing the room in
# OUT; back once the room's state has come, its PID kept for the clean-up.
room_raw_hold() {
    printf '%s\n' 'expect cellmate-room' "send hello 1 $3 $4\\n" 'expect sync' 'hold 60' |
        perl "$TESTS_DIR/room_raw.pl" "$1" >"$2" 2>&1 &
    room_keep $!
    wait_text "$2" "ok expect sync" >/dev/null
}

# End a process by its PID: TERM, up to 5 s, then KILL.
end_pid() {
    kill "$1" 2>/dev/null || return 0
    i=0
    while [ $i -lt 50 ] && kill -0 "$1" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -KILL "$1" 2>/dev/null
    return 0
}

# Stop every room server (by PID, as the clean-up does), then check what they and the clients
# wrote to their logs: under the sanitizers or valgrind a report there is a failure.
room_check_logs() {
    for f in "$ROOMS"/*.pid; do
        [ -f "$f" ] || continue
        p=$(room_server "$(basename "$f" .pid)") && end_pid "$p"
    done
    reports=$(grep -l -E 'AddressSanitizer|LeakSanitizer|runtime error|UndefinedBehaviorSanitizer|Invalid (read|write)|definitely lost' \
        "$ROOMS"/*.log "$tmp"/*.err 2>/dev/null)
    tap_eq "no sanitizer or memory report in the servers' and clients' logs" "" "$reports"
    for f in $reports; do sed 's/^/# /' "$f" | head -30; done
}

# room_test_start: the start of a room test that writes into $ROOMS itself: the clean-up on
# exit, the repository's variants, and the room directory made before any client makes it,
# private (mode 700) as the room directory must be.
room_test_start() {
    trap room_cleanup EXIT
    export CELLMATE_VARIANTS="$VARIANTS_DIR"
    mkdir -p -m 700 "$ROOMS"
}

# room_tmux_test_start: the start of a room test whose clients run on screens in tmux: tmux.sh
# (its private tmux server, or the test skipped where there is no tmux), the clean-up on exit
# (the tmux server's windows first, then what room_cleanup ends, before $tmp goes), and the
# repository's variants. The twin of room_test_start; room_lib.sh is sourced first.
room_tmux_test_start() {
    . "$TESTS_DIR/tmux.sh"
    trap 'T kill-server 2>/dev/null; room_cleanup' EXIT
    export CELLMATE_VARIANTS="$VARIANTS_DIR"
}

room_cleanup() {
    [ ! -f "$room_lib/pids" ] || for p in $(cat "$room_lib/pids"); do end_pid "$p"; done
    for d in $room_dirs; do
        for f in "$d"/*.pid; do
            [ -f "$f" ] || continue
            p=$(room_server_in "$d" "$(basename "$f" .pid)") && end_pid "$p"
        done
    done
    rm -rf "$tmp"
}

# player OUT ARGS... <<EOF: a scripted client in the background (cellmate --batch ARGS), its
# input the lines given on standard input, where a line "@wait FILE TEXT" holds the rest back
# until FILE holds TEXT (a player who moves once something has happened; up to 60 s, since a
# wait that gives up lets the script run ahead of the game). Its output goes to
# OUT, its errors to OUT.err; its PID is in $last_pid, and kept for the clean-up. "@sleep S"
# pauses the input S seconds. Its input may also come through a pipe (printf ... | player):
# then it runs in a subshell, which keeps $last_pid to itself, but the clean-up still ends it.
player() {
    out=$1
    shift
    player_dir=$(mktemp -d "$room_lib/player.XXXXXX") # its own, however many run at once
    cat >"$player_dir/script"
    mkfifo "$player_dir/fifo"
    feed <"$player_dir/script" >"$player_dir/fifo" &
    room_keep $!
    "$CELLMATE" --batch "$@" <"$player_dir/fifo" >"$out" 2>"$out.err" &
    last_pid=$!
    room_keep "$last_pid"
}

# finish PID [SECONDS]: wait for a client to end (at most 30 s); its exit status, or 124
# after ending it.
finish() {
    i=0
    limit=$((${2:-30} * 10))
    while [ $i -lt "$limit" ] && kill -0 "$1" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    if kill -0 "$1" 2>/dev/null; then
        end_pid "$1"
        wait "$1" 2>/dev/null
        return 124
    fi
    wait "$1"
}

# wait_text FILE TEXT [SECONDS]: until FILE holds TEXT (at most 15 s).
wait_text() {
    i=0
    limit=$((${3:-15} * 10))
    while [ $i -lt "$limit" ]; do
        grep -qF -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
        i=$((i + 1))
    done
    echo "# timed out waiting for '$2' in $1:"
    sed 's/^/# | /' "$1" 2>/dev/null | tail -20
    return 1
}

feed() { # the lines of standard input, each "@wait FILE TEXT" waited for, "@sleep S" slept
    while IFS= read -r l; do
        case $l in
        "@sleep "*) sleep "${l#@sleep }" ;;
        "@wait "*)
            set -- $l
            f=$2
            shift 2
            wait_text "$f" "$*" 60 >/dev/null || echo "# feed gave up waiting for '$*' in $f" >&2
            ;;
        *) printf '%s\n' "$l" ;;
        esac
    done
}

# record_has [GREP OPTIONS] PATTERN RECORD: the room's record has it, waited for. A server
# saves its record just after it has told the clients of a change (its write-ahead copy,
# ROOM.wal, holds the change before anyone is told), so a client can have seen the change,
# and even have left, a moment before the record holds it.
record_has() { wait_until grep -q "$@"; }

# gone_pid PID: the process ended (within 5 s).
gone_pid() {
    i=0
    while [ $i -lt 50 ] && kill -0 "$1" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    ! kill -0 "$1" 2>/dev/null
}
