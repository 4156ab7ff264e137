#!/bin/sh
# cli_players.sh — what a game's record says about when and by whom it was played: a real
# Date tag (today, local time) for a new game, the players' names from --white, --black and
# --player-name SIDE=NAME (any side of any variant), kept by `new`, written by `save`, read
# back by --load, and the refusals of a side the variant lacks or a name that cannot be (its
# length counted in characters, not bytes).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_STATE_HOME="$tmp/state"

# --- Date --------------------------------------------------------------------------------------
before=$(date +%Y.%m.%d)
printf 'pgn\n' | "$CELLMATE" --batch glinski >"$tmp/out" 2>&1
after=$(date +%Y.%m.%d)
got=$(sed -n 's/^\[Date "\(.*\)"\]$/\1/p' "$tmp/out")
tap_ok "a new game's Date is today ($got)" test "$got" = "$before" -o "$got" = "$after"
printf 'e5\nsave %s\n' "$tmp/g.pgn" | "$CELLMATE" --batch glinski >/dev/null 2>&1
sed 's/^\[Date ".*"\]$/[Date "2001.02.03"]/' "$tmp/g.pgn" >"$tmp/old.pgn"
printf 'pgn\n' | "$CELLMATE" --batch --load "$tmp/old.pgn" >"$tmp/out" 2>&1
tap_ok "a loaded game keeps its own Date" grep -qx '\[Date "2001.02.03"\]' "$tmp/out"

# --- names ---------------------------------------------------------------------------------------
printf 'e5\nsave %s\nnew\npgn\n' "$tmp/n.pgn" |
    "$CELLMATE" --batch --white "Ann Lee" --black Bob glinski >"$tmp/out" 2>&1
tap_ok "--white names White in the saved record" grep -qx '\[White "Ann Lee"\]' "$tmp/n.pgn"
tap_ok "--black names Black" grep -qx '\[Black "Bob"\]' "$tmp/n.pgn"
tap_eq "a new game keeps both names" 2 "$(grep -cx '\[\(White "Ann Lee"\|Black "Bob"\)\]' "$tmp/out")"
printf 'pgn\n' | "$CELLMATE" --batch --load "$tmp/n.pgn" >"$tmp/out" 2>&1
tap_ok "--load reads them back" grep -qx '\[White "Ann Lee"\]' "$tmp/out"
printf 'pgn\n' | "$CELLMATE" --batch --load "$tmp/n.pgn" --black Cleo >"$tmp/out" 2>&1
tap_ok "... and an option given with --load renames a side" grep -qx '\[Black "Cleo"\]' "$tmp/out"
printf 'pgn\n' | "$CELLMATE" --batch --player-name red=Ann --player-name Blue=Cy cyclohexane \
    >"$tmp/out" 2>&1
tap_ok "--player-name names Red (the side's name in any case)" grep -qx '\[Red "Ann"\]' "$tmp/out"
tap_ok "... and Blue" grep -qx '\[Blue "Cy"\]' "$tmp/out"
tap_ok "... Yellow stays unknown" grep -qx '\[Yellow "?"\]' "$tmp/out"

# --- refusals ----------------------------------------------------------------------------------
refused() { # refused NAME WANT-MESSAGE ARGS...: exit status 2 and the message
    name=$1 want=$2
    shift 2
    "$CELLMATE" --batch "$@" </dev/null >"$tmp/out" 2>&1
    tap_eq "$name: status 2" 2 "$?"
    tap_ok "$name: says why" grep -qF -- "$want" "$tmp/out"
}
refused "a side the variant lacks" "Cyclohexane Chess has no side named 'Green'; its sides are Red Yellow Blue" \
    --player-name Green=x cyclohexane
refused "--white in a game without White" "has no side named 'White'" --white Ann cyclohexane
refused "a name with a quote" "a player's name is 1 to 64 characters" --white 'a"b'
refused "an empty name" "a player's name is 1 to 64 characters" --black ''
refused "a name of 65 characters" "a player's name is 1 to 64 characters" \
    --white "$(printf '%065d' 0)"
printf 'pgn\n' | "$CELLMATE" --batch --white "$(printf 'é%.0s' $(seq 64))" glinski >"$tmp/out" 2>&1
tap_ok "a name of 64 characters of two bytes each is taken" \
    grep -qx "\[White \"$(printf 'é%.0s' $(seq 64))\"\]" "$tmp/out"
refused "a name of 65 characters of two bytes each" "a player's name is 1 to 64 characters" \
    --white "$(printf 'é%.0s' $(seq 65))"
refused "the computer's name" "'cellmate' is the computer's name" --white Cellmate
refused "--player-name without =" "--player-name needs SIDE=NAME (Red=Ann), not 'Ann'" \
    --player-name Ann
refused "names in a room" "in a room the players' names are their --name" --white Ann --rooms

tap_done
