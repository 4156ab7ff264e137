#!/bin/sh
# screen_lock.sh — a game in progress belongs to one process at a time. Two real screens in
# tmux: while A plays, B's --resume says so and offers to watch (B's board follows A's moves
# and refuses moves of its own) or to take a copy (saved apart: A's save is untouched); the
# scripted mode reads a copy and says so; after kill -9 of A its save is whole, --resume takes
# it over, and the temporary file a killed writer left is removed.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home
DIR="$XDG_STATE_HOME/cellmate"
SAVE="$DIR/current.pgn"
pid_of() { T display -p -t "$1" '#{pane_pid}'; } # env execs cellmate: the pane's process
moves_of() { tail -n 1 "$1"; }

# --- A plays; B finds the game held and watches it ------------------------------------------
start a screen glinski
wait_for a "White to move" >/dev/null
line a "Nc3"
wait_for a "1. Nc3" >/dev/null
line a "Nc6"
wait_for a "1... Nc6" >/dev/null
apid=$(pid_of a)
start b screen --resume
tap_ok "a second --resume says the game is being played, by which process" \
    wait_for b "(process $apid)."
tap_ok "... and offers to watch it, copy it or quit" wait_for b "Watch, copy or quit? [w/c/q]"
# ... on a terminal of 20 columns the question is broken between words, not in them
window narrow 20x24 "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --resume"
wait_for narrow "[w/c/q]" >/dev/null
whole_words() {
    for w in another cellmate belongs player\'s screen watch board follows moves, cannot \
        saved under name quit Watch, copy quit? '[w/c/q]'; do
        screen_of narrow | tr ' ' '\n' | grep -qxF -- "$w" || { echo "# split: $w"; return 1; }
    done
}
tap_ok "a narrow terminal: the question's words are whole" whole_words
keys narrow q
gone narrow >/dev/null
keys b w # the key alone answers, as a page of the screen takes a key
tap_ok "watch: the key w alone, without Enter, watches: the board shows the game" \
    wait_for b "watching (read only)"
line a "b3"
tap_ok "watch: A's next move appears on B's screen" wait_for b "watching: 2. b3"
line b "e6"
tap_ok "watch: B cannot move" wait_for b "you are watching a game another cellmate plays"
tap_eq "watch: B's attempt changed nothing in A's save" "1. Nc3 Nc6 2. b3 *" "$(moves_of "$SAVE")"

# --- the scripted mode reads a copy ---------------------------------------------------------
printf 'e6\n' | "$CELLMATE" --resume >"$tmp/out" 2>"$tmp/err"
tap_eq "scripted --resume of a held game goes on (exit 0)" 0 "$?"
tap_ok "... saying it is a copy" grep -q "is being played by another cellmate; this is a copy" \
    "$tmp/err"
tap_eq "... and A's save is untouched" "1. Nc3 Nc6 2. b3 *" "$(moves_of "$SAVE")"

"$CELLMATE" --resume=watch </dev/null >/dev/null 2>"$tmp/err"
tap_eq "scripted --resume=watch is refused (exit 2)" "2 cellmate: --resume=watch needs the game screen (a terminal)" \
    "$? $(cat "$tmp/err")"

# --- kill -9 of A: its save is whole; a stale temporary file goes; --resume takes over ------
printf 'half a record' >"$SAVE.tmp.Ab12Cd" # what a writer killed mid-write leaves
kill -9 "$apid"
gone a >/dev/null
tap_ok "after kill -9 the watcher sees the player has left" wait_for b "the player has left the game"
line b "quit"
gone b >/dev/null
tap_eq "after kill -9 of A its save holds all its moves" "1. Nc3 Nc6 2. b3 *" "$(moves_of "$SAVE")"
start d screen --resume
tap_ok "--resume of a game nobody holds continues it without asking" wait_for d "Black to move"
tap_ok "... and removes the temporary file the killed writer left" \
    sh -c "! ls '$DIR' | grep -q 'tmp'"
line d "e6"
wait_for d "2... e6" >/dev/null
tap_eq "... and saves to the same file" "1. Nc3 Nc6 2. b3 e6 *" "$(moves_of "$SAVE")"

# --- C takes a copy while D plays: saved apart, D's save untouched ---------------------------
start c screen --resume
wait_for c "Watch, copy or quit?" >/dev/null
asked() { screen_of c | grep -c 'Watch, copy or quit?'; }
asked_twice() { [ "$(asked)" -ge 2 ]; }
asked_thrice() { [ "$(asked)" -ge 3 ]; }
keys c x
wait_until asked_twice
keys c Up
wait_until asked_thrice
tap_eq "a key that is not one of the letters (x, an arrow) asks again" 3 "$(asked)"
keys c c
wait_for c "White to move" >/dev/null
cpid=$(pid_of c)
line c "Nb5"
wait_for c "3. Nb5" >/dev/null
tap_eq "copy: C saves under a name of its own" "1. Nc3 Nc6 2. b3 e6 3. Nb5 *" \
    "$(moves_of "$DIR/current-$cpid.pgn")"
tap_eq "copy: D's save is untouched" "1. Nc3 Nc6 2. b3 e6 *" "$(moves_of "$SAVE")"
line d "b4"
wait_for d "3. b4" >/dev/null
tap_eq "copy: D goes on saving its own game" "1. Nc3 Nc6 2. b3 e6 3. b4 *" "$(moves_of "$SAVE")"
tap_ok "copy: C holds a lock of its own while it plays" test -f "$DIR/current-$cpid.lock"
line c "quit"
line d "quit"
gone c >/dev/null
gone d >/dev/null
tap_ok "copy: after C left its game is kept..." test -f "$DIR/current-$cpid.pgn"
tap_ok "... and its lock file is gone" test ! -e "$DIR/current-$cpid.lock"

# --- quitting at the question ---------------------------------------------------------------
# (C's copy, a game nobody plays, would be what --resume continues: it goes)
rm -f "$DIR/current-$cpid.pgn"
start e screen glinski
wait_for e "White to move" >/dev/null
line e "Nc3"
wait_for e "1. Nc3" >/dev/null
start f screen --resume
wait_for f "Watch, copy or quit?" >/dev/null
keys f q
tap_ok "q at the question leaves" gone f
# --- the input ends at the question: nothing is started, and that is said --------------------
run_in g "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --resume \
2>$tmp/g.err; echo \$? >$tmp/g.status; echo 'window: done'; sleep 60"
wait_for g "Watch, copy or quit?" >/dev/null
keys g C-d
tap_ok "end of input at the question: the program leaves" wait_for g "window: done"
tap_eq "... with status 1" 1 "$(cat "$tmp/g.status")"
tap_eq "... saying nothing was started" \
    "cellmate: no answer (the input ended): nothing was started, the saved game is as it was" \
    "$(cat "$tmp/g.err")"
T kill-session -t g
line e "quit"
gone e >/dev/null

tap_done
