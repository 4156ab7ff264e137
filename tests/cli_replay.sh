#!/bin/sh
# cli_replay.sh — cellmate --replay: one line per game, then "G games, K ok"; the published
# Glinski records (tests/data/glinski) replay with at least 389 of 395 games ok.
. "$TESTS_DIR/tap.sh"
DATA=$TESTS_DIR/data/glinski

out=$("$CELLMATE" --variant glinski --replay "$DATA/HexagonalChessTournaments_en.pgn")
last=$(printf '%s\n' "$out" | tail -n 1)
ok=$(printf '%s\n' "$last" | sed -n 's/^395 games, \([0-9]*\) ok$/\1/p')
tap_ok "the tournament file: 395 games, at least 389 ok ($last)" test "${ok:-0}" -ge 389
tap_eq "one line per game" 395 "$(printf '%s\n' "$out" | grep -c '^game [0-9]*: ')"
tap_ok "ok lines say how many plies (not moves, which a player counts in pairs)" sh -c "printf '%s\n' \"\$1\" | grep -q '^game 1: ok, 73 plies$'" sh "$out"

out=$("$CELLMATE" --replay "$DATA/YouTube_HexagonalChess.pgn")
tap_eq "the known bad record: the bishop would land on its own queen" \
    "game 1: error at move 2... (Bf11e10): the Bishop on f11 cannot do that; its legal moves: Be9 Bg9 (line 11, column 14)" \
    "$(printf '%s\n' "$out" | head -n 1)"
"$CELLMATE" --replay "$DATA/YouTube_HexagonalChess.pgn" >/dev/null
tap_eq "a file with a bad game exits 1" 1 $?
out=$("$CELLMATE" --replay "$DATA/FoolsMate.pgn")
tap_eq "fool's mate replays, with a warning for the named capture" "game 1: ok, 7 plies (1 warning, first: line 9, column 12: move 4. written 'Qc3xBf9#')
1 game, 1 ok" "$out"
printf '[Variant "glinski"]\n\n1. e5 *\n' >"${TMPDIR:-/tmp}/cli_replay.$$.pgn"
out=$("$CELLMATE" --replay "${TMPDIR:-/tmp}/cli_replay.$$.pgn")
rm -f "${TMPDIR:-/tmp}/cli_replay.$$.pgn"
tap_eq "one game of one ply: the counts in the singular" "game 1: ok, 1 ply
1 game, 1 ok" "$out"
"$CELLMATE" --replay /nonexistent.pgn >/dev/null 2>&1
tap_eq "an unreadable file exits 2" 2 $?

tap_done
