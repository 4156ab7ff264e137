#!/bin/sh
# cli_clock.sh — clocks in the scripted mode: --clock's forms and errors, the record's
# TimeControl tag and [%clk] comments, a flag that falls while the script waits (the next
# move is refused, exit status 1), three players where the one out of time is out, and a
# record reloaded with the times it had; the computer thinking within its clock.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_STATE_HOME="$tmp/state"

# --- the option --------------------------------------------------------------------------
for bad in "" "0" "-3" "10+" "1e3" "/0" "601" "/" "10+5x"; do
    "$CELLMATE" --batch --clock "$bad" </dev/null >"$tmp/out" 2>&1
    tap_eq "--clock '$bad' is refused with status 2" 2 "$?"
done
tap_ok "the refusal says what a clock is" grep -q "^cellmate: --clock '10+5x': a clock is MINUTES\[+SECONDS\]" "$tmp/out"

# --- the record: TimeControl and [%clk] ----------------------------------------------------
printf 'f6\ne6\npgn\n' | "$CELLMATE" --batch --variant glinski --clock 10+5 >"$tmp/out" 2>&1
tap_ok "10+5 is the TimeControl 600+5" grep -qx '\[TimeControl "600+5"\]' "$tmp/out"
# each move was made at once: ten minutes left, plus the increment, less the moment it took
# (rounded down, as the screen shows it)
tap_ok "each move has its clock: 10:04 or 10:05 left after it" \
    grep -qx '1. f6 {\[%clk 0:10:0[45]\]} 1... e6 {\[%clk 0:10:0[45]\]} \*' "$tmp/out"
printf 'f6\npgn\n' | "$CELLMATE" --batch --variant glinski --clock 0.2 >"$tmp/out" 2>&1
tap_ok "under twenty seconds the record has tenths, as the screen (12 s, less the moment)" \
    grep -qx '1. f6 {\[%clk 0:00:1[12]\.[0-9]\]} \*' "$tmp/out"
tap_ok "... never more than was left" sh -c "! grep -q '0:00:12\.[1-9]' '$tmp/out'"
printf 'pgn\n' | "$CELLMATE" --batch --clock /30 >"$tmp/out" 2>&1
tap_ok "/30 is the TimeControl 1/30" grep -qx '\[TimeControl "1/30"\]' "$tmp/out"
printf 'pgn\n' | "$CELLMATE" --batch --clock 3 >"$tmp/out" 2>&1
tap_ok "3 is the TimeControl 180" grep -qx '\[TimeControl "180"\]' "$tmp/out"

# --- the computer thinks within its clock ----------------------------------------------------
# 1.2 s for the game: the computer's usual 5 s would use it all (0:00:00.0 in the record); it
# thinks a share of what is left, so the clock still has time after its move.
printf 'go\npgn\n' | "$CELLMATE" --batch --variant chess --clock 0.02 >"$tmp/out" 2>&1
tap_ok "the computer's move leaves time on its clock (1.2 s for the game)" \
    grep -qx '1\. [A-Za-z0-9]* {\[%clk 0:00:0\(0\.[1-9]\|1\.[0-9]\)\]} \*' "$tmp/out"
# bounded by depth alone, the search would run for hours (killed after 60 s here)
printf 'go\npgn\n' | timeout 60 "$CELLMATE" --batch --variant chess --clock 0.02 --depth 60 \
    >"$tmp/out" 2>&1
tap_eq "a search bounded by depth alone stops in time too: exit status 0" 0 "$?"
tap_ok "... its move leaves time on its clock" \
    grep -qx '1\. [A-Za-z0-9]* {\[%clk 0:00:0\(0\.[1-9]\|1\.[0-9]\)\]} \*' "$tmp/out"

# --- a flag falls while the script waits -----------------------------------------------------
{
    echo f6
    sleep 2.5 # a second of Black's and more: a slow start on a loaded machine cannot eat it
    echo e6
    echo pgn
} | "$CELLMATE" --batch --variant glinski --clock /1 >"$tmp/out" 2>"$tmp/err"
tap_eq "a move after the flag fell: exit status 1" 1 "$?"
tap_ok "the fall is reported" grep -qx "Black's time is up" "$tmp/out"
tap_ok "and the result" grep -qx "result 1-0: White wins by time forfeit" "$tmp/out"
tap_ok "the late move is refused" grep -q "^line 2: the game is over .*(in 'e6')$" "$tmp/err"
tap_ok "the record says time forfeit" grep -qx '\[Termination "time forfeit"\]' "$tmp/out"

# --- three players: the one out of time is out, the others play on -----------------------------
{
    sleep 2.5
    echo pgn
} | "$CELLMATE" --batch --variant cyclohexane --clock /1 >"$tmp/out" 2>&1
tap_ok "three players: the first player's flag falls and that player is out" \
    grep -qx "Red's time is up: Red is out" "$tmp/out"
tap_ok "three players: the record has the seat as -- with no time left" \
    grep -q '^1\. -- {\[%clk 0:00:00\.0\]}' "$tmp/out"
tap_ok "three players: the game goes on" grep -qx '\[Result "\*"\]' "$tmp/out"

# --- a reloaded record keeps its clocks ---------------------------------------------------------
cat >"$tmp/two.pgn" <<'EOF'
[Variant "glinski"]
[TimeControl "600+0"]

1. f6 {[%clk 0:00:02]} 1... e6 {[%clk 0:09:00]} *
EOF
sed 's/0:00:02/0:00:30/' "$tmp/two.pgn" >"$tmp/thirty.pgn"
printf 'Nc3\npgn\n' | "$CELLMATE" --batch --load "$tmp/thirty.pgn" >"$tmp/out" 2>&1
tap_ok "reloaded: White goes on from the 30 s the record gave" \
    grep -q '2. Nc3 {\[%clk 0:00:\(29\|30\)\]}' "$tmp/out"
{
    sleep 3.5
    echo Nc3
} | "$CELLMATE" --batch --load "$tmp/two.pgn" >"$tmp/out" 2>"$tmp/err"
tap_ok "reloaded: White's 2 s run out" grep -qx "White's time is up" "$tmp/out"
tap_ok "reloaded: White's late move is refused" grep -q "^line 1: the game is over .*(in 'Nc3')$" "$tmp/err"
printf 'pgn\n' | "$CELLMATE" --batch --load "$tmp/thirty.pgn" --clock 1 >"$tmp/out" 2>"$tmp/err"
tap_ok "--clock with a record that has clocks: a note, and the record's clocks" \
    grep -q "^cellmate: --clock is ignored: the game keeps its own clocks (600+0)" "$tmp/err"

tap_done
