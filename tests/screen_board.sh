#!/bin/sh
# screen_board.sh — reading the board on the screen, in tmux, for every board family: a piece
# picked up (its cell and Tab or '?', a click, the cursor and Space) marks the cells the
# `moves CELL` command lists, captures apart; choosing one plays it (a promotion, typed or
# clicked, waits on the input line for the piece); drops and Peanut's
# capture without moving; the name view shows the names the rules use, also after flip and
# rotate; 80x24, 120x40 and 200x60 show every cell; Glinski turned to fit 45x15 numbers the
# ranks on the right where the width has room; the larger outlined cells keep their
# pieces with the names shown; bent ranks numbered in their bends in the outlined hex
# drawings too; Chessagon's empty triangles upright show their dots; vt100
# shows the marks; a flashed cell; a piece that cannot move named so; the cell under the
# mouse named. Marks are read off one capture, the cells they stand on off a second capture
# of the same screen with the names shown (F2).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

plain() { screen_of "$1" | sed 's/\xc2\xb7/./g'; } # one byte a character
click() { # click NAME ROW COL: the left button pressed and released there (from 1)
    cx=$(printf '%x' $((32 + $3)))
    cy=$(printf '%x' $((32 + $2)))
    T send-keys -t "$1" -H 1b 5b 4d 20 "$cx" "$cy"
    T send-keys -t "$1" -H 1b 5b 4d 23 "$cx" "$cy"
}

# The word of cell-name characters around column $2 (from 1) of line $1; a number alone (the
# ring's narrow cells) gets the letter its row is labelled with.
WORD_AT='function word_at(s, c,   i, j, w) {
    if (substr(s, c, 1) !~ /[a-z0-9]/) return ""
    for (i = c; i > 1 && substr(s, i - 1, 1) ~ /[a-z0-9]/; i--) ;
    for (j = c; j < length(s) && substr(s, j + 1, 1) ~ /[a-z0-9]/; j++) ;
    w = substr(s, i, j - i + 1)
    if (w ~ /^[0-9]+$/ && match(s, /^ *[a-z] /)) w = substr(s, RSTART + RLENGTH - 2, 1) w
    return w
}'

names_view() { # names_view NAME FILE: the screen with every cell's name, into FILE
    keys "$1" F2
    wait_for "$1" "cell names shown" >/dev/null || return 1
    plain "$1" >"$2"
    keys "$1" F2
    wait_for "$1" "cell names hidden" >/dev/null
}

marked() { # marked NAME: the marked cells, "CELL *" (a move) or "CELL x" (a capture), sorted
    plain "$1" >"$tmp/marks"
    names_view "$1" "$tmp/names" || return 1
    awk "$WORD_AT"'
        FNR == NR { a[FNR] = $0; n = FNR; next }
        { b[FNR] = $0 }
        END {
            for (r = 1; r <= n - 2; r++)
                for (c = 1; c <= length(a[r]); c++) {
                    ch = substr(a[r], c, 1); prev = substr(a[r], c - 1, 1)
                    next_ch = substr(a[r], c + 1, 1)
                    if (ch == "*") mark = "*"
                    else if (ch == "x" && (next_ch ~ /[A-Za-z.]/ || prev ~ /[A-Za-z]/)) mark = "x"
                    else continue
                    # a mark beside a piece letter: the name is over the letter
                    at = next_ch ~ /[A-Za-z.]/ ? c + 1 : prev ~ /[A-Za-z]/ ? c - 1 : c
                    w = word_at(b[r], at)
                    if (w ~ /^[a-z][0-9]+$/) print w, mark
                }
        }' "$tmp/marks" "$tmp/names" | sort -u
}

expected() { # expected VARIANT FEN LINES...: what `moves` says (FEN may be empty), as
    # marked prints it
    v=$1 fen=$2
    shift 2
    printf '%s\n' "$@" | if [ -n "$fen" ]; then
        "$CELLMATE" --batch --fen "$fen" "$v"
    else
        "$CELLMATE" --batch "$v"
    fi 2>/dev/null | tail -n 1 | sed 's/^[^:]*: //' | tr ' ' '\n' |
        awk 'NF { cap = $0 ~ /[x!]/ ? "x" : "*"; s = $0; sub(/[+#]+$/, "", s); sub(/=.*/, "", s)
                  if (match(s, /[a-z][0-9]+$/)) print substr(s, RSTART), cap }' | sort -u
}

# check_pick NAME TEXT VARIANT FEN MOVES...: picking up TEXT (a cell or "P@") with Tab
# marks what `moves TEXT` lists after MOVES
check_pick() {
    win=$1 what=$2
    shift 2
    text "$win" "$what"
    keys "$win" Tab
    wait_for "$win" "pick a cell, Esc cancels" >/dev/null
    got=$(marked "$win")
    want=$(expected "$@" "moves $what")
    tap_ok "$1: $what has targets" test -n "$want"
    tap_eq "$1: $what marks the cells of 'moves $what'" "$want" "$got"
    keys "$win" Escape
}

FILES_GLINSKI='a 6 b 7 c 8 d 9 e 10 f 11 g 10 h 9 i 8 k 7 l 6' # glinski-mccooey.md
glinski_names() {
    set -- $FILES_GLINSKI
    while [ $# -gt 0 ]; do
        n=1
        while [ $n -le "$2" ]; do echo "$1$n"; n=$((n + 1)); done
        shift 2
    done | sort
}

shown_names() { # shown_names FILE COLUMNS: the cell names in the board's columns, sorted
    sed '$d' "$1" | sed '$d' | cut -c1-"$2" | awk '
        match($0, /^ *[a-z] /) && $0 ~ / [0-9]+ / { # a ring row: its letter, then numbers
            row = substr($0, RSTART + RLENGTH - 2, 1)
            n = split($0, f, /[ |]+/)
            for (i = 2; i <= n; i++) if (f[i] ~ /^[0-9]+$/) print row f[i]
            next
        }
        { while (match($0, /[a-z][0-9]+/)) { print substr($0, RSTART, RLENGTH)
              $0 = substr($0, RSTART + RLENGTH) } }' | sort
}

glinski_e5_f6() { # glinski_e5_f6 NAME TERM: Glinski's game after 1. e5 f6, at 80x24
    start "$1" "$2" --no-save glinski
    wait_for "$1" "White to move" >/dev/null
    enter "$1" e5
    wait_for "$1" "1. e5" >/dev/null
    enter "$1" f6
    wait_for "$1" "1... f6" >/dev/null
}

# --- Glinski: a bishop's capture and quiet moves, a pawn's, then one played ----------------
glinski_e5_f6 g screen
check_pick g f3 glinski "" e5 f6
check_pick g e5 glinski "" e5 f6
text g f3
keys g Tab
wait_for g "pick a cell" >/dev/null
enter g b7
tap_ok "glinski: typing a marked cell plays the picked piece's move" wait_for g "2. Bxb7"
want=$(printf 'e5\nf6\nBxb7\nfen\n' | "$CELLMATE" --batch glinski | tail -n 1)
enter g fen
tap_ok "glinski: the game is the one the typed moves give" wait_for g "$(printf %.40s "$want")"

# the name view: the 91 names of the rule book, each once; after flip and rotate the names
# stay on their cells (the kings and queens sit where their start cells are named)
names_view g "$tmp/g.names"
tap_eq "glinski: the name view shows every cell's name once" "$(glinski_names)" \
    "$(shown_names "$tmp/g.names" 57)"
same_place() { # same_place NAME LETTER CELL: the piece LETTER stands where CELL is named
    plain "$1" >"$tmp/p.pieces"
    names_view "$1" "$tmp/p.names" || return 1
    awk -v want="$3" -v letter="$2" "$WORD_AT"'
        FNR == NR { a[FNR] = $0; n = FNR; next }
        { b[FNR] = $0 }
        END {
            found = 0
            for (r = 1; r <= n - 2; r++) {
                line = substr(a[r], 1, 56)
                c = index(line, letter)
                if (!c || substr(line, c - 1, 1) ~ /[A-Za-z]/) continue
                if (word_at(b[r], c) == want) found++
            }
            exit found == 1 ? 0 : 1
        }' "$tmp/p.pieces" "$tmp/p.names"
}
# (at 80x24 the 60-degree steps do not fit, so rotate passes them over: 180 -> 0 -> 180)
for view in start flip:180 rotate:0 rotate:180; do
    if [ "$view" != start ]; then
        enter g "${view%:*}"
        case $view in
        *:0) wait_for g "in its usual view again" >/dev/null ;;
        *) wait_for g "turned ${view#*:} degrees" >/dev/null ;;
        esac
        view="${view%:*} to ${view#*:}"
    fi
    tap_ok "glinski ($view): the White king stands where g1 is named" same_place g K g1
    tap_ok "glinski ($view): the Black king stands where g10 is named" same_place g k g10
done
quit g

# --- a promotion: its cell typed after the pawn is picked up, as a click does, fills the input
# line up to the '=' for the piece's letter
PROMO_FEN='K5/7/8/9/10/9P1/10/9/8/7/5k w - 0 1' # White: K a1, P f10; Black: K l6
for w in typed clicked; do # (both open at once: the tmux server never runs out of windows)
    sized "$w" 80x24 --fen "'$PROMO_FEN'" glinski
    wait_for "$w" "White to move" >/dev/null
    text "$w" f10
    keys "$w" Tab
    tap_ok "promotion, $w: the pawn picked up has one cell to go to (four promotions)" \
        wait_for "$w" "f10 Pawn: 1 move (*)"
done
enter typed f11
set -- $(plain clicked | awk '{ c = index(substr($0, 1, 56), "*"); if (c) { print NR, c; exit } }')
click clicked "$1" "$2"
for w in typed clicked; do
    tap_ok "promotion, its cell $w: the piece is asked for" \
        wait_for "$w" "type the piece to promote to (Q Queen, R Rook, B Bishop, N Knight), then Enter"
    tap_eq "... the input line holds the move up to its '='" "move> f10-f11=" "$(row "$w" 24)"
    tap_ok "... nothing is played yet" shows_re "$w" "White to move"
    enter "$w" N
    tap_ok "... its letter and Enter promote" wait_for "$w" "1. f11=N"
done
quit typed
quit clicked

# --- the same picked up with a click, and with the cursor ---------------------------------
find_char() { # find_char NAME CHAR: "ROW COL" of the only CHAR in the board area
    plain "$1" | awk -v ch="$2" '{ c = index(substr($0, 1, 56), ch); if (c) print NR, c }'
}
sized m 80x24 glinski
wait_for m "White to move" >/dev/null
set -- $(find_char m Q)
click m "$1" "$2"
tap_ok "a click picks up the queen" wait_for m "e1 Queen: 6 moves (*), 0 captures (x)"
tap_eq "... and marks the cells of 'moves e1'" "$(expected glinski "" 'moves e1')" "$(marked m)"
set -- $(find_char m Q)
click m "$1" "$2"
tap_ok "a click on the picked-up piece puts it back" wait_for m "e1 put back"
set -- $(find_char m Q)
click m "$1" "$2"
wait_for m "e1 Queen" >/dev/null
set -- $(plain m | awk '{ c = index(substr($0, 1, 56), "*"); if (c) { print NR, c; exit } }')
click m "$1" "$2"
tap_ok "a click on a marked cell plays the move" wait_for m "1. Q"
keys m Up
tap_ok "an arrow key shows the cursor on the king, named in the status panel" \
    wait_for m "g10: Black King"
keys m Up
keys m Up
keys m Up
tap_ok "the arrows move the cursor from cell to cell" wait_for m "g7: Black Pawn"
text m " "
tap_ok "Space picks up what the cursor is on" wait_for m "g7 Pawn: 2 moves (*)"
keys m Escape
text m "c5?"
tap_ok "a cell name and ? flashes the cell and names it" wait_for m "c5: empty"
tap_ok "... marked > < on the screen" shows_re m '>[.·]<'
set -- $(find_char m q)
cx=$(printf '%x' $((32 + $2)))
cy=$(printf '%x' $((32 + $1)))
T send-keys -t m -H 1b 5b 4d 43 "$cx" "$cy" # the mouse moved there, no button
tap_ok "the cell under the mouse is named in the status panel" wait_for m "e10: Black Queen"
quit m

# --- a piece of the side to move that cannot move: its cell and Tab or '?' say so -----------
sized n 80x24 glinski
wait_for n "White to move" >/dev/null
enter n e5
wait_for n "1. e5" >/dev/null
enter n e6
wait_for n "1... e6" >/dev/null
text n e5
keys n Tab
tap_ok "the hemmed-in pawn's cell and Tab: the message says it has no legal move" \
    wait_for n "the Pawn on e5 has no legal move"
tap_ok "... its cell flashes" shows_re n '>P<'
tap_ok "... nothing is picked up" hides n "pick a cell"
tap_eq "... and the input line is empty again" "move>" "$(row n 24)"
text n "c5?"
wait_for n "c5: empty" >/dev/null
text n "e5?"
tap_ok "... its cell and '?' too" wait_for n "the Pawn on e5 has no legal move"
quit n

# --- Haynie: a knight's captures --------------------------------------------------------
HAYNIE_FEN='brqkrb/fnwbwnf/pppppppp/ppppppppp/10/5N5/10/PPPPPPPPP/PPPPPPPP/FNWBWNF/BRQKRB w 0 1'
sized h 80x24 --fen "'$HAYNIE_FEN'" haynie
wait_for h "White to move" >/dev/null
check_pick h f6 haynie "$HAYNIE_FEN"
quit h

# --- Peanut: the king's capture without moving -------------------------------------------
PEANUT_FEN='rkr/nbbn/5/pppp/3/3/PPnP/2K2/N2N/R1R w - 0 1'
sized p 80x24 --fen "'$PEANUT_FEN'" peanut
wait_for p "White to move" >/dev/null
check_pick p c3 peanut "$PEANUT_FEN"
text p c3
keys p Tab
wait_for p "pick a cell" >/dev/null
enter p d4
tap_ok "peanut: choosing the marked knight captures it without moving" wait_for p "1. K!Nd4"
quit p

# --- Chessagon, on its side -----------------------------------------------------------------
sized c 80x24 chessagon
wait_for c "White to move" >/dev/null
check_pick c m3 chessagon ""
names_view c "$tmp/c.names"
want=$(for r in 1 2 3 4 5 6 7 8; do # chessagon.md: row r holds letters lo..16-lo
    case $r in 1 | 8) lo=4 ;; 2 | 7) lo=3 ;; 3 | 6) lo=2 ;; *) lo=1 ;; esac
    i=$lo
    while [ $i -le $((16 - lo)) ]; do
        printf '%s%s\n' "$(echo abcdefghijklmno | cut -c$i)" $r
        i=$((i + 1))
    done
done | sort)
tap_eq "chessagon: the name view shows every cell's name once" "$want" \
    "$(shown_names "$tmp/c.names" 57)"
quit c

# --- Chessagon upright: an empty triangle shows its dot, as on its side ---------------------
# (the rule book's diagram leaves them blank). 120x40: the board left of column 96; its dots
# are counted on the rows of its edges.
dots() { plain "$1" | cut -c1-95 | grep '[|/\\]' | tr -cd . | wc -c; }
# 120x40 has room for the larger drawings: a cell holds its piece as side and kind, as the
# other families' outlined cells do.
sized u 120x40 chessagon
wait_for u "White to move" >/dev/null
tap_ok "chessagon at 120x40: larger cells on its side, each piece beside its triangle's base (White's king, pointing left, and queen, pointing right, on o)" \
    shows_re u '^ +o +\|   wK\| wQ  \| +o'
tap_eq "chessagon on its side: a dot in each of the 48 empty cells" 48 "$(dots u)"
enter u rotate
wait_for u "turned 90 degrees from its usual view" >/dev/null
tap_eq "chessagon upright: a dot in each of the 48 empty triangles too" 48 "$(dots u)"
row8() { plain u | cut -c1-95 | grep -Eq '^ +/\\  \.   /\\  \.   /\\  \.   /\\  \.   /\\ *$'; }
tap_ok "... inside the triangles, where a piece would stand (row 8's top line: up, down, up ...)" row8
row8_second() { plain u | cut -c1-95 | grep -Eq '^ +8 +/  \\ +/  \\ +/  \\ +/  \\ +/  \\ *$'; }
tap_ok "... four text rows to a row of triangles, the row's number on the second" row8_second
quit u

# --- Cyclohexane, three players on the ring ---------------------------------------------------
sized y 80x24 cyclohexane
wait_for y "Red to move" >/dev/null
check_pick y b3 cyclohexane ""
quit y

# --- Horn Rimmed Hex: a drop (two players, 120x40: outlined cells) and three players ----------
HR_FEN='7/8/1P5p1/ERP4pre/1S1P3p1s1/HD2P2p2dh/HUUU1P1p1uuuh/HG2P2p2gh/1S1P3p1s1/ERP4pre/1P5p1/8/7 w - - H 0 1'
sized r 120x40 --fen "'$HR_FEN'" hr-glinski
wait_for r "White to move" >/dev/null
tap_ok "hr-glinski at 120x40: outlined cells" shows_re r '\\___/'
check_pick r "H@" hr-glinski "$HR_FEN"
drops=$(echo 'moves H@' | "$CELLMATE" --batch --fen "$HR_FEN" hr-glinski | sed -n 's/^\([0-9]*\) legal moves dropping H:.*/\1/p')
text r "H@"
keys r Tab
tap_ok "a piece in hand picked up counts its drops ($drops)" \
    wait_for r "Horn in hand: $drops drops (*); pick a cell, Esc cancels"
keys r Escape
wait_until hides r "pick a cell" # (the next pick waits for its own)
check_pick r f5 hr-glinski "$HR_FEN"
quit r
sized t 80x24 hr-mccooey3
wait_for t "Red to move" >/dev/null
check_pick t f3 hr-mccooey3 ""
quit t

# --- vt100: the marks are characters, without colour ---------------------------------------
glinski_e5_f6 v vt100
text v f3
keys v Tab
wait_for v "pick a cell" >/dev/null
tap_ok "vt100: a capture target shows x before the piece" shows_re v 'xp'
tap_ok "vt100: the moves show * on empty cells" shows_re v ' \* '
tap_ok "vt100: the picked-up bishop stands in parentheses" shows_re v '\(B\)'
quit v

# --- every size shows every cell ----------------------------------------------------------
for size in 80x24 120x40 200x60; do
    for v in glinski haynie peanut chessagon cyclohexane hr-glinski hr-wellisch3; do
        sized z "$size" "$v"
        wait_for z " to move" >/dev/null
        names_view z "$tmp/z.names"
        cols=${size%x*}
        [ "$v" = cyclohexane ] || cols=$((cols - 23))
        count=$(shown_names "$tmp/z.names" "$cols" | sort -u | wc -l)
        cells=$("$CELLMATE" --check-variant "$VARIANTS_DIR/$v.ini" |
            sed 's/.*, \([0-9]*\) cells.*/\1/')
        tap_eq "$v at $size: every cell is on the screen" "$cells" "$count"
        quit z
    done
done

# --- the larger outlined cells: the name view keeps the pieces, the name below each --------
sized n 100x32 chess
wait_for n "White to move" >/dev/null
names_view n "$tmp/n.chess"
tap_ok "chess at 100x32, names shown: each cell its piece over its name (wR over a1)" \
    sh -c "grep -A1 '1 |  wR |  wN |' '$tmp/n.chess' | grep -q '  | a1  | b1  |'"
quit n
sized n 200x60 glinski
wait_for n "White to move" >/dev/null
names_view n "$tmp/n.glinski"
tap_eq "glinski at 200x60, names shown: f11 is written once, below its bishop" "bB f11" \
    "$(awk '/f11/ { n++; if (prev ~ /bB/) print "bB f11" } { prev = $0 }
            END { if (n != 1) print n " times" }' "$tmp/n.glinski")"
quit n

# --- the outlined hex boards number each bent rank in its bend, as the compact one does -----
# (the README: "e4 is the cell left of the 4"), in the bend cell's top edge
for spec in "glinski e g" "hr-trios f h"; do
    set -- $spec
    sized n 100x32 "$1"
    wait_for n "White to move" >/dev/null
    names_view n "$tmp/n.bend"
    tap_ok "$1 at 100x32: rank 4 numbered in its bend, between $2""4 and $3""4" \
        grep -qF "/$2""4 \\_4_/$3""4 \\" "$tmp/n.bend"
    quit n
done

# --- labels along bent ranks: the turned Horn Rimmed board at 80x24, Wellisch's ranks ------
# Turned 30 degrees, a rank runs down to the right from its number to file g and on along a
# text row: the number beside the rows stands with a '\' pointing down to the rank's first
# cell, a file letter beside them with a '/' pointing up to the file's first; the numbers
# above the board start ranks down to the right, the letters below files up to the right.
# Read off the capture: each label's cell (in the name view), then every rank labelled at
# both ends and every file once.
turned_labels() { # turned_labels NAME: "rank N ok", "file L ok" or "... WRONG", sorted
    plain "$1" | cut -c1-57 >"$tmp/l.pieces"
    names_view "$1" "$tmp/l.names" || return 1
    awk "$WORD_AT"'
        FNR == NR { a[FNR] = $0; n = FNR; next }
        { b[FNR] = $0 }
        function check(kind, label, name) {
            sub(/^ +/, "", label)
            ok = kind == "rank" ? substr(name, 2) == label : substr(name, 1, 1) == label
            print kind, label, ok ? "ok" : "WRONG (" name ")"
        }
        END {
            for (r = 1; r <= n; r++) {
                line = a[r]
                for (c = 2; c <= length(line); c++) {
                    ch = substr(line, c, 1)
                    if (ch == "\\" && substr(line, c - 1, 1) ~ /[0-9]/)
                        check("rank", substr(line, c - 2, 2), word_at(b[r + 1], c + 1))
                    else if (ch == "/" && substr(line, c - 1, 1) ~ /[a-n]/)
                        check("file", substr(line, c - 1, 1), word_at(b[r - 1], c + 1))
                }
                if (b[r] ~ /[a-n][0-9]/ && !first) first = r # the first row of cells
                if (b[r] ~ /[a-n][0-9]/) last = r
            }
            # the numbers above: a rank down to the right; the letters below: up to the right
            line = a[first - 1]
            for (c = 1; c <= length(line); c++)
                if (substr(line, c, 1) ~ /[0-9]/ && substr(line, c + 1, 1) !~ /[0-9]/)
                    check("rank", substr(line, c - 1, 2), word_at(b[first], c + 2))
            line = a[last + 1]
            for (c = 1; c <= length(line); c++)
                if (substr(line, c, 1) ~ /[a-n]/)
                    check("file", substr(line, c, 1), word_at(b[last], c + 2))
        }' "$tmp/l.pieces" "$tmp/l.names" | sort
}
for v in hr-glinski hr-mccooey3; do
    sized l 80x24 "$v"
    wait_for l " to move" >/dev/null
    turned_labels l >"$tmp/labels"
    tap_ok "$v at 80x24: every label beside or above the turned board stands on its line" \
        sh -c "! grep -q WRONG '$tmp/labels'"
    grep WRONG "$tmp/labels" | sed 's/^/# /'
    tap_eq "$v at 80x24: every rank starts at a number, with a '\\' beside the rows" \
        "$(seq 1 13 | sort)" "$(awk '$1 == "rank" { print $2 }' "$tmp/labels" | sort -u)"
    tap_eq "$v at 80x24: ... and ends at one, on the right of its row" "$(seq 1 13)" \
        "$(plain l | cut -c1-57 | sed -n 's/.* \([0-9][0-9]*\) *$/\1/p' | sort -n | uniq)"
    tap_eq "$v at 80x24: every file starts at its letter" "a b c d e f g h i k l m n" \
        "$(awk '$1 == "file" { print $2 }' "$tmp/labels" | sort -u | tr '\n' ' ' | sed 's/ $//')"
    quit l
done
# --- Glinski turned to fit at 45x15: the ranks numbered on the right where the width has
# room for them beside the trimmed drawing (5 and 7 were left out); rank 6's row, the widest,
# has none (its other arm is numbered above the board). Read in the name view: each number
# on the right stands beside the last cell of its rank.
sized r 45x15 glinski
wait_for r "move>" >/dev/null
names_view r "$tmp/r.names"
right_ranks() { # "CELL N" for each row of cells ending in a number
    sed -n 's/.* \([a-l][0-9][0-9]*\)  *\([0-9][0-9]*\) *$/\1 \2/p' "$tmp/r.names"
}
right_ranks >"$tmp/r.right"
right_numbers() { # the numbers ending rows of cells, in the pieces view
    plain r | grep '[.A-Za-z]' | sed -n 's/.* \([0-9][0-9]*\) *$/\1/p' | tr '\n' ' ' | sed 's/ $//'
}
tap_eq "Glinski at 45x15: ranks 11 to 7 and 5 to 1 numbered on the right" \
    "11 10 9 8 7 5 4 3 2 1" "$(right_numbers)"
tap_eq "... and so in the name view" \
    "11 10 9 8 7 5 4 3 2 1" "$(awk '{ print $2 }' "$tmp/r.right" | tr '\n' ' ' | sed 's/ $//')"
tap_eq "... each beside the last cell of its rank" "" \
    "$(awk 'substr($1, 2) != $2 { print "WRONG: " $0 }' "$tmp/r.right")"
quit r

# The Wellisch games at 80x24: files along the rows, ranks bent round the left side; ranks
# 8 to 13 leave the board there at both ends: 8 is numbered at the lower left corner, 9 to 13
# beside the rows, not carried on past the corner (as "11  10   9   8   7 ..." once was, from
# column 0, with no room for 12 and 13)
for v in hr-wellisch hr-wellisch3; do
    sized l 80x24 "$v"
    wait_for l " to move" >/dev/null
    tap_eq "$v at 80x24: ranks 7 to 1 numbered above the board, 8 to 1 below it" \
        "7 6 5 4 3 2 1|8 7 6 5 4 3 2 1" "$(plain l | cut -c1-57 |
            grep -E '^ *(8 +)?7 +6 +5 +4 +3 +2 +1 *$' | tr -s ' ' | sed 's/^ //; s/ $//' |
            paste -sd '|')"
    tap_eq "$v at 80x24: ranks 9 to 13 beside the rows on the left, at each end of each" \
        '9\ 10\ 11\ 12\ 13\ 13/ 12/ 11/ 10/ 9/' \
        "$(plain l | cut -c1-57 | sed -n 's|^ *\([0-9][0-9]*[\\/]\).*|\1|p' | paste -sd ' ')"
    tap_eq "$v at 80x24: every row of cells lettered on the right" "n m l k i h g f e d c b a" \
        "$(plain l | cut -c1-57 | sed -n 's/.* \([a-n]\) *$/\1/p' | paste -sd ' ')"
    quit l
done

# --- every family: the name view shows the rule book's names; flip and rotate keep them ----
# The names each rule book gives (the files in /work/shared/spec, copied here as rules): a
# family's set, compared with the name view at 80x24 (Glinski's and Chessagon's above).
rule_names() { # rule_names VARIANT: the cell names of its rule book, sorted
    case $1 in
    haynie) # haynie.md: (f, r), f = 0..10 for a..k, r = 1..11, hex distance to f6 at most 5
        awk 'function abs(x) { return x < 0 ? -x : x }
            BEGIN { for (f = 0; f <= 10; f++) for (r = 1; r <= 11; r++) {
                dq = f - 5; dr = r - 6; d = abs(dq); if (abs(dr) > d) d = abs(dr)
                if (abs(dq - dr) > d) d = abs(dq - dr)
                if (d <= 5) print substr("abcdefghijk", f + 1, 1) r } }' ;;
    peanut) # peanut.md's drawing, rank by rank
        printf '%s\n' "1 a c" "2 a d" "3 a e" "4 b e" "5 c e" "6 d f" "7 d g" "8 d h" "9 e h" \
            "10 f h" | while read -r r lo hi; do
            for f in a b c d e f g h; do
                case $f in [$lo-$hi]) echo "$f$r" ;; esac
            done
        done ;;
    cyclohexane) # cyclohexane.md: files a..e, rings of 24 cells
        for f in a b c d e; do seq 1 24 | sed "s/^/$f/"; done ;;
    hr-*) # hornrimmed.md: Glinski's lettering on a board of side 7 (no j), names fixed
        set -- a 7 b 8 c 9 d 10 e 11 f 12 g 13 h 12 i 11 k 10 l 9 m 8 n 7
        while [ $# -gt 0 ]; do seq 1 "$2" | sed "s/^/$1/"; shift 2; done ;;
    esac | sort
}
picked_name() { # picked_name NAME CELL: the name the name view gives where CELL's piece,
    # picked up, is drawn (in parentheses, or beside '#' in a cell of one mark slot)
    text "$1" "$2"
    keys "$1" Tab
    wait_for "$1" "pick a cell, Esc cancels" >/dev/null || return 1
    plain "$1" >"$tmp/n.pieces"
    names_view "$1" "$tmp/n.names" || return 1
    keys "$1" Escape
    awk "$WORD_AT"'
        FNR == NR { a[FNR] = $0; n = FNR; next }
        { b[FNR] = $0 }
        END { for (r = 1; r <= n - 2; r++) {
                  if (!match(a[r], /[(#][A-Za-z]+|[A-Za-z]#/)) continue
                  # the name over the piece (an outlined cell: it starts where the mark is)
                  for (c = RSTART + RLENGTH - 1; c >= RSTART; c--)
                      if ((w = word_at(b[r], c)) != "") { print w; exit } } }' \
        "$tmp/n.pieces" "$tmp/n.names"
}
# VARIANT, its first mover's piece, the orientations: flip and rotate (60 degrees on hexagons
# where it fits, 90 on triangles, 120 with three players)
for spec in "haynie b2 flip rotate rotate" "peanut a2 flip rotate" \
    "chessagon m3 flip rotate rotate" "cyclohexane b3 rotate rotate" \
    "hr-glinski f5 flip rotate" "hr-mccooey3 f3 rotate rotate" "hr-wellisch3 c9 rotate rotate"; do
    set -- $spec
    v=$1 cell=$2
    shift 2
    sized o 80x24 "$v"
    wait_for o " to move" >/dev/null
    if [ "$v" != chessagon ]; then
        names_view o "$tmp/o.names"
        cols=57
        [ "$v" = cyclohexane ] && cols=80
        tap_eq "$v: the name view shows the rule book's names, each once" "$(rule_names "$v")" \
            "$(shown_names "$tmp/o.names" "$cols")"
    fi
    tap_eq "$v: the piece on $cell is drawn where $cell is named" "$cell" "$(picked_name o "$cell")"
    for view in "$@"; do
        enter o "$view"
        # its message, not a panel's "turned ... to fit" (the line was cleared by Esc)
        wait_for o "the board is drawn" >/dev/null
        tap_eq "$v after $view: the piece on $cell is drawn where $cell is named" "$cell" \
            "$(picked_name o "$cell")"
    done
    quit o
done

# --- vt100: the marks are characters and nothing is coloured ----------------------------------
start v vt100 --no-save glinski
wait_for v "White to move" >/dev/null
text v d1
keys v Tab
wait_for v "pick a cell" >/dev/null
tap_ok "vt100: the knight's moves marked *" shows_re v ' \* '
tap_ok "vt100: no colour on the screen (no SGR colour in the capture)" \
    sh -c "! tmux -L '$sock' capture-pane -e -p -t v | grep -Eq '\[([0-9;]*;)?(3[0-7]|4[0-7]|38|48|9[0-7])(;[0-9;]*)?m'"
quit v

# --- the Horn Rimmed family: the player at the bottom at every size ------------------------
# The first player's pieces (upper case, or w before the letter in outlined cells, with two
# players; r before the letter with three) stand only on the lower half of the board's rows,
# whatever the orientation of the game; the Glinski-orientation games at 80x24 are turned 30
# degrees to fit and the panel and the help page say so, the others not.
lower_half() { # lower_half NAME WIDTH PATTERN: within the board's WIDTH columns, every row
    # holding cells (found in the name view: on the row, or on the next one in the larger
    # outlined cells, which write the name below the piece) that matches PATTERN lies in the
    # lower half
    names_view "$1" "$tmp/h.names" || return 1
    plain "$1" | cut -c "1-$2" >"$tmp/h.pieces"
    cut -c "1-$2" "$tmp/h.names" | awk -v pat="$3" '
        FNR == NR { if (/[a-n][0-9]/) { n++; row[FNR] = n }; next }
        $0 ~ pat {
            r = (FNR in row) ? row[FNR] : ((FNR + 1) in row) ? row[FNR + 1] : 0
            if (!r) next
            if (2 * r <= n + 1) bad = 1
            seen = 1
        }
        END { exit !(seen && !bad) }' - "$tmp/h.pieces"
}
for size in 80x24 120x40 200x60; do
    for v in hr-glinski hr-trios hr-wellisch hr-mccooey3 hr-wellisch3; do
        sized h "$size" "$v"
        wait_for h " to move" >/dev/null
        case $v in *3) pat='(^| )r[A-Z]' ;; *) pat='(^| )([A-Z]( |$)|w[A-Z])' ;; esac
        tap_ok "$v at $size: the first player's army in the lower half" \
            lower_half h $((${size%x*} - 23)) "$pat"
        case $size/$v in
        80x24/hr-glinski | 80x24/hr-trios | 80x24/hr-mccooey3)
            tap_ok "$v at $size: the panel says the board is turned to fit" \
                shows_re h 'turned 30 degrees'
            keys h F1
            wait_for h "any other key closes" >/dev/null
            tap_ok "$v at $size: ... and so does the help page" \
                shows_re h 'turned 30 degrees clockwise'
            keys h q
            ;;
        *) tap_ok "$v at $size: upright, nothing said of a turn" hides h 'turned 30' ;;
        esac
        quit h
    done
done

tap_done
