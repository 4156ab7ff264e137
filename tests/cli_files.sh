#!/bin/sh
# cli_files.sh — files a user names are read one way (src/record/fileio.c read_text_file): only
# regular files, opened without blocking, up to a size limit, as text. /dev/zero, a FIFO, a
# directory, a file over the limit and a binary file are each refused at once with a clear
# message, by every way in: load, --load, --replay, --check-variant, --variant, new FILE.
# Each run is bounded in time and memory, so a regression fails instead of hanging or
# eating the machine.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bounded ARGS...: cellmate ARGS with at most 10 s and 400 MB; output in $tmp/out, status in $st.
# AddressSanitizer reserves terabytes of shadow address space, so under it the bound is on the
# resident memory, which its own allocator enforces (hard_rss_limit_mb), instead.
if [ -n "${CELLMATE_SANITIZED:-}" ]; then
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=400"
    export ASAN_OPTIONS
    memory_bound=
else
    memory_bound=--as=400000000
fi
bounded() {
    # shellcheck disable=SC2086
    timeout 10 prlimit $memory_bound "$CELLMATE" "$@" >"$tmp/out" 2>&1
    st=$?
}
said() { grep -qF -- "$1" "$tmp/out"; }

mkfifo "$tmp/fifo" "$tmp/fifo.ini"
mkdir "$tmp/dir"
truncate -s 17M "$tmp/big.pgn" # sparse: more than the limit, no disk used
printf '[Variant "glinski"]\n\n1. Nc3 \000 *\n' >"$tmp/nul.pgn"

for f in /dev/zero "$tmp/fifo"; do
    case $f in /dev/zero) what="a character device" ;; *) what="a FIFO" ;; esac
    echo "load $f" >"$tmp/in"
    bounded --batch glinski <"$tmp/in"
    tap_eq "load $f: refused at once (exit 1)" 1 "$st"
    tap_ok "load $f: says why" said "$f: cannot read $what; only regular files are read"
    bounded --load "$f" --batch glinski </dev/null
    tap_eq "--load $f: refused at once (exit 2)" 2 "$st"
    bounded --replay "$f"
    tap_eq "--replay $f: refused at once (exit 2)" 2 "$st"
    tap_ok "--replay $f: says why" said "cellmate: $f: cannot read $what"
    bounded --check-variant "$f"
    tap_eq "--check-variant $f: unreadable (exit 2)" 2 "$st"
done
bounded --check-variant "$tmp/fifo.ini"
tap_eq "--check-variant FIFO.ini: no hang (exit 2)" 2 "$st"
bounded --variant "$tmp/fifo.ini" --batch </dev/null
tap_eq "--variant FIFO.ini: no hang (exit 2)" 2 "$st"
echo "new $tmp/fifo.ini" >"$tmp/in"
bounded --batch glinski <"$tmp/in"
tap_ok "new FIFO.ini: refused at once" said "$tmp/fifo.ini: cannot read a FIFO"

echo "load $tmp/dir" >"$tmp/in"
bounded --batch glinski <"$tmp/in"
tap_ok "load DIRECTORY: refused" said "$tmp/dir: cannot read a directory"
bounded --replay "$tmp/big.pgn"
tap_eq "a file over the limit: refused (exit 2)" 2 "$st"
tap_ok "... saying so" said "$tmp/big.pgn: too large (17825792 bytes; files are read up to"
echo "load $tmp/nul.pgn" >"$tmp/in"
bounded --batch glinski <"$tmp/in"
tap_ok "a file with a NUL byte: not text" said "$tmp/nul.pgn: not a text file (it holds NUL bytes)"
bounded --check-variant /dev/null
tap_ok "--check-variant /dev/null: refused as a device" said "/dev/null: cannot read a character device"

# --load takes the path as it is, through the session's own load: a path longer than a
# command line's 1024 characters and one ending in a space are both read whole.
deep=$tmp
while [ ${#deep} -lt 1100 ]; do deep=$deep/a-rather-long-directory-name-for-one-step; done
mkdir -p "$deep"
printf '[Variant "glinski"]\n\n1. Nc3 *\n' >"$deep/long.pgn"
echo fen >"$tmp/in"
bounded --load "$deep/long.pgn" --batch glinski <"$tmp/in"
tap_eq "--load of a ${#deep}-character path: read (exit 0)" 0 "$st"
tap_ok "--load of a long path: the game's move is played" said " b - "
printf '[Variant "glinski"]\n\n1. Nc3 *\n' >"$tmp/space .pgn "
bounded --load "$tmp/space .pgn " --batch glinski <"$tmp/in"
tap_eq "--load of a name ending in a space: read (exit 0)" 0 "$st"

# --load warns as the load command does: a record cut short before its result
printf '[Variant "glinski"]\n\n1. e5 e6 2. f6' >"$tmp/cut.pgn"
(cd "$tmp" && bounded --load cut.pgn --batch <"$tmp/in")
tap_eq "--load of a record cut short: loaded (exit 0)" 0 "$st"
tap_ok "... with the load command's warning" said \
    "cellmate: warning: cut.pgn: line 3, column 15: the record ends before the game's result"

# Tags take what they need: 20000 of them in one game are refused past the most kept
# (MAX_GAME_TAGS), and 990 before 4 MB of moves are read, each within the memory bound (a
# reader that gave every tag room for the rest of the file needed gigabytes for either).
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "[T%d \"x\"]\n", i; print ""; print "1. e5 *" }' \
    >"$tmp/tags.pgn"
bounded --replay "$tmp/tags.pgn" --variant glinski
tap_eq "20000 tags in one game: refused past the most kept" \
    "game 1: error: line 1001, column 1: more than 1000 tags in one game (the most read)
1 game, 0 ok" "$(cat "$tmp/out")"
{
    awk 'BEGIN { print "[Variant \"glinski\"]"; for (i = 0; i < 990; i++) printf "[T%d \"x\"]\n", i }'
    printf '\n1. e5 {'
    head -c 4000000 /dev/zero | tr '\0' x
    printf '} *\n'
} >"$tmp/long.pgn"
bounded --replay "$tmp/long.pgn"
tap_eq "990 tags before 4 MB of moves: read within the memory bound" \
    "game 1: ok, 1 ply
1 game, 1 ok" "$(cat "$tmp/out")"

tap_done
