#!/bin/sh
# screen_save.sh — a game is never lost when saving fails. The screen's state directory is
# put on a small tmpfs that is full (as root, where mounts are allowed; otherwise writes are
# made to fail with a file-size limit, RLIMIT_FSIZE), and the tests check: the failed save is
# shown until the player closes it and stays in the status panel; the old save is kept, not
# replaced; on leaving the failure is reported with a non-zero status and no "saved" message;
# once saving works again everything is normal; --resume offers previous.pgn; a state
# directory that cannot exist (XDG_STATE_HOME a regular file, no home directory) is reported,
# and new there is refused until the game is saved with save FILE or new is given again.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home
mounted=
cleanup() {
    T kill-server 2>/dev/null
    [ -n "$mounted" ] && umount "$STATE"
    rm -rf "$tmp"
}
trap cleanup EXIT
STATE=$XDG_STATE_HOME
SAVE="$STATE/cellmate/current.pgn"
mkdir -p "$STATE"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=256k,mode=0700 cellmate-test "$STATE" 2>/dev/null; then
    mounted=1
fi
mkdir -p "$STATE/cellmate"

fen_of() { # fen_of ARGS...: the position string of the game cellmate ARGS starts with
    echo fen | "$CELLMATE" --batch --no-save "$@" 2>&1 | tail -n 1
}

# screen NAME PREFIX ARGS...: cellmate ARGS on the screen, run after PREFIX (a resource
# limit or nothing); its status and standard error are kept in $tmp/NAME.status and .err,
# and the window stays open so that what it printed on leaving can be read.
screen() {
    name=$1 prefix=$2
    shift 2
    rm -f "$tmp/$name.status"
    # standard error through a pipe: a file would be under the size limit too
    run_in "$name" "{ { $prefix env TERM=screen LANG=C.UTF-8 $CELLMATE $* 2>&1 1>&3; \
echo \$? >$tmp/$name.status; } | cat >$tmp/$name.err; } 3>&1; echo 'window: done'; sleep 60"
}
finished() { # finished NAME: wait until the program in NAME has left
    wait_for "$1" "window: done" >/dev/null
}

# A saved game of two moves.
printf 'Nc3\nNc6\nsave %s\n' "$SAVE" | "$CELLMATE" glinski >/dev/null
old=$(cat "$SAVE")
oldfen=$(fen_of --load "$SAVE")

# Make writes fail: fill the tmpfs, or allow no file longer than the save.
limit=
if [ -n "$mounted" ]; then
    dd if=/dev/zero of="$STATE/fill" bs=4096 2>/dev/null
    echo "# writes fail: a full tmpfs"
else
    limit="prlimit --fsize=$(wc -c <"$SAVE")"
    echo "# writes fail: RLIMIT_FSIZE (no tmpfs mount possible here)"
fi

# --- a move that cannot be saved --------------------------------------------------------
screen a "$limit" --resume
wait_for a "White to move" >/dev/null
line a "Nb5"
tap_ok "full disk: the failed save is shown in a page" wait_for a "the game is NOT saved"
tap_ok "full disk: the page says why" wait_for a "cannot write:"
keys a " "
tap_ok "full disk: after closing the page the status panel still says so" \
    wait_for a "game NOT SAVED"
tap_eq "full disk: the old save is kept whole, not replaced" "$old" "$(cat "$SAVE")"
tap_eq "full disk: no temporary file is left behind" "" \
    "$(cd "$STATE/cellmate" && ls | grep -v '^current\.\(pgn\|lock\)$')"
line a "quit"
finished a
tap_eq "full disk: leaving reports the failure with status 1" 1 "$(cat "$tmp/a.status")"
tap_ok "full disk: ... on standard error" grep -q "cellmate: the game could not be saved: " \
    "$tmp/a.err"
tap_ok "full disk: ... and names the save that is kept" \
    grep -q "$SAVE holds the game as it was last saved" "$tmp/a.err"
tap_ok "full disk: no message that the game was saved" hides a "The game is saved in"
T kill-session -t a
tap_eq "full disk: --resume continues the last good save" "$oldfen" "$(fen_of --resume)"

# --- saving works again ----------------------------------------------------------------------
screen b "$limit" --resume
wait_for b "White to move" >/dev/null
line b "Nb5"
wait_for b "the game is NOT saved" >/dev/null
keys b " "
wait_for b "game NOT SAVED" >/dev/null
rm -f "$STATE/fill"
line b "undo"
saved_again() { wait_for b "took back" >/dev/null && wait_until hides b "game NOT SAVED"; }
tap_ok "space again: the next change is saved and NOT SAVED goes away" saved_again
line b "quit"
finished b
tap_eq "space again: leaving exits 0" 0 "$(cat "$tmp/b.status")"
tap_ok "space again: and says where the game is" wait_for b "The game is saved in $SAVE"
T kill-session -t b
tap_eq "the first save of the run kept the one it replaced as previous.pgn" "$old" \
    "$(cat "$STATE/cellmate/previous.pgn")"

# --- --resume offers previous.pgn -----------------------------------------------------------
rm -f "$SAVE"
out=$("$CELLMATE" --resume --no-save </dev/null 2>&1)
tap_eq "--resume without a save exits 2" 2 "$?"
tap_ok "--resume without a save offers previous.pgn" sh -c "echo '$out' |
    grep -qF 'the save before it is $STATE/cellmate/previous.pgn: cellmate --resume=previous continues it'"
tap_eq "--resume=previous continues it" "$oldfen" "$(fen_of --resume=previous)"

# --- a damaged save: reported, set aside, the last good save offered --------------------------
rm -f "$STATE/cellmate/"*.pgn
printf 'Nc3\nNc6\nsave %s\n' "$STATE/cellmate/previous.pgn" | "$CELLMATE" glinski >/dev/null
good=$(cat "$STATE/cellmate/previous.pgn")
printf 'Nc3\nNc6\nb3\ne6\nb4\nsave %s\n' "$tmp/full.pgn" | "$CELLMATE" glinski >/dev/null
cut_save() { # the record without its last 8 bytes ("3. b4 *" and the newline): it still reads
    head -c $(($(wc -c <"$tmp/full.pgn") - 8)) "$tmp/full.pgn" >"$SAVE"
}
cut_save
echo fen | "$CELLMATE" --resume >"$tmp/out" 2>&1
tap_eq "a save cut short: --resume refuses it (exit 2)" 2 "$?"
tap_ok "... says it is damaged and where" grep -qF \
    "cellmate: the saved game is damaged: $SAVE: line 10, column 21: the record ends before the game's result" \
    "$tmp/out"
tap_ok "... sets it aside as damaged-current.pgn" test -f "$STATE/cellmate/damaged-current.pgn"
tap_ok "... and offers the last good save" grep -qF \
    "the last good save is $STATE/cellmate/previous.pgn: cellmate --resume=previous continues it" \
    "$tmp/out"
cut_save
screen e "" --resume
tap_ok "a damaged save on the screen: the last good save is offered" wait_for e "Continue it? [y/n]"
keys e y
tap_ok "... and continued (the key y alone answers)" wait_for e "White to move"
line e "b3"
wait_for e "2. b3" >/dev/null
line e "quit"
finished e
T kill-session -t e
tap_eq "... its moves are saved in current.pgn" "1. Nc3 Nc6 2. b3 *" "$(tail -n 1 "$SAVE")"
tap_eq "... and previous.pgn is still the last good save, not the damaged one" "$good" \
    "$(cat "$STATE/cellmate/previous.pgn")"

# --- a state directory that cannot be made ---------------------------------------------------
touch "$tmp/afile"
window c 200x30 "env TERM=screen LANG=C.UTF-8 XDG_STATE_HOME=$tmp/afile $CELLMATE glinski \
2>$tmp/c.err; echo \$? >$tmp/c.status; echo 'window: done'; sleep 60"
tap_ok "XDG_STATE_HOME a regular file: said at start" wait_for c "$tmp/afile: not a directory"
keys c " "
line c "Nc3"
wait_for c "1. Nc3" >/dev/null
tap_ok "XDG_STATE_HOME a regular file: the status panel says NOT SAVED" wait_for c "game NOT SAVED"
# new and load, with nowhere to keep the game left: never lost unsaid, never stuck
line c "new"
tap_ok "no state directory: new is refused, saying the ways on" \
    wait_for c "it goes on: 'save FILE' keeps it, or 'new' again goes ahead and it is lost"
keys c " "
line c "save $tmp/c1.pgn"
wait_for c "saved to $tmp/c1.pgn" >/dev/null
line c "new"
tap_ok "... saved with save FILE: new goes ahead, saying where the game is" \
    wait_for c "the game you left is saved in $tmp/c1.pgn"
line c "b3"
wait_for c "1. b3" >/dev/null
line c "new"
wait_for c "'new' again goes ahead and it is lost" >/dev/null
keys c " "
line c "new"
tap_ok "... new again goes ahead, saying the game left is lost" \
    wait_for c "the game you left is lost: it could not be kept"
line c "Nc3"
wait_for c "1. Nc3" >/dev/null
line c "quit"
finished c
tap_eq "XDG_STATE_HOME a regular file: a played game exits 1" 1 "$(cat "$tmp/c.status")"
T kill-session -t c

# Without HOME and XDG_STATE_HOME the home directory comes from the password database. To
# see that without writing into a real home, the test runs as nobody (home /nonexistent).
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    run_in d "setpriv --reuid=nobody --regid=nogroup --clear-groups env -u HOME -u XDG_STATE_HOME \
TERM=screen LANG=C.UTF-8 $CELLMATE glinski; sleep 60"
    tap_ok "no HOME: the home directory of the password entry is used, and its failure said" \
        wait_for d "/nonexistent: cannot create"
    T kill-session -t d
elif [ "${CI:-}" = true ]; then
    tap_ok "no HOME: CI runs this test as root" false
else
    tap_n=$((tap_n + 1))
    echo "ok $tap_n # SKIP no HOME: needs root to run as nobody"
fi

tap_done
