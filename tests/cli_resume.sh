#!/bin/sh
# cli_resume.sh — cellmate --resume in the scripted mode: a damaged save is set aside under a
# name of its own (never over one set aside before), a save that cannot be read or whose
# variant is not found here is no damage and stays where it is, and a restricted scripted
# login goes on from the last good save instead of losing it; the saves are listed within a
# small stack; load alone lists them and how to clear them.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" HOME="$tmp/home"
S=$XDG_STATE_HOME/cellmate
mkdir -p "$S" "$HOME"
record() { printf '[Variant "%s"]\n\n%s\n' "$1" "$2"; }

# --- damaged saves: each one kept -------------------------------------------------------------
record glinski '1. e5 e6 2. zz9 *' >"$S/current.pgn"
echo fen | "$CELLMATE" --batch --resume >/dev/null 2>"$tmp/err"
tap_eq "a damaged save: exit 2" 2 "$?"
tap_ok "... set aside as damaged-current.pgn" grep -q zz9 "$S/damaged-current.pgn"
record glinski '1. e5 e6 2. qq9 *' >"$S/current.pgn"
echo fen | "$CELLMATE" --batch --resume >/dev/null 2>"$tmp/err"
tap_ok "a second damaged save does not replace the first" grep -q zz9 "$S/damaged-current.pgn"
tap_ok "... it is kept as damaged-current-2.pgn" grep -q qq9 "$S/damaged-current-2.pgn"
tap_ok "... and the message names it" grep -qF "(it is kept as $S/damaged-current-2.pgn;" "$tmp/err"
tap_ok "... and the command that continues it once a variant's file edited since is back" \
    grep -qF "; if its variant's file was changed since, put the file back: cellmate --resume=damaged-current-2 may then continue it, with --variant FILE for a variant read from a file)" "$tmp/err"

# --- load alone lists the saved games, newest first, and says how to clear them ----------------
L=$tmp/listed/cellmate
mkdir -p "$L"
record glinski '1. e5 1-0' >"$L/previous-2.pgn"
record glinski '1. e5 e6 *' >"$L/previous.pgn"
record glinski '1. Nc3 *' >"$L/current.pgn"
touch -d '2026-01-01 10:00' "$L/previous-2.pgn"
touch -d '2026-01-02 10:00' "$L/previous.pgn"
touch -d '2026-01-03 10:00' "$L/current.pgn"
echo load | XDG_STATE_HOME=$tmp/listed "$CELLMATE" --batch >"$tmp/out" 2>"$tmp/err"
tap_eq "load alone: the saved games, newest first, what each holds, with how to load or continue one" \
    "saved games in $L, newest first ('load NAME' shows one, cellmate --resume=NAME continues it):
  current.pgn              2026-01-03 10:00  glinski, at move 1, going on
  previous.pgn             2026-01-02 10:00  glinski, at move 2, going on
  previous-2.pgn           2026-01-01 10:00  glinski, over at move 1 (result 1-0: White wins by resignation)" "$(sed -n 1,4p "$tmp/out")"
tap_eq "... and that they stay until deleted, and how to clear them" \
    "They stay until deleted: a game replaced while it went on is kept as previous.pgn, previous-2.pgn, ... Delete the files you no longer want to clear them (rm $L/previous-*.pgn)." \
    "$(sed -n 5p "$tmp/out")"
# a record without a Variant tag is listed as 'load' reads it (in the session's variant), and
# a three-player game is at the move its record numbers (a side's "--" among them)
N=$tmp/untagged/cellmate
mkdir -p "$N"
printf '1. e5 e6 *\n' >"$N/previous.pgn"
record cyclohexane '1. Sa1 -- Sa17 2. Sc24 *' >"$N/current.pgn"
touch -d '2026-01-02 10:00' "$N/previous.pgn"
touch -d '2026-01-03 10:00' "$N/current.pgn"
printf 'load\nload %s\n' "$N/previous.pgn" |
    XDG_STATE_HOME=$tmp/untagged "$CELLMATE" --batch --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_eq "load alone: a record without a Variant tag is read as load reads it" \
    "  previous.pgn             2026-01-02 10:00  glinski, at move 2, going on" \
    "$(sed -n 3p "$tmp/out")"
tap_ok "... as load FILE then loads it" \
    grep -qx "loaded $N/previous.pgn: Glinski's Hexagonal Chess, move 2, White to move" "$tmp/out"
tap_eq "load alone: a three-player game's round, as its record numbers it" \
    "  current.pgn              2026-01-03 10:00  cyclohexane, at move 2, going on" \
    "$(sed -n 2p "$tmp/out")"
# load NAME: a name the list shows, with or without .pgn, is the save of that name, unless the
# current directory has such a file
printf 'load previous-2\nload previous.pgn\nload nosuch\n' |
    XDG_STATE_HOME=$tmp/listed "$CELLMATE" --batch >"$tmp/out" 2>"$tmp/err"
tap_eq "load NAME: the listed save of that name, its path said; an ended game at its last move" \
    "loaded $L/previous-2.pgn: Glinski's Hexagonal Chess, over at move 1" "$(sed -n 1p "$tmp/out")"
tap_eq "load NAME.pgn: the same; a game going on at the move being played" \
    "loaded $L/previous.pgn: Glinski's Hexagonal Chess, move 2, White to move" \
    "$(sed -n 3p "$tmp/out")"
tap_eq "load of a name neither here nor saved says both" \
    "line 3: nosuch: no such file here, nor a saved game of that name ('load' alone lists them)" \
    "$(cat "$tmp/err")"
mkdir -p "$tmp/here"
record mccooey '1. f5 *' >"$tmp/here/previous.pgn"
(cd "$tmp/here" && echo 'load previous.pgn' |
    XDG_STATE_HOME=$tmp/listed "$CELLMATE" --batch >"$tmp/out" 2>"$tmp/err")
tap_eq "... a file of the current directory comes first" \
    "loaded previous.pgn: McCooey's Hexagonal Chess, move 1, Black to move" "$(cat "$tmp/out")"
echo load | XDG_STATE_HOME=$tmp/none "$CELLMATE" --batch >/dev/null 2>"$tmp/err"
tap_eq "load alone with no saved game asks for a file name" "line 1: load needs a file name" \
    "$(cat "$tmp/err")"

# --- the list of saves is no burden on the stack (64 of them, each with its path: 300 KB) -------
record glinski '1. e5 *' >"$S/current.pgn"
(ulimit -s 512 && echo fen | exec "$CELLMATE" --batch --resume >"$tmp/out" 2>"$tmp/err")
tap_eq "a resume within a 512 KB stack" 0 "$?"
tap_ok "... goes on with the save" grep -q "^6/P5p/RP4pr/N1P3p1n/Q3P1p2q/.* b " "$tmp/out"

# --- a variant not found here: no damage ------------------------------------------------------
rm -f "$S"/*.pgn
cp "$TESTS_DIR/../variants/glinski.ini" "$tmp/myglin.ini"
(cd "$tmp" && echo e5 | "$CELLMATE" --variant ./myglin.ini --batch >/dev/null)
record myglin '1. e5 *' >"$S/current.pgn"
echo fen | "$CELLMATE" --batch --resume >/dev/null 2>"$tmp/err"
tap_eq "a save of a variant not found: exit 2" 2 "$?"
tap_eq "... the message names the variant and the way on" \
    "cellmate: the saved game $S/current.pgn is of the variant 'myglin', which is not found here (cellmate --list shows the variants); it is left as it is: cellmate --resume --variant FILE continues it with that variant's file" \
    "$(cat "$tmp/err")"
tap_ok "... the save stays where it is" grep -q '1. e5' "$S/current.pgn"
tap_ok "... nothing is set aside" sh -c "! ls '$S' | grep -q damaged"
tap_eq "--resume --variant FILE continues it" \
    "6/P5p/RP4pr/N1P3p1n/Q3P1p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 b - 0 1" \
    "$(echo fen | "$CELLMATE" --batch --resume --variant "$tmp/myglin.ini")"

# --- a save that cannot be read: no damage ----------------------------------------------------
rm -f "$S"/*.pgn
record glinski '1. e5 *' >"$S/current.pgn"
chmod 000 "$S/current.pgn"
as_other=  # root reads every file: the test runs as nobody then
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
    chmod 755 "$tmp"
    chown -R nobody "$tmp/state"
    as_other='setpriv --reuid=nobody --regid=nogroup --clear-groups'
fi
if [ "$(id -u)" != 0 ] || [ -n "$as_other" ]; then
    echo fen | $as_other "$CELLMATE" --batch --resume >/dev/null 2>"$tmp/err"
    tap_eq "a save that cannot be read: exit 2" 2 "$?"
    tap_ok "... says why" grep -qF "the saved game cannot be read: $S/current.pgn: cannot open: Permission denied (it is left as it is)" "$tmp/err"
    tap_ok "... and leaves it where it is" test -f "$S/current.pgn"
    tap_ok "... not set aside" sh -c "! ls '$S' | grep -q damaged"
else
    tap_ok "a save that cannot be read: needs setpriv to run as nobody" false
fi
chmod 600 "$S/current.pgn"

# --- many saves: --resume continues the newest of them all --------------------------------------
# (the newest is the one the directory lists last: a listing that stopped at 64 names missed it)
M=$tmp/many
mkdir -p "$M/cellmate"
i=1
while [ $i -le 70 ]; do
    record glinski '1. e5 *' >"$M/cellmate/current-$i.pgn"
    touch -d '2 hours ago' "$M/cellmate/current-$i.pgn"
    i=$((i + 1))
done
last=$(ls -U "$M/cellmate" | tail -n 1)
record glinski '1. Nc3 *' >"$M/cellmate/$last"
tap_eq "70 saves: --resume continues the newest, the last the directory lists" "1. Nc3 *" \
    "$(echo pgn | XDG_STATE_HOME=$M "$CELLMATE" --batch --resume 2>/dev/null | tail -n 1)"

# --- a restricted scripted login: the last good save goes on -----------------------------------
D=$tmp/players
R="--restricted --player p --save-dir $D --variant glinski"
echo e5 | "$CELLMATE" $R >/dev/null 2>&1
echo e6 | "$CELLMATE" $R >/dev/null 2>&1 # its first save keeps 1. e5 as the save previous
record glinski '1. e5 e6 2. zz9 *' >"$D/p/current.pgn"
echo f6 | "$CELLMATE" $R >"$tmp/out" 2>"$tmp/err"
tap_eq "restricted, a damaged save: the login goes on (exit 0)" 0 "$?"
tap_ok "... says the game goes on from the last good save" \
    grep -qxF "cellmate: the game goes on from the last good save, saves/previous.pgn" "$tmp/err"
tap_ok "... and plays on from it" grep -qF "1. e5 f6 *" "$D/p/current.pgn"
tap_ok "... the damaged save is kept among the player's saves (not beside them)" \
    sh -c "grep -q zz9 '$D/p/saves/damaged-current.pgn' && ! test -e '$D/p/damaged-current.pgn'"
tap_ok "... where a login's 'load' lists it" \
    sh -c "echo load | '$CELLMATE' $R | grep -q ' damaged-current'"
tap_ok "... previous.pgn is still the last good save" grep -qxF "1. e5 *" "$D/p/saves/previous.pgn"
echo e6 | "$CELLMATE" $R >/dev/null 2>&1
tap_ok "the next login keeps the game it went on with as previous.pgn" \
    grep -qxF "1. e5 f6 *" "$D/p/saves/previous.pgn"
tap_ok "... among the player's saves, where a login's 'load' reaches it (not beside them)" \
    sh -c "echo load | '$CELLMATE' $R | grep -q ' previous' && ! test -e '$D/p/previous.pgn'"

# --- a login reads its save once to learn whether its game goes on, then loads it ---------------
# (it read it five times: what --resume would continue, whether that goes on, each twice)
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
    noleaks= # (LeakSanitizer cannot work under ptrace)
    [ -n "${CELLMATE_SANITIZED:-}" ] && noleaks="-E ASAN_OPTIONS=detect_leaks=0"
    # (written a while before: a save written just before it is read is read again each time,
    # its time, kept coarsely, being maybe another's written just after: save_scan.h)
    touch -d "1 minute ago" "$D/p/current.pgn"
    echo fen | strace $noleaks -f -qq -o "$tmp/trace" -e trace=openat "$CELLMATE" $R >/dev/null 2>&1
    tap_eq "a login opens its save twice: read once to see it goes on, then loaded" 2 \
        "$(grep -c 'current\.pgn", O_RDONLY' "$tmp/trace")"
else
    tap_ok "the reads of a save at a login: needs strace (and ptrace)" false
fi

# --- restricted scripted mode: new and load keep the game left, as the screen does ------------
rm -f "$D/p/current.pgn" "$D/p/saves/previous.pgn"
printf 'e5\nnew\n' | "$CELLMATE" $R >"$tmp/out" 2>&1
tap_ok "restricted, new keeps the game in progress among the player's saves, where load finds it" \
    sh -c "grep -qxF '1. e5 *' '$D/p/saves/'left-*.pgn"
tap_ok "... and says so" grep -qx "new game: Glinski's Hexagonal Chess, White to move; the game you left is kept as your save left-[0-9-]*; 'load left-[0-9-]*' shows it again" "$tmp/out"
printf 'f5\nnew\n' | "$CELLMATE" --batch --no-save glinski >"$tmp/out" 2>&1
tap_ok "a scripted mode that saves nothing keeps nothing, and says nothing of it" \
    sh -c "! grep -q 'the game you left' '$tmp/out'"

# --- restricted mode: messages name the player's files, never the host's directories ---------
record glinski '1. e5 e6 2. zz9 *' >"$D/p/current.pgn"
echo fen | "$CELLMATE" $R >/dev/null 2>"$tmp/err"
tap_ok "restricted, a damaged save: named by its file names" \
    grep -q "^cellmate: the saved game is damaged: current.pgn: line 3, column 13: .* (it is kept among your saves as damaged-current-2: 'load damaged-current-2' shows it)$" "$tmp/err"
tap_ok "... no host directory shows" sh -c "! grep -qF '$tmp' '$tmp/err'"
record gone '1. e5 *' >"$D/p/saves/old.pgn"
echo 'load old' | "$CELLMATE" $R >/dev/null 2>"$tmp/err"
tap_eq "restricted, load of a save whose variant is gone: named by its name" \
    "line 1: old: line 1, column 1: unknown variant 'gone'" "$(cat "$tmp/err")"
record gone '1. e5 *' >"$D/p/current.pgn"
echo fen | "$CELLMATE" $R >/dev/null 2>"$tmp/err"
tap_eq "restricted, a saved game whose variant is gone: left, and said without paths" \
    "cellmate: your saved game is of the variant 'gone', which is not installed here; it is left as it is" \
    "$(cat "$tmp/err")"
record glinski '1. e5 *' >"$D/p/current.pgn"
if command -v flock >/dev/null; then
    flock -o "$D/p/current.lock" sleep 10 & # -o: the lock goes with flock itself
    holder=$!
    held() { ! flock -n "$D/p/current.lock" true; }
    wait_until held
    echo fen | "$CELLMATE" $R >/dev/null 2>"$tmp/err"
    kill $holder 2>/dev/null
    wait $holder 2>/dev/null
    tap_eq "restricted, a save another process holds: named by its name" \
        "cellmate: current.pgn is being played by another cellmate; this is a copy of it, saved apart from it" \
        "$(cat "$tmp/err")"
else
    tap_ok "a save another process holds: needs flock(1)" false
fi
if [ "$(id -u)" != 0 ] || [ -n "$as_other" ]; then
    [ -n "$as_other" ] && chown -R nobody "$D/p" && chmod 755 "$D"
    chmod 555 "$D/p"
    echo e6 | $as_other "$CELLMATE" $R >/dev/null 2>"$tmp/err"
    tap_eq "restricted, a player's directory that cannot be written: said without paths" \
        "cellmate: (your folder): cannot write there: Permission denied" "$(cat "$tmp/err")"
    chmod 755 "$D/p"
else
    tap_ok "an unwritable directory: needs setpriv to run as nobody" false
fi

tap_done
