#!/bin/sh
# cli_ai.sh — the computer as an opponent from the command line: --ai SIDE (repeated, a
# comma list, all) hands sides to the computer as the ai command does; in the scripted mode
# it then moves whenever one of its sides is to move (first, when it has the first move; after
# each line). Moves are checked against the moves command's list, never against a fixed move.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_STATE_HOME="$tmp/state"
fast="--variant glinski --depth 2"

printf 'e5\npgn\n' | "$CELLMATE" --batch $fast --ai black >"$tmp/out" 2>"$tmp/err"
tap_eq "--ai black: the scripted game runs" 0 $?
tap_eq "... the person's move, then the computer's answer" "1. e5" "$(sed -n 1p "$tmp/out")"
reply=$(sed -n 's/^1\.\.\. //p' "$tmp/out")
printf 'e5\nmoves\n' | "$CELLMATE" --batch --variant glinski >"$tmp/legal"
tap_ok "... which is one of Black's legal moves ($reply)" \
    sh -c "sed -n 2p '$tmp/legal' | tr ' ' '\n' | grep -qx -- '$reply'"
tap_ok "... and the record names the computer as Black" grep -qx '\[Black "cellmate"\]' "$tmp/out"

"$CELLMATE" --batch $fast --ai white </dev/null >"$tmp/out" 2>"$tmp/err"
tap_eq "--ai white: the computer makes the first move unasked" 1 "$(grep -c '^1\. ' "$tmp/out")"

printf 'ai black\ne5\n' | "$CELLMATE" --batch $fast >"$tmp/cmd" 2>&1
printf 'e5\n' | "$CELLMATE" --batch $fast --ai Black >"$tmp/opt" 2>&1
tap_eq "the ai command in a script: the computer plays Black, and a new player learns of easier levels" \
    "the computer plays Black, at full strength ('level 1' makes it a beginner's opponent)" \
    "$(sed -n 1p "$tmp/cmd")"
tap_eq "... and answers as --ai black does" "$(cat "$tmp/opt")" "$(sed 1d "$tmp/cmd")"

# ai SIDE adds a side: the message names every side the computer plays then
printf 'ai red\nai yellow\nai off\n' | "$CELLMATE" --batch --variant cyclohexane --depth 1 \
    --no-save >"$tmp/adds" 2>&1
tap_eq "ai SIDE after another names both sides, and how to play one" \
    "the computer plays Red and Yellow, at full strength ('ai off' first, to play one yourself; 'level 1' makes it a beginner's opponent)" \
    "$(grep -m 1 'Red and' "$tmp/adds")"
printf 'ai black\n' | "$CELLMATE" --batch $fast --level 4 >"$tmp/lv" 2>&1
tap_eq "... below full strength, its level" "the computer plays Black, at level 4" "$(sed -n 1p "$tmp/lv")"
tap_ok "... ai off: the computer plays no side" grep -qx 'the computer plays no side' "$tmp/adds"

printf 'new\n' | "$CELLMATE" --batch --variant glinski --depth 1 --ai white,black >"$tmp/list" 2>&1
printf 'new\n' | "$CELLMATE" --batch --variant glinski --depth 1 --ai white --ai black >"$tmp/twice" 2>&1
printf 'new\n' | "$CELLMATE" --batch --variant glinski --depth 1 --ai all >"$tmp/all" 2>&1
tap_ok "--ai all: the computer plays a whole game" grep -q '^result ' "$tmp/all"
tap_eq "--ai white,black is --ai all" "$(cat "$tmp/all")" "$(cat "$tmp/list")"
tap_eq "--ai white --ai black is too" "$(cat "$tmp/all")" "$(cat "$tmp/twice")"

printf 'e5\nundo\nfen\n' | "$CELLMATE" --batch $fast --ai black >"$tmp/out" 2>"$tmp/err"
tap_ok "undo takes back the computer's answer with the person's move" \
    grep -qx "took back 1. e5, 1\.\.\. $reply" "$tmp/out"

printf 'fen\n' | "$CELLMATE" --batch --variant glinski >"$tmp/start"
tap_eq "... back to the start" "$(cat "$tmp/start")" "$(tail -1 "$tmp/out")"

printf 'undo\n' | "$CELLMATE" --batch $fast --ai white >"$tmp/out" 2>"$tmp/err"
tap_eq "undo of the computer's first move is refused" 1 $?
tap_ok "... saying why and what to do" \
    grep -q "^line 1: the computer's moves are the only ones: you have no move to take back ('ai off'" \
    "$tmp/err"

# a record of a game against the computer, loaded in a script, is looked at and played on as
# it is: its moves are typed, the computer plays only the sides --ai or ai hand it here
printf 'e5\npgn\n' | "$CELLMATE" --batch $fast --ai black >"$tmp/vs.pgn" 2>&1
printf 'd5\nd6\n' | "$CELLMATE" --batch $fast --load "$tmp/vs.pgn" >"$tmp/out" 2>"$tmp/err"
tap_eq "a loaded record's computer side: moves typed for both sides are played" \
    "2. d5 2... d6" "$(tr '\n' ' ' <"$tmp/out" | sed 's/ $//')"
printf 'd5\n' | "$CELLMATE" --batch $fast --load "$tmp/vs.pgn" --ai black >"$tmp/out" 2>"$tmp/err"
tap_eq "... and with --ai black the computer answers there" 1 "$(grep -c '^2\.\.\. ' "$tmp/out")"

"$CELLMATE" --variant glinski --ai purple </dev/null >/dev/null 2>"$tmp/err"
tap_eq "--ai with a side the variant lacks exits 2" 2 $?
tap_eq "... with the ai command's words" \
    "cellmate: --ai purple: 'purple' is none of White, Black, all or off" "$(cat "$tmp/err")"
"$CELLMATE" --room r --ai black </dev/null >/dev/null 2>"$tmp/err"
tap_eq "--ai with a room exits 2" 2 $?
tap_ok "... pointing to a room's own ai" grep -q "'ai SIDE' seats the computer" "$tmp/err"
# a side both named and handed to the computer: refused, rather than the name dropped
"$CELLMATE" --batch --variant glinski --black Bob --ai black </dev/null >"$tmp/out" 2>"$tmp/err"
tap_eq "--black Bob --ai black is refused (status 2)" 2 "$?"
tap_eq "... saying why" \
    "cellmate: Black is named Bob and played by the computer (--ai), which the record names cellmate; give one of the two" \
    "$(cat "$tmp/err")"
"$CELLMATE" --batch --variant cyclohexane --player-name yellow=Ann --ai all </dev/null >"$tmp/out" 2>"$tmp/err"
tap_eq "--player-name yellow=Ann --ai all too (status 2)" 2 "$?"
"$CELLMATE" --batch --variant glinski --black Bob --ai white --depth 1 </dev/null >"$tmp/out" 2>&1
tap_eq "--black Bob --ai white is fine (status 0)" 0 "$?"
printf '[Variant "glinski"]\n[White "?"]\n[Black "cellmate"]\n[Result "*"]\n\n1. Qc3 *\n' >"$tmp/bot.pgn"
"$CELLMATE" --batch --load "$tmp/bot.pgn" --black Bob --depth 1 </dev/null >"$tmp/out" 2>&1
tap_eq "--black Bob over a record whose Black is the computer is no --ai conflict (status 0)" 0 "$?"

# new VARIANT keeps the computer on the sides it played, found by name; one the variant has
# not is named (a newcomer's 'new peanut' once left them playing both sides unawares)
printf 'new glinski\ne5\nnew peanut\ncc5\nnew cyclohexane\n' |
    "$CELLMATE" --batch $fast --ai black >"$tmp/out" 2>"$tmp/err"
tap_ok "new VARIANT against the computer: it answers in the new game of the same variant" \
    sh -c "grep -A1 -x '1\\. e5' '$tmp/out' | grep -q '^1\\.\\.\\. '"
tap_ok "... and in a new game of another variant with a Black" \
    sh -c "grep -A1 -x '1\\. cc5' '$tmp/out' | grep -q '^1\\.\\.\\. '"
tap_eq "... one whose sides have no Black says the computer no longer plays" \
    "new game: Cyclohexane Chess, Red to move; the computer played Black, which this game has not ('ai SIDE' chooses one)" \
    "$(tail -n 1 "$tmp/out")"
tap_done
