#!/bin/sh
# cli_perft.sh — the perft and divide commands of the binary: the reference counts of the
# spec README, the exact last-line format scripts rely on, divide summing to perft, and the
# exit statuses for bad arguments.
. "$TESTS_DIR/tap.sh"

# reference counts: spec README (independent implementation)
while read -r variant d1 d2 d3; do
    d=1
    for want in $d1 $d2 $d3; do
        out=$("$CELLMATE" --variant "$variant" --perft $d)
        last=$(printf '%s\n' "$out" | tail -n 1)
        count=$(printf '%s\n' "$last" | sed -n 's/^perft [0-9]*: \([0-9]*\) (.*/\1/p')
        tap_eq "$variant perft $d" "$want" "$count"
        d=$((d + 1))
    done
done <<'REF'
glinski 51 2586 137858
mccooey 31 947 33307
haynie 22 484 11794
peanut 14 196 3080
chessagon 50 2492 124374
cyclohexane 38 1443 54682
hr-glinski 64 4071 280682
hr-glinski-foh 64 4071 280682
hr-liuyang 69 4741 344742
hr-liuyang-foh 69 4741 344742
hr-mccooey 41 1662 75538
hr-mccooey-foh 41 1662 75538
hr-mccooey3 35 1225 38353
hr-mccooey3-foh 35 1225 38353
hr-trios 45 2006 97660
hr-trios-foh 45 2006 97660
hr-wellisch 31 961 30752
hr-wellisch-foh 31 961 30752
hr-wellisch3 31 961 29791
hr-wellisch3-foh 31 961 29791
REF

# the last line's rate: only from a time long enough to measure (0.01 s), and then it agrees
# with the count and the time shown (perft 2 once printed "0.000 s, 41006612 nps")
sane_rate() { # sane_rate LINE: no rate, or one within 5 % of COUNT / S with S >= 0.010
    printf '%s\n' "$1" | awk '
        /^perft [0-9]+: [0-9]+ \(too fast to time\)$/ { ok = 1 }
        /^perft [0-9]+: [0-9]+ \([0-9]+\.[0-9][0-9][0-9] s, [0-9]+ nps\)$/ {
            count = $3; secs = substr($4, 2); nps = $6
            ok = secs >= 0.01 && nps >= 0.95 * count / secs && nps <= 1.05 * count / secs }
        END { exit !ok }'
}
for d in 0 1 2; do
    last=$("$CELLMATE" --variant glinski --perft $d | tail -n 1)
    tap_ok "perft $d shows no rate it could not measure: $last" sane_rate "$last"
done
# a count of microseconds says so (three tries: a run can be held up on a busy machine)
for try in 1 2 3; do
    last=$("$CELLMATE" --variant glinski --perft 1 | tail -n 1)
    [ "$last" = "perft 1: 51 (too fast to time)" ] && break
done
tap_eq "perft 1 is too fast to time" "perft 1: 51 (too fast to time)" "$last"
last=$("$CELLMATE" --variant glinski --perft 1 --divide | tail -n 1)
tap_ok "perft 1 divide shows no rate it could not measure: $last" sane_rate "$last"
# a count of a tenth of a second and more has its time and rate
last=$("$CELLMATE" --variant glinski --perft 4 | tail -n 1)
tap_ok "last line is 'perft N: COUNT (S s, NPS nps)': $last" \
    sh -c "printf '%s\n' '$last' | grep -Eq '^perft 4: 7282418 \([0-9]+\.[0-9]{3} s, [0-9]+ nps\)$'"
tap_ok "and its rate agrees with its count and time" sane_rate "$last"

# divide: one line per legal move, summing to perft
for variant in glinski mccooey haynie peanut chessagon cyclohexane hr-glinski hr-liuyang \
    hr-mccooey3 hr-wellisch3-foh; do
    out=$("$CELLMATE" --variant "$variant" --perft 3 --divide)
    lines=$(printf '%s\n' "$out" | grep -c -E '^[^ ]+: [0-9]+$')
    sum=$(printf '%s\n' "$out" | grep -E '^[^ ]+: [0-9]+$' | awk -F': ' '{s += $2} END {print s}')
    total=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^perft 3: \([0-9]*\) .*/\1/p')
    first=$("$CELLMATE" --variant "$variant" --perft 1 | tail -n 1 | sed -n 's/^perft 1: \([0-9]*\) .*/\1/p')
    tap_eq "$variant divide has one line per first move" "$first" "$lines"
    tap_eq "$variant divide sums to perft 3" "$total" "$sum"
done
tap_ok "divide names moves in long algebraic form" \
    sh -c "'$CELLMATE' --variant haynie --perft 1 --divide | grep -qx 'b2-c5: 1'"

# the default variant is Haynie's
tap_eq "default variant perft 1 is Haynie's" "perft 1: 22" \
    "$("$CELLMATE" --perft 1 | tail -n 1 | sed 's/ (.*//')"

# a position string as the root
fen=$(echo fen | "$CELLMATE" --variant glinski)
tap_eq "perft from the start position string" "perft 2: 2586" \
    "$("$CELLMATE" --variant glinski --fen "$fen" --perft 2 | tail -n 1 | sed 's/ (.*//')"

# exit statuses: 0, or 2 for bad arguments
"$CELLMATE" --variant glinski --perft 1 >/dev/null
tap_eq "perft exits 0" 0 $?
"$CELLMATE" --variant glinski --perft x >/dev/null 2>&1
tap_eq "bad depth exits 2" 2 $?
"$CELLMATE" --variant glinski --perft -1 >/dev/null 2>&1
tap_eq "negative depth exits 2" 2 $?
"$CELLMATE" --variant nosuch --perft 1 >/dev/null 2>&1
tap_eq "unknown variant exits 2" 2 $?
err=$("$CELLMATE" --variant nosuch --perft 1 2>&1 >/dev/null)
tap_eq "unknown variant message" "cellmate: unknown variant 'nosuch' (cellmate --list shows the variants)" "$err"
"$CELLMATE" --variant glinski --fen "not a position" --perft 1 >/dev/null 2>&1
tap_eq "bad position string exits 2" 2 $?
"$CELLMATE" --divide >/dev/null 2>&1
tap_eq "divide without perft exits 2" 2 $?
"$CELLMATE" --bogus >/dev/null 2>&1
tap_eq "unknown option exits 2" 2 $?

tap_done
