#!/bin/sh
# screen_sizes.sh — the status panel at every size, in tmux: the variant's title whole (in
# the title bar or wrapped in the panel) for every family at 80x24, 120x40 and 200x60; a
# three-player move list, the computer's three sides and a result wrapped, never cut; a
# terminal too narrow for the panel gets the side to move, the clocks and the hands in one
# line; one too small for the board names the same sizes whatever its own, each just large
# enough to draw it with either side to move, and those cellmate(6) lists for its variant.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

words() { screen_of "$1" | tr -s ' ' '\n'; } # the screen, a word a line
all_words() { # all_words NAME TEXT: every word of TEXT is a whole word on the screen
    words "$1" >"$tmp/words"
    for w in $2; do grep -qxF -- "$w" "$tmp/words" || { echo "# missing: $w"; return 1; }; done
}
title_of() { sed -n 's/^title *= *//p' "$VARIANTS_DIR/$1.ini" | head -n 1; }

# --- the title, whole, at every size --------------------------------------------------------
for size in 80x24 120x40 200x60; do
    for v in glinski haynie peanut chessagon cyclohexane hr-glinski hr-wellisch3 chess; do
        sized z "$size" "$v"
        wait_for z " to move" >/dev/null
        t=$(title_of "$v")
        tap_ok "$v at $size: the title '$t' is whole" all_words z "$t"
        quit z
    done
done

# --- a title too long for the title bar gives way to the help hint, marked cut ----------------
# (at 80x24 the title goes whole into the panel instead, as above)
sed 's/^title = .*/title = A Very Long Title For A Hexagonal Variant That Goes On And On And On Still Further And Then Some More Words/' \
    "$VARIANTS_DIR/glinski.ini" >"$tmp/long.ini"
sized z 120x40 "$tmp/long.ini"
wait_for z " to move" >/dev/null
bar=$(screen_of z | head -n 1)
tap_ok "a long title: the title bar keeps 'F1/? help'" sh -c 'printf "%s\n" "$1" | grep -q "F1/? help *$"' sh "$bar"
tap_ok "... and the title is marked cut" sh -c 'printf "%s\n" "$1" | grep -q "cellmate: A Very Long.*\.\.\. *F1"' sh "$bar"
quit z

# --- a three-player move list at 80x24 ---------------------------------------------------------
sized m 80x24 --depth 1 hr-wellisch3
wait_for m "Red to move" >/dev/null
for i in 1 2 3 4 5 6 7 8 9; do
    enter m go
    wait_for m "computer: " >/dev/null
    keys m C-u
done
wait_for m "Red to move" >/dev/null
enter m pgn
wait_for m "any key closes" >/dev/null
sans=$(screen_of m | sed -n '/^ *1\. /,$p' | tr -s ' ' '\n' | grep -v '^[0-9]*\.*$' |
    grep -v '^\*$' | grep -v '^$' | grep -vx 'any\|key\|closes' | tr '\n' ' ')
keys m q
wait_for m "Red to move" >/dev/null
tap_ok "three players: the record has nine moves ($sans)" test "$(echo $sans | wc -w)" -eq 9
tap_ok "three players: each of them is whole in the panel" all_words m "$sans"
quit m

# --- the sides the computer plays, wrapped ------------------------------------------------------
panel_has() { screen_of "$1" | cut -c59- | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; } # 80 cols
sized a 80x24 --depth 1 hr-wellisch3
wait_for a "Red to move" >/dev/null
enter a "ai yellow"
enter a "ai blue"
wait_for a "the computer plays Yellow and Blue" >/dev/null
tap_ok "two sides of the computer's" panel_has a "computer: Yellow Blue"
enter a "ai red"
# (not "computer: 1. " first: the computer plays on at once, its moves a few ms apart, and a
# message shown that briefly can be missed, leaving the check for a game long gone on)
tap_ok "all three: wrapped in the panel, none cut" wait_until panel_has a "computer: Red Yellow Blue"
text a x
wait_for a "move> x" >/dev/null
quit a

# --- a result, wrapped ---------------------------------------------------------------------------
sized r 80x24 glinski
wait_for r "White to move" >/dev/null
enter r resign
tap_ok "a result: the game ends" wait_for r "resignation"
tap_ok "a result: every word of it in the panel" all_words r "Black wins by resignation"
quit r

# --- tall and narrow: the board across the width, larger, the whole panel below it ----------
sized t 60x60 glinski
wait_for t "White to move" >/dev/null
tap_ok "60x60: Glinski in outlined cells (beside the panel only its smallest drawing fits)" \
    shows_re t '___/ bB\\___'
row_of() { screen_of t | grep -n -- "$1" | head -n 1 | cut -d: -f1; }
panel_below() { [ "$(row_of 'White to move')" -gt "$(row_of ' a   b   c   d')" ]; }
tap_ok "... the status panel below it" panel_below
quit t

# --- too narrow for the panel: one status line --------------------------------------------
sized n 50x30 --clock 5 --depth 1 hr-glinski
wait_for n "White to move" >/dev/null
tap_ok "50x30: the one status line, players by initial" \
    shows_re n '^White to move \| W [0-9]:[0-9][0-9]< hand - \| B 5:00 hand -$'
enter n go
tap_ok "50x30: it follows the game" wait_for n "Black to move | W "
# no panel to show a long message in full: the message line gives the reason first
line n "e3"
tap_ok "50x30: a refused move gives its reason first, the move after it" \
    wait_until shows_re n "^no Black Migrant can go to e3; legal "
keys n C-u
line n "Nc6 now"
tap_ok "50x30: ... so does a line that is no move" \
    wait_until shows_re n "^neither a move nor a command: "
quit n
sized w 60x24 --clock 5 hr-glinski
wait_for w "White to move" >/dev/null
tap_ok "60x24 (a panel of five rows would cut the hands): the one line, names whole" \
    shows_re w '^White to move \| White [0-9]:[0-9][0-9]< hand - \| Black 5:00 hand -$'
quit w

# --- too small: the sizes the message names, the same at any size; each draws the board -------
needs() { # needs NAME: the sizes the too-small message names (COLSxROWS), one a line
    screen_of "$1" | tr '\n' ' ' | tr -s ' ' | sed -n 's/.*it needs at least \(.*\) (columns.*/\1/p' |
        sed 's/,/ /g; s/ or / /g' | tr -s ' ' '\n' | grep .
}
resized() { # resized NAME COLSxROWS: the window at that size (drawn again in its own time:
    # each check waits for what it looks for, which the screen before did not show)
    T resize-window -t "$1" -x "${2%x*}" -y "${2#*x}"
}
says() { screen_of "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; } # across wrapped lines
same_needs() { [ "$(needs s)" = "$need" ]; }
# whose turn the status says (at a board's smallest size the rest of its line is cut, so the
# computer's move and a take-back are seen by the turn passing, not by their messages)
turn() { screen_of "$1" | grep -o '[A-Z][a-z]* to move' | head -n 1; }
turn_is() { [ "$(turn "$1")" = "$2" ]; }
turn_is_not() { [ "$(turn "$1")" != "$2" ]; }

# --- no room for any status: whose turn it is, in the message line or the too-small notice ---
row_starts() { # row_starts NAME ROW TEXT: that row of the screen begins with TEXT
    row_text=$(screen_of "$1" | sed -n "$2p")
    [ "${row_text#"$3"}" != "$row_text" ]
}
sized b 45x15 glinski # Glinski's board alone, turned to fit: no row for the status line
wait_for b "move>" >/dev/null
tap_ok "the board alone: the message line begins with whose turn it is" \
    wait_until row_starts b 14 "White to move | "
enter b Nc3
tap_ok "... and after a move, the next side's turn and the move" \
    wait_until row_starts b 14 "Black to move | 1. Nc3"
resized b 40x20
tap_ok "too small for the board: the message line begins with whose turn it is" \
    wait_until row_starts b 19 "Black to move | "
tap_ok "... and the notice beside it says what to do" \
    wait_until says b "Please enlarge it, or type quit."
resized b 20x6 # the smallest: the notice is cut, the message line is not
tap_ok "20x6: the message line still begins with whose turn it is" \
    wait_until row_starts b 5 "Black to move | "
tap_ok "... under the sizes the board needs" wait_until says b "it needs at least 45x15"
quit b
# cellmate(6) lists them for every variant, a line for the variants that need the same (an
# -foh form on the line of the one without it)
man_lines() { # the lines of that list: names, then sizes (COLSxROWS)
    awk '/^\.\\" tests\/screen_sizes.sh compares/ { f = 1 } f && /^\.EE/ { exit }
        f && !/^\./' "$TESTS_DIR/../man/cellmate.6" | sed 's/\\(mu/x/g; s/\\-/-/g; s/,/ /g; s/ or / /g'
}
man_sizes() { # man_sizes VARIANT: the sizes of its line, one a line
    man_lines | awk -v v="${1%-foh}" '{ for (i = 1; i <= NF; i++) if ($i == v) hit = 1 }
        hit { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+x[0-9]+$/) print $i; exit }'
}
firsts=$(man_lines | awk '{ print $1 }') # each line's first variant: the sizes tried on it
pieces() { # pieces NAME: the capitals on the screen above its last two rows (the pieces)
    screen_of "$1" | sed '$d' | sed '$d' | tr -cd 'A-Z' | wc -c
}
has_pieces() { [ "$(pieces "$1")" -ge 8 ]; }
for f in "$VARIANTS_DIR"/*.ini; do
    v=$(basename "$f" .ini)
    want=$(man_sizes "$v")
    tap_ok "cellmate(6) lists the smallest terminals for $v ($(echo $want))" test -n "$want"
    sized s 30x10 --depth 1 "$v"
    wait_until says s "this terminal is 30x10"
    need=$(needs s)
    tap_eq "$v too small at 30x10: the message names the sizes cellmate(6) lists" "$want" "$need"
    if ! echo "$firsts" | grep -qx -- "$v"; then
        quit s
        continue
    fi
    for size in 18x30 20x6; do # (at 20x6 the title bar gives way and the sizes come first)
        resized s "$size"
        wait_until same_needs # (the screen before, cut to the new width, names none)
        tap_eq "$v too small at $size: the same sizes" "$need" "$(needs s)"
    done
    for size in $need; do
        cols=${size%x*} rows=${size#*x}
        resized s "$cols"x"$((rows - 1))"
        tap_ok "$v at ${cols}x$((rows - 1)), a row fewer than $size: too small" \
            wait_until says s "this terminal is ${cols}x$((rows - 1))"
        resized s "$((cols - 1))"x"$rows"
        tap_ok "$v at $((cols - 1))x$rows, a column fewer than $size: too small" \
            wait_until says s "this terminal is $((cols - 1))x$rows"
        resized s "$size"
        tap_ok "$v at $size: the board is drawn" wait_until hides s "Too small"
        tap_ok "... with its pieces" wait_until has_pieces s
        # the next side to move is drawn at the bottom: the same size shows it (Glinski's
        # board turned for Black once needed a column more)
        first=$(turn s)
        enter s go
        wait_until turn_is_not s "$first"
        tap_ok "$v at $size, the next side to move: the board is drawn" wait_until hides s "Too small"
        tap_ok "... with its pieces" wait_until has_pieces s
        resized s "$((cols - 1))"x"$rows"
        tap_ok "$v at $((cols - 1))x$rows, the next side to move: too small" \
            wait_until says s "this terminal is $((cols - 1))x$rows"
        resized s "$size"
        enter s undo
        wait_until turn_is s "$first"
    done
    quit s
done

tap_done
