#!/bin/sh
# cli_io_errors.sh — output that cannot be written (a full disk: /dev/full) and input that
# cannot be read (a directory) fail the run with a message, in every mode without the screen.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" HOME="$tmp"
pgn="$TESTS_DIR/data/cyclohexane-repeats.pgn"

full() { # full NAME INPUT ARGS...: status 1 and the message when stdout is a full disk
    name=$1 input=$2
    shift 2
    printf "$input" | "$CELLMATE" "$@" >/dev/full 2>"$tmp/err"
    status=$?
    tap_eq "$name > /dev/full: status 1" 1 "$status"
    tap_eq "... and says why" "cellmate: cannot write the output: No space left on device" \
        "$(tail -n 1 "$tmp/err")"
}
if [ -w /dev/full ]; then
    full "scripted mode" 'e5\nfen\n' --batch --no-save glinski
    full "the pgn command" 'e5\npgn\n' --batch --no-save glinski
    full "--perft" '' --perft 2 glinski
    full "--replay" '' --replay "$pgn"
    full "--list" '' --list
    full "--help" '' --help
else
    tap_ok "output to a full disk: this system has no /dev/full" [ "${CI:-}" != true ]
fi

"$CELLMATE" --batch --no-save glinski <"$tmp" >"$tmp/out" 2>"$tmp/err"
tap_eq "input that cannot be read (a directory): status 1" 1 "$?"
tap_eq "... and says why" "cellmate: cannot read the input: Is a directory" "$(cat "$tmp/err")"
tap_eq "a good run still ends with 0" 0 \
    "$(printf 'e5\n' | "$CELLMATE" --batch --no-save glinski >/dev/null 2>&1; echo $?)"

tap_done
