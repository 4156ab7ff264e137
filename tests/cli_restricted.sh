#!/bin/sh
# cli_restricted.sh — restricted mode on the real binary, without SSH (tests/ssh_restricted.sh
# logs in through sshd): options that name files refused, CELLMATE_RESTRICTED forcing it,
# the player's own directories (never HOME or XDG_STATE_HOME from the environment), the
# game saved and resumed under the player's name (a finished one kept among the saves, and a
# new game begun; a new game of another variant left before its first move goes on; one new
# or load leaves kept among them too, or new refused when it cannot be), perft's time bound,
# the environment's variables ignored (CELLMATE_VARIANTS, XDG_DATA_HOME, TERMINFO, INPUTRC),
# the resource limits, ignored signals and working directory of the running process, and on
# the screen readline without the user's init file or file-name completion.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    tmux_cleanup
}
trap cleanup EXIT
export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state"
mkdir -p "$HOME" "$XDG_STATE_HOME"
players=$tmp/players
R="--restricted --save-dir $players"

run() { # run INPUT ARGS...: stdout to $tmp/out, stderr to $tmp/err, status in $status
    input=$1
    shift
    printf '%s' "$input" | "$CELLMATE" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# --- options that name files, or ask too much -----------------------------------------------
refused() { # refused MESSAGE ARGS...: exit status 2 and the message, nothing created
    want=$1
    shift
    run '' "$@"
    [ "$status" = 2 ] && [ "$(cat "$tmp/err")" = "cellmate: $want" ] && ! [ -e "$players" ] || {
        echo "# status $status: $(cat "$tmp/err")"
        return 1
    }
}
nofiles='is not available in restricted mode (no files by path)'
tap_ok "--load is refused" refused "--load $nofiles" $R --load /etc/passwd
tap_ok "--replay is refused" refused "--replay $nofiles" $R --replay /etc/passwd
tap_ok "--check-variant is refused" refused "--check-variant $nofiles" $R --check-variant x.ini
byname='in restricted mode variants are chosen by name, not by path (cellmate --list shows them)'
tap_ok "--variant PATH is refused" refused "$byname" $R --variant "$TESTS_DIR/../variants/glinski.ini"
tap_ok "--variant ../NAME is refused" refused "$byname" $R --variant ../variants/glinski
tap_ok "--variant ~/NAME is refused" refused "$byname" $R --variant '~/x'
tap_ok "a think time over the limit is refused" \
    refused 'in restricted mode the computer thinks at most 10 s a move' $R --time 11
tap_ok "a perft depth over the limit is refused" \
    refused 'in restricted mode perft goes to depth 4 at most' $R --perft 5
tap_ok "a player name with a path is refused" \
    refused "--player NAME is a plain name here: 1 to 32 letters, digits, '-' or '_' (no paths, no '~', '/' or '..')" \
    $R --player ../bob
tap_ok "a relative --save-dir is refused" \
    refused "--save-dir needs an absolute path, not 'rel'" --restricted --save-dir rel
tap_ok "--player without restricted mode is refused" \
    refused '--player and --save-dir go with --restricted' --player alice
tap_ok "CELLMATE_RESTRICTED=1 forces restricted mode" \
    sh -c 'CELLMATE_RESTRICTED=1 "$CELLMATE" --load /etc/passwd 2>&1 | grep -q "not available in restricted mode"'
tap_ok "CELLMATE_RESTRICTED=0 does not" \
    sh -c 'CELLMATE_RESTRICTED=0 "$CELLMATE" --batch --fen x 2>&1 | grep -q "bad position string"'
start_fen=$(echo fen | "$CELLMATE" --batch --variant glinski)
run 'fen
' $R --player fen --variant glinski --fen "$start_fen"
tap_eq "a position string is allowed (it names no file)" "$start_fen" "$(cat "$tmp/out")"

# --- the player's directories ----------------------------------------------------------------
run 'e5
save first
' $R --player alice --variant glinski
tap_eq "a restricted scripted game runs" "1. e5
saved to first" "$(cat "$tmp/out")"
tap_ok "the named save is in the player's save directory" test -s "$players/alice/saves/first.pgn"
tap_ok "the game in progress is kept in the player's directory" \
    grep -q '^1\. e5' "$players/alice/current.pgn"
tap_eq "nothing is written under HOME or XDG_STATE_HOME" "" \
    "$(find "$HOME" "$XDG_STATE_HOME" -mindepth 1)"
tap_eq "the directories are the player's alone (0700)" "drwx------ drwx------" \
    "$(ls -ld "$players/alice" "$players/alice/saves" | cut -c1-10 | tr '\n' ' ' | sed 's/ $//')"
run 'fen
' $R --player alice --variant glinski
tap_ok "the next start continues the player's game" grep -q ' b - ' "$tmp/out"
run 'fen
load
' $R --player bob --variant glinski
tap_ok "another player starts afresh" grep -q ' w - ' "$tmp/out"
tap_eq "and does not see the first player's saves" "you have no saved games" "$(sed -n 2p "$tmp/out")"
# a new game of another variant, left before its first move, is the player's game too: the
# next login continues it (its variant and clock), not the login's default variant
run 'new chess
' $R --player newbie --clock 5+3
chess_fen=$(echo fen | "$CELLMATE" --batch --variant chess)
run 'fen
' $R --player newbie
tap_eq "a new game left before its first move goes on at the next login" "$chess_fen" "$(cat "$tmp/out")"
run 'e4
' $R --player newbie
tap_ok "... its first move is played in it" grep -q '^1\. e4' "$players/newbie/current.pgn"
tap_ok "... and its variant and clock are kept" \
    sh -c "grep -qx '\[Variant \"chess\"\]' '$players/newbie/current.pgn' && grep -qx '\[TimeControl \"300+3\"\]' '$players/newbie/current.pgn'"

# --- perft counts for 10 s at most: a heavy position (hr-glinski, no pawns on the board and
# full hands) takes about a minute at depth 4 unbounded --------------------------------------
heavy='7/8/9/ER6re/1S7s1/HD8dh/HUUU5uuuh/HG8gh/1S7s1/ER6re/9/8/7 w - - HHEEAAKKPPPPZZhheeaakkppppzz 0 1'
began=$(date +%s)
printf 'perft 4\nperft 2\n' | timeout 40 "$CELLMATE" $R --player counter --fen "$heavy" \
    --variant hr-glinski >"$tmp/out" 2>"$tmp/err"
status=$?
took=$(($(date +%s) - began))
tap_eq "perft stops at the host's limit, saying so with no partial count ($took s)" \
    "perft 4: stopped at this host's limit of 10 s; a partial count is not shown (a lower depth finishes sooner; 'perft 4 divide' lists the moves counted whole)
perft 2: 56988 (too fast to time)" "$(cat "$tmp/out")"
tap_ok "... and the session goes on, the line accepted (status $status)" test "$status" = 0
tap_ok "... within a few seconds of the limit" test "$took" -lt 25
timeout 40 "$CELLMATE" $R --player counter --fen "$heavy" --variant hr-glinski --perft 4 \
    >"$tmp/out" 2>"$tmp/err"
status=$?
tap_ok "--perft stopped at the host's limit: no count, status 1 (status $status)" \
    sh -c "test $status = 1 && grep -q \"^perft 4: stopped at this host's limit of 10 s; a partial count is not shown\" '$tmp/out'"
run 'perft 2 11s
' $R --player counter --fen "$heavy" --variant hr-glinski
tap_eq "a player's own limit over the host's is refused" \
    "line 1: perft needs a depth from 0 to 4, then optionally 'divide' and a time limit such as 5s (at most 10s)" \
    "$(cat "$tmp/err")"
printf 'perft 1 divide\n' | "$CELLMATE" $R --player counter --fen "$heavy" --variant hr-glinski \
    >"$tmp/out" 2>&1
tap_ok "a count within the limit is the usual one" grep -q '^perft 1: 242 (' "$tmp/out" ||
    sed 's/^/# /' "$tmp/out"

# --- symbolic links planted in a player's directory are never followed -----------------------
outside=$tmp/outside
mkdir -p "$outside"
printf '[Variant "glinski"]\n\n1. Nc3 *\n' >"$outside/game.pgn"
run 'fen
' $R --player mallory --variant glinski
ln -s "$outside/new.pgn" "$players/mallory/saves/away.pgn"
ln -s "$outside/game.pgn" "$players/mallory/saves/theirs.pgn"
run 'save away
load theirs
load away
fen
' $R --player mallory --variant glinski
link_refused="is a symbolic link, which restricted mode never follows"
tap_ok "save through a planted link is refused" \
    grep -qF "line 1: the save 'away' $link_refused: save under another name" "$tmp/err"
tap_ok "load through a planted link is refused" \
    grep -qF "line 2: the save 'theirs' $link_refused: nothing was loaded" "$tmp/err"
tap_ok "load of a link to nothing is refused the same way" \
    grep -qF "line 3: the save 'away' $link_refused: nothing was loaded" "$tmp/err"
tap_ok "the game stays as it was (nothing loaded)" grep -q ' w - ' "$tmp/out"
tap_eq "a refused link: exit 1" 1 "$status"
ln -s "$outside/current.pgn" "$players/mallory/current.pgn"
run 'e5
' $R --player mallory --variant glinski
tap_ok "the game in progress is not saved through a planted link, and says so" \
    grep -qF "the game is NOT saved: (your folder)/current.pgn: a symbolic link, which restricted mode never follows" "$tmp/err"
rm "$players/mallory/current.pgn"
rm -r "$players/mallory/saves"
ln -s "$outside" "$players/mallory/saves"
run 'save x
' $R --player mallory --variant glinski
tap_eq "a save directory that is a link: refused at the start (exit 2)" 2 "$status"
tap_ok "and says why" grep -qF "$players/mallory/saves is not a directory of its own (a symbolic link?)" "$tmp/err"
tap_eq "nothing outside the player's directory was written" "game.pgn" "$(ls "$outside")"
tap_eq "the file a link pointed at is unchanged" "$(printf '[Variant "glinski"]\n\n1. Nc3 *')" \
    "$(cat "$outside/game.pgn")"
mkdir "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$players/quentin"
run 'fen
' $R --player quentin --variant glinski
tap_eq "a player's directory that is a link: refused at the start (exit 2)" 2 "$status"
tap_eq "... and nothing is created through it" "" "$(ls -A "$tmp/elsewhere")"

# --- the environment: only a checked minimum is kept ---------------------------------------
# (the process's own environment cannot be read from outside once changed, so its effects are)
mkdir -p "$tmp/evil-variants"
sed 's/^name *=.*/name = evil/' "$TESTS_DIR/../variants/glinski.ini" >"$tmp/evil-variants/evil.ini"
CELLMATE_VARIANTS=$tmp/evil-variants run 'new evil
' --variant glinski
tap_ok "unrestricted, \$CELLMATE_VARIANTS adds variants (the check can fail)" grep -q 'new game' "$tmp/out"
CELLMATE_VARIANTS=$tmp/evil-variants XDG_DATA_HOME=$tmp/evil-variants run 'new evil
' $R --player erin --variant glinski
tap_eq "restricted, \$CELLMATE_VARIANTS is ignored" \
    "line 1: unknown variant 'evil' (cellmate --list shows the variants)" "$(cat "$tmp/err")"
# a terminal type known only to a private terminfo directory
infocmp -x xterm | sed 's/^xterm|/cmtest|/' | tic -x -o "$tmp/terminfo" - 2>/dev/null
run_in ti \
    "env TERM=cmtest TERMINFO=$tmp/terminfo HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME $CELLMATE --variant glinski"
tap_ok "unrestricted, \$TERMINFO is read (the check can fail)" wait_for ti "White to move"
T kill-session -t ti
run_in ti \
    "env TERM=cmtest TERMINFO=$tmp/terminfo $CELLMATE $R --player erin --variant glinski; sleep 30"
tap_ok "restricted, \$TERMINFO is ignored (no screen for an unknown terminal)" \
    wait_for ti "this terminal cannot show the game screen (TERM=cmtest)"
# ... the game is played line by line instead, and kept after every move as on the screen
line ti e5
tap_ok "... and the game played line by line is saved after every move" \
    wait_until grep -qs '^1\. e5' "$players/erin/current.pgn"
T kill-session -t ti
# a screen in the background of its terminal (timeout runs it in a process group of its own,
# as an administrator's wrapper might): restricted mode ignores SIGTTIN, so reading a key
# fails (EIO); that is a hang-up, and the program saves and ends (it asked again and again at
# full speed until killed, holding the player's lock)
run_in bg "timeout 120 env TERM=screen $CELLMATE $R --player bg --variant glinski; echo ENDED; sleep 30"
wait_for bg "White to move" >/dev/null
keys bg x
tap_ok "restricted, in the background of its terminal: a key read as a hang-up ends it" \
    wait_for bg "ENDED"
T kill-session -t bg
run 'show
' $R --player bg --batch --variant glinski
tap_eq "... and lets go of the player's game: the next login plays it (exit 0)" 0 "$status"
run_in ti "env TERM=dumb HOME=$HOME XDG_STATE_HOME=$tmp/dumb-state $CELLMATE glinski; sleep 30"
tap_ok "unrestricted, a dumb terminal: line by line, saying the game is saved" \
    wait_for ti "saved after every move"
line ti e5
tap_ok "... and it is (it was not saved at all)" \
    wait_until grep -qs '^1\. e5' "$tmp/dumb-state/cellmate/current.pgn"
T kill-session -t ti
# ... and a new start there says, as the screen does, where a move keeps the game waiting
run_in ti "env TERM=dumb HOME=$HOME XDG_STATE_HOME=$tmp/dumb-state $CELLMATE glinski; sleep 30"
joined_says() { T capture-pane -p -J -t ti | grep -qF -- "$1"; } # (lines the terminal broke, joined)
tap_ok "a dumb terminal: a new start names the game waiting and where a move keeps it" \
    wait_until joined_says "A saved game is waiting: quit and start cellmate --resume to continue it (a move here starts a new game and keeps it as previous.pgn: cellmate --resume=previous)"
line ti e5
tap_ok "... and a move keeps it there" \
    wait_until grep -qs '^1\. e5' "$tmp/dumb-state/cellmate/previous.pgn"
T kill-session -t ti

# --- the running process: limits, signals, working directory --------------------------------
mkfifo "$tmp/in"
"$CELLMATE" $R --player carol --batch <"$tmp/in" >"$tmp/carol.out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
# its answer to a first line: it is through its start (directory, limits, signals) then
echo fen >&3
wait_until test -s "$tmp/carol.out"
tap_eq "the working directory is the player's" "$players/carol" "$(readlink "/proc/$pid/cwd")"
limit() { awk -v n="$1" 'index($0, n) == 1 { print $(NF - 2), $(NF - 1) }' "/proc/$pid/limits"; }
tap_eq "no core dumps" "0 0" "$(limit 'Max core file size')"
tap_eq "files written are at most 1 MB" "1048576 1048576" "$(limit 'Max file size')"
# (a test run at a nice value of 10 or more already cannot tell: it is kept)
nice_now=$(ps -o ni= -p "$pid" | tr -d ' ')
tap_ok "its CPU priority is at most nice 10's (nice $nice_now; the tests run at $(ps -o ni= -p $$ | tr -d ' '))" \
    test "${nice_now:-0}" -ge 10
if [ -n "${CELLMATE_SANITIZED:-}" ]; then
    # AddressSanitizer's shadow memory leaves no room for an address-space limit
    tap_eq "memory: no address-space limit under AddressSanitizer" "unlimited unlimited" \
        "$(limit 'Max address space')"
else
    tap_eq "memory is at most 512 MB" "536870912 536870912" "$(limit 'Max address space')"
fi
ignored=$(sed -n 's/^SigIgn:[[:space:]]*//p' "/proc/$pid/status")
for sig in 3:SIGQUIT 20:SIGTSTP 21:SIGTTIN 22:SIGTTOU; do
    n=${sig%%:*}
    tap_eq "${sig#*:} is ignored" 1 $(((0x$ignored >> (n - 1)) & 1))
done
exec 3>&-
wait "$pid"
tap_eq "end of input ends it (status 0)" 0 "$?"
pid=

# --- the screen: readline reads no init file, completes no file names, expands no '~' --------
printf '"z": "macro-from-inputrc"\n' >"$tmp/inputrc"
run_in plain \
    "env TERM=xterm INPUTRC=$tmp/inputrc HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --variant glinski"
tap_ok "unrestricted, readline reads \$INPUTRC (the check can fail)" wait_for plain "White to move"
keys plain z
tap_ok "... and its macro runs" wait_for plain "macro-from-inputrc"
run_in r \
    "env TERM=xterm INPUTRC=$tmp/inputrc LANG=C.UTF-8 $CELLMATE $R --player dave --variant glinski"
tap_ok "restricted: the screen starts" wait_for r "White to move"
keys r z
tap_ok "restricted: the key is plain text" wait_for r "move> z"
tap_ok "restricted: no macro from \$INPUTRC" hides r "macro-from-inputrc"
keys r BSpace
keys r "load /et"
keys r Tab
sleep 0.5
tap_ok "restricted: Tab completes no file names" wait_for r "move> load /et"
hides r "move> load /etc/" || echo "# completed a file name"
tap_ok "restricted: ... so /etc/ never appears" hides r "/etc/"
keys r C-u
keys r "save ~root"
keys r M-~
keys r M-\&
keys r Escape C-j \& i
sleep 0.5
tap_ok "restricted: readline's tilde-expand (M-~, M-&, vi's &) shows no home directory" \
    hides r "$(getent passwd root | cut -d: -f6)"
keys r C-u
line r "load /etc/passwd"
tap_ok "restricted: load of a path is refused on the screen" wait_for r "plain name"
# --- a line with no end in sight (600 MB, past the memory limit) is refused as any long line,
# and the lines after it are read: it was kept whole, and when memory ran out the rest of the
# input was dropped without a word ------------------------------------------------------------
{
    head -c 600000000 /dev/zero | tr '\0' x
    printf '\ne5\n'
} | "$CELLMATE" $R --player huge --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_eq "a 600 MB line: refused (status 1)" 1 "$?"
tap_eq "... saying so" "line 1: the line is longer than 1000 characters; expected a move or a command" \
    "$(cat "$tmp/err")"
tap_eq "... and the next line is played" "1. e5" "$(cat "$tmp/out")"

# --- new keeps the game left among the saves, where load finds it (a login takes no options);
# where it cannot, new is refused and the game goes on ------------------------------------------
run 'e5
' $R --player kim --variant glinski
run 'new
f6
' $R --player kim --variant glinski
left=$(cd "$players/kim/saves" && ls | sed -n 's/^\(left-[0-9]\{8\}-[0-9]\{6\}\)\.pgn$/\1/p')
tap_eq "new: the game left is kept among the saves as left-DATE-TIME (exit 0)" \
    "0 1. e5 *" "$status $(tail -n 1 "$players/kim/saves/$left.pgn" 2>&1)"
tap_eq "... and says so, and how to see it again" \
    "new game: Glinski's Hexagonal Chess, White to move; the game you left is kept as your save $left; 'load $left' shows it again" \
    "$(head -n 1 "$tmp/out")"
run 'load
' $R --player kim --variant glinski
tap_eq "... it is among the player's saves (with previous, the game its first save replaced)" \
    "your saved games: $left previous" "$(cat "$tmp/out")"
# the next name, never over another file: left-DATE-TIME taken by a file
run 'f6
' $R --player kim2 --variant glinski
cp "$players/kim2/current.pgn" "$tmp/kim2.pgn"
mkdir -p "$players/kim2/saves"
sec=0 now=$(date +%s)
while [ $sec -le 30 ]; do # each second the next run may start in, however loaded (no TZ)
    printf 'x\n' >"$players/kim2/saves/left-$(env -u TZ date -d "@$((now + sec))" +%Y%m%d-%H%M%S).pgn"
    sec=$((sec + 1))
done
run 'new
' $R --player kim2 --variant glinski
taken=$(cd "$players/kim2/saves" && ls left-*-2.pgn 2>/dev/null | sed 's/\.pgn$//')
tap_ok "a name taken: kept under the next one, left-DATE-TIME-2" cmp "$tmp/kim2.pgn" "$players/kim2/saves/$taken.pgn"
tap_eq "... the files there are not replaced" "31 x" \
    "$(cat "$players/kim2/saves/"left-*[0-9][0-9][0-9][0-9][0-9][0-9].pgn | uniq -c | awk '{ print $1, $2 }')"
run "load $taken
fen
" $R --player kim2 --variant glinski
tap_ok "... and 'load' of its name shows it again" grep -q "^loaded $taken: Glinski's Hexagonal Chess, move 1, Black to move" "$tmp/out"
# the save limit: new refused with 50 saves, and the game goes on
run 'e5
' $R --player kim3 --variant glinski
mkdir -p "$players/kim3/saves"
i=1
while [ $i -le 50 ]; do
    printf 'x\n' >"$players/kim3/saves/s$i.pgn"
    i=$((i + 1))
done
run 'new
fen
' $R --player kim3 --variant glinski
tap_eq "with 50 saves: new is refused (exit 1)" 1 "$status"
tap_eq "... saying why, and the ways on" \
    "line 1: the game in progress could not be kept among your saves: you have 50 saved games, the most kept: save over one of them ('load' alone lists them); it goes on: 'save NAME' keeps it, or 'new' again goes ahead and it is lost" \
    "$(cat "$tmp/err")"
tap_ok "... and the game goes on" grep -q ' b - ' "$tmp/out"
run 'save s1
new
' $R --player kim3 --variant glinski
tap_eq "saved over a save, the game goes: new goes ahead (exit 0)" "0 saved to s1
new game: Glinski's Hexagonal Chess, White to move; the game you left is saved in s1" \
    "$status $(cat "$tmp/out")"
tap_ok "... where it is" grep -q '^1\. e5 \*' "$players/kim3/saves/s1.pgn"
run 'e5
new
e6
new
new
' $R --player kim3 --variant glinski
tap_eq "a move after the warning: new is refused again" \
    "1 line 2: the game in progress could not be kept among your saves: you have 50 saved games, the most kept: save over one of them ('load' alone lists them); it goes on: 'save NAME' keeps it, or 'new' again goes ahead and it is lost
line 4: the game in progress could not be kept among your saves: you have 50 saved games, the most kept: save over one of them ('load' alone lists them); it goes on: 'save NAME' keeps it, or 'new' again goes ahead and it is lost" \
    "$status $(cat "$tmp/err")"
tap_ok "... and new given again goes ahead, saying the game left is lost" \
    grep -qx "new game: Glinski's Hexagonal Chess, White to move; the game you left is lost: it could not be kept" "$tmp/out"
tap_ok "... as the game saved now" sh -c "test -s '$players/kim3/current.pgn' && ! grep -q '^1\\. ' '$players/kim3/current.pgn'"
# new with writes cut at 20 bytes (RLIMIT_FSIZE; standard error through a pipe, not a file)
new_limited() {
    err=$(echo new | prlimit --fsize=20 "$CELLMATE" $R --player kim --variant glinski 2>&1 >/dev/null)
    status=$?
    printf '%s\n' "$err" >"$tmp/err"
}
new_limited
tap_eq "a game that cannot be kept: new is refused (exit 1)" 1 "$status"
tap_ok "... saying why, and that the game goes on" \
    grep -q "the game in progress could not be kept among your saves: .*; it goes on" "$tmp/err"
tap_ok "... and the saved game is still the one in progress" grep -q '^1\. f6' "$players/kim/current.pgn"

# --- temporary files a crash left among the saves go; a live writer's, or a recent one, stay -----
T=$players/tmpy/saves
mkdir -p "$T"
sleep 300 &
live=$!
sh -c 'exit 0' &
dead=$!
wait $dead
for f in "left-20200101-000000.pgn.tmp.Ab12Cd" "s.pgn.tmp.$dead.Ab12Cd" "s.pgn.tmp.$live.Ab12Cd"; do
    printf 'half a record' >"$T/$f"
    touch -d '2 hours ago' "$T/$f"
done
printf 'half a record' >"$T/t.pgn.tmp.Xy12Zw" # (no process id: an older cellmate's, maybe writing)
printf 'half a record' >"$T/u.pgn.tmp.$dead.Xy12Zw" # (a writer gone a moment ago: of another
touch -d '10 seconds ago' "$T/u.pgn.tmp.$dead.Xy12Zw" # PID namespace, maybe, still writing)
# (an older cellmate's, of a save nobody holds: checked under that save's lock)
printf 'half a record' >"$players/tmpy/current-4242.pgn.tmp.Ab12Cd"
run 'e5
' $R --player tmpy --variant glinski
kill $live
tap_eq "stale temporaries among the saves go: an hour old, or their writer gone a minute since" \
    "s.pgn.tmp.$live.Ab12Cd t.pgn.tmp.Xy12Zw u.pgn.tmp.$dead.Xy12Zw" \
    "$(ls "$T" | grep tmp | sort | tr '\n' ' ' | sed 's/ $//')"
tap_eq "an older cellmate's of a save nobody holds goes, and no lock file is left for that save" \
    "current.lock current.pgn saves" "$(ls "$players/tmpy" | sort | tr '\n' ' ' | sed 's/ $//')"

# --- a save by name that fails says why, in the player's words: no directory of the host -----
mkdir -p "$players/lee/saves/b.pgn" # a directory where the save would go
run 'e5
save b
' $R --player lee --variant glinski
tap_eq "a failed save: status 1" 1 "$status"
tap_eq "... the reason, under the save's name" \
    "line 2: the game could not be saved: b is a directory; games are saved only to a regular file or a new name" \
    "$(cat "$tmp/err")"
tap_ok "... and no path of the host" sh -c "! grep -q '$players' '$tmp/err'"
new_limited
tap_ok "the failure to keep the game names no directory of the host either" \
    sh -c "! grep -q '$players' '$tmp/err' && grep -q 'could not be kept among your saves: saves/left-[0-9-]*\.pgn: cannot write' '$tmp/err'"

# --- a last game that has ended is not continued: kept among the saves, a new game begins ----
run 'e5
resign
' $R --player fin --variant glinski
cp "$players/fin/current.pgn" "$tmp/ended.pgn"
when=$(date -r "$players/fin/current.pgn" +%s) # (a copy has its own time)
stamp=$(env -u TZ date -d "@$when" +%Y%m%d-%H%M%S) # (restricted mode drops TZ)
run 'fen
load
' $R --player fin --variant glinski
tap_ok "a finished last game: the next start is a new game" grep -q ' w - ' "$tmp/out"
tap_eq "... it says how the last one ended and where it is kept" \
    "cellmate: your last game ended (result 1-0: White wins by resignation); it is kept as your save ended-$stamp ('load ended-$stamp' shows it again); a new game begins" \
    "$(cat "$tmp/err")"
tap_ok "... the finished game's file is kept whole" cmp "$tmp/ended.pgn" "$players/fin/saves/ended-$stamp.pgn"
tap_ok "... and is among the player's saves" grep -qx "your saved games: ended-$stamp" "$tmp/out"
run 'e5
fen
' $R --player fin --variant glinski
tap_ok "a new game's move is saved as the game in progress" grep -q '^1\. e5 \*' "$players/fin/current.pgn"
tap_ok "... and the finished one is left as it was" cmp "$tmp/ended.pgn" "$players/fin/saves/ended-$stamp.pgn"
run 'fen
load ended-'"$stamp"'
' $R --player fin --variant glinski
tap_ok "a waiting game goes on as before" sh -c "grep -q ' b - ' '$tmp/out' && ! test -s '$tmp/err'"
tap_ok "... and the finished one loads by its name" grep -q "^loaded ended-$stamp" "$tmp/out"
# the name is taken (another game ended in the same second): the next name, nothing replaced
run 'f6
resign
' $R --player fin2 --variant glinski
touch -d "@$when" "$players/fin2/current.pgn"
cp "$players/fin2/current.pgn" "$tmp/ended2.pgn"
mkdir -p "$players/fin2/saves"
cp "$tmp/ended.pgn" "$players/fin2/saves/ended-$stamp.pgn"
run 'fen
' $R --player fin2 --variant glinski
tap_ok "a second game ended in that second: kept under the next name" \
    cmp "$tmp/ended2.pgn" "$players/fin2/saves/ended-$stamp-2.pgn"
tap_ok "... the first one's file is not replaced" cmp "$tmp/ended.pgn" "$players/fin2/saves/ended-$stamp.pgn"
# no room among the saves: the finished game stays the game in progress, and that is said
run 'e5
resign
' $R --player full --variant glinski
cp "$players/full/current.pgn" "$tmp/ended3.pgn"
i=1
while [ $i -le 50 ]; do
    cp "$tmp/ended.pgn" "$players/full/saves/s$i.pgn"
    i=$((i + 1))
done
run 'fen
' $R --player full --variant glinski
tap_ok "with 50 saves: the finished game is shown again" grep -q ' b - ' "$tmp/out"
tap_ok "... saying why" grep -qF "cellmate: your last game ended (result 1-0: White wins by resignation); it stays your game, as it could not be kept among your saves: you have 50 saved games" "$tmp/err"
tap_ok "... and its file is untouched" cmp "$tmp/ended3.pgn" "$players/full/current.pgn"
# on the screen
run 'e5
resign
' $R --player scr --variant glinski
run_in fs "env TERM=xterm LANG=C.UTF-8 $CELLMATE $R --player scr --variant glinski"
tap_ok "on the screen: a finished last game is said to have ended, and where it is" \
    wait_for fs "Your last game ended (result 1-0: White wins by resignation); it is kept as"
tap_ok "... and a new game begins" wait_for fs "White to move"
tap_ok "... the finished game is among the saves" sh -c "ls '$players/scr/saves' | grep -q '^ended-.*\.pgn$'"
T kill-session -t fs

# --- the screen names no command a login cannot give (it takes no options) -------------------
run 'e5
' $R --player two --variant glinski
printf '[Variant "glinski"]\n\n1. Nc3 *\n' >"$players/two/current-999.pgn"
touch -d '1 hour ago' "$players/two/current-999.pgn"
window two 250x24 "env TERM=xterm LANG=C.UTF-8 $CELLMATE $R --player two --variant glinski; \
echo 'window: done'; sleep 60"
tap_ok "restricted screen: another game waiting is named with what a login does" \
    wait_for two "also waiting: current-999.pgn (a login continues it once your newer games have ended)"
line two e6
wait_for two "1... e6" >/dev/null
line two quit
tap_ok "... leaving, it says the next login continues the game" \
    wait_for two "The game is saved in current.pgn; your next login continues it."
tap_ok "... no command with options is suggested" hides two "cellmate --"
tap_ok "... and no directory of the host is shown" hides two "$players"
T kill-session -t two

# --- a forced --relay's ssh command that is too long is said to be, not taken for none --------
long="cellmate --relay r1 glinski$(printf '%300s' '')"
SSH_ORIGINAL_COMMAND=$long "$CELLMATE" $R --player zed --relay </dev/null >"$tmp/out" 2>"$tmp/err"
tap_eq "a forced relay's ssh command over 255 bytes: exit 2" 2 "$?"
tap_eq "... and says it is too long" \
    "cellmate: the ssh command (SSH_ORIGINAL_COMMAND) is longer than 255 bytes; this login only relays to a room: cellmate --relay NAME [VARIANT]" \
    "$(cat "$tmp/err")"

tap_done
