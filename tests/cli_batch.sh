#!/bin/sh
# cli_batch.sh — the scripted mode: whole games piped through the binary, the output line
# for each input line, errors on stderr naming the line, the commands, and the exit status
# (0 all lines accepted, 1 some rejected, 2 bad arguments).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run INPUT ARGS...: stdout to $tmp/out, stderr to $tmp/err, status in $status
    input=$1
    shift
    printf '%s' "$input" | "$CELLMATE" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# Glinski's fool's mate (tests/data/glinski/FoolsMate.pgn) in SAN
run 'Qc3
Qc6
b2
b6
Bb1
e6
Qxf9
' --variant glinski
tap_eq "a whole game: one line per move, then the result" "1. Qc3
1... Qc6
2. b2
2... b6
3. Bb1
3... e6
4. Qxf9#
result 1-0: White wins by checkmate" "$(cat "$tmp/out")"
tap_eq "a whole game exits 0" 0 "$status"
tap_eq "nothing on stderr" "" "$(cat "$tmp/err")"

# the same in from-to form, with a move after the end
run 'Qe1c3
Qe10c6
b1b2
b7b6
Bf3b1
e7e6?
Qc3xBf9#
e5
' --batch --variant glinski
tap_eq "a move after the end is rejected, naming the line" \
    "line 8: the game is over (result 1-0: White wins by checkmate); 'new' starts another, 'undo' takes back (in 'e5')" \
    "$(cat "$tmp/err")"
tap_eq "a rejected line makes the exit status 1" 1 "$status"

# illegal and malformed lines: one error each, and the next lines still count
run 'Nf6
Nfz
Nc3
' --variant glinski
tap_eq "illegal move error names the line and the legal moves" \
    "line 1: no White Knight can go to f6; legal Knight moves: Nb2 Nc3 Ndf4 Ne2 Ng2 Nhf4 Ni3 Nk2 (in 'Nf6')" \
    "$(head -n 1 "$tmp/err")"
tap_eq "malformed line error says what was expected" \
    "line 2: neither a move nor a command: 'z' is not a file of this board (expected a move such as Nf6 or e3-f6, or a command; 'help' lists them) (in 'Nfz')" \
    "$(sed -n 2p "$tmp/err")"
tap_eq "the line after the errors is played" "1. Nc3" "$(cat "$tmp/out")"
tap_eq "errors make the exit status 1" 1 "$status"

# blank lines, comments and CRLF line ends
run '# a comment

  Nc3  
Nc6
' --variant glinski
tap_eq "blank and comment lines are ignored, CRLF accepted" "1. Nc3
1... Nc6" "$(cat "$tmp/out")"
tap_eq "exit 0 when every line was accepted" 0 "$status"

# commands
run 'fen
Nc3
undo
undo
redo
moves
perft 2
' --variant glinski
tap_eq "fen prints the position string" \
    "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1" \
    "$(sed -n 1p "$tmp/out")"
tap_eq "undo takes back" "took back 1. Nc3" "$(sed -n 3p "$tmp/out")"
tap_eq "undo with nothing to undo" "line 4: nothing to undo" "$(cat "$tmp/err")"
tap_eq "redo plays again, saying so as undo does" "played again 1. Nc3" "$(sed -n 4p "$tmp/out")"
tap_eq "moves lists the legal moves" "51 legal moves:" "$(sed -n 5p "$tmp/out" | cut -d' ' -f1-3)"
tap_eq "moves lists Black's 51 moves after 1. Nc3" 51 \
    "$(sed -n 5p "$tmp/out" | cut -d: -f2 | wc -w)"
tap_eq "perft from the current position" "perft 2:" "$(sed -n 6p "$tmp/out" | cut -d' ' -f1-2)"

run 'resign
' --variant haynie
tap_eq "resign" "result 0-1: Black wins by resignation" "$(cat "$tmp/out")"
run 'resign Purple
resign Black
resign
' --variant cyclohexane
tap_eq "resign naming no side of the game says so and lists the sides" \
    "line 1: 'Purple' is not a side in this game (its sides: Red, Yellow, Blue)
line 2: 'Black' is not a side in this game (its sides: Red, Yellow, Blue)" "$(cat "$tmp/err")"
tap_eq "... and resigns nobody" "Red resigns and leaves the game" "$(cat "$tmp/out")"
# cyclohexane.md's double elimination: each player put out is named, with their place (the
# '#' marks the move after which they had no way out, here Blue's own)
run 'Dd3e5
Gd10e9
Gd18e17
' --variant cyclohexane
tap_eq "three players: who a move puts out is said, in the order they go, with their places" \
    "1. Ge17# (Blue)
Yellow is out, in third place: its pieces leave the board
Blue is out, in second place: its pieces leave the board
result Red: Red wins by elimination" "$(sed -n '3,$p' "$tmp/out")"
# moves pasted on one line: one move per line, the line says so (a word that is no move
# keeps the usual message)
run '1. e5 Nc6
e5 2. f6
e5 junk
e5
' --variant glinski
tap_eq "moves pasted on one line are refused, saying one move per line" \
    "line 1: '1. e5 Nc6' holds more than one move: give one move per line (a record's moves are read with 'load FILE')
line 2: 'e5 2. f6' holds more than one move: give one move per line (a record's moves are read with 'load FILE')" \
    "$(sed -n 1,2p "$tmp/err")"
tap_ok "... a line with a word that is no move gets the usual message" \
    sh -c "sed -n 3p '$tmp/err' | grep -q '^line 3: neither a move nor a command'"
tap_eq "... and nothing of them is played" "1. e5" "$(cat "$tmp/out")"
run 'Nc5
draw
' --variant haynie
tap_eq "draw by agreement takes effect at once" "result 1/2-1/2: draw by agreement" \
    "$(sed -n 2p "$tmp/out")"
run 'quit
Zz9
' --variant haynie
tap_eq "quit stops reading" "0:" "$status:$(cat "$tmp/err")"
run 'help
' --variant glinski
tap_ok "help lists the commands" grep -q '^  save FILE  *save the game record to FILE (FILE.pgn when it has no dot)$' "$tmp/out"
run 'new haynie
new nosuch
' --variant glinski
tap_eq "new VARIANT switches variant" "new game: Haynie's Hexagonal Chess, White to move" \
    "$(cat "$tmp/out")"
tap_eq "new with an unknown variant" \
    "line 2: unknown variant 'nosuch' (cellmate --list shows the variants)" "$(cat "$tmp/err")"
run 'undo extra
save
perft x
' --variant glinski
tap_eq "command argument errors" "line 1: undo takes nothing after it (in 'undo extra')
line 2: save needs a file name
line 3: perft needs a depth from 0 to 12, then optionally 'divide' and a time limit such as 30s (at most 86400s)" "$(cat "$tmp/err")"

# a command typed in other capitals runs (a line that can be a move stays one: 'qc3' is no
# command and no move, and says why as a move)
run 'Qc3
UNDO
Fen
Help
qc3
Undo x
Quit
fen
' --variant glinski
tap_eq "commands in capitals run: UNDO, Fen, Help; Quit leaves (the last fen never runs)" \
    "1. Qc3
took back 1. Qc3
6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1
Type a move (Nf6, e3-f6, exd5, f10=Q) or a command:" "$(sed -n 1,4p "$tmp/out")"
tap_eq "... a move in the wrong case is still read as a move; a command's errors name it" \
    "line 5: neither a move nor a command: 'q' is not a file of this board; piece letters are upper case (Qc3) (expected a move such as Nf6 or e3-f6, or a command; 'help' lists them) (in 'qc3')
line 6: undo takes nothing after it (in 'undo x')" "$(cat "$tmp/err")"

run 'go
go
' --variant glinski --time 0.2
tap_ok "go: the computer plays for the side to move" \
    sh -c "grep -Eq '^1\\. [A-Za-z]' '$tmp/out' && grep -Eq '^1\\.\\.\\. [A-Za-z]' '$tmp/out'"
tap_eq "go exits 0" 0 "$status"

run 'hint
fen
' --variant glinski --time 0.2
tap_ok "hint names a move and its search figures" \
    grep -Eq '^hint: [A-Za-z][^ ]* \(depth [0-9]+(, unfinished)?, score [-+][0-9.]+, [0-9]+ nodes, [0-9.]+ s, [0-9]+ nodes/s\)$' "$tmp/out"
tap_eq "hint does not play the move" \
    "6/P5p/RP4pr/N1P3p1n/Q2P2p2q/BBB1P1p1bbb/K2P2p2k/N1P3p1n/RP4pr/P5p/6 w - 0 1" \
    "$(sed -n 2p "$tmp/out")"

# save and load: the loaded game is the saved one
run "Nc3
Nc6
save $tmp/game.pgn
" --variant glinski
tap_eq "save reports the file" "saved to $tmp/game.pgn" "$(sed -n 3p "$tmp/out")"
run "load $tmp/game.pgn
fen
" --variant haynie
tap_eq "load switches to the game's variant" \
    "loaded $tmp/game.pgn: Glinski's Hexagonal Chess, move 2, White to move" \
    "$(sed -n 1p "$tmp/out")"
want=$(printf 'Nc3\nNc6\nfen\n' | "$CELLMATE" --variant glinski | tail -n 1)
tap_eq "the loaded position is the saved one" "$want" "$(sed -n 2p "$tmp/out")"
# a name with no dot gets .pgn, in save and load alike; a name with a dot is kept, and a
# file of the very name, without .pgn, still loads
run "Nc3
save $tmp/named
save $tmp/named.txt
load $tmp/named
" --variant glinski
tap_eq "save NAME writes NAME.pgn, and load NAME reads it" \
    "saved to $tmp/named.pgn
saved to $tmp/named.txt
loaded $tmp/named.pgn: Glinski's Hexagonal Chess, move 1, Black to move" \
    "$(sed -n 2,4p "$tmp/out")"
tap_ok "... NAME itself is not written" test ! -e "$tmp/named"
mv "$tmp/named.txt" "$tmp/bare"
run "load $tmp/bare
" --variant haynie
tap_eq "load NAME of a file with no .pgn one beside it: the file itself" \
    "loaded $tmp/bare: Glinski's Hexagonal Chess, move 1, Black to move" "$(cat "$tmp/out")"
# a finished game: how it ended, not whose move it would be
run "Nc3
resign
save $tmp/over.pgn
" --variant glinski
run "load $tmp/over.pgn
" --variant haynie
tap_eq "load of a finished game: the move it ended at, then how it ended" \
    "loaded $tmp/over.pgn: Glinski's Hexagonal Chess, over at move 1
result 1-0: White wins by resignation" "$(cat "$tmp/out")"
# a record without a Variant tag is read as the variant in play, which is said, with how to
# read it as another: when it fails (it may be another's moves) and when it loads
printf '1. e4 e5 2. Nf3 *\n' >"$tmp/nov.pgn"
run '' --batch --load "$tmp/nov.pgn"
tap_eq "--load of a record without a Variant tag that fails: the variant assumed said first" \
    "2 cellmate: $tmp/nov.pgn: no Variant tag, read as haynie, the variant in play (--variant NAME, or 'new NAME' before 'load', reads it as another): line 1, column 4: move 1. (e4): no White Pawn can go to e4; legal Pawn moves: a5 ab5 bb5 bc5 cc5 cd5 dd5 de5 ee5 ef5 ff5 fg5 gg5 gh5 hh5 hi5 ii5 j5" \
    "$status $(cat "$tmp/err")"
run 'fen
' --batch --load "$tmp/nov.pgn" --variant chess
tap_eq "... --variant chess reads it, saying which it was read as" \
    "0 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | cellmate: warning: $tmp/nov.pgn: line 1, column 1: no Variant tag: reading the game as chess, the variant in play (--variant NAME, or 'new NAME' before 'load', reads it as another)" \
    "$status $(cat "$tmp/out") | $(cat "$tmp/err")"
run "load $tmp/nonexistent.pgn
" --variant glinski
tap_eq "load of a missing file" \
    "line 1: $tmp/nonexistent.pgn: cannot open: No such file or directory" "$(cat "$tmp/err")"
printf '[Variant "glinski"]\n\n1. Nc3 Nf4 *\n' >"$tmp/bad.pgn"
run "Nc3
load $tmp/bad.pgn
fen
" --variant glinski
tap_ok "load of a bad record names line and column" \
    grep -q "^line 2: $tmp/bad.pgn: line 3, column 8: move 1... (Nf4):" "$tmp/err"
tap_eq "a failed load leaves the game as it was" \
    "$(printf 'Nc3\nfen\n' | "$CELLMATE" --variant glinski | tail -n 1)" "$(tail -n 1 "$tmp/out")"

# the scripted mode prints plain text only
run 'Nc3
moves
pgn
help
' --variant glinski
tap_ok "no terminal control codes in the output" sh -c "! grep -q \"$(printf '\033')\" '$tmp/out'"

# a Haynie game from a file, as the man page shows
cat >"$tmp/game.txt" <<'GAME'
# Haynie's game: the pawns take on the forward diagonals
a5
b7
axb7
dxb7
GAME
"$CELLMATE" --batch --variant haynie <"$tmp/game.txt" >"$tmp/out" 2>"$tmp/err"
tap_eq "cellmate --batch --variant haynie < game.txt" "0:1. a5
1... b7
2. axb7
2... dxb7" "$?:$(cat "$tmp/out")"

# Peanut's king takes without moving (peanut.md): "!a2" in a script, then the bare king
run '!a2
fen
' --variant peanut --fen "1k1/4/5/4/3/3/4/5/n3/K1R w - 0 1"
tap_eq "peanut: !a2 captures without moving, and bares the black king" "1. K!Na2
result 1-0: White wins by bare king
1k1/4/5/4/3/3/4/5/4/K1R b n 0 1" "$(cat "$tmp/out")"

# what `moves` takes: a cell, or a piece letter and @ only in a game with drops
run 'moves P@
' --variant glinski
tap_eq "moves P@ in a game without drops: no word of drops" \
    "line 1: moves takes a cell (the moves of the piece on it), not 'P@'" "$(cat "$tmp/err")"
run 'moves C@
moves zz
' --variant hr-glinski-foh
tap_eq "moves C@ in a game with drops: none in hand yet, said without a dangling colon" \
    "0 legal moves dropping C" "$(cat "$tmp/out")"
tap_eq "... then a bad word gets the whole form" \
    "line 2: moves takes a cell (the moves of the piece on it) or a piece letter and @ (its drops), not 'zz'" \
    "$(cat "$tmp/err")"

# bad arguments exit 2
"$CELLMATE" --batch --variant nosuch </dev/null >/dev/null 2>&1
tap_eq "unknown variant exits 2" 2 $?
"$CELLMATE" --batch --time 0 </dev/null >/dev/null 2>&1
tap_eq "bad --time exits 2" 2 $?
"$CELLMATE" --batch --fen "x" </dev/null >/dev/null 2>&1
tap_eq "bad --fen exits 2" 2 $?
"$CELLMATE" --batch </dev/null >/dev/null 2>&1
tap_eq "empty input exits 0" 0 $?

"$CELLMATE" glinski extra </dev/null >/dev/null 2>"$tmp/err"
tap_eq "a second variant argument exits 2" 2 $?
tap_eq "... and says where the options are" \
    "cellmate: unexpected argument 'extra' (one variant at most; 'cellmate --help' lists the options)" \
    "$(cat "$tmp/err")"
# moves in a player's order: numbers as numbers (Rf9 Rf10 Rf11, not Rf10 Rf11 Rf2)
printf 'moves f1\n' | "$CELLMATE" --batch --variant glinski --fen "6/7/8/9/10/R10/10/K8/8/7/5k w - 0 1" \
    >"$tmp/out" 2>&1
tap_eq "moves sorts ranks as numbers" \
    "16 legal moves from f1: Ra1 Rb1 Rc1 Rd1 Re1 Rf2 Rf3 Rf4 Rf5 Rf6 Rf7 Rf8 Rf9 Rf10 Rf11 Rg1" \
    "$(cat "$tmp/out")"
# a long line refused: the reason first, the line echoed cut short after it (it hid the reason)
long=$(awk 'BEGIN { for (i = 0; i < 30; i++) printf "xyzzy%02d", i }')
printf '%s\nload %s\nlevel %s\nNf6\n' "$long" "$long" "$long" |
    "$CELLMATE" --batch glinski >/dev/null 2>"$tmp/err"
tap_eq "a long refused line: the reason first, its echo cut" \
    "line 1: neither a move nor a command: 'y' is not a file of this board (expected a move such as Nf6 or e3-f6, or a command; 'help' lists them) (in 'xyzzy00xyzzy01xyzzy02xyzzy03xyzz...')
line 2: no such file here, nor a saved game of that name ('load' alone lists them) (in 'xyzzy00xyzzy01xyzzy02xyzzy03xyzz...')
line 3: level needs a whole number from 1 (a beginner's opponent) to 10 (full strength), not 'xyzzy00xyzzy01xyzzy02xyzzy03xyzz...'
line 4: no White Knight can go to f6; legal Knight moves: Nb2 Nc3 Ndf4 Ne2 Ng2 Nhf4 Ni3 Nk2 (in 'Nf6')" \
    "$(cat "$tmp/err")"
# a move number in front of a move: the refusal reads as any other, the reason first
printf '1. e6\n1... e5\n' | "$CELLMATE" --batch --variant glinski >/dev/null 2>"$tmp/err"
tap_eq "a refused move with its number: the reason first, the whole line after it" \
    "line 2: no Black Pawn can go to e5; legal Pawn moves: b5 b6 c5 c6 d5 d6 f6 fxe6 g5 g6 h5 h6 i5 i6 k5 k6 (in '1... e5')" \
    "$(cat "$tmp/err")"
# after the end a line that is no move says so, not that the game is over
printf 'resign\nfoo bar\ne5\n' | "$CELLMATE" --batch --variant glinski >/dev/null 2>"$tmp/err"
tap_ok "after the end, a line that is no move is called no move" \
    grep -q "^line 2: neither a move nor a command: " "$tmp/err"
tap_ok "... and a move is told the game is over" grep -q "^line 3: the game is over " "$tmp/err"
# questions after the end are answered, not errors: the game over is their answer
run 'f3
e5
g4
Qh4
moves
moves e2
hint
analyse
show
fen
go
' --batch --variant chess
tap_eq "after the end, moves, hint and analyse answer why there is none" \
    "0 legal moves: the game is over (result 0-1: Black wins by checkmate)
0 legal moves from e2: the game is over (result 0-1: Black wins by checkmate)
hint: no move to look for, the game is over (result 0-1: Black wins by checkmate)
analyse: no move to look for, the game is over (result 0-1: Black wins by checkmate)" \
    "$(sed -n 6,9p "$tmp/out")"
tap_eq "... show and fen too; only go, which would play, is refused" \
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 | line 11: the game is over" \
    "$(tail -n 1 "$tmp/out") | $(cat "$tmp/err")"
# moves CELL of a piece whose side is not to move, or of an empty cell, says so
run 'moves e2
moves e4
moves e7
' --batch --variant chess
tap_eq "moves CELL: an empty cell, the other side's piece, why no move" \
    "2 legal moves from e2: e3 e4
0 legal moves from e4: it is empty
0 legal moves from e7: it holds a Black Pawn, and White is to move" "$(cat "$tmp/out")"
run 'e4
moves e4
' --batch --variant chess
tap_eq "... of White's piece on Black's turn" \
    "0 legal moves from e4: it holds a White Pawn, and Black is to move" "$(sed -n 2p "$tmp/out")"
# a byte order mark (Notepad's) before the first line is no part of it
printf '\357\273\277e6\ne5\n' | "$CELLMATE" --batch --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_ok "a byte order mark before the first move is skipped" grep -qx "1\\. e6" "$tmp/out"
tap_ok "... and only the second line is refused" \
    sh -c "grep -q '^line 2: ' '$tmp/err' && ! grep -q '^line 1' '$tmp/err'"
# the 1000 characters a line may hold are counted after the byte order mark
pad=$(printf '%998s' '')
printf '\357\273\277%se6\n' "$pad" | "$CELLMATE" --batch --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_ok "a first line of 1000 characters after a byte order mark is taken whole" \
    sh -c "grep -qx '1\\. e6' '$tmp/out' && test ! -s '$tmp/err'"
printf '\357\273\277 %se6\n' "$pad" | "$CELLMATE" --batch --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_eq "... and one of 1001 is too long" \
    "line 1: the line is longer than 1000 characters; expected a move or a command" "$(cat "$tmp/err")"
printf '1. Nf4\n' | "$CELLMATE" --batch --variant glinski >/dev/null 2>"$tmp/err"
tap_eq "an ambiguous move with its number reads as without it" \
    "line 1: ambiguous: Ndf4 Nhf4 (in '1. Nf4')" "$(cat "$tmp/err")"
# a command mistyped by one slip is named, not read as a broken move ("'q' is not a file")
run 'quti
hlep
lvel 3
resing
Qc3
' --variant glinski
tap_eq "a mistyped command names the command meant" \
    "line 1: neither a move nor a command: did you mean 'quit'? ('help' lists the commands) (in 'quti')
line 2: neither a move nor a command: did you mean 'help'? ('help' lists the commands) (in 'hlep')
line 3: neither a move nor a command: did you mean 'level'? ('help' lists the commands) (in 'lvel 3')
line 4: neither a move nor a command: did you mean 'resign'? ('help' lists the commands) (in 'resing')" \
    "$(cat "$tmp/err")"
tap_eq "... and none of them is run: the game goes on" "1. Qc3" "$(cat "$tmp/out")"
run 'foo
' --variant glinski
tap_eq "a word near no command is still read as a move" \
    "line 1: neither a move nor a command: 'o' is not a file of this board (expected a move such as Nf6 or e3-f6, or a command; 'help' lists them) (in 'foo')" \
    "$(cat "$tmp/err")"
# words other programs take for a command name the command here; a longer word that is no
# command is named whole, not by one of its letters
run 'exit
bye
easy
hello
Qc3
' --variant glinski
tap_eq "words other programs take name the command meant; a plain word is named whole" \
    "line 1: neither a move nor a command: did you mean 'quit'? ('help' lists the commands) (in 'exit')
line 2: neither a move nor a command: did you mean 'quit'? ('help' lists the commands) (in 'bye')
line 3: neither a move nor a command: did you mean 'level 1'? ('help' lists the commands) (in 'easy')
line 4: neither a move nor a command (a move names a cell, such as Nf6 or e3-f6; 'help' lists the commands) (in 'hello')" \
    "$(cat "$tmp/err")"
tap_done
