#!/bin/sh
# The command line in Japanese: help and error lines follow the message
# language, results (the doc/cli.md contract that scripts read) never do, and
# po/ja.po translates every message the sources mark.
. "$TESTLIB"
top=$(cd "$(dirname "$0")/../.." && pwd)
cli_tmp=$(mktemp -d)
trap 'rm -rf "$cli_tmp"' EXIT
. "$top/tests/ja-catalog.sh" "$cli_tmp"

# ja ARGS...: run yomi in Japanese (sets $out, $err, $rc like run_yomi)
ja() {
    LANGUAGE= LC_ALL=ja_JP.UTF-8 LC_MESSAGES= YOMI_LOCALEDIR=$ja_locale_dir run_yomi "$@"
}
has_kana() { printf '%s' "$1" | LC_ALL=ja_JP.UTF-8 grep -q '[ぁ-んァ-ヶ]'; }

# Errors: still one line, exit 2, now in Japanese with the user's input kept.
for args in "search kalah --depth x" "search reversi --position XO" \
            "search gogo --position rbsgk/4p" "search kalah --position 1,2,3" \
            "perft reversi" "frobnicate" "match kalah --first human --second negamax:1" \
            "search reversi --algo nosuch"; do
    # shellcheck disable=SC2086
    ja $args
    lines=$(printf '%s\n' "$err" | grep -c .)
    ok "$([ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && [ -z "$out" ]; echo $?)" \
        "ja: '$args' is still one line on stderr, exit 2"
    has_kana "$err"; ok $? "ja: '$args' says what was wrong in Japanese ($err)"
done
ja search kalah --depth x
case $err in *"'x'"*) ok 0 "ja: the bad value is quoted as typed" ;; *) ok 1 "ja: the bad value is quoted as typed ($err)" ;; esac

# Help: translated prose, untouched option names and syntax.
for cmd in search trace compare perft solve match grid show play usi bench train build-db analyse; do
    ja "$cmd" --help
    has_kana "$out"
    ok $? "ja: yomi $cmd --help is in Japanese"
    case $out in *"使い方: yomi $cmd"*) ok 0 "ja: yomi $cmd --help keeps its usage line" ;;
                 *) ok 1 "ja: yomi $cmd --help keeps its usage line" ;; esac
done
ja search --help
for opt in --position --algo --depth --order --table-mb --format; do
    case $out in *"$opt"*) ok 0 "ja: search --help still names $opt" ;; *) ok 1 "ja: search --help names $opt" ;; esac
done
ja --help
has_kana "$out"; ok $? "ja: yomi --help is in Japanese"
# Straight after make, with nothing installed and no $YOMI_LOCALEDIR, the
# build tree's own catalog (locale/ in the build folder) is used.
if [ -f "$(dirname "$YOMI")/locale/ja/LC_MESSAGES/yomi.mo" ]; then
    out=$(env -u YOMI_LOCALEDIR LANGUAGE= LC_ALL=ja_JP.UTF-8 "$YOMI" --help 2>&1)
    has_kana "$out"; ok $? "ja: an uninstalled yomi finds the build tree's catalog"
else
    ok 1 "ja: make built the uninstalled catalog locale/ja/LC_MESSAGES/yomi.mo"
fi

# Results are the contract: byte for byte the same in any language (but for
# the clock: time_ms and nps lines or TSV columns are left out).
untimed() {
    printf '%s\n' "$1" | grep -v '^\(time_ms\|nps\):' | awk -F '\t' '
        NR == 1 { for (i = 1; i <= NF; i++) skip[i] = ($i == "time_ms" || $i == "nps") }
        { line = ""; for (i = 1; i <= NF; i++) if (!skip[i]) line = line $i "\t"; print line }'
}
for args in "search kalah-4x3 --depth 5" "search reversi-4x4 --depth 4 --format tsv" \
            "compare kalah-4x2 --algos negamax,alphabeta --depth 4 --format tsv" \
            "perft gogo --depth 2" "show gogo" "solve kalah-3x2"; do
    # shellcheck disable=SC2086
    run_yomi $args
    en=$(untimed "$out")
    # shellcheck disable=SC2086
    ja $args
    jp=$(untimed "$out")
    is "$jp" "$en" "ja: '$args' prints the same result as in English"
done

# The catalog is complete: nothing untranslated or fuzzy, formats checked,
# and every string the sources mark is in it.
if command -v msgfmt >/dev/null 2>&1; then
    stats=$(LC_ALL=C msgfmt -c --statistics -o /dev/null "$top/po/ja.po" 2>&1)
    case $stats in *fuzzy*|*untranslated*|*rror*) ok 1 "po/ja.po is complete ($stats)" ;;
                   *) ok 0 "po/ja.po is complete ($stats)" ;; esac
fi
if command -v xgettext >/dev/null 2>&1 && command -v msgcmp >/dev/null 2>&1; then
    keywords=$(sed -n 's/^XGETTEXT_OPTIONS = //p' "$top/po/Makevars")
    # shellcheck disable=SC2086
    (cd "$top" && grep -v '^#' po/POTFILES.in | xargs xgettext $keywords -o "$cli_tmp/yomi.pot" 2>/dev/null)
    LC_ALL=C msgcmp "$top/po/ja.po" "$cli_tmp/yomi.pot" >"$cli_tmp/msgcmp" 2>&1
    ok $? "every marked string has an entry in po/ja.po (make -C po update-po)"
    head -5 "$cli_tmp/msgcmp" | sed 's/^/#   /'
    # Files that mark strings but are missing from POTFILES.in
    missing=$(cd "$top" && grep -rlE 'err_set\(|cli_fail\(|[^a-zA-Z_]_\(|N_\(|ngettext\(' src --include=*.c \
              | grep -v 'src/base/error.c' | while read -r f; do grep -qx "$f" po/POTFILES.in || echo "$f"; done)
    is "$missing" "" "po/POTFILES.in lists every source file with marked strings"
fi

done_testing
