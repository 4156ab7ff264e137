#!/bin/sh
# cli_bounds.sh — the smaller items of issue 9 item 10: --replay of a file with no game is an
# error; perft in the scripted mode takes a time limit and SIGINT stops it with a partial
# count, the program going on with the next line; SIGINT stops --perft N too, which then ends
# by that signal. (--time and the other option values are checked in cli_numbers.sh.)
# Reference counts from the rule book (as in cli_perft.sh).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
said() { grep -qF -- "$1" "$tmp/out"; }
# busy_since TICKS: the background cellmate $pid has used the CPU for a fifth of a second (20
# clock ticks) past TICKS, a reading of cpu_ticks: it is deep in its work, however long a
# loaded machine kept it waiting to start it.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null; }
busy_since() { [ "$(cpu_ticks)" -ge $(($1 + 20)) ] 2>/dev/null; }
# ended: wait up to 30 s for the background cellmate $pid to end, its status in $st (one still
# running then is killed: a failure, not a hang)
ended() {
    n=0
    while kill -0 "$pid" 2>/dev/null && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
    kill "$pid" 2>/dev/null
    wait "$pid"
    st=$?
    pid=
}

# --replay of a file with no game
: >"$tmp/empty.pgn"
printf '\n; only a comment\n\n' >"$tmp/comment.pgn"
for f in empty comment; do
    "$CELLMATE" --replay "$tmp/$f.pgn" >"$tmp/out" 2>&1
    tap_eq "--replay of a file with no game ($f): exit 1" 1 $?
    tap_ok "--replay ($f): says no game found" said "cellmate: $tmp/$f.pgn: no game found"
done
"$CELLMATE" --replay /dev/null >"$tmp/out" 2>&1
tap_eq "--replay /dev/null: refused as unreadable (exit 2)" 2 $?

# perft with a time limit: a complete count is the same, a long one stops with what it has
printf 'perft 3 60s\nperft 3 divide 60s\nperft 12 0.2s\nperft 1\nperft 2 0s\nperft 2 5\n' |
    timeout 60 "$CELLMATE" --batch glinski >"$tmp/out" 2>"$tmp/err"
tap_eq "perft lines with limits: exit 1 (two bad limits)" 1 $?
tap_ok "perft 3 60s: the whole count" said "perft 3: 137858 ("
tap_eq "perft 3 divide 60s: one line per move, then the count" 52 \
    "$(sed -n '/^perft 3: 137858 (/,/^perft 3: 137858 (/p' "$tmp/out" | sed 1d | grep -c '')"
tap_ok "perft 12 0.2s: stopped at the limit with a partial count" \
    grep -q '^perft 12: stopped at its time limit after [0-9.]* s, [0-9]* leaves counted so far$' \
    "$tmp/out"
tap_ok "the next line runs" said "perft 1: 51 ("
tap_ok "a limit of 0s is refused" grep -q "^line 5: perft needs a depth" "$tmp/err"
tap_ok "a limit without its unit is refused" grep -q "^line 6: perft needs a depth" "$tmp/err"

# SIGINT during perft 12: a partial count, and the program reads on. A shell without job
# control starts background commands with SIGINT ignored, so perl puts the default back.
mkfifo "$tmp/in"
perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$CELLMATE" --batch glinski <"$tmp/in" \
    >"$tmp/out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
printf 'perft 1\nperft 12\n' >&3
n=0
until said "perft 1: 51 (" || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
wait_until busy_since "$(cpu_ticks)" # now in perft 12, which takes hours
kill -INT "$pid"
printf 'perft 2\n' >&3
exec 3>&-
ended
tap_eq "after SIGINT the program goes on to the end of its input (exit 0)" 0 "$st"
tap_ok "SIGINT: perft 12 reports a partial count" \
    grep -q '^perft 12: interrupted after [0-9.]* s, [0-9]* leaves counted so far$' "$tmp/out"
tap_ok "the line after it runs" said "perft 2: 2586 ("
# --perft N on the command line: SIGINT stops it with the partial count as its last line, and
# the program then ends by that signal (a shell sees 130), so a calling script stops too.
# The signal is sent only once cellmate catches it (its SigCgt mask in /proc has SIGINT's
# bit), so a slow start cannot turn the test into a plain kill.
perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$CELLMATE" --perft 12 glinski >"$tmp/out" 2>&1 &
pid=$!
catches_int() {
    mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
    last=${mask#"${mask%?}"}
    case $last in 2 | 3 | 6 | 7 | a | b | e | f) return 0 ;; esac
    return 1
}
n=0
until catches_int || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
wait_until busy_since "$(cpu_ticks)" # some leaves counted
kill -INT "$pid"
ended
tap_eq "--perft 12 stopped by SIGINT: ends by that signal (130)" 130 "$st"
tap_ok "--perft 12 stopped by SIGINT: the partial count is its last line" \
    sh -c "tail -n 1 '$tmp/out' | grep -Eq '^perft 12: interrupted after [0-9.]+ s, [1-9][0-9]* leaves counted so far\$'"
# depth1_nodes VARIANT FEN: the nodes `hint --depth 1` searches there (one thread; a search
# still going after 30 s counts as none)
depth1_nodes() {
    printf 'hint\n' | "$CELLMATE" --batch --variant "$1" --fen "$2" --depth 1 --threads 1 \
        >"$tmp/out" 2>&1 &
    pid=$!
    ended
    sed -n 's/^hint: .*, \([0-9]*\) nodes,.*/\1/p' "$tmp/out"
}
# In this hr-mccooey3 position both opponents' captures answer each other for dozens of
# plies: depth 1 alone took some 50 million nodes (over a minute) before quiescence was
# bounded for three players
fen='2bPbRbEbHbH/3bPbG1bUbH/rP5bUbDbE/rDrP1bU1bPbS1bR1/rErRrP1bP1bP1bPbPbP/rH1rS2rPbS1yU3/rHrUrUrS1rP1bP5/rHrU2rP1yS2yE2/rErR1rP1yPyPyPyPyPyP/1rP1yP2yS1yRyG/rPrG2yP1yUyU1/4yRyD1yH/2yP1yEyHyH b - - - - 0 7'
nodes=$(depth1_nodes hr-mccooey3 "$fen")
tap_ok "three players' quiescence is bounded: depth 1 takes $nodes nodes (was 50 million)" \
    test "${nodes:-99999999}" -lt 1000000
# Two players, the same: in this Haynie position, reached by random play, pawns that can
# take each other crowd the board, chains of captures ran 35 plies deep, and depth 1 took
# 6.6 million nodes (8 s at level 1)
nodes=$(depth1_nodes haynie \
    '1rqkrb/fw1b1w1/p1p1p1p1/ppppn1pf1/5p1PP1/3Ppp1p3/1Pb1P1P2p/2PPP1PPP/PP1PK1B1/F1WBWNF/BRQ1n1 w 0 26')
tap_ok "two players' quiescence is bounded: depth 1 takes $nodes nodes (was 6.6 million)" \
    test "${nodes:-99999999}" -lt 200000
# --time bounds the first depth too: cut at twice the time, the first root move played, the
# depth said unfinished (depth 1 here takes some 60 000 nodes: far more than 4 ms allow)
printf 'hint\ngo\n' | "$CELLMATE" --batch --variant hr-mccooey3 --fen "$fen" --time 0.002 --threads 1 \
    >"$tmp/out" 2>&1 &
pid=$!
ended
tap_eq "a first depth cut by --time: the script ends (status 0)" 0 "$st"
tap_ok "... the hint says its depth 1 is unfinished" \
    grep -Eq '^hint: [^ ]+ \(depth 1, unfinished, score [-+][0-9.]+, [0-9]+ nodes' "$tmp/out"
nodes=$(sed -n 's/^hint: .*, \([0-9]*\) nodes,.*/\1/p' "$tmp/out")
tap_ok "... after fewer nodes than the whole depth: $nodes" test "${nodes:-99999999}" -lt 50000
tap_ok "... and go plays a move" grep -Eq '^7\. [^ ]+ \(Blue\)$' "$tmp/out"
# a level below full strength whose first depth is cut still chooses as a level does (among
# the moves as they stand, by its seed), not the search's first move every time
for seed in 1 2 3 4 5 6; do
    printf 'go\n' | "$CELLMATE" --batch --variant hr-mccooey3 --fen "$fen" --time 0.002 \
        --threads 1 --level 2 --seed "$seed" | sed -n 's/^7\. \([^ ]*\) (Blue)$/\1/p'
done >"$tmp/moves"
tap_eq "... a level's first depth cut: six seeds play a move each" 6 "$(wc -l <"$tmp/moves")"
tap_ok "... and not the same one: $(sort -u "$tmp/moves" | tr '\n' ' ')" \
    test "$(sort -u "$tmp/moves" | wc -l)" -ge 2
printf 'analyse\n' | "$CELLMATE" --batch --variant hr-mccooey3 --fen "$fen" --time 0.002 --threads 1 \
    --multipv 3 >"$tmp/out" 2>&1 &
pid=$!
ended
tap_ok "... with --multipv 3 too: depth 1, unfinished" \
    grep -Eq '^analyse: best [^ ]+ \(depth 1, unfinished, score' "$tmp/out"
tap_done
