#!/bin/sh
# cli_portable.sh — the binary finds its variants from where it is (argv[0], searched in $PATH
# when it is a bare name), never from /proc/self/exe: run from the build tree by path, by
# name through $PATH and through a symbolic link it reads the source tree's variants; a copy
# under another prefix reads PREFIX/share/cellmate/variants; a copy with no variants anywhere
# says where it looked and fails.
. "$TESTS_DIR/tap.sh"
: "${BUILD_DIR:?BUILD_DIR must name the build directory}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clean_env() { env -u CELLMATE_VARIANTS -u XDG_DATA_HOME HOME="$tmp/home" "$@"; }
mkdir -p "$tmp/home"
shipped=$(ls "$TESTS_DIR/../variants" | grep -c '\.ini$')

n=$(clean_env "$CELLMATE" --list | wc -l)
tap_eq "the build tree's binary lists the source tree's variants" "$shipped" "$n"
n=$(cd "$tmp" && clean_env PATH="$BUILD_DIR/src:$PATH" cellmate --list | wc -l)
tap_eq "run by name through \$PATH, it is still the build tree's binary" "$shipped" "$n"
ln -s "$CELLMATE" "$tmp/linked"
n=$(clean_env "$tmp/linked" --list | wc -l)
tap_eq "run through a symbolic link, it is still the build tree's binary" "$shipped" "$n"

# a copy under another prefix with its data
mkdir -p "$tmp/prefix/bin" "$tmp/prefix/share/cellmate/variants"
cp "$CELLMATE" "$tmp/prefix/bin/cellmate"
cp "$TESTS_DIR/../variants/glinski.ini" "$tmp/prefix/share/cellmate/variants/"
out=$(clean_env "$tmp/prefix/bin/cellmate" --list)
tap_ok "a copy under another prefix lists that prefix's variants" \
    sh -c 'printf "%s\n" "$1" | grep -q "^glinski "' sh "$out"
out=$(clean_env "$tmp/prefix/bin/cellmate" --variant glinski --perft 1 | tail -n 1 | sed 's/ (.*//')
tap_eq "and plays them" "perft 1: 51" "$out"

# the default variant is data: the first `default` file of the variant directories
first_fen() { printf 'fen\n' | clean_env "$@" --batch 2>&1 | head -n 1; }
glinski_fen=$(first_fen "$CELLMATE" --variant glinski)
peanut_fen=$(first_fen "$CELLMATE" --variant peanut)
tap_eq "the build tree's default is the source tree's variants/default" \
    "$(first_fen "$CELLMATE" --variant "$(cat "$TESTS_DIR/../variants/default")")" \
    "$(first_fen "$CELLMATE")"
tap_eq "a prefix's only variant is its default when it has no default file" "$glinski_fen" \
    "$(first_fen "$tmp/prefix/bin/cellmate")"
cp "$TESTS_DIR/../variants/peanut.ini" "$tmp/prefix/share/cellmate/variants/"
echo peanut >"$tmp/prefix/share/cellmate/variants/default"
tap_eq "a prefix's default file chooses its default" "$peanut_fen" \
    "$(first_fen "$tmp/prefix/bin/cellmate")"
mkdir -p "$tmp/home/.local/share/cellmate/variants"
echo glinski >"$tmp/home/.local/share/cellmate/variants/default"
tap_eq "a user's default file comes before the installed one" "$glinski_fen" \
    "$(first_fen "$tmp/prefix/bin/cellmate")"
rm -r "$tmp/home/.local"
tap_ok "--help names the default variant" \
    sh -c '"$1" --help | grep -qx "The default variant is peanut. See cellmate(6)."' sh \
    "$tmp/prefix/bin/cellmate"
# (glinski is also the name of a way of naming hex cells, the `naming` key: those lines aside)
named=""
for f in "$TESTS_DIR"/../variants/*.ini; do
    v=$(basename "$f" .ini)
    grep -rn "\"$v\"" "$TESTS_DIR/../src" --include='*.[ch]' | grep -v naming >/dev/null &&
        named="$named $v"
done
tap_eq "the program's source names no variant in a string" "" "$named"

# a copy with no variants anywhere it looks (on a machine where cellmate is not installed
# under the prefix this build was configured with, as in CI)
mkdir -p "$tmp/alone"
cp "$CELLMATE" "$tmp/alone/cellmate"
err=$(clean_env "$tmp/alone/cellmate" --list 2>&1 >/dev/null)
tap_eq "a lone copy finds no variants and fails (exit 1)" 1 $?
tap_ok "it says where it looked" \
    sh -c 'printf "%s\n" "$1" | grep -q "^cellmate: no variants found; looked in:"' sh "$err"
tap_ok "the places include the user's directory" \
    sh -c 'printf "%s\n" "$1" | grep -qxF "  $2/.local/share/cellmate/variants"' sh "$err" "$tmp/home"

tap_ok "the program does not read /proc/self/exe" \
    sh -c '! grep -rq "/proc/self/exe" "$1"/src' sh "$TESTS_DIR/.."

tap_done
