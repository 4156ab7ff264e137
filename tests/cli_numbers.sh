#!/bin/sh
# cli_numbers.sh — every number cellmate reads from a user, a file or a peer goes through one
# bounded reader (src/core/number.c): a run of digits too long for any integer is a clear
# "number too large", never an overflow read as another number (issue 9 item 5), and option
# values take plain decimal digits only (no hexadecimal, exponent, infinity, sign or blank).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run INPUT ARGS...: stdout and stderr to $tmp/out, status in $status
    input=$1
    shift
    printf '%s' "$input" | timeout 20 "$CELLMATE" "$@" >"$tmp/out" 2>&1
    status=$?
}
said() { grep -qF -- "$1" "$tmp/out"; }
huge=99999999999999999999999999999999999999999999

# position strings: 4294967302 wraps to 6 in a 32-bit int (read as if it began "6/")
board="P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6"
run '' --batch --variant glinski --fen "4294967302/$board w - 0 1"
tap_eq "--fen with a run of 4294967302 empty cells: refused (exit 2)" 2 "$status"
tap_ok "--fen: says the number is too large" said "a run of empty cells: number too large"
run '' --batch --variant glinski --fen "6/$board w - 0 $huge"
tap_eq "--fen with a huge move number: refused" 2 "$status"
tap_ok "--fen: its move number too large" said "number too large"

# moves: the number of a cell, in the scripted mode and inside a game record
run 'N11111111111
x11111111111
1. x11111111111
Nc3
' --batch --variant glinski
tap_eq "N11111111111, x11111111111: rejected, the good move kept (exit 1)" 1 "$status"
tap_eq "each says the number is too large" 3 "$(grep -c 'number too large' "$tmp/out")"
tap_ok "the good move after them is played" said "1. Nc3"
printf '[Variant "glinski"]\n\n1. x11111111111 *\n' >"$tmp/x.pgn"
run '' --replay "$tmp/x.pgn"
tap_eq "--replay of a record with x11111111111: an error (exit 1)" 1 "$status"
tap_ok "--replay: number too large" said "number too large"

# variant files: ranges and angles of the move language, whole-number keys, shape radii
variant() { # variant NAME SED-EXPRESSION: a changed copy of glinski.ini
    sed "$2" "$TESTS_DIR/../variants/glinski.ini" >"$tmp/$1.ini"
}
variant range 's/^moves = W\*$/moves = W99999999999/'
variant angle 's/^moves = W\*$/moves = W@99999999999/'
variant radius "s/^shape = hexagon f6 5\$/shape = hexagon f6 $huge/"
variant forward "s/^forward = 12 6\$/forward = $huge 6/"
for v in range angle radius forward; do
    run '' --check-variant "$tmp/$v.ini"
    tap_eq "a variant file with a huge $v: invalid (exit 1)" 1 "$status"
done
run '' --check-variant "$tmp/range.ini"
tap_ok "a huge range: number too large" said "in move 'W99999999999': range: number too large"
run '' --check-variant "$tmp/angle.ini"
tap_ok "a huge angle: number too large" said "in move 'W@99999999999': angle: number too large"

# commands and options
run "perft $huge
perft 1
" --batch --variant glinski
tap_ok "perft with a huge depth: refused" said "line 1: perft needs a depth"
tap_ok "perft 1 after it runs" said "perft 1: 51 "
for opt in "--time 0x10" "--time inf" "--time nan" "--time -1" "--time 0" "--time 1e3" \
    "--time 3601" "--time 0.0001" "--time $huge" "--nodes $huge" "--nodes 0x10" \
    "--depth $huge" "--depth -1" "--perft $huge" "--perft +1"; do
    # shellcheck disable=SC2086
    run '' --batch --variant glinski $opt
    tap_eq "$opt: refused (exit 2)" 2 "$status"
done
for opt in "--time 2.5" "--time .5" "--time 3600" "--nodes 1000" "--depth 3"; do
    # shellcheck disable=SC2086
    run '' --batch --variant glinski $opt
    tap_eq "$opt: taken" 0 "$status"
done
tap_done
