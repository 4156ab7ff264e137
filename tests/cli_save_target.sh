#!/bin/sh
# cli_save_target.sh — `save PATH` writes only to a new name or a regular file (issue 9 item
# 8): a FIFO, a directory, a device, a symbolic link to one of them or to nothing, and a file
# with other hard links are refused with a clear message and left as they were; a regular
# file replaced keeps its permission bits and owner; a symbolic link to a regular file stays a
# link and its target gets the game. Each run is bounded in time (a FIFO must not block).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
umask 022

save() { # save PATH: play a move and save to PATH; output in $tmp/out, status in $st
    printf 'Nc3\nsave %s\n' "$1" | timeout 10 "$CELLMATE" --batch glinski >"$tmp/out" 2>&1
    st=$?
}
said() { grep -qF -- "$1" "$tmp/out"; }
mode_of() { stat -c %a "$1"; }

mkfifo "$tmp/fifo"
mkdir "$tmp/dir"
ln -s "$tmp/fifo" "$tmp/to-fifo"
ln -s "$tmp/dir" "$tmp/to-dir"
ln -s /dev/null "$tmp/to-null"
ln -s "$tmp/nothing" "$tmp/to-nothing"
for t in fifo dir to-fifo to-dir to-null to-nothing; do
    save "$tmp/$t"
    tap_eq "save to $t: refused (exit 1)" 1 "$st"
done
save "$tmp/fifo"
tap_ok "a FIFO: says why" said "$tmp/fifo is a FIFO; games are saved only to a regular file or a new name"
save "$tmp/dir"
tap_ok "a directory: says why" said "$tmp/dir is a directory; games are saved"
save "$tmp/to-null"
tap_ok "a link to /dev/null: says why" said "$tmp/to-null is a symbolic link to a character device"
save "$tmp/to-nothing"
tap_ok "a link to nothing: says why" said "$tmp/to-nothing: a symbolic link to nothing"
tap_ok "the FIFO is still a FIFO" test -p "$tmp/fifo"
tap_ok "the directory is still a directory" test -d "$tmp/dir"
tap_ok "the links are still links" sh -c "test -L '$tmp/to-fifo' && test -L '$tmp/to-null' && test -L '$tmp/to-dir'"
tap_ok "/dev/null is still a device" test -c /dev/null
tap_eq "no temporary file is left" "" "$(ls "$tmp" | grep tmp)"
save "$tmp/no-such-dir/game.pgn"
tap_eq "save into a directory that does not exist: refused (exit 1)" 1 "$st"
tap_ok "... says the directory does not exist" \
    said "$tmp/no-such-dir/game.pgn: cannot write there: its directory does not exist"
if [ "$(id -u)" = 0 ]; then # a device of its own, where it harms nothing
    mknod "$tmp/null" c 1 3
    save "$tmp/null"
    tap_ok "save to a character device: refused, it stays a device" test $st = 1 -a -c "$tmp/null"
fi

# a new name, and a regular file replaced: its permission bits and owner kept
save "$tmp/new.pgn"
tap_eq "save to a new name: saved" 0 "$st"
tap_eq "a new file: 0666 less the umask" 644 "$(mode_of "$tmp/new.pgn")"
echo old >"$tmp/mine.pgn"
chmod 640 "$tmp/mine.pgn"
[ "$(id -u)" = 0 ] && chown nobody "$tmp/mine.pgn"
owner=$(stat -c %U:%G "$tmp/mine.pgn")
save "$tmp/mine.pgn"
tap_eq "save over a regular file: saved" 0 "$st"
tap_ok "the game is in it" grep -q "1. Nc3" "$tmp/mine.pgn"
tap_eq "its permission bits are kept" 640 "$(mode_of "$tmp/mine.pgn")"
tap_eq "its owner and group are kept" "$owner" "$(stat -c %U:%G "$tmp/mine.pgn")"

# a symbolic link to a regular file: the link stays, the target gets the game
echo old >"$tmp/target.pgn"
chmod 600 "$tmp/target.pgn"
ln -s target.pgn "$tmp/link.pgn"
save "$tmp/link.pgn"
tap_eq "save through a link to a regular file: saved" 0 "$st"
tap_ok "the link is still a link" test -L "$tmp/link.pgn"
tap_ok "its target has the game" grep -q "1. Nc3" "$tmp/target.pgn"
tap_eq "the target's bits are kept" 600 "$(mode_of "$tmp/target.pgn")"

# hard links: refused (renaming a new file over one name would split them)
echo old >"$tmp/a.pgn"
ln "$tmp/a.pgn" "$tmp/b.pgn"
save "$tmp/a.pgn"
tap_eq "save over a file with two hard links: refused (exit 1)" 1 "$st"
tap_ok "says why and what to do" said "$tmp/a.pgn has 2 names (hard links); saving over it would leave the other names with the old text, so it is not replaced: save under another name"
tap_eq "both names still hold the old text, one file" "old old 2" \
    "$(cat "$tmp/a.pgn") $(cat "$tmp/b.pgn") $(stat -c %h "$tmp/a.pgn")"
tap_done
