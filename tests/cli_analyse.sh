#!/bin/sh
# cli_analyse.sh — the computer's analysis and its options: analyse and --analyse print one
# line per completed depth; --multipv N gives N lines with different first moves, best
# first; --threads 1 with --seed and --nodes gives the same move and node count every time;
# more threads and --hash still play legal moves; bad values are refused with status 2.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$CELLMATE" --analyse --variant glinski --depth 4 >"$tmp/out" 2>"$tmp/err"
tap_eq "--analyse exits 0" 0 $?
tap_eq "one line per depth, then the best move" "1 2 3 4 best" \
    "$(sed -n -e 's/^depth \([0-9]*\) line 1: .*/\1/p' -e 's/^analyse: \(best\) .*/\1/p' "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"
tap_ok "each line has a score from the mover's side, the moves, nodes and time" \
    grep -Eq '^depth 4 line 1: [-+][0-9]+\.[0-9][0-9] [A-Za-z][^ ]*( [A-Za-z][^ ]*){3} \([0-9]+ nodes, [0-9.]+ s\)$' "$tmp/out"
best=$(sed -n 's/^analyse: best \([^ ]*\) .*/\1/p' "$tmp/out")
tap_eq "the best move is the first of the deepest line" "$best" \
    "$(sed -n 's/^depth 4 line 1: [^ ]* \([^ ]*\).*/\1/p' "$tmp/out")"

# multipv: distinct first moves, scores never rising down the list
printf 'e4\nanalyse\n' | "$CELLMATE" --batch --variant chessagon --depth 3 --multipv 4 >"$tmp/out" 2>&1
tap_eq "four lines at each depth" "4 4 4" \
    "$(for d in 1 2 3; do grep -c "^depth $d line" "$tmp/out"; done | tr '\n' ' ' | sed 's/ $//')"
firsts=$(sed -n 's/^depth 3 line [0-9]: [^ ]* \([^ ]*\).*/\1/p' "$tmp/out")
tap_eq "four different first moves" 4 "$(echo "$firsts" | sort -u | wc -l | tr -d ' ')"
scores=$(sed -n 's/^depth 3 line [0-9]: \([-+][0-9.]*\) .*/\1/p' "$tmp/out")
tap_eq "best first" "$(echo "$scores" | sort -g -r | tr '\n' ' ')" "$(echo "$scores" | tr '\n' ' ')"

# a mate is reported as such, from the mover's side
printf 'Qe1c3\nQe10c6\nb1b2\nb7b6\nBf3b1\ne7e6\nanalyse\n' |
    "$CELLMATE" --batch --variant glinski --depth 3 >"$tmp/out" 2>&1
tap_ok "a mate in one is found" grep -q '^analyse: best Qxf9# (depth [0-9]*, score mate in 1,' "$tmp/out"

# a search stopped in the middle of a depth (here by --nodes, with one thread: the same stop
# every time) plays a better move that depth has found: analyse shows that line, labelled
# unfinished, and its last line names the move and depth of the last line shown
printf 'e5\ne6\nNc3\nNc6\nanalyse\n' |
    "$CELLMATE" --batch --variant glinski --threads 1 --nodes 160000 >"$tmp/out" 2>&1
last=$(grep '^depth ' "$tmp/out" | tail -1)
tap_ok "a search stopped inside a depth shows that depth's better line, unfinished ($last)" \
    sh -c "echo '$last' | grep -Eq '^depth [0-9]+ line 1: .*, unfinished\)$'"
tap_eq "... and the best move is that line's first, from that depth, unfinished" \
    "$(echo "$last" | sed 's/^depth \([0-9]*\) line 1: [^ ]* \([^ ]*\).*/\2 (depth \1, unfinished,/')" \
    "$(sed -n 's/^analyse: best \([^ ]*\) \((depth [^,]*, unfinished,\).*/\1 \2/p' "$tmp/out")"

printf 'analyze\n' | "$CELLMATE" --batch --variant glinski --depth 3 --threads 1 >"$tmp/z" 2>&1
tap_eq "analyze, the American spelling, is analyse" \
    "$(printf 'analyse\n' | "$CELLMATE" --batch --variant glinski --depth 3 --threads 1 2>&1 | sed 's/[0-9.]* s)$//')" \
    "$(sed 's/[0-9.]* s)$//' "$tmp/z")"

printf 'analyse x\n' | "$CELLMATE" --batch --variant glinski --depth 1 >"$tmp/out" 2>"$tmp/err"
tap_eq "analyse takes no arguments" "line 1: analyse takes nothing after it (in 'analyse x')" "$(cat "$tmp/err")"

# reproducible with one thread
hint() {
    echo hint | "$CELLMATE" --batch --variant "$1" --threads 1 --seed 7 --nodes "$2" |
        sed 's/^hint: \([^ ]*\) (depth \([0-9]*\)\(, unfinished\)\{0,1\}, score \([^,]*\), \([0-9]*\) nodes.*/\1 \2\3 \4 \5/'
}
for v in glinski cyclohexane hr-liuyang; do
    a=$(hint $v 20000)
    tap_eq "$v: --threads 1 --seed --nodes gives the same move and node count twice" "$a" \
        "$(hint $v 20000)"
done

# --search: how three players are searched; nothing changes with two
scheme() { # scheme VARIANT [SCHEME [OPTION...]]: the hint's move, depth, score and nodes
    v=$1 sc=$2
    shift 2 2>/dev/null || shift
    echo hint | "$CELLMATE" --batch --variant "$v" --threads 1 --seed 7 --depth 3 ${sc:+--search "$sc"} \
        "$@" | sed 's/^hint: \([^ ]*\) (depth \([0-9]*\)\(, unfinished\)\{0,1\}, score \([^,]*\), \([0-9]*\) nodes.*/\1 \2\3 \4 \5/'
}
# auto_as WHAT SCHEME OTHER VARIANT POSITION: SCHEME and OTHER search the position otherwise,
# and --search auto searches it as SCHEME
auto_as() {
    a=$(scheme "$4" "$2" --fen "$5")
    tap_ok "$1: $2 and $3 search otherwise ($a)" test -n "$a" -a "$a" != "$(scheme "$4" "$3" --fen "$5")"
    tap_eq "$1: --search auto searches as $2" "$a" "$(scheme "$4" auto --fen "$5")"
}
tap_eq "glinski: --search brs searches as paranoid does with two players" \
    "$(scheme glinski paranoid)" "$(scheme glinski brs)"
for v in cyclohexane hr-mccooey3; do
    p=$(scheme $v paranoid)
    b=$(scheme $v brs)
    tap_ok "$v: --search brs and paranoid both find a move" test -n "$p" -a -n "$b"
    tap_ok "$v: --search brs searches otherwise than paranoid ($p / $b)" test "$p" != "$b"
    tap_eq "$v: the default searches the start by best-reply search" "$b" "$(scheme $v "")"
    plus=$(scheme $v brs+)
    tap_ok "$v: --search brs+ finds a move, searching otherwise than brs ($plus / $b)" \
        test -n "$plus" -a "$plus" != "$b"
done
# --search auto (the default): best-reply search until the opponents have at most four pieces
# that are neither royal nor pawns, paranoid search while they have four or fewer. Blue (with
# a Sennight of its own, which does not count) to move against four (Yellow's Duchess, Unicorn
# and Sennight, Red's Rook), then five (a Red Unicorn more).
four="4yD2rR16/1yU2yS19/15yG3bG4/10bS10rC1rG/8yC15 b - - 0 156"
five="4yD2rR16/1yU2yS19/15yG3bG4/10bS10rC1rG/8yC2rU12 b - - 0 156"
auto_as "four pieces against it" paranoid brs cyclohexane "$four"
tap_eq "... and so does the default" "$a" "$(scheme cyclohexane "" --fen "$four")"
auto_as "five pieces against it" brs paranoid cyclohexane "$five"
tap_eq "--search auto at the start searches by best reply" "$(scheme cyclohexane brs)" \
    "$(scheme cyclohexane auto)"
# pieces in hand count: four of the opponents' on the board, then one more in Yellow's hand
board="7/3bRbU3/5bG3/10/11/12/13/rR1rG9/11/6yG3/3yRyU4/8/7 r - -"
auto_as "hr-mccooey3-foh, four on the board" paranoid brs hr-mccooey3-foh "$board - - 0 30"
auto_as "... a Rook more in Yellow's hand" brs paranoid hr-mccooey3-foh "$board yR - 0 30"
# Why: a won ending from a match (tests/data/cyclohexane-repeats.pgn, Yellow far ahead, its
# opponents with two Brokers between them). Best-reply search played Da5+ there, after which
# Blue's and Red's replies repeat the position a third time: with one of them passing it cannot
# see that, and counts Da5+ as far ahead. The default, searching as paranoid here, sees it and
# plays on.
REPEATS=$TESTS_DIR/data/cyclohexane-repeats.pgn
won() { scheme cyclohexane "$1" --load "$REPEATS" | sed 's/ .*//'; }
da5=$(echo analyse | "$CELLMATE" --batch --variant cyclohexane --threads 1 --seed 7 --nodes 60000 \
    --multipv 8 --search brs --load "$REPEATS" | grep '^depth .*: [^ ]* Da5+ ' | tail -1 | cut -d' ' -f5)
tap_ok "a won ending: best-reply search counts Da5+ far ahead ($da5)" test -n "$da5" -a "${da5%%.*}" -ge 5
printf 'Da5+\nGd19\nGe24\n' | "$CELLMATE" --batch --variant cyclohexane --load "$REPEATS" >"$tmp/out" 2>&1
tap_eq "... which Blue's and Red's replies make a draw by repetition" \
    "result draw: draw by repetition" "$(grep '^result' "$tmp/out")"
d=$(won "")
tap_ok "... while the default plays another move ($d)" test -n "$d" -a "$d" != "Da5+"
# Why: an ending from a match, Red with a Duchess against two lone Granddukes, 115 plies
# without a capture. Blue can walk its Grandduke next to Yellow's: Yellow takes Blue out after
# Red's move, and with two players left the move rule ends the game at once (100 plies). That
# costs Blue the last place, so no opponent plays it, and the search no longer counts on it:
# it used to see a draw everywhere here and played aimlessly until the move rule came.
lone="24/23yG/11rG12/3bG20/21rD2 r - - 115 198"
printf 'De16\nGc2\nGd3\nGc11\n' | "$CELLMATE" --batch --variant cyclohexane --fen "$lone" >"$tmp/out" 2>&1
tap_eq "two lone Granddukes: Blue walking into Yellow's reach ends the game" \
    "result draw: draw by move rule" "$(grep '^result' "$tmp/out")"
for sc in auto paranoid; do
    sc_lone=$(scheme cyclohexane $sc --fen "$lone" | cut -d' ' -f3)
    tap_ok "... --search $sc does not count on it: Red is far ahead ($sc_lone)" \
        test "${sc_lone%%.*}" -ge 5
done
for sc in auto brs brs+; do
    printf 'go\ngo\ngo\ngo\ngo\ngo\n' | "$CELLMATE" --batch --variant cyclohexane --search $sc \
        --nodes 3000 >"$tmp/out" 2>&1
    tap_eq "--search $sc plays six moves in a row (a game, not only one search)" 6 "$(grep -c '^[0-9]' "$tmp/out")"
done
"$CELLMATE" --variant cyclohexane --search best </dev/null >/dev/null 2>"$tmp/err"
tap_eq "--search best exits 2" 2 $?
tap_eq "--search best is refused" "cellmate: --search takes auto, paranoid, brs or brs+, not 'best'" \
    "$(cat "$tmp/err")"

tap_ok "--nodes 1 still searches the first ply in full" \
    sh -c "echo hint | '$CELLMATE' --batch --variant glinski --nodes 1 | grep -q '(depth 1,'"

# two threads and a small table: legal moves, counted nodes
printf 'go\ngo\ngo\ngo\n' | "$CELLMATE" --batch --variant glinski --threads 2 --hash 1 --time 0.1 \
    >"$tmp/out" 2>&1
tap_eq "two threads play four moves" 4 "$(grep -c '^[0-9]' "$tmp/out")"

for bad in "--threads 0" "--threads 65" "--hash 0" "--hash 4097" "--multipv 0" "--multipv 9" \
    "--seed -1" "--threads x"; do
    # shellcheck disable=SC2086
    "$CELLMATE" --variant glinski $bad </dev/null >/dev/null 2>"$tmp/err"
    tap_eq "$bad exits 2" 2 $?
done
tap_eq "the message names the range" \
    "cellmate: --threads needs a whole number from 1 to 64, not 'x'" "$(cat "$tmp/err")"
# below full strength, analyse is still the computer's own view (as hint): the same search
printf 'analyse\n' | "$CELLMATE" --batch --variant glinski --depth 4 --threads 1 >"$tmp/full" 2>&1
printf 'level 1\nanalyse\n' | "$CELLMATE" --batch --variant glinski --depth 4 --threads 1 \
    >"$tmp/low" 2>&1
tap_eq "analyse at level 1 searches as at full strength" \
    "$(grep -v '^analyse: ' "$tmp/full" | sed 's/ ([0-9]* nodes.*//')" \
    "$(grep -v '^level\|^analyse: ' "$tmp/low" | sed 's/ ([0-9]* nodes.*//')"
tap_eq "... and its best move is its first line's" \
    "$(sed -n 's/^depth 4 line 1: [^ ]* \([^ ]*\).*/\1/p' "$tmp/low")" \
    "$(sed -n 's/^analyse: best \([^ ]*\) .*/\1/p' "$tmp/low")"
# Glinski's fool's mate, over
mated="6/BP3p1/RP3qpr/N1P3p1n/3P1p4/BB2P1p1Qbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 b - 0 4"
"$CELLMATE" --analyse --variant glinski --fen "$mated" --depth 2 </dev/null >"$tmp/out" 2>"$tmp/err"
tap_eq "--analyse of a finished game exits 1" 1 $?
tap_eq "and says why" "cellmate: the game is over" "$(cat "$tmp/err")"
tap_done
