#!/bin/sh
# headers.sh - every header compiles on its own: a file that includes it
# first needs nothing else included before it (tmux and Ethereal keep the
# same rule; a header that leans on its includers breaks the next one).
. "$TESTLIB"
: "${CC:?run through make check (CC unset)}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in $(cd "$SRCDIR/src" && find . -name '*.h' | sed 's|^\./||' | sort); do
    [ "$h" = ui/help_text.h ] && continue # generated: a fragment of help.c
    printf '#include "%s"\n' "$h" >"$tmp/one.c"
    # shellcheck disable=SC2086 # the flags are words on purpose
    $CC -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$SRCDIR/src" -I"$BUILDDIR" \
        $NCURSESW_CFLAGS "$tmp/one.c" >"$tmp/err" 2>&1
    rc=$?
    ok $rc "$h compiles alone"
    [ $rc -eq 0 ] || sed 's/^/#   /' "$tmp/err" | head -10
done
done_testing
