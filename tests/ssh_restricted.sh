#!/bin/sh
# ssh_restricted.sh — restricted mode through a real sshd (tests/sshd.sh), logged in as a
# player of a public game login would be, trying to get out: another command than the game
# (ssh host sh), options passed as the command, paths in save, load and new, control
# characters and overlong lines, port forwarding, Ctrl-Z and Ctrl-\ on the screen, and a
# dropped connection (the game is kept under the player's name and goes on at the next
# login). Every attempt is refused, and strace shows that once input is read nothing
# outside the player's directory is opened, written or created. Both forms the man page
# gives administrators are used: a key's command= in authorized_keys, and its Match block
# with ForceCommand (taken from the page itself).
. "$TESTS_DIR/tap.sh"
. "$TESTS_DIR/sshd.sh"

missing=
for tool in ssh strace tmux; do command -v $tool >/dev/null 2>&1 || missing="$missing $tool"; done
[ -x "$SSHD" ] || missing="$missing sshd"
if [ -z "$missing" ] && ! strace -o /dev/null true 2>/dev/null; then missing=" strace (ptrace)"; fi
if [ -n "$missing" ]; then
    if [ "${CI:-}" = true ]; then
        echo "not ok 1 - needed to run:$missing (required in CI)"
        echo "1..1"
        exit 1
    fi
    echo "ok 1 # SKIP not available:$missing"
    echo "1..1"
    exit 0
fi

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
test_cleanup() {
    [ -n "${client:-}" ] && kill "$client" 2>/dev/null
    tmux_cleanup
}
players=$tmp/players
secret=$tmp/secret
mkdir -p "$players" "$secret"
# things a player might try to reach: a real game record and a real variant file
printf '[Variant "glinski"]\n\n1. e5 *\n' >"$secret/game.pgn"
cp "$TESTS_DIR/../variants/glinski.ini" "$secret/evil.ini"
home=$(getent passwd "$(id -u)" | cut -d: -f6)
[ -e "$home/x" ] && echo "# $home/x exists before the test"

# The server-side cellmate processes of the running sshd.
server_games() {
    for p in $(sshd_descendants "$SSHD_PID"); do
        [ "$(cat "/proc/$p/comm" 2>/dev/null)" = cellmate ] && echo "$p"
    done
}

no_games_left() { # within 10 s
    i=0
    while [ $i -lt 100 ]; do
        [ -z "$(server_games)" ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    echo "# still running: $(server_games)"
    return 1
}

# --- 1. a key's command=, traced: the scripted mode over ssh ------------------------------
game="$CELLMATE --restricted --save-dir $players --player alice --variant glinski"
# (LeakSanitizer cannot work under ptrace: a sanitizer build leaves it out under strace)
noleaks=
[ -n "${CELLMATE_SANITIZED:-}" ] && noleaks="-E ASAN_OPTIONS=detect_leaks=0"
SSHD_KEY_OPTIONS="restrict,pty,command=\"strace $noleaks -f -qq -y -ff -o $tmp/trace -e trace=%file,read $game\""
tap_ok "sshd starts with the player's key bound to the game" sshd_start

fen=$(echo fen | sshd_ssh sh -c id 2>"$tmp/err")
tap_eq "ssh host sh: the game runs instead (its position string)" \
    "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1" "$fen"
tap_ok "... and no shell: no uid printed" sh -c "! grep -q uid= '$tmp/err'"
tap_eq "options sent as the command are ignored (--variant /etc/passwd)" "$fen" \
    "$(echo fen | sshd_ssh -- --variant /etc/passwd --load /etc/passwd 2>&1)"

long=$(printf '%0500d' 0)
longer=$(printf '%05000d' 0)
printf '%s\n' "save ../../x" "save $secret/x" "save ~/x" "save x/../../y" \
    "load /etc/passwd" "load $secret/game.pgn" "load ../../../../../../etc/passwd" \
    "new /etc/passwd" "new $secret/evil.ini" "new ../secret/evil" "new ~/evil" \
    "perft 9" "$(printf 'e5\033[2J\033]0;pwned\007')" "$long" "$longer" "e5" "save mine" "new mccooey" \
    >"$tmp/attempts"
sshd_ssh <"$tmp/attempts" >"$tmp/out" 2>"$tmp/err"
tap_eq "the attempts' session ends with status 1 (lines were refused)" 1 "$?"
plain="a save's name is a plain name here: 1 to 32 letters, digits, '-' or '_' (no paths, no '~', '/' or '..')"
byname="variants are chosen by name here, not by path (cellmate --list shows them)"
control="the line contains a control character; type a move or a command"
tap_eq "every escape attempt is refused, each with a clear message" "line 1: $plain
line 2: $plain
line 3: $plain
line 4: $plain
line 5: $plain
line 6: $plain
line 7: $plain
line 8: $byname
line 9: $byname
line 10: $byname
line 11: $byname
line 12: perft needs a depth from 0 to 4, then optionally 'divide' and a time limit such as 5s (at most 10s)
line 13: $control
line 14: the line is longer than 200 characters; type a move or a command
line 15: the line is longer than 1000 characters; expected a move or a command" "$(cat "$tmp/err")"
left=$(ls "$players/alice/saves" | sed -n 's/^\(left-[0-9]\{8\}-[0-9]\{6\}\)\.pgn$/\1/p')
tap_eq "... and the game goes on, the game left kept among her saves" "1. e5
saved to mine
new game: McCooey's Hexagonal Chess, White to move; the game you left is kept as your save $left; 'load $left' shows it again" \
    "$(cat "$tmp/out")"
tap_ok "the save is in alice's own directory" test -s "$players/alice/saves/mine.pgn"
tap_ok "... and so is her game in progress" test -s "$players/alice/current.pgn"
tap_eq "no x or y was written anywhere a path could reach" "" \
    "$(ls -d "$tmp/x" "$tmp/y" "$players/x" "$players/y" "$secret/x" "$home/x" 2>/dev/null)"
tap_eq "alice's directory holds only her files" "current.lock current.pgn saves saves/$left.pgn saves/mine.pgn" \
    "$(cd "$players/alice" && find . -mindepth 1 | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//')"
tap_eq "no other player's directory appeared" "alice" "$(ls "$players")"

# What strace saw: the sentinel paths were never touched, and once input was read, every
# path used lies in alice's directory, or is the variants' directory (a variant by name),
# or is only looked at (stat, mkdir finding it there) on the way to them.
cat "$tmp"/trace.* >"$tmp/trace"
tap_ok "strace saw the sessions" grep -q 'read(0' "$tmp/trace"
tap_ok "no system call ever named the files tried" sh -c "! grep -F '$secret' '$tmp/trace'"
check_paths() {
    for f in "$tmp"/trace.*; do
        awk '/^read\(0/ { on = 1 } on' "$f"
    done | awk -v p="$players/alice" -v v="$VARIANTS_DIR" -v bin="$(dirname "$CELLMATE")" '
        function under(path, dir) { return path == dir || index(path, dir "/") == 1 }
        function above(path, dir) { return under(dir, path) || path == "/" }
        {
            call = $0; sub(/\(.*/, "", call)
            if (call == "readlink" && index($0, "readlink(\"/proc/self/exe\"") == 1) next
            rest = $0
            while (match(rest, /"\/[^"]*"/)) {
                path = substr(rest, RSTART + 1, RLENGTH - 2)
                rest = substr(rest, RSTART + RLENGTH)
                if (under(path, p) || under(path, v) || path == "/dev/null") continue
                look = call ~ /^(newfstatat|stat|lstat|access|readlink|mkdir)$/ && \
                    (call != "mkdir" || $0 ~ /EEXIST/)
                if (look && (above(path, p) || above(path, v) || above(path, bin) || \
                    path ~ /\/share\/cellmate\/variants$/)) continue
                print "outside: " $0
            }
        }'
}
check_paths >"$tmp/outside"
tap_eq "after start-up nothing outside alice's directory was read or written" "" \
    "$(sed 's/^/# /' "$tmp/outside" | head -20)"

# port forwarding: refused by the key's "restrict"
sshd_ssh -o ExitOnForwardFailure=yes -R "127.0.0.1:0:127.0.0.1:$SSHD_PORT" -N >/dev/null 2>&1 &
client=$!
i=0
while [ $i -lt 100 ] && kill -0 "$client" 2>/dev/null; do
    sleep 0.1
    i=$((i + 1))
done
if kill -0 "$client" 2>/dev/null; then
    kill "$client"
    rc=running
else
    wait "$client"
    rc=$?
fi
client=
tap_eq "a remote port forwarding is refused (the client gives up, status 255)" 255 "$rc"
tap_ok "no game is left running on the server" no_games_left
sshd_stop

# --- 2. the screen over ssh -t, as the administrator's key line has it --------------------
SSHD_KEY_OPTIONS="restrict,pty,command=\"$CELLMATE --restricted --save-dir $players --player bob --variant glinski\""
tap_ok "sshd starts for the screen" sshd_start
run_in b "TERM=xterm $SSHD_SSH -t"
client=$(T display -p -t b '#{pane_pid}')
tap_ok "the screen comes up over ssh" wait_for b "White to move"
line b "e5"
tap_ok "a move" wait_for b "Black to move"
keys b C-z
sleep 0.5
line b "e6"
tap_ok "Ctrl-Z does not stop the game: the next move is played" wait_for b "White to move"
keys b 'C-\'
sleep 0.5
line b "load /etc/passwd"
tap_ok "Ctrl-\\ does not end it either; load of a path is refused" wait_for b "plain name"
tap_eq "and no core file appears" "" "$(ls "$players/bob" | grep core)"
games=$(server_games)
tap_ok "the game runs on the server" test -n "$games"
kill -KILL "$client"
client=
tap_ok "a dropped connection (the client killed) ends the server's game" no_games_left
tap_ok "... which kept both moves under bob's name" grep -q '^1\. e5 e6' "$players/bob/current.pgn"
T kill-session -t b 2>/dev/null
run_in b2 "TERM=xterm $SSHD_SSH -t"
client=$(T display -p -t b2 '#{pane_pid}')
tap_ok "bob's next login continues the game" wait_for b2 "White to move"
tap_ok "... with its moves" shows_re b2 '1\. e5 +e6'
line b2 quit
tap_ok "quit ends the session" gone b2
client=
tap_ok "and no game is left running" no_games_left
sshd_stop

# --- 3. the man page's Match block, with ForceCommand ----------------------------------
# taken from cellmate(6), for this account, this binary and a test directory
awk '/^Match User chess/ { on = 1 } /^\.EE/ { on = 0 } on' "$TESTS_DIR/../man/cellmate.6" |
    sed -e 's/\\-/-/g' -e "s/^Match User chess/Match User $(id -un)/" \
        -e "s|/usr/local/bin/cellmate|$CELLMATE --save-dir $players|" \
        -e '/AuthorizedKeysFile/d' >"$tmp/match"
tap_ok "the man page has a Match block with ForceCommand" grep -q 'ForceCommand .*--restricted' "$tmp/match"
SSHD_KEY_OPTIONS=
SSHD_CONFIG_EXTRA=$(cat "$tmp/match")
tap_ok "sshd accepts the man page's Match block" sshd_start
tap_eq "ssh host sh plays the game (the default variant's position string)" \
    "$(echo fen | "$CELLMATE" --batch)" "$(echo fen | sshd_ssh sh 2>&1)"
tap_ok "guest's directory is made" test -d "$players/guest/saves"
sshd_ssh -o ExitOnForwardFailure=yes -R "127.0.0.1:0:127.0.0.1:$SSHD_PORT" -N >/dev/null 2>&1
tap_eq "the Match block refuses port forwarding" 255 "$?"
tap_ok "no game is left running" no_games_left
sshd_stop
tap_done
