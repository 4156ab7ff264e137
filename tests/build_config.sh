#!/bin/sh
# build_config.sh — warnings are errors only in a build configured with --enable-werror
# (developers' and CI's), never in a user's plain ./configure: the compiler flags this build
# was made with must agree with the options it was configured with.
. "$TESTS_DIR/tap.sh"
: "${BUILD_DIR:?BUILD_DIR must name the build directory}"

args=$("$BUILD_DIR/config.status" --config)
flags=$(sed -n 's/^WARN_CFLAGS = //p' "$BUILD_DIR/Makefile")
tap_ok "the build has warning flags" sh -c "echo '$flags' | grep -q -- -Wall"
case "$args" in
*--enable-werror*)
    tap_ok "configured with --enable-werror: -Werror is on" \
        sh -c "echo '$flags' | grep -q -- -Werror" ;;
*)
    tap_ok "configured without --enable-werror: no -Werror" \
        sh -c "! echo '$flags' | grep -q -- -Werror" ;;
esac
tap_ok "configure --help offers --enable-werror" \
    sh -c "'$TESTS_DIR/../configure' --help | grep -q -- '--enable-werror'"
# a header of the program's own in a directory on the include path (-Isrc/core, ...) must not
# have the name of one included with <...>: it would be read in place of the system's
src=$TESTS_DIR/../src
shadowed=$(grep -rhoE '^#include <[a-z0-9_/]+\.h>' "$src" "$TESTS_DIR" --include='*.c' --include='*.h' |
    sed 's/^#include <\(.*\)>/\1/' | sort -u | while read -r h; do
        for d in "$src"/*/ "$src"; do [ -f "$d/$h" ] && echo "$d$h"; done
    done)
tap_eq "no header of the program hides a system header of the same name" "" "$shadowed"
tap_done
