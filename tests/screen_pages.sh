#!/bin/sh
# screen_pages.sh — the help page and other pages, in tmux: the help page says where the
# player sits as the board family draws it (upright boards: at the bottom, moving up; the
# ring: in the middle of the strip, pawns moving left and right), also after flip; a page's
# footer fits a narrow terminal whole; show's board is cut, never broken, and scrolled sideways
# on a narrow page; a page shows a record's text safely; the help page says
# what a key does to a search or a count, and PgDn, End, PgUp and Home scroll it.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

page_has() { screen_of "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; } # wrapped text
page_lacks() { ! page_has "$@"; }
help_page() { # help_page NAME: the help page open (its first page)
    keys "$1" "?"
    wait_for "$1" "cellmate help" >/dev/null
}
close_page() { # close_page NAME TEXT: a key closes the page, TEXT shows again
    keys "$1" q
    wait_for "$1" "$2" >/dev/null
}

# --- where the player sits, in the help page ----------------------------------------------------
sized g 80x24 glinski
wait_for g "White to move" >/dev/null
help_page g
tap_ok "glinski: White's side at the bottom, moving up the screen" \
    page_has g "drawn with White's side at the bottom, moving up the screen"
close_page g "White to move"
enter g flip
help_page g
tap_ok "glinski flipped: White's side at the top" page_has g "drawn with White's side at the top"
close_page g "White to move"
quit g

sized r 80x24 cyclohexane
wait_for r " to move" >/dev/null
help_page r
tap_ok "the ring: the side in the middle of the strip, pawns moving left and right" \
    page_has r "side in the middle of the strip (the camps lie along the rows, and pawns move left and right along them)"
tap_ok "... nothing moving up the screen" page_lacks r "moving up the screen"
close_page r " to move"
enter r flip
help_page r
tap_ok "the ring flipped: half the ring away from the middle" \
    page_has r "side half the ring away from the middle (the board is flipped)"
tap_ok "... not at the top" page_lacks r "side at the top"
close_page r " to move"
quit r

# --- what a key does to a search or a count, in the help page ----------------------------------
sized k 120x60 glinski
wait_for k "White to move" >/dev/null
help_page k
tap_ok "help: a key stops go, hint, analyse and perft, and begins the next line; Esc only stops" \
    page_has k "go, hint, analyse, perft and the computer's turns: the message line shows the search as it goes"
tap_ok "... the key begins the next line; Esc only stops it" \
    page_has k "Any key stops it (the best move so far counts; perft says how far it got) and also begins the next line typed; Esc only stops it."
close_page k "White to move"
quit k

# --- the help page scrolls with PgDn, End, PgUp and Home, none of which closes it; q does --------
sized e 80x24 glinski
wait_for e "White to move" >/dev/null
help_page e
keys e End
tap_ok "help: End goes to its last page" wait_for e "Pieces (upper case: White"
keys e NPage
keys e PPage
tap_ok "... PgDn there stays, and PgUp goes a page back" \
    wait_until page_lacks e "Pieces (upper case: White"
tap_ok "... the page still open" wait_for e "cellmate help"
keys e NPage
tap_ok "... PgDn a page on" wait_for e "Pieces (upper case: White"
keys e Home
tap_ok "... Home back to its first page" wait_for e "The classic hexagonal chess"
tap_ok "... still the help page" wait_for e "cellmate help"
close_page e "White to move"
quit e

# --- a page's footer at 40 columns: whole --------------------------------------------------------
sized n 40x24 glinski
wait_for n "White to move" >/dev/null
help_page n
tap_eq "40 columns: the footer of a long page fits whole" \
    "space/arrows scroll, other keys close" "$(row n 24)"
close_page n "White to move"
enter n pgn
tap_ok "40 columns: a short page's footer" wait_for n "any key closes"
close_page n "White to move"
quit n

# --- show's board on a page narrower than it: cut, never broken, and scrolled sideways -----------
sized w 40x20 glinski # (too small for the screen's board: show is how it is seen)
wait_for w "Too small" >/dev/null
enter w show
tap_ok "show at 40x20: the page says the arrows scroll it sideways" \
    wait_for w "arrows scroll; other keys close"
no_label_alone() { ! screen_of w | grep -Eq '^ *[0-9]+ *$'; }
tap_ok "... its rows are cut at the width, none broken onto a row of its own (a label alone)" \
    no_label_alone
tap_ok "... the row of rank 8 shows its left end" shows_re w '^ *8   r '
keys w Right
tap_ok "... Right brings its right end into view" wait_until shows_re w ' r   8$'
keys w Left
tap_ok "... and Left back" wait_until shows_re w '^ *8   r '
close_page w "Too small"
quit w

# --- a page shows a record's text safely: a bidirectional override in a comment (a room's chat
# line, a loaded game's note) is shown as \u202e, never sent to turn the page's text round -----
printf '[Event "x"]\n[Variant "glinski"]\n\n1. Nc3 {a%sb} *\n' "$(printf '\342\200\256')" \
    >"$tmp/bidi.pgn"
sized b 80x24 --load "$tmp/bidi.pgn"
wait_for b "Black to move" >/dev/null
enter b pgn
tap_ok "pgn page: a bidirectional override in a comment shown as \\u202e" wait_for b '{a\u202eb}'
screen_of b >"$tmp/bidi.screen"
tap_ok "... and never sent" sh -c "! grep -q '$(printf '\342\200\256')' '$tmp/bidi.screen'"
close_page b "Black to move"
quit b

tap_done
