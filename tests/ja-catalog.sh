# ja-catalog.sh - sourced by the Japanese tests: skips (TAP plan 0) unless
# the build has NLS and the machine the ja_JP.UTF-8 locale, then compiles
# po/ja.po into $ja_locale_dir, so neither an install nor a writable source
# tree is needed.  Needs $top (the source tree) and a temp folder in $1.
if [ "${YOMI_NLS:-yes}" = no ]; then
    echo "1..0 # SKIP built with --disable-nls"
    exit 0
fi
if ! locale -a 2>/dev/null | grep -qi '^ja_JP\.utf-\{0,1\}8$'; then
    echo "1..0 # SKIP no ja_JP.UTF-8 locale (locale-gen ja_JP.UTF-8)"
    exit 0
fi
ja_locale_dir=$1/locale
mkdir -p "$ja_locale_dir/ja/LC_MESSAGES"
ja_mo=$ja_locale_dir/ja/LC_MESSAGES/yomi.mo
if command -v msgfmt >/dev/null 2>&1; then
    msgfmt -o "$ja_mo" "$top/po/ja.po"
elif [ -f "$top/po/ja.gmo" ]; then # a tarball ships it
    cp "$top/po/ja.gmo" "$ja_mo"
fi
if [ ! -s "$ja_mo" ]; then
    echo "1..0 # SKIP no msgfmt and no po/ja.gmo to build the catalog from"
    exit 0
fi
